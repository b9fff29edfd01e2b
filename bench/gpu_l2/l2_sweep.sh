#!/usr/bin/env bash
# The L2 sweep of issue 14's method study (bench/gpu_l2/README.md) on the device machine, in one
# call of about a minute of GPU time: builds nothing (run tests/device/gpu.sh build first, or set
# RFL_GPU_BUILD), then rfl_gpu_bandwidth read fp32 over data sets in the L2 band (past L2/8,
# within L2/2: the ceiling's) and two in the far half, for each l2_own variant (--unroll 4/8/16 x
# --l2-loads cg/nc) x launch shape and each l2_waves variant, beside global_stream and
# global_bulk; prints the best GB/s of each variant in the band, sorted, and the far-half best,
# into $OUT/l2_sweep.txt (the CSVs into $OUT/l2_sweep.tgz).
# Usage (repository root): bash bench/gpu_l2/l2_sweep.sh   RFL_L2_SWEEP_SMALL=1: tiny sets (stand-in).
. tests/device/env.sh
set -uo pipefail
out=${OUT:-/tmp/rfl-l2-sweep}
res=/tmp/rfl-l2-sweep-results
rm -rf "$res" && mkdir -p "$res" "$out" || exit 1
bw=${RFL_GPU_BANDWIDTH:-$build/rfl_gpu_bandwidth}
[ -x "$bw" ] || { echo "no $bw: build first (bash tests/device/gpu.sh build)" >&2; exit 1; }
wss=6M:40M
[ "${RFL_L2_SWEEP_SMALL:-0}" = 1 ] && wss=64K:1M
common=(-a read -p fp32 --wss "$wss" -g 1.41 -e 5 -m 0.004)
t0=$SECONDS
n=0
run() # NAME ARGS...
{
    n=$((n + 1))
    "$bw" "${common[@]}" "${@:2}" -o "$res/$1.csv" >"$res/$1.log" 2>&1 || echo "$1: exit $? ($(tail -n 1 "$res/$1.log"))"
}
for u in 4 8 16; do
    for ld in cg nc; do
        t=256,512,1024 b=max,1x,2x,4x
        [ $u = 16 ] && t=256,512
        run "l2_own-u$u-$ld" -k l2_own --unroll $u --l2-loads $ld -t $t -b $b
    done
done
for u in 4 8 16; do
    for ld in cg nc; do
        run "l2_waves-u$u-$ld" -k l2_waves --unroll $u --l2-loads $ld -t 256,512,1024
    done
done
run global_stream -k global_stream -t 256,1024 -b max,2x
run global_bulk -k global_bulk -t 256,1024 -b max
python3 - "$res" <<'PY' | tee "$out/l2_sweep.txt"
import csv, glob, json, os, sys
res = sys.argv[1]
near, far = [], []
for f in sorted(glob.glob(res + "/*.csv")):
    name = os.path.basename(f)[:-4]
    try:
        l2 = json.load(open(f[:-4] + ".json"))["gpus"][0]["device"]["l2_bytes"]
    except (OSError, ValueError, KeyError, IndexError):
        continue
    for r in csv.DictReader(open(f)):
        if r["scope"] != "gpu" or r["verified"] != "1":
            continue
        w, g = int(r["wss_bytes"]), float(r["gbytes_per_s"])
        key = "%-22s %4sx%-4s" % (name, r["blocks_per_grid"], r["threads_per_block"])
        side = near if l2 / 8 < w <= l2 / 2 else far if l2 / 2 < w <= l2 else None
        if side is not None:
            side.append((g, key, w, r["bytes_per_clock_per_sm"], r["sm_clock_mhz"]))
def best(rows):
    b = {}
    for g, key, w, bpc, mhz in rows:
        if key not in b or g > b[key][0]:
            b[key] = (g, w, bpc, mhz)
    return sorted(b.items(), key=lambda kv: -kv[1][0])
print("L2 band (L2/8 < data set <= L2/2, the ceiling's), best per variant, GB/s:")
for key, (g, w, bpc, mhz) in best(near):
    print("  %9.1f  %s  at %5.1f MiB  %s B/clk/SM at %s MHz" % (g, key, w / 2**20, bpc, mhz))
print("far half (L2/2 < data set <= L2), best per variant, GB/s (top 10):")
for key, (g, w, bpc, mhz) in best(far)[:10]:
    print("  %9.1f  %s  at %5.1f MiB" % (g, key, w / 2**20))
PY
echo "runs: $n, wall: $((SECONDS - t0)) s" | tee -a "$out/l2_sweep.txt"
tar -czf "$out/l2_sweep.tgz" -C "$res" . 2>/dev/null
exit 0
