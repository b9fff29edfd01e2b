#!/usr/bin/env bash
# How steady the host is, told by peers that rfl did not write: likwid-bench's L1 load and
# peak-FMA kernels on every CPU (the carried Debian likwid, unpacked once; likwid-bench needs
# no counters) and a STREAM-style triad at 8 x the L3. One line, for the runs' summaries: when
# the peers move between runs as much as rfl's CPU ceilings do, the host moved, not rfl.
# Usage (repository root, device machine): bash bench/peer_probe.sh LABEL   (bench/run_budget.sh runs it)
set -uo pipefail
label=${1:?label}
. tests/device/env.sh
L=/tmp/rfl-likwid
if [ ! -x "$L/usr/bin/likwid-bench" ]; then
    for deb in .devdeps/likwid-debs/*.deb; do dpkg -x "$deb" "$L" 2>/dev/null; done
fi
cpus=$(nproc)
line="peer $label:"
steal0=$(awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print t, $9; exit }' /proc/stat)
if [ -x "$L/usr/bin/likwid-bench" ]; then
    lb() { PATH="$L/usr/sbin:$L/usr/bin:$PATH" LD_LIBRARY_PATH="$L/usr/lib/x86_64-linux-gnu:$LD_LIBRARY_PATH" timeout 60 "$L/usr/bin/likwid-bench" "$@" 2>&1; }
    # Half of a 48 KiB L1 per thread; 8 KiB per thread for the FMA loop.
    l1=$(lb -t load_avx512 -W "N:$((cpus * 24))kB:$cpus" | sed -n 's/^MByte\/s:[[:space:]]*//p')
    fma=$(lb -t peakflops_avx512_fma -W "N:$((cpus * 8))kB:$cpus" | sed -n 's/^MFlops\/s:[[:space:]]*//p')
    line="$line likwid-bench load_avx512 L1 $(awk -v v="${l1:-0}" 'BEGIN { printf "%.0f", v / 1000 }') GB/s,"
    line="$line peakflops_avx512_fma $(awk -v v="${fma:-0}" 'BEGIN { printf "%.0f", v / 1000 }') GFLOP/s,"
else
    line="$line likwid-bench not available,"
fi
st=/tmp/rfl-stream-triad
[ -x "$st" ] || gcc -O3 -march=native -fopenmp -o "$st" bench/stream_triad.c 2>/dev/null
if [ -x "$st" ]; then
    # 8 x the L3s (lstopo's sizes), at least 1 GiB.
    l3=$(lstopo-no-graphics --only L3Cache -v 2>/dev/null | sed -n 's/.*size=\([0-9]*\)KB.*/\1/p' | awk '{ s += $1 } END { print s * 1024 }')
    bytes=$(( ${l3:-0} * 8 > 1073741824 ? ${l3:-0} * 8 : 1073741824 ))
    tri=$(OMP_NUM_THREADS=$cpus OMP_PROC_BIND=spread "$st" "$bytes" 5 2>&1 | tail -n 1)
    line="$line stream triad ($((bytes >> 20)) MiB) $tri GB/s"
fi
steal1=$(awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print t, $9; exit }' /proc/stat)
line="$line; CPU steal over the probe $(echo "$steal0 $steal1" | awk '{ printf "%.1f%%", ($3 > $1 ? 100 * ($4 - $2) / ($3 - $1) : 0) }')"
echo "$line"
