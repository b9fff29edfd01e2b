#!/usr/bin/env bash
# Issue 15's evidence on the device machine (ncu and python3 with torch there): the GPU roofline
# rfl measures (rfl run -p gpu_bandwidth,gpu_flops,gemm), then rfl profile of
#   (a) rfl_gemm's tiled SGEMM and DMMA kernels, through the run path (rfl profile -- COMMAND),
#   (b) rfl_gpu_bandwidth's stream read at 1 GiB (device memory),
#   (c) PyTorch matrix products (FP32, FP16, BF16, FP64) and an element-wise add,
# all three on one chart (their ncu outputs, recorded with the command rfl profile --help
# prints, concatenated: --ncu-csv), and the check that rfl's ncu-derived GFLOP/s and bytes agree
# within 2% with the same kernels' own timing (rfl_gemm, rfl_gpu_bandwidth run without ncu).
# Usage (repository root, device machine): bash tests/device/profile.sh [SIZE]   (GEMM size, default 8192)
# Results: $OUT/profile-evidence.tgz (the run directory with profile.csv, the charts' scripts and
# the report; the ncu outputs) and $OUT/summary.txt; without $OUT, /tmp/rfl-profile-evidence.
set -uo pipefail
size=${1:-8192}
. tests/device/env.sh
res=/tmp/rfl-profile-evidence
rm -rf "$res" && mkdir -p "$res"
summary=${OUT:-$res}/summary.txt
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }
[ -x "$build/rfl" ] && [ -x "$build/rfl_gemm" ] ||
    bash tests/device/gpu.sh build >"$res/build.log" 2>&1 || { tail -20 "$res/build.log"; exit 1; }
rfl=$build/rfl
ncu=$(command -v ncu) || { say "no ncu on this machine"; exit 1; }
say "$("$ncu" --version | tail -n 1); $(nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader)"

# The roofs.
run=$res/run
"$rfl" run --quick -p gpu_bandwidth,gpu_flops,gemm -o "$run" >"$res/run.log" 2>&1 || { say "rfl run: exit $?"; tail -20 "$res/run.log"; }
say "roofs: $(awk -F, 'NR > 1 && $1 ~ /^gpu/ { printf "%s %s; ", $3, $4 }' "$run/ceilings.csv")"

# One short sample under ncu (each launch is replayed); rfl's own timing runs without -m.
# Each kernel in its best configuration on an H100 (tests/device/gemm.sh tunes them; the first
# configuration, which --no-tune takes, is the slow m8n8k4 DMMA).
tiled_own="-k tiled -p fp32 -t nn -M gemm -s $size --no-tune --config f32_nn_256x128x16_w64x64"
dmma_own="-k dmma -p fp64 -t nn -M gemm -s $size --no-tune --config dmma_nn_16816_128x64x16_w64x32"
bw_own="-k global_stream -a read -p fp32 -w 1G"
gemm_args="$tiled_own -e 1 -m 0.0001"
dmma_args="$dmma_own -e 1 -m 0.0001"
bw_args="$bw_own -e 1 -m 0.0001"

# (a) through the run path, into a copy of the run directory.
cp -r "$run" "$res/run-gemm"
"$rfl" profile --run "$res/run-gemm" -- "$build/rfl_gemm" $gemm_args -o "$res/gemm-under-ncu.csv" \
    >"$res/profile-gemm.out" 2>"$res/profile-gemm.log"
say "(a) rfl profile -- rfl_gemm: exit $?"
cat "$res/profile-gemm.out" | tee -a "$summary"

# (a)-(c) recorded with the command rfl profile --help prints, one chart.
keep=$(ncu_metrics "$rfl" "$ncu")
record() { local name=$1; shift; timeout 900 "$ncu" --csv --page raw --target-processes all --clock-control none \
    --metrics "$keep" "$@" >"$res/ncu-$name.csv" 2>"$res/ncu-$name.log"; say "ncu $name: exit $?"; }
record rfl_gemm "$build/rfl_gemm" $gemm_args -o /tmp/ncu-gemm-own.csv
record rfl_gemm_dmma "$build/rfl_gemm" $dmma_args -o /tmp/ncu-dmma-own.csv
record rfl_gpu_bandwidth "$build/rfl_gpu_bandwidth" $bw_args -o /tmp/ncu-bw-own.csv
record torch python3 "$root/tests/data/profile/ncu-h100-torch.py"
cat "$res"/ncu-rfl_gemm.csv "$res"/ncu-rfl_gemm_dmma.csv "$res"/ncu-rfl_gpu_bandwidth.csv "$res"/ncu-torch.csv >"$res/ncu-all.csv"
"$rfl" profile --run "$run" --ncu-csv "$res/ncu-all.csv" >"$res/profile-all.out" 2>"$res/profile-all.log"
say "(a)-(c) rfl profile --ncu-csv: exit $?"
cat "$res/profile-all.out" | tee -a "$summary"
grep -E 'warning' "$res/profile-all.log" | tee -a "$summary"

