#!/usr/bin/env bash
# CPU evidence on the device machine's host (16 cores, Ubuntu, Open MPI, hwloc; no likwid,
# jansson, cmocka or gnuplot): build with the carried prefix, run make check, a full
# rfl_bandwidth sweep under `mpirun -n 2`, and the peer comparison. Everything lands in
# $OUT (the device tool's folder) or docs/results/device-<host>/.
#
# Usage (from the repo root): bash tests/device/cpu.sh [STAGES]
#   STAGES: comma list of build,check,sweep,peers,flops,driver (default: all)
set -uo pipefail
stages=${1:-build,check,sweep,peers,flops,driver}
root=$(pwd)
# The device tool returns at most 8 files from $OUT: results are packed into one archive.
out=/tmp/rfl-evidence
[ -n "${OUT:-}" ] || out=$root/docs/results/device-$(hostname)
mkdir -p "$out"
pack() { [ -n "${OUT:-}" ] && tar czf "$OUT/cpu-host.tgz" -C "$out" . ; }
trap pack EXIT
P=${RFL_DEPS_PREFIX:-$root/.devdeps/usr}
export LD_LIBRARY_PATH="$P/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cores=$(nproc)
per_rank=$(( cores / 2 ))
mpirun2="mpirun -n 2 --map-by slot:PE=$per_rank --bind-to core --report-bindings"
build=${RFL_BUILD:-/tmp/rfl-build}
has() { case ",$stages," in *,"$1",*) return 0;; esac; return 1; }
log() { printf '\n=== %s\n' "$*"; }

if has build; then
  log "build"
  (./autogen.sh >/dev/null 2>&1 && mkdir -p $build && cd $build &&
   "$root/configure" -q CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib/x86_64-linux-gnu" &&
   make -j"$cores" >/dev/null) > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
  tail -14 "$out/build.log"
  lscpu > "$out/lscpu.txt"; cat /sys/kernel/mm/transparent_hugepage/enabled >> "$out/lscpu.txt"
fi
if has check; then
  log "make check"
  (cd $build && make -j"$cores" check > "$out/check.log" 2>&1); echo "make check rc=$?"
  grep -E "^# (TOTAL|PASS|SKIP|FAIL|ERROR)" "$out/check.log"
  mkdir -p "$out/testlogs" && (cd $build/tests && cp --parents */*.log "$out/testlogs/") 2>/dev/null
  for f in $(grep -lE "^(FAIL|ERROR)" $build/tests/*/*.trs 2>/dev/null); do
    echo "---- ${f%.trs}.log"; tail -8 "${f%.trs}.log"; done
fi
if has sweep; then
  log "full sweep: $mpirun2 rfl_bandwidth"
  /usr/bin/time -f "wall %e s" $mpirun2 $build/rfl_bandwidth -o "$out/bandwidth-full.csv" 2>&1 | tail -25
fi
if has peers; then
  log "peers"
  RFL_MPIRUN="$mpirun2" THREADS=$cores bash bench/bandwidth_peers.sh $build "$out/peers" 2>&1 | tee "$out/peers.md" | tail -12
fi
if has flops && [ -f bench/flops_peers.sh ]; then
  log "flops peers"
  RFL_FLOPS=$build/rfl_flops RFL_MPIRUN="$mpirun2" bash bench/flops_peers.sh "$out/flops" 2>&1 | tee "$out/flops.md" | tail -30
fi
if has driver && [ -x $build/rfl ]; then
  log "driver: rfl run --quick, --full, --quick (CPU programs), 2 ranks x $per_rank cores"
  # The CPU programs only: a GPU build would add its programs to every pass.
  # Two ranks, each bound to half the cores (Open MPI would give each one core).
  printf 'programs = bandwidth,flops\nranks = 2\nmpiexec_args = --map-by slot:PE=%s --bind-to core\n' "$per_rank" > "$out/two-ranks.conf"
  # quick, full, quick again: the two quick passes bracket the full one in time, so a host
  # whose clock or neighbours change shows as the quick passes disagreeing with each other.
  for run in quick full quick2; do
    mode=${run%2}
    /usr/bin/time -f "rfl run --$mode: wall %e s" $build/rfl run --$mode --config "$out/two-ranks.conf" \
      --output "$out/run-$run" > "$out/run-$run.log" 2>&1
    tail -12 "$out/run-$run.log"
  done
  bash bench/quick_vs_full.sh "$out/run-quick" "$out/run-full" | tee "$out/quick-vs-full.md"
  bash bench/quick_vs_full.sh "$out/run-quick2" "$out/run-full" | tee "$out/quick2-vs-full.md"
fi
