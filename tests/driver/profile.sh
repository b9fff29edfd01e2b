# rfl profile on recorded output: Nsight Compute's CSV of PyTorch, rfl_gemm and rfl_gpu_bandwidth
# kernels on an H100 (tests/data/profile/README.md) and a likwid-perfctr fixture, against the
# synthetic run directories of tests/data/driver: profile.csv and the rooflines' scripts must be
# the committed ones, byte for byte; and the reader is checked against ground truth, the flops
# and bytes of kernels whose work is known exactly (rfl_gemm's tiled SGEMM, rfl_gpu_bandwidth's
# stream read, the 2048^3 matrix products), within 2%.
# After an intended change, refresh expected/ with the commands in the failure message and review
# the diff (and the PNGs: rfl plot on a copy of the directory).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
data=$top_srcdir/tests/data/profile
expected=$data/expected

# gpu_run DIR: a run directory with the synthetic GPU measurements.
gpu_run()
{
    copy_gpu_golden "$1"
}

# value CSV ROW_PATTERN COLUMN: the COLUMN of the row whose short_name matches ROW_PATTERN (awk ERE).
value()
{
    awk -F, -v pat="$2" -v want="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { line = $0; gsub(/"[^"]*"/, "\"\"", line); split(line, f, ",") }
        f[c["short_name"]] ~ pat { print f[c[want]]; exit }' "$1"
}

# devices CSV DEVICE: how many rows are of DEVICE.
devices()
{
    awk -F, -v want="$2" 'NR > 1 { line = $0; gsub(/"[^"]*"/, "\"\"", line); split(line, f, ","); n += f[3] == want }
        END { print n + 0 }' "$1"
}

# within PCT A B WHAT: |A/B - 1| <= PCT/100.
within()
{
    awk -v p="$1" -v a="$2" -v b="$3" 'BEGIN { exit !(b > 0 && a / b - 1 <= p / 100 && 1 - a / b <= p / 100) }' ||
        fail "$4: $2 is not within $1% of $3"
}

# --- GPU: each recorded program alone ------------------------------------------------------
for what in rfl_gemm rfl_gpu_bandwidth torch; do
    dir=$tmp/$what
    gpu_run "$dir"
    "$RFL" profile --run "$dir" --ncu-csv "$data/ncu-h100-$what.csv" --no-render >"$tmp/out" 2>"$tmp/err" ||
        fail "rfl profile --ncu-csv ncu-h100-$what.csv: exit $?: $(cat "$tmp/err")"
    check_golden "$expected/$what/profile.csv" "$dir/profile.csv"
    check_header "$dir/profile.csv" driver profile.csv
    grep -q '^Profiled kernels (Nsight Compute on NVIDIA H100 80GB HBM3)$' "$tmp/out" ||
        fail "$what: no kernel table on stdout: $(head -n 3 "$tmp/out")"
    grep -q "warning: profile.csv: the kernels ran on NVIDIA H100 80GB HBM3, but the roofs are those rfl measured on NVIDIA H200 (synthetic)" "$tmp/err" ||
        fail "$what: no warning that the roofs are another GPU's: $(cat "$tmp/err")"
    grep -q "warning: profile.csv: ncu ran the kernels at 15[0-9][0-9] MHz (time-weighted), 80% of the 1980 MHz" "$tmp/err" ||
        fail "$what: no warning that ncu locked the clock: $(cat "$tmp/err")"
    [ -s "$dir/roofline-gpu0.gp" ] && [ -s "$dir/report.md" ] || fail "$what: no roofline-gpu0.gp or report.md"
    [ ! -e "$dir/roofline-gpu0.png" ] || fail "$what: --no-render made a PNG"
done

