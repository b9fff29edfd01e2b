#!/usr/bin/env bash
# Issue 14: what the L2 itself serves under rfl's L2 kernels and under the public peer, read with
# Nsight Compute (clocks left alone): per kernel and data set, the bytes the loads asked for (the
# bytes rfl counts), the bytes the crossbar delivered to the SMs' L1s, the sectors the L2 slices
# looked up for the SMs, and any L2 request coalescer (lrc__) metric the GPU has. A kernel whose
# slices serve fewer sectors than its loads asked for had requests merged (several SMs on one
# line at once): its counted rate is not the L2's. Needs the build (tests/device/gpu.sh build)
# and, for the peer, .peers/ as bench/gpu_l2/l2_peer.sh says. Output: $OUT/l2_ncu.txt.
# Usage (repository root, device machine): bash bench/gpu_l2/l2_ncu.sh
. tests/device/env.sh
set -uo pipefail
out=${OUT:-/tmp/rfl-l2-ncu}
w=/tmp/rfl-l2-ncu-work
rm -rf "$w" && mkdir -p "$w" "$out" || exit 1
exec > >(tee "$out/l2_ncu.txt") 2>&1
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
"$ncu" --query-metrics >"$w/metrics.txt" 2>&1
lrc=$(awk '/^lrc__/ {print $1}' "$w/metrics.txt" | head -n 8 | sed 's/$/.sum/' | paste -sd, -)
echo "lrc metrics on this GPU: ${lrc:-none}"
have=""
for m in gpu__time_duration.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum \
    l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum l1tex__m_xbar2l1tex_read_sectors.sum \
    lts__t_sectors_srcunit_tex_op_read.sum lts__t_requests_srcunit_tex_op_read.sum lts__t_sectors_srcunit_ltcfabric.sum \
    lts__t_sectors_op_read.sum; do
    grep -q "^${m%.*} " "$w/metrics.txt" && have="$have,$m" || echo "ncu: no metric ${m%.*}"
done
have=${have#,}${lrc:+,$lrc}
bw=$build/rfl_gpu_bandwidth
prof() # NAME ncu-args...
{
    timeout 240 "$ncu" --clock-control none --print-units base --metrics "$have" --csv "${@:2}" >"$w/$1.csv" 2>"$w/$1.err" ||
        echo "ncu $1: exit $? $(tail -n 2 "$w/$1.err")"
    python3 - "$w/$1.csv" "$1" <<'PY'
import csv, sys
rows = [r for r in csv.reader(l for l in open(sys.argv[1]) if l.startswith('"'))]
if not rows:
    sys.exit(print(sys.argv[2], ": no ncu rows"))
h = rows[0]
mi, vi, ui = h.index("Metric Name"), h.index("Metric Value"), h.index("Metric Unit")
by = {}
ii = h.index("ID")
for r in rows[1:]:
    try:
        v = float(r[vi].replace(",", ""))
    except ValueError:
        continue
    by.setdefault(r[ii], {})[r[mi]] = v
# the longest launch: a timed sample (the warm-up pass and short ones aside)
m = max(by.values(), key=lambda d: d.get("gpu__time_duration.sum", 0)) if by else {}
t = m.get("gpu__time_duration.sum", 0)
g = lambda n: m.get(n, float("nan"))
ask = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
hit = g("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum")
xbar = g("l1tex__m_xbar2l1tex_read_sectors.sum")
lts = g("lts__t_sectors_srcunit_tex_op_read.sum")
fab = g("lts__t_sectors_srcunit_ltcfabric.sum")
gb = lambda s: s * 32 / t if t else float("nan")
print(f"{sys.argv[2]:<22} {t/1e3:8.1f} us  asked {gb(ask):7.0f} GB/s  L1 hits {100*hit/ask if ask else 0:4.1f}%  "
      f"xbar->L1 {gb(xbar):7.0f}  L2 slices (from SMs) {gb(lts):7.0f} = {lts/ask if ask else 0:.3f} of asked  "
      f"ltcfabric {gb(fab):6.0f}")
for k, v in sorted(m.items()):
    if k.startswith("lrc__"):
        print(f"    {k} = {v:.4g}")
PY
}
# Fixed trials (no calibration: ncu's replays would stretch the samples it times), about 5 ms a
# sample; every launch of the kernel is profiled and the longest (a timed sample) is read.
one="-a read -p fp32 -e 1"
for wss in 8 16 24; do
    n=$((40000 / wss))
    prof "l2_own-${wss}M" -k regex:k_own --launch-count 6 "$bw" -k l2_own -t 512 -b 2x --wss "${wss}M:${wss}M" --trials $n $one -o "$w/o.csv"
    for u in 8 16; do
        prof "l2_waves-u$u-${wss}M" -k regex:k_waves --launch-count 4 "$bw" -k l2_waves --unroll $u -t 1024 --wss "${wss}M:${wss}M" --trials $n $one -o "$w/v.csv"
    done
done
prof "global_stream-16M" -k regex:k_global --launch-count 6 "$bw" -k global_stream -t 1024 -b 2x --wss 16M:16M --trials 2500 $one -o "$w/s.csv"
src=$root/.peers/gpu-benches/gpu-l2-cache/main.cu
if [ -f "$src" ]; then
    sed 's/i < 10000/i < 80/' "$src" >"$w/main.cu"
    nvcc -O3 -arch=sm_90 -I"$(dirname "$src")" -o "$w/gl2" "$w/main.cu" 2>/dev/null &&
        for pick in 8 16; do
            skip=$(python3 -c "
seq=[]; i=1
while i < 10000:
    seq.append(i); i = int(i + max(1.0, i * 0.1))
print(min(range(len(seq)), key=lambda k: abs(seq[k] * 256 * 1024 - $pick * 2**20)) * 21)")
            prof "gpu-l2-cache-${pick}M" -k regex:sumKernel --launch-skip "$skip" --launch-count 1 "$w/gl2"
        done
fi
tar czf "$out/l2_ncu.tgz" -C "$w" --exclude=gl2 . 2>/dev/null
exit 0
