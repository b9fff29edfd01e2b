# The command-line contract of rfl_flops: help and version, one-line usage
# errors (exit 2) that name the option and the value and write no file, an
# ISA the CPU lacks (exit 2), I/O errors (exit 1), and an interrupted run
# (exit 130) that keeps whole rows and leaves no temporary files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_FLOPS"
check_help_version "$RFL_FLOPS"
for opt in --wss --growth --fpe --variant --precision --isa --unroll --threads --thread-sweep --fma-units \
    --min-time --experiments --mem-limit --output --quick; do
    grep -q -e "$opt[= ]" -e "$opt\$" "$tmp/help" || fail "--help does not list $opt"
done

EXPECT_PROGRAM=$RFL_FLOPS

expect_error 2 --fpe "'0'" -- --fpe 0
# Sizes near 2^64: refused against the memory limit, never rounded into a small buffer.
expect_error 2 --wss "memory limit" -- --wss 18446744073709551615
expect_error 2 --wss "memory limit" -- --wss 4K:18446744073709551615
expect_error 2 --fpe "'abc'" -- --fpe abc
expect_error 2 --fpe "'64:8'" -- --fpe 64:8
expect_error 2 --fpe "'70000'" -- --fpe 70000
expect_error 2 --fpe "'1,,2'" -- --fpe 1,,2
expect_error 2 --unroll "'3'" -- --unroll 3
expect_error 2 --unroll "'1,32'" -- --unroll 1,32
expect_error 2 --variant "'fast'" -- --variant fast
expect_error 2 --isa "'avx9'" -- --isa avx9
expect_error 2 --precision fp16 -- --precision fp16
expect_error 2 --fma-units "'0'" -- --fma-units 0
expect_error 2 --fma-units "'x'" -- --fma-units x
expect_error 2 --wss abc -- --wss abc
expect_error 2 --wss 1G:4K -- --wss 1G:4K
expect_error 2 --growth "'1'" -- --growth 1
expect_error 2 --experiments "'0'" -- --experiments 0
expect_error 2 --min-time abc -- --min-time abc
expect_error 2 --mem-limit 12Q -- --mem-limit 12Q
expect_error 2 --threads "'0'" -- --threads 0
expect_error 2 --bogus-option -- --bogus-option
expect_error 2 --output -- --output
expect_error 2 stray-operand -- --quick stray-operand

# Buffers beyond the memory limit are refused before the sweep starts.
expect_error 2 "memory limit" -- --wss 64M:1G --mem-limit 1M

# An ISA this CPU lacks: the dispatch would fault, so it is a usage error.
lacking=
if [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
    if ! has_cpu_flag avx2 || ! has_cpu_flag fma; then
        lacking=avx2
    elif ! has_cpu_flag avx512f; then
        lacking=avx512
    else
        lacking=neon # never on x86-64
    fi
elif [ "$(uname -m)" = aarch64 ]; then
    lacking=avx2
fi
if [ -n "$lacking" ]; then
    expect_error 2 --isa "$lacking" "does not support" -- --isa "$lacking" --quick
else
    note "no ISA known to be missing on $(uname -m): the unsupported --isa case is skipped"
fi

# An output path that cannot be created: exit 1, one line naming the path.
expect_error 1 /nonexistent/dir/x.csv -- -o /nonexistent/dir/x.csv --quick
[ ! -e /nonexistent/dir/x.csv ] || fail "-o /nonexistent/dir/x.csv: the file exists"

# An interrupted run: SIGINT during a long sweep. Two threads at most, and
# the thread sweep 1, 2: oversubscribed teams under a parallel make check on
# a many-core host can outlast the 30 s allowed.
check_interrupt "$RFL_FLOPS" --threads 2 --fpe 1:65536 --min-time 0.02 --thread-sweep

exit 0