# --- the reader against ground truth --------------------------------------------------------
g=$tmp/rfl_gemm/profile.csv
n3=8589934592 # 2048^3
# rfl_gemm's tiled SGEMM: its own count (the flops column of its CSV: 2 n^3) and, exactly, what it
# executes (2 n^3 + 3 n^2: the epilogue alpha x acc + beta x C); 3 launches.
[ "$(value "$g" '^rfl_gemm_tiled_f32' launches)" = 3 ] || fail "tiled SGEMM: not 3 launches"
tiled=$(awk -v f="$(value "$g" '^rfl_gemm_tiled_f32' flops_fp32)" 'BEGIN { printf "%.0f", f / 3 }')
own=$(awk -F, 'NR > 1 && $3 == "tiled" && $5 == "fp32" { print $16 }' "$data/rfl_gemm-under-ncu.csv")
[ -n "$own" ] || hard_error "rfl_gemm-under-ncu.csv: no tiled fp32 row"
within 2 "$tiled" "$own" "tiled SGEMM flops per launch against rfl_gemm's count"
within 0.00001 "$tiled" "$((2 * n3 + 3 * 2048 * 2048))" "tiled SGEMM flops per launch against 2 n^3 + 3 n^2"
# No FP16 work in it: its HFMA2 are the HFMA2.MMA register moves (524,288 thread instructions).
[ "$(value "$g" '^rfl_gemm_tiled_f32' flops_fp16)" = 0 ] || fail "tiled SGEMM: FP16 flops from HFMA2.MMA moves"
# cuBLAS's SGEMM (cutlass SIMT): 2 n^3 + n^2 (alpha, beta 0).
within 2 "$(value "$g" '^cutlass_80_simt_sgemm' flops_fp32)" "$((2 * n3))" "cuBLAS SGEMM flops"
# rfl_gpu_bandwidth's stream read at 1 GiB: 2^30 bytes a launch, at L1 and from device memory.
b=$tmp/rfl_gpu_bandwidth/profile.csv
launches=$(value "$b" '^k_global' launches)
[ "$launches" = 4 ] || fail "stream read: $launches launches, expected 4"
own=$(awk -F, 'NR > 1 && $5 == "global_stream" { print $15 * $16; exit }' "$data/rfl_gpu_bandwidth-under-ncu.csv")
for level in dram l1; do
    per=$(awk -v v="$(value "$b" '^k_global' bytes_$level)" -v n="$launches" 'BEGIN { printf "%.0f", v / n }')
    within 2 "$per" "$own" "stream read bytes_$level per launch against rfl_gpu_bandwidth's bytes_per_trial"
done
[ "$(value "$b" '^k_global' bound)" = "device memory bandwidth" ] || fail "stream read: not bound by device memory"
# The torch matrix products, 2048^3 each: the tensor-path operation counts are flops (an FMA
# counted 2), one per count, and land in the right kinds.
t=$tmp/torch/profile.csv
within 0.00001 "$(value "$t" '^nvjet_sm90_hsh' flops_fp16_tensor)" "$((2 * n3))" "FP16 HGMMA flops"
within 0.00001 "$(value "$t" '^nvjet_sm90_tst' flops_bf16_tensor)" "$((2 * n3))" "BF16 HGMMA flops"
within 0.00001 "$(value "$t" '^sm90_xmma_gemm_f64' flops_fp64_tensor)" "$((2 * n3))" "FP64 DMMA flops"
within 2 "$(value "$t" '^cutlass_80_simt_sgemm' flops_fp32)" "$((2 * n3))" "torch FP32 matmul flops"
[ "$(value "$t" '^nvjet_sm90_hsh' bound)" = "fp16 tensor peak" ] || fail "FP16 matmul: not bound by the fp16 tensor roof"
[ "$(value "$t" '^sm90_xmma_gemm_f64' precision)" = "fp64 tensor" ] || fail "DMMA: its flops are not fp64 tensor"
# rfl_gpu_flops's FP16 kernel (-p fp16 -f 256 -c 8): ptxas runs half its HFMA2s on the MMA pipe
# (HFMA2.MMA); they are work, not register moves, so the flops a launch are the program's own
# count (flops_per_trial), not half of it (0.5% over it: the HADD2s of its final sum).
dir=$tmp/fp16
gpu_run "$dir"
"$RFL" profile --run "$dir" --ncu-csv "$data/ncu-h100-rfl_gpu_flops-fp16.csv" --no-render >/dev/null 2>"$tmp/err" ||
    fail "rfl profile --ncu-csv ncu-h100-rfl_gpu_flops-fp16.csv: exit $?: $(cat "$tmp/err")"
