#!/usr/bin/env bash
# Issue 13's GPU evidence on the device machine: the quick GPU sweep against the full one (L1
# and L2 ceilings, which the x4 quick growth used to miss), rfl_gemm --quick's tensor roofs
# against cuBLAS at 8192^3 and 16384^3, and --time-budget on a real GPU (used_s near the budget,
# every bandwidth ceiling still there). Results in $OUT (or /tmp/rfl-budget).
# Usage (repository root, device machine, jansson/cmocka carried in .devdeps):
#   bash tests/device/budget.sh
set -uo pipefail
out=${OUT:-/tmp/rfl-budget}
mkdir -p "$out"
root=$(pwd)
P=$root/.devdeps/usr
export LD_LIBRARY_PATH="$P/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" PATH="$PATH:/usr/local/cuda/bin"
b=/tmp/rfl-budget-build
(./autogen.sh && mkdir -p $b && cd $b && "$root/configure" -q --with-cuda --with-cuda-arch=sm_90 \
    CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib/x86_64-linux-gnu" && make -j"$(nproc)") >"$out/build.log" 2>&1 ||
    { tail -n 20 "$out/build.log"; exit 1; }
cd $b || exit 1
ratios='import csv,sys
c=lambda d:{r["name"]:float(r["value"]) for r in csv.DictReader(open(d+"/ceilings.csv")) if r["device"].startswith("gpu")}
q,f=c(sys.argv[1]),c(sys.argv[2])
for n in sys.argv[3:]: print("%-16s quick %10s full %10s ratio %s" % (n, q.get(n), f.get(n), q[n]/f[n] if n in q and n in f else "-"))'
# 1. Quick against full: L1 and L2 (were 0.93 and 0.96 of the full sweep).
mkdir -p $out/q $out/f
/usr/bin/time -f "%e s" ./rfl_gpu_bandwidth --quick -o $out/q/gpu_bandwidth.csv 2>$out/q.log
./rfl_gpu_bandwidth -o $out/f/gpu_bandwidth.csv 2>$out/f.log
./rfl ceilings $out/q && ./rfl ceilings $out/f && python3 -c "$ratios" $out/q $out/f shared L1 L2 "device memory"
./rfl compare $out/f $out/q >$out/compare-bandwidth.md; echo "rfl compare full quick: exit $?"
# 2. Tensor roofs of the quick pass against cuBLAS at 8192^3 and 16384^3 (bf16 was 0.84).
mkdir -p $out/gq $out/gf
/usr/bin/time -f "rfl_gemm --quick: %e s" ./rfl_gemm --quick -o $out/gq/gemm.csv 2>$out/gq.log; tail -n 1 $out/gq.log
./rfl_gemm -k cublas --mode gemm --sizes 8192,16384 -o $out/gf/gemm.csv 2>$out/gf.log
./rfl ceilings $out/gq && ./rfl ceilings $out/gf &&
    python3 -c "$ratios" $out/gq $out/gf "fp64 tensor" "tf32 tensor" "bf16 tensor" "fp16 tensor"
# 3. --time-budget on the GPU.
for s in 5 15; do
    mkdir -p $out/b$s
    /usr/bin/time -f "budget $s s: %e s wall" ./rfl_gpu_bandwidth --quick --time-budget $s \
        -o $out/b$s/gpu_bandwidth.csv 2>$out/b$s.log; tail -n 1 $out/b$s.log
    ./rfl ceilings $out/b$s && python3 -c "import json; print(json.load(open('$out/b$s/gpu_bandwidth.json'))['budget'])"
    echo "bandwidth ceilings: $(grep -c '^gpu0,bandwidth' $out/b$s/ceilings.csv)"
done
make check TESTS='tests/gpu/budget.sh tests/gemm/fake.sh tests/gemm/gpu.sh tests/gpu_bandwidth/gpu.sh tests/gpu/mpi.sh' 2>&1 |
    grep -E '^(PASS|FAIL|SKIP|ERROR)'
