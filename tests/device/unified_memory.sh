#!/usr/bin/env bash
# rfl_unified_memory on the device machine (a GPU): build only this program
# (so other programs' unfinished code cannot stop it), run its tests, the
# evidence sweep (--quick, with its reference measurements: a large pinned
# cudaMemcpy each way and the GPU pass on device memory, in the same run),
# compute-sanitizer memcheck on a small run, and optionally rfl_gpu_bandwidth's
# device-memory ceiling. Everything lands in one archive, $OUT/um.tgz (the
# device tool returns at most 8 files), re-packed after every stage so a run
# cut short still returns what it did; a short summary table comes last.
#
# Usage (from the repo root): bash tests/device/unified_memory.sh [STAGES]
#   STAGES: comma list of build,quick,tests,sanitizer,gpubw (default: build,quick,tests,sanitizer)
# Without $OUT the files stay in results/gpu-um-<host>/ (git-ignored). The run of 2026-11-21 on an
# H200: docs/results/gpu-um/.
set -uo pipefail
stages=${1:-build,quick,tests,sanitizer}
. tests/device/env.sh
out=/tmp/rfl-um
[ -n "${OUT:-}" ] || out=$root/results/gpu-um-$(hostname)
mkdir -p "$out"
pack() { [ -n "${OUT:-}" ] && tar czf "$OUT/um.tgz" -C "$out" . 2>/dev/null; return 0; }
trap pack EXIT
cores=$(nproc)
build=/tmp/rfl-um-build
um=$build/rfl_unified_memory
has() { case ",$stages," in *,"$1",*) return 0;; esac; return 1; }
log() { printf '\n=== %s (%s s)\n' "$*" "$SECONDS"; }
t0=$SECONDS

{
  echo "host $(hostname), $cores cores, $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,memory.total,memory.used,clocks.sm,clocks.mem,power.draw,temperature.gpu,pcie.link.gen.current,pcie.link.width.current,driver_version --format=csv 2>&1
  nvcc --version 2>&1 | tail -n 2
  grep -E "MemTotal|MemAvailable" /proc/meminfo
  lscpu 2>/dev/null | grep -E "Model name|^CPU\(s\)|NUMA node\(s\)"
  cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null
} > "$out/machine.txt" 2>&1
cat "$out/machine.txt"

if has build; then
  log "build"
  # A warm machine keeps the build: configure once, make again (incremental).
  ( if [ ! -f $build/Makefile ]; then
      ./autogen.sh >/dev/null 2>&1 && mkdir -p $build && cd $build &&
      "$root/configure" -q --with-cuda --with-cuda-arch=sm_90 \
        CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib/x86_64-linux-gnu" || exit 1
    fi
    cd $build && make -j"$cores" rfl_unified_memory tests/um_fake_cuda ) > "$out/build.log" 2>&1 ||
    { tail -n 30 "$out/build.log"; pack; exit 1; }
  tail -n 4 "$out/build.log"
  cuobjdump --dump-sass $build/unified_memory/kernels.o > "$out/kernels.sass" 2>&1
  echo "SASS of the GPU pass: $(grep -c 'LDG.E.128' "$out/kernels.sass") LDG.E.128, $(grep -c 'STG.E.128' "$out/kernels.sass") STG.E.128"
  pack
fi

if has quick; then
  log "evidence sweep: rfl_unified_memory --quick"
  s=$SECONDS
  OMP_PROC_BIND=spread OMP_PLACES=cores timeout -s INT 150 "$um" --quick -o "$out/um-quick.csv" 2> "$out/um-quick.log"
  rc=$?
  echo "rfl_unified_memory --quick: exit $rc, $((SECONDS - s)) s (target < 120 s)" | tee -a "$out/um-quick.log"
  grep -E "skipped|warning|error" "$out/um-quick.log" | head -n 20
  pack
fi

if has tests; then
  log "tests"
  export top_srcdir=$root top_builddir=$build MPIEXEC=$(command -v mpiexec || true)
  for t in um_cli um_fake um_sweep um_safety um_mpi; do
    s=$SECONDS
    timeout 120 sh tests/unified_memory/${t#um_}.sh > "$out/test-$t.log" 2>&1
    rc=$?
    case $rc in 0) v=PASS ;; 77) v=SKIP ;; *) v="FAIL($rc)" ;; esac
    echo "$v: $t ($((SECONDS - s)) s)" | tee -a "$out/tests.txt"
    [ $rc -eq 0 ] || [ $rc -eq 77 ] || tail -n 5 "$out/test-$t.log"
  done
  pack
fi

if has sanitizer; then
  log "compute-sanitizer memcheck"
  timeout 120 compute-sanitizer --tool memcheck --leak-check no --error-exitcode 9 \
    "$um" --wss 64K:1M --growth 4 --reuse 1,3 --experiments 1 --min-time 0.0001 --point-timeout 5 \
    -o "$out/sanitizer.csv" > "$out/sanitizer.log" 2>&1
  echo "compute-sanitizer: exit $?; $(grep -E 'ERROR SUMMARY' "$out/sanitizer.log" | tail -n 1)"
  pack
fi

if has gpubw; then
  log "rfl_gpu_bandwidth device-memory ceiling (best effort)"
  if (cd $build && make -j"$cores" rfl_gpu_bandwidth > "$out/build-gpubw.log" 2>&1); then
    timeout 60 $build/rfl_gpu_bandwidth --wss 1G:2G --kernels global_stream,global_inside,memcpy_d2d --access rmw \
      --precision fp64 --experiments 3 -o "$out/gpu_bandwidth.csv" > /dev/null 2> "$out/gpu_bandwidth.log"
    echo "rfl_gpu_bandwidth: exit $?"
    grep "evidence:" "$out/gpu_bandwidth.log" | head -n 4
  else
    echo "rfl_gpu_bandwidth did not build: $(tail -n 3 "$out/build-gpubw.log")"
  fi
  pack
fi

log "summary"
if [ -s "$out/um-quick.csv" ]; then
  grep "evidence:" "$out/um-quick.log" | sed 's/^rfl_unified_memory: evidence: //' | cut -c1-150
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
           { n[$c["status"]]++ }
           END { printf "quick rows:"; for (s in n) printf " %s=%d", s, n[s]; print "" }' "$out/um-quick.csv"
  sed -n '/^effective GB\/s/,/^managed_prefetch/p' "$out/um-quick.log"
fi
[ -f "$out/tests.txt" ] && cat "$out/tests.txt"
echo "total $((SECONDS - t0)) s"
pack
