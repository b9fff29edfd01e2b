#!/usr/bin/env bash
# Issue 17's evidence on the device machine: rfl_dense's methods against cuSOLVER at large n
# (FP64 and FP32), the hybrid's time split, the GEMM rate of the same run; compute-sanitizer
# memcheck on a small n; make check's dense tests there. Results: $OUT/summary.txt and
# $OUT/dense.csv (or /tmp/rfl-dense).
# Usage (repository root, device machine): bash tests/device/dense.sh [SIZES] [BLOCK]
set -uo pipefail
. tests/device/env.sh
sizes=${1:-4096,16384,32768}
block=${2:-512}
res=${OUT:-/tmp/rfl-dense}
mkdir -p "$res"
[ -x "$build/rfl_dense" ] || bash tests/device/gpu.sh build >"$res/build.log" 2>&1 || { tail -n 20 "$res/build.log"; exit 1; }
say() { echo "$*" | tee -a "$res/summary.txt"; }
say "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); $(nproc) CPUs"
t0=$SECONDS
"$build/rfl_dense" --sizes "$sizes" --block "$block" -m cusolver,hybrid,gpu_panel -o "$res/dense.csv" 2>"$res/dense.log"
say "rfl_dense --sizes $sizes --block $block: exit $?, $((SECONDS - t0)) s"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { printf "%-9s %-9s %s n=%-6s %9.0f GFLOP/s  %.3f of GEMM  panel %s update %s transfer %s  error %.3g\n",
      $c["factorization"], $c["method"], $c["precision"], $c["n"], $c["gflops_per_s"], $c["fraction_of_gemm"],
      $c["panel_s"], $c["update_s"], $c["transfer_s"], $c["backward_error"] }' "$res/dense.csv" | tee -a "$res/summary.txt"
compute-sanitizer --tool memcheck --error-exitcode 9 "$build/rfl_dense" --sizes 300 --block 64 \
    -m cusolver,hybrid,gpu_panel --experiments 1 -o /tmp/dense-memcheck.csv >"$res/memcheck.log" 2>&1
say "compute-sanitizer memcheck: exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$res/memcheck.log") clean summaries)"
(cd "$build" && make check TESTS='tests/dense/cli.sh tests/dense/smoke.sh tests/dense/gpu.sh' 2>&1 | grep -E '^(PASS|FAIL|SKIP|ERROR)') |
    tee -a "$res/summary.txt"