f=$dir/profile.csv
per=$(awk -v v="$(value "$f" '^k_flops' flops_fp16)" -v n="$(value "$f" '^k_flops' launches)" 'BEGIN { printf "%.0f", v / n }')
own=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["flops_per_trial"]; exit }' \
    "$data/rfl_gpu_flops-fp16.csv")
within 1 "$per" "$own" "FP16 kernel flops per launch against rfl_gpu_flops's flops_per_trial"
# The distribution kernels: one short name made distinct by its template argument, then numbered;
# the full names kept.
[ "$(awk -F, 'NR > 1' "$t" | grep -c 'distribution_elementwise_grid_...<float> #[123],')" = 3 ] ||
    fail "torch: the three float distribution kernels are not numbered #1 to #3"
has_line "$t" 'distribution_elementwise_grid...<double>,' "torch: the double distribution kernel's label"
has_line "$t" '^"void at::<unnamed>::distribution_elementwise_grid_stride_kernel<double, 2, ' "torch: the full name is not kept"

# --- all three concatenated: one chart (the issue's evidence chart), read back by rfl plot ---
dir=$tmp/all
gpu_run "$dir"
cat "$data/ncu-h100-rfl_gemm.csv" "$data/ncu-h100-rfl_gpu_bandwidth.csv" "$data/ncu-h100-torch.csv" >"$tmp/all.csv"
"$RFL" profile --run "$dir" --ncu-csv "$tmp/all.csv" --no-render >"$tmp/out" 2>"$tmp/err" ||
    fail "rfl profile (all): exit $?: $(cat "$tmp/err")"
check_golden "$expected/all/profile.csv" "$dir/profile.csv"
check_golden "$expected/all/roofline-gpu0.gp" "$dir/roofline-gpu0.gp"
grep -q "warning: 2 kernels counted no flops or no bytes (k_diff_init, k_fill<float> #2)" "$tmp/err" ||
    fail "no warning naming the kernels without flops: $(cat "$tmp/err")"
cp "$dir/roofline-gpu0.gp" "$tmp/first.gp"
"$RFL" plot "$dir" --no-render >/dev/null 2>"$tmp/err" || fail "rfl plot after rfl profile: exit $?: $(cat "$tmp/err")"
cmp -s "$tmp/first.gp" "$dir/roofline-gpu0.gp" || fail "rfl plot draws the kernels read back from profile.csv differently"
# The kernels on the chart: 16 numbered, one data set each, in the key with their percent.
[ "$(grep -c '^  \$kernels index [0-9]* using 1:2:3 with points pt variable' "$dir/roofline-gpu0.gp")" = 16 ] ||
    fail "roofline-gpu0.gp: not 16 kernels drawn"
grep -q "title '3 rfl_gemm_tiled_f32_...: 54%'" "$dir/roofline-gpu0.gp" || fail "roofline-gpu0.gp: no key entry for kernel 3"
# The report's kernel table: the same numbers, every kernel, the ones not drawn named.
"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
has_line "$dir/report.md" '^### Profiled kernels (Nsight Compute on NVIDIA H100 80GB HBM3)$' "no kernel table"
has_line "$dir/report.md" \
    '^| 3 | rfl_gemm_tiled_f32_nn_128x128x8_w64x32 | 3 | 1.44 ms | 35770 | 30.1 / 28.7 / 321 | fp32 | fp32 peak | 54% |$' \
    "no row for the tiled SGEMM" '^| [0-9]'
