# The command-line contract of the GPU programs, with or without a GPU:
# --help and --version on stdout with exit 0, a bad option or value one line
# on stderr naming it with exit 2, the host-side self-checks, and
# --list-devices telling "no CUDA device" apart from a failure.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_cuda_program "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS" "$RFL_GPU_MICRO"

for pair in "$RFL_GPU_BANDWIDTH:rfl_gpu_bandwidth" "$RFL_GPU_FLOPS:rfl_gpu_flops" "$RFL_GPU_MICRO:rfl_gpu_micro"; do
    prog=${pair%:*}
    name=${pair##*:}
    check_help_version "$prog" "$name"
    "$prog" --self-test >"$tmp/out" 2>"$tmp/err" || fail "$name --self-test: exit $?: $(cat "$tmp/err")"
    EXPECT_PROGRAM=$prog
    expect_bad_value --bogus
    check_list_devices "$prog" "$name"
done

# A bad value: exit 2, one line naming the option and the value.
EXPECT_PROGRAM=$RFL_GPU_BANDWIDTH
expect_bad_value --threads-per-block 33
expect_bad_value --threads-per-block 2048
expect_bad_value --blocks 4y
expect_bad_value --blocks 0
expect_bad_value --wss 2G:1G
expect_bad_value --kernels global_everything
expect_bad_value --precision fp16
expect_bad_value --min-time 0
expect_bad_value --chunk 100
EXPECT_PROGRAM=$RFL_GPU_FLOPS
expect_bad_value --fpe 3
expect_bad_value --fpe 8192
expect_bad_value --chains 3
expect_bad_value --precision fp128
EXPECT_PROGRAM=$RFL_GPU_MICRO
expect_bad_value --mode everything
expect_bad_value --chase-strides 12
expect_bad_value --chase-strides 128,,2M
expect_bad_value --transfer-sizes 1:1X
exit 0
