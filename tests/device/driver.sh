#!/usr/bin/env bash
# `rfl run --quick` on the device machine with the GPU programs built: the whole suite, CPU
# and GPU, into one run directory (charts are rendered later where gnuplot is, with
# `rfl plot DIR`). Packs the run into $OUT/gpu-run.tgz.
# Usage (from the repo root): bash tests/device/driver.sh
set -uo pipefail
root=$(pwd)
build=${RFL_GPU_BUILD:-/tmp/rfl-build-gpu}
P=${RFL_DEPS_PREFIX:-$root/.devdeps/usr}
export LD_LIBRARY_PATH="$P/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
[ -x "$build/rfl" ] || bash tests/device/gpu.sh build > /tmp/gpu-build.log 2>&1 || { tail -20 /tmp/gpu-build.log; exit 1; }
out=/tmp/rfl-gpu-run
rm -rf "$out"
/usr/bin/time -f "rfl run --quick (CPU + GPU): wall %e s" "$build/rfl" run --quick --output "$out" 2>&1 | tail -40
[ -n "${OUT:-}" ] && tar czf "$OUT/gpu-run.tgz" -C "$(dirname "$out")" "$(basename "$out")"
