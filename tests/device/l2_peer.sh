#!/usr/bin/env bash
# Issue 14's L2 target, checked against its public peer on the device machine: builds RRZE-HPC
# gpu-benches' gpu-l2-cache from its public source (fetched into the git-ignored .peers/, with
# stand-ins for its timing and CUPTI helpers: its counter columns read 0, as in its stored
# h200.txt; bench/gpu_l2/stand-ins), runs its sweep (its N = 32 loads per thread, and N = 64: 512 kB per block), and
# reads with Nsight Compute what its kernel and two rfl access patterns take from the L2
# (bench/gpu_l2/l2_all.cu: each block its own chunk, or every block the whole set from its own
# starting line): sectors the SMs ask the L2 for, how many of them L1 served, and how many
# crossed between the two L2 partitions (ltcfabric). Output: $OUT/l2_peer.txt.
# Usage (repository root, device machine): bash tests/device/l2_peer.sh
. "$(dirname "$0")/env.sh"
set -uo pipefail
out=${OUT:-/tmp/rfl-l2-peer}
w=/tmp/rfl-l2-peer-work
rm -rf "$w" && mkdir -p "$w" "$out" || exit 1
src=$root/.peers/gpu-benches/gpu-l2-cache/main.cu
[ -f "$src" ] || { echo "no $src: fetch gpu-l2-cache/main.cu of the public gpu-benches into .peers/ first (bench/gpu_l2/README.md)" >&2; exit 1; }
# rfl's stand-ins for the peer's helper headers, beside its source
cp -rn "$root/bench/gpu_l2/stand-ins/." "$root/.peers/gpu-benches/"
exec > >(tee "$out/l2_peer.txt") 2>&1
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,memory.total --format=csv,noheader
# Its sweep stops at blockRun 400 (100 MiB with N = 32, past the L2) instead of 10000.
sed 's/i < 10000/i < 400/' "$src" >"$w/main32.cu"
sed 's/measure<32>(i)/measure<64>(i)/' "$w/main32.cu" >"$w/main64.cu"
inc=$(dirname "$src")
nvcc -O3 -arch=sm_90 -I"$inc" -o "$w/gl2_32" "$w/main32.cu" 2>/dev/null &&
    nvcc -O3 -arch=sm_90 -I"$inc" -o "$w/gl2_64" "$w/main64.cu" 2>/dev/null &&
    nvcc -O3 -arch=sm_90 -o "$w/l2_all" "$root/bench/gpu_l2/l2_all.cu" 2>/dev/null || { echo "build failed"; exit 1; }
l2=$(nvidia-smi -q | awk '/L2 Cache/ {print; exit}')
for n in 32 64; do
    echo "=== gpu-l2-cache N=$n (block chunk, data set, time, spread, counted GB/s)"
    timeout 150 "$w/gl2_$n" >"$w/gl2_$n.txt" 2>&1
    awk '$4+0 <= 60000' "$w/gl2_$n.txt" | head -n 48
done
python3 - "$w" <<'PY'
import sys, statistics
w = sys.argv[1]
for n in (32, 64):
    rows = []
    for line in open(f"{w}/gl2_{n}.txt"):
        f = line.split()
        if len(f) > 8 and f[1] == "kB" and f[3] == "kB":
            rows.append((float(f[2]) * 1024, float(f[6])))
    for lo, hi, what in ((2 << 20, 25 << 20, "2 MiB .. L2/2 (the issue's median)"), (25 << 19, 25 << 20, "L2/8 .. L2/2 (rfl's band)")):
        v = [g for d, g in rows if lo <= d <= hi]
        if v:
            print(f"gpu-l2-cache N={n}: median over {what}: {statistics.median(v):.0f} GB/s ({len(v)} data sets, max {max(v):.0f})")
PY
echo "=== l2_all prototype (16-byte .cg loads, 8 in flight; counted GB/s, verified)"
for t in 1024 512; do
    REPS=5 "$w/l2_all" own $t 3000 4 6 8 12 16 20 24 32 40
    REPS=5 "$w/l2_all" all $t 20 4 6 8 12 16 20 24 32 40
