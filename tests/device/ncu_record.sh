#!/usr/bin/env bash
# Records real Nsight Compute output on the device machine, as test data for the
# `rfl profile` reader (issue 15): the metric catalogue of this GPU, and `ncu --csv
# --page raw` of a few PyTorch kernels (matrix products in FP32, FP16, BF16 and FP64, an
# element-wise add) with the hierarchical-roofline metrics this GPU has.
# With `rfl` as argument it also builds rfl_gemm and rfl_gpu_bandwidth and records their kernels
# (tiled SGEMM and DMMA at 2048^3, the stream read kernel at 1 GiB).
# Usage (repository root, device machine): bash tests/device/ncu_record.sh [torch,rfl]   (files in $OUT)
set -uo pipefail
. tests/device/env.sh
what=${1:-torch}
has() { case ",$what," in *,"$1",*) return 0 ;; esac; return 1; }
out=${OUT:-/tmp/ncu-record}
mkdir -p "$out"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
[ -n "$ncu" ] || { echo "ncu not found" >&2; exit 1; }
"$ncu" --version >"$out/ncu-version.txt" 2>&1
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv >"$out/gpu.csv" 2>&1
"$ncu" --query-metrics >"$out/query-metrics.txt" 2>&1
# The metrics a hierarchical roofline needs, those this GPU has.
want="gpu__time_duration.sum sm__cycles_elapsed.avg.per_second sm__cycles_elapsed.avg
 sm__sass_thread_inst_executed_op_dadd_pred_on.sum sm__sass_thread_inst_executed_op_dmul_pred_on.sum
 sm__sass_thread_inst_executed_op_dfma_pred_on.sum sm__sass_thread_inst_executed_op_fadd_pred_on.sum
 sm__sass_thread_inst_executed_op_fmul_pred_on.sum sm__sass_thread_inst_executed_op_ffma_pred_on.sum
 sm__sass_thread_inst_executed_op_hadd_pred_on.sum sm__sass_thread_inst_executed_op_hmul_pred_on.sum
 sm__sass_thread_inst_executed_op_hfma_pred_on.sum sm__inst_executed_pipe_tensor.sum
 l1tex__t_bytes.sum lts__t_bytes.sum dram__bytes.sum dram__bytes_read.sum dram__bytes_write.sum"
metrics=
for m in $want; do
    base=${m%.*}
    grep -q "^$base " "$out/query-metrics.txt" && metrics="$metrics,$m"
done
for base in $(awk '$1 ~ /^sm__ops_path_tensor|^sm__inst_executed_pipe_tensor/ { print $1 }' "$out/query-metrics.txt" | sort -u); do
    metrics="$metrics,$base.sum"
done
metrics=${metrics#,}
echo "$metrics" | tr ',' '\n' >"$out/metrics-used.txt"
has torch && timeout 150 "$ncu" --csv --page raw --metrics "$metrics" --target-processes all python3 "$root/tests/data/profile/ncu-h100-torch.py" \
    >"$out/torch-raw.csv" 2>"$out/torch-ncu.log"
has torch && echo "torch: ncu exit $?; $(grep -c '^"' "$out/torch-raw.csv") CSV lines"
if has rfl; then
    b=/tmp/rfl-ncu-build
    (./autogen.sh && mkdir -p $b && cd $b && "$root/configure" -q --with-cuda --with-cuda-arch=sm_90 \
        CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib/x86_64-linux-gnu" && make -j"$(nproc)" rfl_gemm rfl_gpu_bandwidth) \
        >"$out/build.log" 2>&1 || { tail -n 20 "$out/build.log"; exit 1; }
    timeout 120 "$ncu" --csv --page raw --metrics "$metrics" -c 24 "$b/rfl_gemm" -k tiled,dmma -p fp32,fp64 -t nn \
        -M gemm -s 2048 --no-tune -e 1 -m 0.0001 -o /tmp/ncu-gemm.csv >"$out/gemm-raw.csv" 2>"$out/gemm-ncu.log"
    echo "rfl_gemm: ncu exit $?; $(grep -c '^"' "$out/gemm-raw.csv") CSV lines"
    cp /tmp/ncu-gemm.csv "$out/gemm-timed.csv" 2>/dev/null
    timeout 120 "$ncu" --csv --page raw --metrics "$metrics" -c 12 "$b/rfl_gpu_bandwidth" -k global_stream -a read \
        -p fp32 -w 1G -e 1 -m 0.0001 -o /tmp/ncu-bw.csv >"$out/bandwidth-raw.csv" 2>"$out/bandwidth-ncu.log"
    echo "rfl_gpu_bandwidth: ncu exit $?; $(grep -c '^"' "$out/bandwidth-raw.csv") CSV lines"
    cp /tmp/ncu-bw.csv "$out/bandwidth-timed.csv" 2>/dev/null
fi