# rfl's own timing of the same kernels, without ncu: within 2%?
"$build/rfl_gemm" $tiled_own -o "$res/gemm-own.csv" >/dev/null 2>"$res/gemm-own.log"
"$build/rfl_gemm" $dmma_own -o "$res/dmma-own.csv" >/dev/null 2>"$res/dmma-own.log"
tail -n +2 "$res/dmma-own.csv" >>"$res/gemm-own.csv"
"$build/rfl_gpu_bandwidth" $bw_own -o "$res/bw-own.csv" >/dev/null 2>"$res/bw-own.log"
# col CSV NAME: the column number of NAME in CSV's header.
col() { head -n 1 "$1" | tr ',' '\n' | grep -n -x "$2" | cut -d: -f1; }
# prof KERNEL_ERE COLUMN: profile.csv's COLUMN of the kernel whose short name matches.
prof() { awk -F, -v pat="$1" -v want="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { line = $0; gsub(/"[^"]*"/, "\"\"", line); split(line, f, ",") } f[c["short_name"]] ~ pat { print f[c[want]]; exit }' "$run/profile.csv"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.4f", a / b; else print "n/a" }'; }
g=$res/gemm-own.csv
for k in tiled:fp32:'^rfl_gemm_tiled_f32' dmma:fp64:'^rfl_gemm_dmma'; do
    kern=${k%%:*} rest=${k#*:} prec=${rest%%:*} pat=${rest#*:}
    own=$(awk -F, -v kc="$(col "$g" kernel)" -v pc="$(col "$g" precision)" -v gc="$(col "$g" gflops_per_s)" \
        -v k="$kern" -v p="$prec" 'NR > 1 && $kc == k && $pc == p { print $gc; exit }' "$g")
    own_mhz=$(awk -F, -v kc="$(col "$g" kernel)" -v pc="$(col "$g" precision)" -v cc="$(col "$g" sm_clock_mhz)" \
        -v k="$kern" -v p="$prec" 'NR > 1 && $kc == k && $pc == p { print $cc; exit }' "$g")
    mine=$(prof "$pat" gflops_per_s) mhz=$(prof "$pat" sm_clock_mhz) n=$(prof "$pat" launches)
    flops=$(prof "$pat" "flops_$([ "$kern" = dmma ] && echo fp64_tensor || echo "$prec")")
    say "$kern $prec $size^3: rfl_gemm $own GFLOP/s at $own_mhz MHz, ncu-derived $mine at $mhz MHz: ratio $(ratio "$mine" "$own"), per clock $(awk -v a="$mine" -v b="$own" -v x="$mhz" -v y="$own_mhz" 'BEGIN { if (b > 0 && x > 0 && y > 0) printf "%.4f", (a / x) / (b / y); else print "n/a" }'); bound $(prof "$pat" bound), $(prof "$pat" fraction_of_roof) of it"
    # The reader's flops against the known count, 2 n^3 a launch: clock-free.
    say "$kern flops read by ncu over $n launches: $(awk -v f="$flops" -v n="$n" -v s="$size" 'BEGIN { printf "%.6f of 2 n^3 a launch", f / (n * 2 * s * s * s) }')"
done
b=$res/bw-own.csv
own=$(awk -F, -v c="$(col "$b" gbytes_per_s)" -v s="$(col "$b" scope)" 'NR > 1 && $s == "gpu" { print $c; exit }' "$b")
t=$(prof '^k_global' time_s) n=$(prof '^k_global' launches) d=$(prof '^k_global' bytes_dram)
mine=$(awk -v d="$d" -v t="$t" 'BEGIN { printf "%.2f", d / t * 1e-9 }')
say "stream read 1 GiB: rfl_gpu_bandwidth $own GB/s, ncu-derived $mine GB/s (device-memory bytes over time, $n launches): ratio $(ratio "$mine" "$own"); bound $(prof '^k_global' bound), $(prof '^k_global' fraction_of_roof) of it"
say "bytes a launch of the stream read: $(awk -v d="$d" -v n="$n" 'BEGIN { printf "%.0f (2^30 = 1073741824)", d / n }')"

# The FP16 factor (an HFMA2 is 4 flops: two half2 lanes, and those on the MMA pipe count too):
# rfl_gpu_flops's FP16 kernel, whose work rfl_gpu_flops knows, under ncu; the ncu-derived GFLOP/s
# should match its own (2 a HFMA2, or the HFMA2.MMA left out, would read half).
fp16_own="-p fp16 -f 4096 -c 8 -w 256M:256M"
record fp16 "$build/rfl_gpu_flops" $fp16_own -e 1 -m 0.0001 -o /tmp/ncu-fl-own.csv
cp -r "$run" "$res/run-fp16"
"$rfl" profile --run "$res/run-fp16" --ncu-csv "$res/ncu-fp16.csv" --no-render >/dev/null 2>"$res/profile-fp16.log"
"$build/rfl_gpu_flops" $fp16_own -o "$res/fl-own.csv" >/dev/null 2>"$res/fl-own.log"
f=$res/fl-own.csv
own=$(awk -F, -v c="$(col "$f" gflops_per_s)" -v s="$(col "$f" scope)" 'NR > 1 && $s == "gpu" && $c > m { m = $c } END { print m }' "$f")
mine=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { line = $0; gsub(/"[^"]*"/, "\"\"", line); split(line, x, ",") }
    x[c["flops_fp16"]] + 0 > best { best = x[c["flops_fp16"]] + 0; g = x[c["gflops_per_s"]] } END { print g }' "$res/run-fp16/profile.csv")
say "FP16 (rfl_gpu_flops $fp16_own, a launch of milliseconds): its own $own GFLOP/s, ncu-derived $mine: ratio $(ratio "$mine" "$own") (1: 4 flops an HFMA2 is right; 0.5: 2 would be)"

"$rfl" plot "$run" >/dev/null 2>&1
"$rfl" report "$run" >/dev/null 2>&1
if [ -n "${OUT:-}" ]; then
    tar czf "$OUT/profile-evidence.tgz" -C "$res" run run-gemm run-fp16 ncu-all.csv ncu-fp16.csv profile-all.out \
        profile-gemm.out gemm-own.csv bw-own.csv fl-own.csv
fi
