#!/usr/bin/env bash
# Issue 30 on the device: rfl_dense's methods against cuSOLVER (inside rfl_dense) and PyTorch's
# torch.linalg with its cuSOLVER and MAGMA backends (bench/dense_torch.py), one after the other in
# the same session, FP64 and FP32; and the probe of the cuBLAS GEMM reference at n = 1000 after an
# earlier size (each method alone).
# Usage (repository root, device machine): bash tests/device/dense30.sh STAGES [SIZES] [BLOCKS]
#   STAGES: comma list of build,probe,rfl,torch,panels,check,memcheck (default build,probe,rfl,torch)
#   BLOCKS: comma list of --block values; auto: none given (rfl_dense's own per method and n)
#   RFL_DENSE_METHODS: the rfl stage's methods (default cusolver,hybrid,gpu_panel,recursive)
# Results in $OUT (or /tmp/rfl-dense30): summary.txt, dense.csv, torch.csv.
set -uo pipefail
. tests/device/env.sh
stages=${1:-build,probe,rfl,torch}
sizes=${2:-8192,16384}
blocks=${3:-512}
res=${OUT:-/tmp/rfl-dense30}
mkdir -p "$res"
has() { case ",$stages," in *,"$1",*) return 0 ;; esac; return 1; }
say() { echo "$*" | tee -a "$res/summary.txt"; }
say "$(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader); $(nproc) CPUs"
if has build; then
    t0=$SECONDS
    if [ ! -x "$build/rfl_dense" ]; then
        (./autogen.sh && rm -rf "$build" && mkdir -p "$build" && cd "$build" &&
            "$root/configure" -q --with-cuda --with-cuda-arch="${RFL_CUDA_ARCH:-sm_90}" CPPFLAGS="-I$P/include" \
                LDFLAGS="-L$P/lib/x86_64-linux-gnu" && make -j"$(nproc)" ${RFL_BUILD_TARGETS:-}) \
            >/tmp/dense30-build.log 2>&1 || { tail -n 30 /tmp/dense30-build.log; exit 1; }
    fi
    say "build: $((SECONDS - t0)) s"
fi
D=$build/rfl_dense
if has probe; then
    # The GEMM reference of a size after another (it failed at n = 1000 once its samples were all
    # taken, checking a buffer the factorizations had written): each method and factorization alone.
    for args in "-m cusolver -f lu" "-m cusolver -f cholesky" "-m cusolver -f qr" "-m hybrid -f lu" \
        "-m hybrid -f cholesky" "-m hybrid -f qr" "-m gpu_panel -f lu" "-m gpu_panel -f cholesky"; do
        "$D" --sizes 256,1000 --block 64 $args -p fp64 --experiments 2 -o /tmp/p.csv >/dev/null 2>/tmp/p.err
        say "probe $args: exit $?; $(grep -c 'no GEMM roof' /tmp/p.err) failed references"
    done
fi
if has rfl; then
    for b in ${blocks//,/ }; do
        t0=$SECONDS
        barg=(--block "$b"); [ "$b" = auto ] && barg=()
        "$D" --sizes "$sizes" "${barg[@]}" -m "${RFL_DENSE_METHODS:-cusolver,hybrid,gpu_panel,recursive}" -o "$res/dense-b$b.csv" 2>"$res/dense-b$b.err"
        say "rfl_dense --sizes $sizes --block $b: exit $?, $((SECONDS - t0)) s"
        grep -i 'warn\|error' "$res/dense-b$b.err" | head -n 5 | tee -a "$res/summary.txt"
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { printf "  %-9s %-9s %s n=%-6s %9.0f GFLOP/s  %.3f of GEMM  panel %s update %s transfer %s  error %.3g\n",
              $c["factorization"], $c["method"], $c["precision"], $c["n"], $c["gflops_per_s"], $c["fraction_of_gemm"],
              $c["panel_s"], $c["update_s"], $c["transfer_s"], $c["backward_error"] }' "$res/dense-b$b.csv" |
            tee -a "$res/summary.txt"
    done
fi
if has torch; then
    t0=$SECONDS
    python3 bench/dense_torch.py --sizes "$sizes" -o "$res/torch.csv" 2>"$res/torch.err"
    say "bench/dense_torch.py --sizes $sizes: exit $?, $((SECONDS - t0)) s"
    tail -n 3 "$res/torch.err" | tee -a "$res/summary.txt"
    awk -F, 'NR > 1 { printf "  %-9s %-15s %s n=%-6s %9.0f GFLOP/s  error %s\n", $1, $2, $3, $4, $7, $8 }' \
        "$res/torch.csv" | tee -a "$res/summary.txt"
fi
if has panels; then
    # cuSOLVER's and cuBLAS's pieces alone on the panel and update shapes (bench/dense_panels.cu).
    nvcc -O2 -arch="${RFL_CUDA_ARCH:-sm_90}" bench/dense_panels.cu -lcusolver -lcublas -o /tmp/dense_panels &&
        for p in fp64 fp32; do /tmp/dense_panels "$p" 3 >"$res/panels-$p.csv"; done
    say "bench/dense_panels.cu: exit $?"
fi
if has check; then
    (cd "$build" && make check TESTS='tests/dense/cli.sh tests/dense/smoke.sh tests/dense/gpu.sh' 2>&1 |
        grep -E '^(PASS|FAIL|SKIP|ERROR)') | tee -a "$res/summary.txt"
    tail -n 5 "$build/tests/dense/gpu.log" | tee -a "$res/summary.txt"
fi
if has memcheck; then
    for args in "--sizes 300 --block 64 -m cusolver,hybrid,gpu_panel,recursive" "--sizes 2500 --block 96 -f lu -p fp64 -m recursive"; do
        compute-sanitizer --tool memcheck --error-exitcode 9 "$D" $args --experiments 1 -o /tmp/memcheck.csv \
            >/tmp/memcheck.log 2>&1
        say "compute-sanitizer memcheck rfl_dense $args: exit $?; $(grep -o 'ERROR SUMMARY: [0-9]* error' /tmp/memcheck.log | tail -n 1)"
        grep -m 5 -E 'Invalid|error' /tmp/memcheck.log | tee -a "$res/summary.txt"
    done
fi
exit 0
