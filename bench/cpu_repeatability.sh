#!/usr/bin/env bash
# How well does a host repeat itself? Rounds of one rfl quick run of the CPU programs followed,
# in the same round, by likwid-bench's kernel for each CPU ceiling at that ceiling's working set
# with the same threads. Prints, per ceiling, every round's rfl and likwid-bench figure and each
# one's max/min across rounds: where the peer's own max/min is above 1.05, no tool repeats to
# 5% on that host (issue 26's agreement target, measured on the peer).
#
# Usage: bench/cpu_repeatability.sh RFL OUT_DIR [ROUNDS]
#   RFL          the rfl driver (rfl run --quick -p bandwidth,flops)
#   ROUNDS       rounds (default 5); BUDGET: the quick run's budget in s (default 30)
#   LIKWID_BENCH likwid-bench to run (default: the one on PATH)
#   KERNELS      the likwid-bench kernel per ceiling, NAME=KERNEL words (default: the best kernels
#                of the 16-core H200 host, docs/results/cpu-node-h200-2026-11-28/peers-quick1.csv)
set -euo pipefail
rfl=${1:?usage: cpu_repeatability.sh RFL OUT_DIR [ROUNDS]}
out=${2:?usage: cpu_repeatability.sh RFL OUT_DIR [ROUNDS]}
rounds=${3:-5}
lb=${LIKWID_BENCH:-$(command -v likwid-bench || true)}
[ -x "$lb" ] || { echo "cpu_repeatability.sh: likwid-bench: not found (set LIKWID_BENCH)" >&2; exit 2; }
isa=avx512; grep -q avx512f /proc/cpuinfo || isa=avx
kernels=${KERNELS:-"L1=triad_$isa L2=load_$isa L3=update_$isa DRAM=stream_mem_$isa fp64_$isa=peakflops_${isa}_fma fp32_$isa=peakflops_sp_${isa}_fma"}
mkdir -p "$out"
: >"$out/rounds.txt"
for r in $(seq "$rounds"); do
    "$rfl" run --quick --budget "${BUDGET:-30}" -p bandwidth,flops -o "$out/round$r" >"$out/round$r.log" 2>&1 ||
        { echo "round $r: rfl run failed (see $out/round$r.log)" >&2; continue; }
    # name value threads wss (the plateau's geometric mean; 8 KiB a thread for compute)
    python3 - "$out/round$r/ceilings.csv" >"$out/round$r.ceilings" <<'PY'
import csv, math, sys
for c in csv.DictReader(open(sys.argv[1])):
    if c["device"] != "cpu" or c.get("rank"):
        continue
    t = int(c["ranks"]) * int(c["threads_per_rank"])
    lo, hi = float(c["wss_min_bytes"] or 0), float(c["wss_max_bytes"] or 0)
    wss = int(math.sqrt(lo * hi)) if lo > 0 and hi > 0 else t * 8192
    print(c["name"].replace(" ", "_"), c["value"], t, wss)
PY
    while read -r name value threads wss; do
        k=; for kv in $kernels; do [ "${kv%%=*}" = "$name" ] && k=${kv#*=}; done
        [ -n "$k" ] || continue
        metric=MByte; case "$k" in peakflops*) metric=MFlops ;; esac
        kb=$(( (wss + 1023) / 1024 )); [ "$kb" -ge $((threads * 4)) ] || kb=$((threads * 4))
        [ "$name" != DRAM ] || [ "$kb" -ge 1048576 ] || kb=1048576
        peer=$("$lb" -t "$k" -W "N:${kb}kB:$threads" 2>>"$out/likwid.log" |
            awk -v m="$metric/s:" '$1 == m { v = $2 } END { print (v != "" ? v / 1000 : 0) }')
        echo "$r $name $value $k $peer" >>"$out/rounds.txt"
    done <"$out/round$r.ceilings"
done
python3 - "$out/rounds.txt" <<'PY'
import collections, sys
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    r, name, value, kernel, peer = line.split()
    rows.setdefault((name, kernel), []).append((float(value), float(peer)))
def mm(v):
    v = [x for x in v if x > 0]
    return "%.3f" % (max(v) / min(v)) if v else "-"
print("| ceiling | rfl per round | rfl max/min | likwid-bench kernel | likwid-bench per round | likwid max/min |")
print("|---|---|---|---|---|---|")
for (name, kernel), v in rows.items():
    print("| %s | %s | %s | %s | %s | %s |" % (name.replace("_", " "), ", ".join("%.0f" % a for a, _ in v), mm([a for a, _ in v]),
          kernel, ", ".join("%.0f" % b for _, b in v), mm([b for _, b in v])))
PY