has_line "$dir/report.md" '^| - | k_diff_init | 1 | 2.2 us | 0 | 0 / 0 / 0 | - | no flops | - |$' "no row for k_diff_init"
has_line "$dir/report.md" 'Not on the chart (.*): k_diff_init, k_fill\\<float\\> \\#2\.' \
    "does not name the kernels left off the chart"
has_line "$dir/report.html" '<td>rfl_gemm_tiled_f32_nn_128x128x8_w64x32</td>' "no kernel table"
has_line "$dir/report.md" 'the kernels ran on NVIDIA H100 80GB HBM3, but the roofs are those' "the other-GPU note is missing"

# --- the CPU: likwid-perfctr regions on the CPU roofline ------------------------------------
dir=$tmp/cpu
copy_golden "$dir"
"$RFL" profile --run "$dir" --likwid "$data/likwid-icx-triad.csv" --config "$golden/spec.conf" --no-render \
    >"$tmp/out" 2>"$tmp/err" || fail "rfl profile --likwid: exit $?: $(cat "$tmp/err")"
check_golden "$expected/likwid/profile.csv" "$dir/profile.csv"
check_golden "$expected/likwid/roofline.gp" "$dir/roofline.gp"
grep -q 'warning: 1 regions counted no flops or no bytes (init)' "$tmp/err" || fail "likwid: no warning for init"
# triad: 2 threads x 2^23 elements x 10 calls x 2 flops, at 32 bytes an element at every level.
within 0.01 "$(value "$dir/profile.csv" '^triad$' flops_fp64)" 335544320 "likwid triad flops"
within 0.01 "$(value "$dir/profile.csv" '^triad$' bytes_dram)" 5368709120 "likwid triad DRAM bytes"
[ "$(value "$dir/profile.csv" '^triad$' launches)" = 10 ] || fail "likwid triad: not 10 calls"
[ "$(value "$dir/profile.csv" '^triad$' bound)" = "DRAM bandwidth" ] || fail "likwid triad: not DRAM-bound"
grep -q "^set label [0-9]* 'triad: 92% of DRAM'" "$dir/roofline.gp" || fail "roofline.gp: triad is not labelled"
# Both devices in one run directory: profiling one keeps the other's rows.
gpu_run "$tmp/both"
cp "$golden"/bandwidth.* "$golden"/flops.* "$tmp/both/"
"$RFL" profile --run "$tmp/both" --likwid "$data/likwid-icx-triad.csv" --no-render >/dev/null 2>&1 &&
    "$RFL" profile --run "$tmp/both" --ncu-csv "$data/ncu-h100-rfl_gpu_bandwidth.csv" --no-render >/dev/null 2>&1 ||
    fail "rfl profile twice into one directory failed"
[ "$(devices "$tmp/both/profile.csv" cpu)" = 3 ] && [ "$(devices "$tmp/both/profile.csv" gpu)" = 3 ] ||
    fail "profile.csv does not hold both devices' points: $(cut -c1-60 "$tmp/both/profile.csv")"
# --- a partial recording (issue 27): read with what is there, each missing metric named once, ----
# the flops and what derives from them marked as lower bounds in profile.csv, the table, the
# report and the chart.
dir=$tmp/partial
gpu_run "$dir"
sed 's/"sm__sass_thread_inst_executed_op_dadd_pred_on\.sum"/"not_recorded"/' "$data/ncu-h100-rfl_gemm.csv" >"$tmp/part.csv"
cat "$tmp/part.csv" "$tmp/part.csv" >"$tmp/part2.csv" # two tables that lack it: still named once
"$RFL" profile --run "$dir" --ncu-csv "$tmp/part2.csv" --no-render >"$tmp/out" 2>"$tmp/err" ||
    fail "a recording without dadd: exit $?: $(cat "$tmp/err")"
[ "$(grep -c 'dadd' "$tmp/err")" = 1 ] || fail "the missing metric is not named once: $(cat "$tmp/err")"
grep -q "part2\.csv: no column for metric 'sm__sass_thread_inst_executed_op_dadd_pred_on\.sum' (ncu was run without it): .*lower bounds" \
    "$tmp/err" || fail "no warning naming the missing metric: $(cat "$tmp/err")"
