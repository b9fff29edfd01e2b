#!/usr/bin/env bash
# A run's CPU ceilings against public peers in the same call, right after the run (issue 26):
# each bandwidth level (L1, L2, L3, DRAM) against likwid-bench's best kernel at that level's
# working set with the same threads, FP64/FP32 SIMD against likwid-bench's peakflops, and DRAM
# against a STREAM-style triad at 8 x the measured last-level cache (and at least 1 GiB).
# Prints one markdown table; raw outputs go to OUT_DIR.
#
# Usage: bench/cpu_ceilings_peers.sh RUN_DIR [OUT_DIR]
#   LIKWID_BENCH  likwid-bench to run (default: the one on PATH; none: the likwid columns say so)
#   REPS          runs of each peer, the best kept (default 3)
#   CC            compiler for the STREAM-style triad (default gcc)
#   RFL_BANDWIDTH rfl_bandwidth to read DRAM's ceiling kernel at 1 and 2 GiB with (default: beside the rfl
#                 that made the run, from its run.json's steps; none: the row says so)
set -euo pipefail
run=${1:?usage: cpu_ceilings_peers.sh RUN_DIR [OUT_DIR]}
out=${2:-$run/peers}
here=$(cd "$(dirname "$0")" && pwd)
reps=${REPS:-3}
lb=${LIKWID_BENCH:-$(command -v likwid-bench || true)}
[ -s "$run/ceilings.csv" ] || { echo "cpu_ceilings_peers.sh: $run/ceilings.csv: none (run rfl run first)" >&2; exit 2; }
mkdir -p "$out"
"${CC:-gcc}" -O3 -march=native -fopenmp -o "$out/stream_triad" "$here/stream_triad.c"

# The run's CPU ceilings: name value kernel threads wss_mid (job bytes, the plateau's geometric mean)
python3 - "$run/ceilings.csv" >"$out/ceilings.txt" <<'PY'
import csv, math, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["device"] != "cpu" or r.get("rank"):
        continue
    lo, hi = float(r["wss_min_bytes"] or 0), float(r["wss_max_bytes"] or 0)
    mid = int(math.sqrt(lo * hi)) if lo > 0 and hi > 0 else 0
    threads = int(r["ranks"]) * int(r["threads_per_rank"])
    trans = r.get("detected_transition_bytes") or "0"
    print(r["name"].replace(" ", "_"), r["value"], r["kernel"].replace(" ", "_"), threads, mid, trans, r.get("spread_percent") or "-")
PY
threads=$(awk '$1 == "L1" { print $4 }' "$out/ceilings.txt")
[ -n "$threads" ] || threads=$(awk 'NR == 1 { print $4 }' "$out/ceilings.txt")
isa=avx512; grep -q avx512f /proc/cpuinfo || isa=avx
[ "$isa" = avx512 ] || grep -q ' avx ' /proc/cpuinfo || isa=sse

best_of() { # command... -> the largest number its runs print
    local best=0 r v
    for r in $(seq "$reps"); do
        v=$("$@" 2>/dev/null || true)
        best=$(python3 -c "import sys; print(max(float('$best'), float('${v:-0}' or 0)))")
    done
    echo "$best"
}
likwid() { # kernel bytes -> GB/s (likwid's MByte/s), or GFLOP/s (MFlops/s) for peakflops
    local size_kb=$(( ($2 + 1023) / 1024 )) metric=MByte
    case "$1" in peakflops*) metric=MFlops ;; esac
    [ "$size_kb" -ge $((threads * 4)) ] || size_kb=$((threads * 4))
    "$lb" -t "$1" -W "N:${size_kb}kB:$threads" 2>>"$out/likwid.log" |
        awk -v m="$metric/s:" '$1 == m { v = $2 } END { if (v != "") print v / 1000 }'
}

