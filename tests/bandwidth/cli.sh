# The command-line contract of rfl_bandwidth: help and version, one-line
# usage errors (exit 2) that name the option and the value and write no
# file, I/O errors (exit 1), and an interrupted run (exit 130) that keeps
# whole rows and leaves no temporary files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"
check_help_version "$RFL_BANDWIDTH"

EXPECT_PROGRAM=$RFL_BANDWIDTH

expect_error 2 --wss abc -- --wss abc
expect_error 2 --wss 1G:4K -- --wss 1G:4K
expect_error 2 --wss "'0'" -- --wss 0
# Sizes near 2^64: refused against the memory limit, never rounded into a small buffer.
expect_error 2 --wss "memory limit" -- --wss 18446744073709551615
expect_error 2 --wss "memory limit" -- --wss 4K:18446744073709551615
expect_error 2 --growth "'1'" -- --growth 1
expect_error 2 --growth "'x'" -- --growth x
expect_error 2 --kernels sum,bogus -- --kernels sum,bogus
expect_error 2 --precision fp16 -- --precision fp16
expect_error 2 --experiments "'0'" -- --experiments 0
expect_error 2 --experiments -3 -- --experiments -3
expect_error 2 --min-time abc -- --min-time abc
expect_error 2 --mem-limit 12Q -- --mem-limit 12Q
expect_error 2 --bogus-option -- --bogus-option
expect_error 2 --output -- --output
expect_error 2 stray-operand -- --quick stray-operand
expect_error 2 --experiments 2x -- -e 5 --experiments 2x
expect_error 2 --threads "'0'" -- --threads 0

# A sweep whose buffers exceed the memory limit is refused before it starts.
expect_error 2 "memory limit" -- --wss 64M:1G --mem-limit 1M

# An ISA this CPU lacks (the kernels' runtime dispatch would fault).
lacking=
if [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ]; then
    if ! has_cpu_flag avx2 || ! has_cpu_flag fma; then
        lacking=avx2
    elif ! has_cpu_flag avx512f || ! has_cpu_flag avx512vl; then
        lacking=avx512
    fi
else
    lacking=avx2 # the SIMD variants are x86-64 only
fi
if [ -n "$lacking" ]; then
    expect_error 2 --isa "$lacking" -- --isa "$lacking" --quick --wss 16K:64K
else
    note "this CPU has every ISA rfl_bandwidth knows; the unsupported --isa case is skipped"
fi

# An output path that cannot be created: exit 1, one line naming the path.
expect_error 1 /nonexistent/dir/x.csv -- -o /nonexistent/dir/x.csv --quick --wss 16K:64K
[ ! -e /nonexistent/dir/x.csv ] || fail "-o /nonexistent/dir/x.csv: the file exists"
expect_error 1 "$tmp/missing-dir/x.csv" -- -o "$tmp/missing-dir/x.csv" --quick --wss 16K:64K
[ ! -e "$tmp/missing-dir" ] || fail "-o $tmp/missing-dir/x.csv: created $tmp/missing-dir"

# "-o -": the CSV on stdout, diagnostics on stderr, no sidecar, no files.
dir=$tmp/stdout
mkdir "$dir" || hard_error "mkdir $dir"
(cd "$dir" && exec "$RFL_BANDWIDTH" --quick --wss 16K:32K -k sum -p fp64 --min-time 0.0002 --experiments 1 -o -) \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "-o -: exit $rc: $(tail -n 3 "$tmp/err")"
head -n 1 "$tmp/out" | grep -q '^kernel,' || fail "-o -: stdout does not start with the CSV header: $(head -n 1 "$tmp/out")"
csv_check_rectangular "$tmp/out"
! grep -q -v -e '^kernel,' -e '^sum,' "$tmp/out" || fail "-o -: stdout has lines that are not CSV: $(grep -v -e '^kernel,' -e '^sum,' "$tmp/out" | head -n 2)"
[ -z "$(ls -A "$dir")" ] || fail "-o -: created files: $(ls -A "$dir")"

# An interrupted run: SIGINT after about a second of a long sweep. One
# thread: under a parallel make check on a many-core host, a team of
# oversubscribed threads can take longer than the 30 s allowed to finish the
# point in flight.
check_interrupt "$RFL_BANDWIDTH" --threads 1 --wss 16K:64M --growth 1.05 --min-time 0.01

exit 0
