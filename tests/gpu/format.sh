# Every CSV the GPU programs write has the columns docs/FORMAT.md lists, in
# order (the programs print their headers with --print-columns: no GPU needed).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_cuda_program "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS" "$RFL_GPU_MICRO"

check_print_columns "$RFL_GPU_BANDWIDTH" gpu gpu_bandwidth.csv
check_print_columns "$RFL_GPU_FLOPS" gpu gpu_flops.csv
check_print_columns "$RFL_GPU_MICRO" gpu gpu_micro_launch.csv gpu_micro_transfer.csv gpu_micro_transfer_fit.csv \
    gpu_micro_chase.csv gpu_micro_pipeline.csv gpu_micro_stride.csv gpu_micro_barrier.csv
exit 0
