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
    "$prog" --bogus >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "$name --bogus: exit $rc, expected 2"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "--bogus" "$tmp/err" ||
        fail "$name --bogus: expected one line naming the option, got: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$name --bogus wrote to stdout"
    # Without a GPU: "no CUDA device" and exit 1; with one: a list and exit 0.
    "$prog" --list-devices >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ]; then
        grep -q "compute capability" "$tmp/out" || fail "$name --list-devices: '$(cat "$tmp/out")'"
    else
        [ $rc -eq 1 ] && grep -q "no CUDA device" "$tmp/err" ||
            fail "$name --list-devices: exit $rc: $(cat "$tmp/err")"
    fi
done

# bad_value PROG ARGS... : exit 2, one line naming the option and the value.
bad_value()
{
    prog=$1
    shift
    "$prog" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "${prog##*/} $*: exit $rc, expected 2 ($(cat "$tmp/err"))"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "${prog##*/} $*: expected one line, got: $(cat "$tmp/err")"
    opt=$(echo "$1" | sed 's/=.*//')
    value=$2
    case $1 in --*=*) value=${1#*=} ;; esac
    grep -q -- "$opt" "$tmp/err" && grep -q -F -- "'$value'" "$tmp/err" ||
        fail "${prog##*/} $*: the message does not name $opt and '$value': $(cat "$tmp/err")"
}

bad_value "$RFL_GPU_BANDWIDTH" --threads-per-block 33
bad_value "$RFL_GPU_BANDWIDTH" --threads-per-block 2048
bad_value "$RFL_GPU_BANDWIDTH" --blocks 4y
bad_value "$RFL_GPU_BANDWIDTH" --blocks 0
bad_value "$RFL_GPU_BANDWIDTH" --wss 2G:1G
bad_value "$RFL_GPU_BANDWIDTH" --kernels global_everything
bad_value "$RFL_GPU_BANDWIDTH" --precision fp16
bad_value "$RFL_GPU_BANDWIDTH" --min-time 0
bad_value "$RFL_GPU_BANDWIDTH" --chunk 100
bad_value "$RFL_GPU_FLOPS" --fpe 3
bad_value "$RFL_GPU_FLOPS" --fpe 8192
bad_value "$RFL_GPU_FLOPS" --chains 3
bad_value "$RFL_GPU_FLOPS" --precision fp128
bad_value "$RFL_GPU_MICRO" --mode everything
bad_value "$RFL_GPU_MICRO" --chase-strides 12
bad_value "$RFL_GPU_MICRO" --chase-strides 128,,2M
bad_value "$RFL_GPU_MICRO" --transfer-sizes 1:1X
exit 0
