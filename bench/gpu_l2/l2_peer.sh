#!/usr/bin/env bash
# Issue 14's L2 target, checked against its public peer on the device machine: builds RRZE-HPC
# gpu-benches' gpu-l2-cache from its public source (fetched into the git-ignored .peers/, with
# stand-ins for its timing and CUPTI helpers: its counter columns read 0, as in its stored
# h200.txt; bench/gpu_l2/stand-ins), runs its sweep (its N = 32 loads per thread, and N = 64:
# 512 kB per block) with its medians over the issue's and rfl's data-set bands, and times the
# prototype bench/gpu_l2/l2_all.cu (each block its own chunk, or every block the whole set).
# What the L2 serves under each kernel, by Nsight Compute: bench/gpu_l2/l2_ncu.sh (the recorded
# H100 run of 2026-11-26 had that part here). Output: $OUT/l2_peer.txt.
# Usage (repository root, device machine): bash bench/gpu_l2/l2_peer.sh
. tests/device/env.sh
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
tar czf "$out/l2_peer_raw.tgz" -C "$w" --exclude='gl2_32' --exclude='gl2_64' --exclude=l2_all . 2>/dev/null
exit 0