[ "$(value "$dir/profile.csv" '^rfl_gemm_tiled_f32' lower_bound)" = 1 ] || fail "profile.csv: no lower_bound flag"
grep -Eq '^ *3  rfl_gemm_tiled_f32_nn_128x128x8_w64x32 +6 +2\.88 ms +≥35770 +≥30\.1 / ≥28\.7 / ≥321  fp32 +fp32 peak +≥54%$' "$tmp/out" ||
    fail "the table does not mark the lower bounds: $(grep tiled "$tmp/out")"
grep -q "title '3 rfl_gemm_tiled_f32_...: ≥54%'" "$dir/roofline-gpu0.gp" || fail "roofline-gpu0.gp: the key does not mark it"
grep -q '| 3 | rfl_gemm_tiled_f32_nn_128x128x8_w64x32 | 6 | .* | ≥54% |$' "$dir/report.md" ||
    fail "report.md: the row does not mark it: $(grep tiled "$dir/report.md")"
"$RFL" plot "$dir" --no-render >/dev/null 2>&1 && grep -q "≥54%" "$dir/roofline-gpu0.gp" ||
    fail "the mark is lost when profile.csv is read back"
# A byte count missing: that level is not measured, nothing is a lower bound.
sed 's/"dram__bytes\.sum"/"not_recorded"/' "$data/ncu-h100-rfl_gemm.csv" >"$tmp/part.csv"
"$RFL" profile --run "$dir" --ncu-csv "$tmp/part.csv" --no-render >/dev/null 2>"$tmp/err" ||
    fail "a recording without dram__bytes: exit $?: $(cat "$tmp/err")"
grep -q "no column for metric 'dram__bytes\.sum' .*device memory bytes not measured" "$tmp/err" || fail "dram: $(cat "$tmp/err")"
[ -z "$(value "$dir/profile.csv" '^rfl_gemm_tiled_f32' bytes_dram)" ] || fail "bytes_dram without its metric"

# --- points above their roofs (issue 27): flagged as a roof measured too low, with both numbers --
dir=$tmp/above
gpu_run "$dir"
{
    printf '"ID","Process ID","Kernel Name","gpu__time_duration.sum","sm__sass_thread_inst_executed_op_dfma_pred_on.sum","dram__bytes.sum"\n'
    printf '"","","","msecond","inst","byte"\n"0","1","too_fast","1","20,000,000,000","1,000,000"\n'
} >"$tmp/above.csv"
"$RFL" profile --run "$dir" --ncu-csv "$tmp/above.csv" --no-render >"$tmp/out" 2>"$tmp/err" ||
    fail "a kernel above its roof: exit $?: $(cat "$tmp/err")"
msg="roof measured too low: kernel 'too_fast' ran at ≥40000 GFLOP/s, 120.8% of the roof above it, fp64 peak at 33120 GFLOP/s"
grep -qF "$msg" "$tmp/err" || fail "no warning of a roof measured too low: $(cat "$tmp/err")"
grep -qF "$msg" "$dir/report.md" || fail "report.md does not flag the roof"
grep -q '121% (roof measured too low: 33120 GFLOP/s)' "$tmp/out" || fail "the table does not flag the roof: $(cat "$tmp/out")"
cpu=$tmp/above_cpu
copy_golden "$cpu"
printf 'name,arithmetic_intensity,gflops_per_s,level,precision\nhot loop,100,300,,fp64\n' >"$tmp/apps.csv"
"$RFL" report "$cpu" --app "$tmp/apps.csv" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" ||
    fail "rfl report with an application above its roof: $(cat "$tmp/err")"
grep -q "roof measured too low: application point 'hot loop' ran at 300 GFLOP/s, 163\.[0-9]% of the roof above it, fp64 avx2 peak at 184 GFLOP/s" \
    "$cpu/report.md" || fail "report.md does not flag the application point: $(grep -i 'roof' "$cpu/report.md")"
exit 0