# DRAM's peers at 8 x the measured LLC (the L3 ceiling's detected end, else L2's), at least 1 GiB:
# nothing of them can still be cached.
llc=$(awk '$1 == "L3" && $6 > 0 { print $6 }' "$out/ceilings.txt")
[ -n "$llc" ] || llc=$(awk '$1 == "L2" && $6 > 0 { print $6 }' "$out/ceilings.txt")
dram_size=$(( ${llc:-134217728} * 8 )); [ "$dram_size" -ge 1073741824 ] || dram_size=1073741824
printf '| ceiling | rfl (kernel) | spread | peer | peer best (kernel) | rfl / peer |\n|---|---|---|---|---|---|\n'
while read -r name value kernel _ mid trans spread; do
    case "$name" in
    L1|L2|L3) kernels="load_$isa copy_$isa stream_$isa triad_$isa update_$isa" ;;
    DRAM) kernels="load_$isa copy_$isa stream_$isa triad_$isa update_$isa copy_mem_$isa stream_mem_$isa store_mem_$isa"
          mid=$dram_size ;;
    fp64_avx512|fp64_avx2) kernels="peakflops_${isa}_fma"; mid=$((threads * 8192)) ;;
    fp32_avx512|fp32_avx2) kernels="peakflops_sp_${isa}_fma"; mid=$((threads * 8192)) ;;
    *) continue ;;
    esac
    peer=- peer_kernel=-
    if [ -n "$lb" ] && [ -x "$lb" ] && [ "$mid" -gt 0 ]; then
        peer=0
        for k in $kernels; do
            v=$(best_of likwid "$k" "$mid")
            if python3 -c "import sys; sys.exit(0 if float('$v') > float('$peer') else 1)"; then peer=$v peer_kernel=$k; fi
        done
    fi
    ratio=$(python3 -c "p = float('$peer') if '$peer' != '-' else 0; print('%.3f' % (float('$value') / p) if p > 0 else '-')")
    printf '| %s | %.1f (%s) | %s%% | likwid-bench, %s threads, %s | %s (%s) | %s |\n' "${name//_/ }" "$value" \
        "${kernel//_/ }" "$spread" "$threads" "$(numfmt --to=iec "$mid" 2>/dev/null || echo "$mid")" "$peer" "$peer_kernel" "$ratio"
    if [ "$name" = DRAM ]; then
        size=$dram_size
        st=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores best_of "$out/stream_triad" "$size" 20)
        sr=$(python3 -c "print('%.3f' % (float('$value') / float('$st')) if float('$st') > 0 else '-')")
        printf '| DRAM | %.1f (%s) | %s%% | STREAM triad, %s threads, %s (8 x measured LLC %s) | %s | %s |\n' "$value" \
            "${kernel//_/ }" "$spread" "$threads" "$(numfmt --to=iec "$size")" "$(numfmt --to=iec "${llc:-0}")" "$st" "$sr"
        # the ceiling's own kernel at 1-2 GiB, the same threads: DRAM's ceiling should hold there
        bw=${RFL_BANDWIDTH:-$(python3 -c "import json,sys; c=[s['command'] for s in json.load(open(sys.argv[1]))['steps'] if s.get('step')=='bandwidth' and s.get('command')]; print(c[0].split()[[i for i,w in enumerate(c[0].split()) if w.endswith('/rfl_bandwidth')][0]] if c else '')" "$run/run.json" 2>/dev/null)}
        k=$(awk -F, 'NR > 1 && $3 == "DRAM" && $1 == "cpu" { print $13 "|" $14 "|" $15; exit }' "$run/ceilings.csv")
        if [ -n "$bw" ] && [ -x "$bw" ] && [ -n "$k" ]; then
            IFS='|' read -r kk kp ki <<<"$k"
            best=$(best_of sh -c '"$0" -k "$1" -p "$2" -i "$3" --wss 1G:2G --growth 2 --experiments 5 -T "$4" -o "$5" >/dev/null 2>&1 &&
                python3 -c "import csv,sys; print(max(max(float(r[\"gbytes_per_s\"]), float(r[\"gbytes_per_s_sustained\"] or 0)) for r in csv.DictReader(open(sys.argv[1])) if not r[\"rank\"]))" "$5"' \
                "$bw" "$kk" "$kp" "$ki" "$threads" "$out/dram-1-2G.csv")
            br=$(python3 -c "print('%.3f' % (float('$value') / float('$best')) if float('$best') > 0 else '-')")
            printf '| DRAM | %.1f (%s) | %s%% | rfl_bandwidth %s %s %s at 1 and 2 GiB, %s threads | %s | %s |\n' "$value" \
                "${kernel//_/ }" "$spread" "$kk" "$kp" "$ki" "$threads" "$best" "$br"
        fi
    fi
done <"$out/ceilings.txt"
