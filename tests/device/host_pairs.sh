#!/usr/bin/env bash
# Issue 13: whether the device host's CPU ceilings move with the host or with rfl. ROUNDS rounds
# (default 8), each timing back to back a public peer and rfl on the same thing, all vCPUs:
# likwid-bench peakflops_avx512_fma beside rfl_flops (simd avx512 fp64, unroll 8, 256 flops per
# element, an L1-resident set), and likwid-bench load_avx512 beside rfl_bandwidth (sum avx512
# fp64 at 24 KiB per thread, in L1); rfl's thread balance from the sidecars. When the host halves
# a run, the peer in the same round halves too and rfl / peer stays put; when only rfl moved, the
# ratio moves. Output: $OUT/host_pairs.txt (a table and the ratios' spread).
# Usage (repository root, device machine, after tests/device/gpu.sh build): bash tests/device/host_pairs.sh [ROUNDS]
set -uo pipefail
rounds=${1:-8}
. tests/device/env.sh
out=${OUT:-/tmp/rfl-host-pairs}
w=/tmp/rfl-host-pairs-work
rm -rf "$w" && mkdir -p "$w" "$out" || exit 1
L=/tmp/rfl-likwid
if [ ! -x "$L/usr/bin/likwid-bench" ]; then
    for deb in .devdeps/likwid-debs/*.deb; do dpkg -x "$deb" "$L" 2>/dev/null; done
fi
lb() { PATH="$L/usr/sbin:$L/usr/bin:$PATH" LD_LIBRARY_PATH="$L/usr/lib/x86_64-linux-gnu:$LD_LIBRARY_PATH" timeout 60 "$L/usr/bin/likwid-bench" "$@" 2>&1; }
cpus=$(nproc)
exec > >(tee "$out/host_pairs.txt") 2>&1
probe=$(lb -t peakflops_avx512_fma -W "N:$((cpus * 8))kB:$cpus")
echo "$probe" | grep -q '^MFlops/s' || { echo "likwid-bench did not run: $(echo "$probe" | head -n 5)"; ls "$L/usr/bin" "$L/usr/lib/x86_64-linux-gnu" 2>&1 | head -n 20; }
echo "host: $cpus vCPUs, $(lscpu | sed -n 's/^Model name: *//p'); $rounds rounds"
printf '%-5s %12s %12s %7s %12s %12s %7s %s\n' round likwid_GF rfl_GF rfl/pr likwid_L1 rfl_L1 rfl/pr "rfl threads (slowest/median: flops, bandwidth)"
col() { python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r.get("verified") == "1" and r.get("rank", "") in ("", "job")]
print(max((float(r[sys.argv[2]]) for r in rows), default=0))' "$@"; }
bal() { python3 -c '
import json, sys
b = json.load(open(sys.argv[1])).get("thread_balance") or {}
print("%s" % (b.get("slowest_over_median_min", "-")))' "$1"; }
for r in $(seq 1 "$rounds"); do
    pf=$(lb -t peakflops_avx512_fma -W "N:$((cpus * 8))kB:$cpus" | sed -n 's/^MFlops\/s:[[:space:]]*//p')
    "$build/rfl_flops" -v simd -p fp64 -i avx512 -u 8 -f 256 -e 5 -T "$cpus" --smt-probe off -o "$w/f$r.csv" >/dev/null 2>"$w/f$r.log"
    ld=$(lb -t load_avx512 -W "N:$((cpus * 24))kB:$cpus" | sed -n 's/^MByte\/s:[[:space:]]*//p')
    "$build/rfl_bandwidth" -k sum -p fp64 -i avx512 -w "$((cpus * 24))K:$((cpus * 24))K" -e 5 -T "$cpus" -o "$w/b$r.csv" >/dev/null 2>"$w/b$r.log"
    fg=$(col "$w/f$r.csv" gflops_per_s) bg=$(col "$w/b$r.csv" gbytes_per_s)
    awk -v r="$r" -v pf="${pf:-0}" -v fg="$fg" -v ld="${ld:-0}" -v bg="$bg" -v fb="$(bal "$w/f$r.json")" \
        -v bb="$(bal "$w/b$r.json")" 'BEGIN {
        pf /= 1000; ld /= 1000
        printf "%-5s %12.1f %12.1f %7.3f %12.1f %12.1f %7.3f %s, %s\n", r, pf, fg, (pf > 0 ? fg / pf : 0), ld, bg, (ld > 0 ? bg / ld : 0), fb, bb }'
done | tee "$w/table.txt"
python3 - "$w/table.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip() and l.split()[0].isdigit()]
for name, peer, own, ratio in (("FMA peak", 1, 2, 3), ("L1 load", 4, 5, 6)):
    p = [float(r[peer]) for r in rows]; o = [float(r[own]) for r in rows]; q = [float(r[ratio]) for r in rows if float(r[ratio]) > 0]
    if not q:
        print(f"{name}: no ratios"); continue
    sp = lambda v: (max(v) - min(v)) / statistics.median(v) * 100 if statistics.median(v) else 0
    print(f"{name}: peer {min(p):.0f}..{max(p):.0f} (range {sp(p):.0f}% of median), rfl {min(o):.0f}..{max(o):.0f} ({sp(o):.0f}%), "
          f"rfl/peer median {statistics.median(q):.3f}, {min(q):.3f}..{max(q):.3f} ({sp(q):.0f}%)")
PY
tar czf "$out/host_pairs.tgz" -C "$w" . 2>/dev/null
exit 0
