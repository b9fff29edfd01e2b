#!/usr/bin/env bash
# rfl_bandwidth side by side with its peers, in one run, at an L1-, L2-, L3- and DRAM-sized
# working set taken from the hwloc topology: likwid-bench (load/copy/stream, AVX-512 where
# the CPU has it, plus the non-temporal variants at DRAM), a STREAM-style triad and a
# threaded memcpy. Prints a markdown table; raw outputs go to OUT_DIR.
#
# Usage: bench/bandwidth_peers.sh BUILD_DIR [OUT_DIR]
#   RFL_MPIRUN   launcher prefix for rfl_bandwidth, e.g. "mpirun -n 2 --bind-to core --map-by slot:PE=8"
#   THREADS      total threads for the peers (default: all cores)
#   REPS         repetitions of each peer, best kept (default 3)
set -euo pipefail
build=${1:?usage: bandwidth_peers.sh BUILD_DIR [OUT_DIR]}
out=${2:-results/bench-bandwidth-$(hostname)}
mkdir -p "$out"
rfl="$build/rfl_bandwidth"
[ -x "$rfl" ] || { echo "bandwidth_peers.sh: $rfl not built" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
threads=${THREADS:-$(nproc)}
reps=${REPS:-3}
launcher=${RFL_MPIRUN:-}
cc=${CC:-gcc}

# Peers built with the best flags this CPU takes: they get every advantage.
"$cc" -O3 -march=native -fopenmp -o "$out/stream_triad" "$here/stream_triad.c"
"$cc" -O3 -march=native -fopenmp -o "$out/threaded_memcpy" "$here/threaded_memcpy.c"

# Topology from rfl's own sidecar (hwloc), so the sizes match what rfl sees.
$launcher "$rfl" --wss 256K:256K -k sum -p fp64 --experiments 1 -o "$out/topology.csv" 2>/dev/null
read -r l1 l2 llc <<<"$(python3 - "$out/topology.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["topology"]
c = {x["level"]: x for x in t["caches"]}
l1 = c[1]["size_bytes"]
l2 = c.get(2, c[1])["size_bytes"]
last = c[max(c)]
print(l1, l2, last["size_bytes"] * last["instances"])
PY
)"
# Working sets (whole job, all arrays): half of each thread's L1; between the L1s and the
# L2s; between the L2s and the last-level cache; and 8 x LLC (at least 1 GiB) for DRAM.
gmean() { python3 -c "import math,sys; print(int(math.sqrt($1*$2))//65536*65536)"; }
size_l1=$(( threads * l1 / 2 ))
size_l2=$(gmean $(( threads * l1 )) $(( threads * l2 )))
size_l3=$(gmean $(( threads * l2 )) "$llc")
size_dram=$(( 8 * llc > 1073741824 ? 8 * llc : 1073741824 ))

# best column value of a CSV (by column name), and the row's kernel
csv_best() { awk -F, -v col="$2" 'NR==1{for(i=1;i<=NF;i++) h[$i]=i; next}
  $h[col]+0 > best {best=$h[col]+0; k=$h["kernel"]} END{printf "%.1f %s\n", best, k}' "$1"; }

avx=avx512; grep -q avx512f /proc/cpuinfo || avx=avx
have_likwid=0; command -v likwid-bench >/dev/null && have_likwid=1
likwid() { # kernel size_bytes -> best GB/s of $reps runs (likwid counts MByte/s = 1e6 B/s)
  local best=0 r v
  for r in $(seq "$reps"); do
    v=$(likwid-bench -t "$1" -W "N:$(( $2 / 1024 ))kB:$threads" 2>/dev/null | awk '/^MByte\/s:/{print $2/1000}')
    best=$(python3 -c "print(max($best, ${v:-0}))")
  done
  echo "$best"
}
peer() { # program size -> best of $reps runs
  local best=0 r v
  for r in $(seq "$reps"); do
    v=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=close OMP_PLACES=cores "$out/$1" "$2" 20)
    best=$(python3 -c "print(max($best, $v))")
  done
  echo "$best"
}

printf '| level | working set | rfl best (kernel) | likwid load | likwid copy | likwid stream | likwid NT best | STREAM triad | threaded memcpy | best peer | rfl / best peer |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
for level in L1 L2 L3 DRAM; do
  eval size=\$size_$(echo "$level" | tr 'A-Z' 'a-z')
  $launcher "$rfl" --wss "$size:$size" -p fp64 --min-time 0.01 --experiments 10 \
    -o "$out/rfl-$level.csv" 2>"$out/rfl-$level.log"
  read -r rfl_best rfl_kernel <<<"$(csv_best "$out/rfl-$level.csv" gbytes_per_s)"
  lw_load=-; lw_copy=-; lw_stream=-; lw_nt=-
  if [ "$have_likwid" = 1 ]; then
    lw_load=$(likwid "load_$avx" "$size"); lw_copy=$(likwid "copy_$avx" "$size")
    lw_stream=$(likwid "stream_$avx" "$size")
    if [ "$level" = DRAM ]; then
      lw_nt=$(python3 -c "print(max($(likwid "copy_mem_$avx" "$size"), $(likwid "stream_mem_$avx" "$size"), $(likwid "store_mem_$avx" "$size")))")
    fi
  fi
  triad=$(peer stream_triad "$size"); mcpy=$(peer threaded_memcpy "$size")
  best_peer=$(python3 -c "print(max(float(x) for x in '$lw_load $lw_copy $lw_stream $lw_nt $triad $mcpy'.split() if x != '-'))")
  ratio=$(python3 -c "print(f'{$rfl_best / $best_peer:.3f}')")
  printf '| %s | %s B | %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$level" "$size" \
    "$rfl_best" "$rfl_kernel" "$lw_load" "$lw_copy" "$lw_stream" "$lw_nt" "$triad" "$mcpy" "$best_peer" "$ratio"
  [ "$level" = DRAM ] && dram_triad=$triad && dram_size=$size
done
read -r sum_dram _ <<<"$(awk -F, 'NR==1{for(i=1;i<=NF;i++) h[$i]=i; next} $h["kernel"]=="sum" && $h["gbytes_per_s"]+0>b {b=$h["gbytes_per_s"]+0} END{printf "%.1f x\n", b}' "$out/rfl-DRAM.csv")"
printf '\nDRAM read ceiling (rfl sum, %s B): %s GB/s; STREAM triad: %s GB/s; ratio %s\n' "$dram_size" "$sum_dram" "$dram_triad" \
  "$(python3 -c "print(f'{$sum_dram / $dram_triad:.3f}')")"
printf 'threads: %s; launcher: %s; likwid-bench: %s\n' "$threads" "${launcher:-none}" "$([ $have_likwid = 1 ] && likwid-bench -h 2>&1 | head -0; command -v likwid-bench || echo absent)"