done
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
want="gpu__time_duration.sum sm__cycles_elapsed.avg.per_second l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum lts__t_sectors_srcunit_tex_op_read.sum
lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum lts__t_sectors_srcunit_ltcfabric.sum lts__t_sectors_op_read.sum
lts__t_sectors.sum lts__cycles_elapsed.avg.per_second"
"$ncu" --query-metrics >"$w/metrics.txt" 2>&1
have=""
for m in $want; do
    base=${m%.*}
    grep -q "^$base " "$w/metrics.txt" && have="$have,$m" || echo "ncu: no metric $base on this GPU"
done
have=${have#,}
prof() # NAME ncu-args...
{
    echo "=== ncu: $1"
    timeout 240 "$ncu" --clock-control none --metrics "$have" --csv "${@:2}" >"$w/ncu_$1.csv" 2>"$w/ncu_$1.err" ||
        echo "ncu $1: exit $? $(tail -n 2 "$w/ncu_$1.err")"
    python3 - "$w/ncu_$1.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(l for l in open(sys.argv[1]) if l.startswith('"'))]
if not rows:
    sys.exit(print("no ncu rows"))
h = rows[0]
ki, mi, vi = h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value")
idi = h.index("ID")
by = {}
for r in rows[1:]:
    by.setdefault((r[idi], r[ki][:40]), {})[r[mi]] = float(r[vi].replace(",", "")) if r[vi].replace(",", "").replace(".", "").isdigit() else r[vi]
for (i, k), m in by.items():
    t = m.get("gpu__time_duration.sum", 0)  # ns
    g = lambda n: m.get(n, float("nan"))
    req = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
    hit = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum")
    l2r = g("lts__t_sectors_srcunit_tex_op_read.sum")
    fab = g("lts__t_sectors_srcunit_ltcfabric.sum")
    l2h = g("lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum")
    print(f"{k} #{i}: {t/1e3:.1f} us, SM {g('sm__cycles_elapsed.avg.per_second')/1e9:.3f} GHz; "
          f"loads asked of L1 {req*32/t:.0f} GB/s; L1 hits {100*hit/req if req else 0:.1f}%; "
          f"L2 read from SMs {l2r*32/t:.0f} GB/s (L2 hits {100*l2h/l2r if l2r else 0:.1f}%); "
          f"across partitions (ltcfabric) {fab*32/t:.0f} GB/s = {100*fab/l2r if l2r else 0:.1f}% of the L2 reads")
PY
}
# The peer's launches: 21 of sumKernel per data set (7 x 3); pick the data sets nearest 8 and 16 MiB.
read -r skip8 skip16 < <(python3 -c '
seq=[]; i=1
while i < 10000:
    seq.append(i); i = int(i + max(1.0, i * 0.1))
pick = lambda mib: min(range(len(seq)), key=lambda k: abs(seq[k] * 256 * 1024 - mib * 2**20))
print(pick(8) * 21, pick(16) * 21)')
prof gl2_8MiB -k regex:sumKernel --launch-skip "$skip8" --launch-count 1 "$w/gl2_32"
prof gl2_16MiB -k regex:sumKernel --launch-skip "$skip16" --launch-count 1 "$w/gl2_32"
prof own_16MiB -k regex:k_read --launch-skip 1 --launch-count 1 env REPS=1 "$w/l2_all" own 1024 300 16
prof all_16MiB -k regex:k_read --launch-skip 1 --launch-count 1 env REPS=1 "$w/l2_all" all 1024 2 16
prof own_8MiB -k regex:k_read --launch-skip 1 --launch-count 1 env REPS=1 "$w/l2_all" own 1024 300 8
prof all_8MiB -k regex:k_read --launch-skip 1 --launch-count 1 env REPS=1 "$w/l2_all" all 1024 2 8
tar czf "$out/l2_peer_raw.tgz" -C "$w" --exclude='gl2_32' --exclude='gl2_64' --exclude=l2_all . 2>/dev/null
exit 0
