#!/usr/bin/env bash
# Issue 17's large-n evidence on the device machine, within one device call: FP64 LU by cuSOLVER
# and by rfl's GPU-panel LU (look-ahead) at n = 16384 and 32768 over panel widths, the hybrid's
# time split, Cholesky and QR beside cuSOLVER at 32768, and compute-sanitizer memcheck at a small
# n. Each row is verified (backward error) by rfl_dense itself. Results: $OUT/summary.txt and the
# CSVs (or /tmp/rfl-dense-large).
# Usage (repository root, device machine, after tests/device/gpu.sh build):
#   bash tests/device/dense_large.sh [BLOCKS]        (default 256,384,512,768)
set -uo pipefail
. tests/device/env.sh
blocks=${1:-256,384,512,768}
res=${OUT:-/tmp/rfl-dense-large}
mkdir -p "$res"
say() { echo "$*" | tee -a "$res/summary.txt"; }
table() {
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { printf "%-9s %-9s %s n=%-6s nb=%-4s %9.0f GFLOP/s  %.3f of GEMM (%.0f)  panel %s update %s transfer %s  error %.3g ok %s\n",
          $c["factorization"], $c["method"], $c["precision"], $c["n"], $c["block"], $c["gflops_per_s"],
          $c["fraction_of_gemm"], $c["gemm_gflops_per_s"], $c["panel_s"], $c["update_s"], $c["transfer_s"],
          $c["backward_error"], $c["verified"] }' "$1" | tee -a "$res/summary.txt"
}
say "$(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader); $(nproc) CPUs"
t0=$SECONDS
"$build/rfl_dense" -n 16384,32768 -f lu -m cusolver -p fp64 -e 2 -o "$res/lu-cusolver.csv" 2>"$res/lu-cusolver.log"
say "cuSOLVER LU: exit $?, $((SECONDS - t0)) s"
table "$res/lu-cusolver.csv"
for nb in ${blocks//,/ }; do
    t0=$SECONDS
    "$build/rfl_dense" -n 16384,32768 -f lu -m gpu_panel -p fp64 -b "$nb" -e 2 -o "$res/lu-gpu_panel-$nb.csv" \
        2>"$res/lu-gpu_panel-$nb.log"
    say "gpu_panel LU nb=$nb: exit $?, $((SECONDS - t0)) s"
    table "$res/lu-gpu_panel-$nb.csv"
done
t0=$SECONDS
"$build/rfl_dense" -n 32768 -f cholesky,qr -m cusolver,gpu_panel,hybrid -p fp64 -b 512 -e 1 -o "$res/chol-qr.csv" \
    2>"$res/chol-qr.log"
say "Cholesky and QR at 32768: exit $?, $((SECONDS - t0)) s"
table "$res/chol-qr.csv"
compute-sanitizer --tool memcheck --error-exitcode 9 "$build/rfl_dense" --sizes 300 --block 64 \
    -m cusolver,hybrid,gpu_panel --experiments 1 -o /tmp/dense-memcheck.csv >"$res/memcheck.log" 2>&1
say "compute-sanitizer memcheck (n=300, nb=64, every method): exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$res/memcheck.log") clean summaries)"
