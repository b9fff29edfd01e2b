# The command-line contract of rfl_bandwidth: help and version, one-line
# usage errors (exit 2) that name the option and the value and write no
# file, I/O errors (exit 1), and an interrupted run (exit 130) that keeps
# whole rows and leaves no temporary files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

[ -x "$RFL_BANDWIDTH" ] || hard_error "$RFL_BANDWIDTH: not built"

# --help and --version: stdout only, exit 0.
"$RFL_BANDWIDTH" --help >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "--help: exit $rc, expected 0"
grep -q '^Usage: rfl_bandwidth' "$tmp/out" || fail "--help: no 'Usage: rfl_bandwidth' line on stdout"
[ ! -s "$tmp/err" ] || fail "--help: wrote to stderr: $(head -n 3 "$tmp/err")"

"$RFL_BANDWIDTH" --version >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "--version: exit $rc, expected 0"
grep -q 'rfl_bandwidth' "$tmp/out" || fail "--version: stdout does not name the program"
[ ! -s "$tmp/err" ] || fail "--version: wrote to stderr: $(head -n 3 "$tmp/err")"

EXPECT_PROGRAM=$RFL_BANDWIDTH

expect_error 2 --wss abc -- --wss abc
expect_error 2 --wss 1G:4K -- --wss 1G:4K
expect_error 2 --wss "'0'" -- --wss 0
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
    flags=" $(grep -m 1 '^flags' /proc/cpuinfo | sed 's/^[^:]*://') "
    has_flag() { case $flags in *" $1 "*) return 0 ;; esac; return 1; }
    if ! has_flag avx2 || ! has_flag fma; then
        lacking=avx2
    elif ! has_flag avx512f || ! has_flag avx512vl; then
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

# An interrupted run: SIGINT after about a second of a long sweep. It must
# exit 130 and keep the rows measured so far, whole, plus a sidecar saying
# "interrupted", and leave no hidden temporary file (.NAME.XXXXXX).
dir=$tmp/interrupted
mkdir "$dir" || hard_error "mkdir $dir"
# One thread: under a parallel make check on a many-core host, a team of
# oversubscribed threads can take longer than the 30 s allowed below to
# finish the point in flight.
"$RFL_BANDWIDTH" --threads 1 --wss 16K:64M --growth 1.05 --min-time 0.01 -o "$dir/int.csv" \
    >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
# The handler is installed right after the CSV's temporary file is created:
# wait for that file, so the signal is not lost (a background job of a
# non-interactive shell starts with SIGINT ignored).
waited=0
while [ -z "$(find "$dir" -name '.int.csv.*' 2>/dev/null)" ] && kill -0 $pid 2>/dev/null; do
    sleep 0.1
    waited=$((waited + 1))
    [ $waited -lt 600 ] || { kill -KILL $pid; fail "interrupt: the run did not start within 60 s"; }
done
sleep 1
kill -INT $pid 2>/dev/null || fail "interrupt: the run ended before SIGINT: $(tail -n 3 "$tmp/int.err")"
# A run that ignores the signal would go on for minutes: give it 30 s.
waited=0
while kill -0 $pid 2>/dev/null; do
    sleep 0.1
    waited=$((waited + 1))
    if [ $waited -ge 300 ]; then
        kill -KILL $pid
        wait $pid
        fail "interrupt: still running 30 s after SIGINT"
    fi
done
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "interrupt: exit $rc, expected 130 (stderr: $(tail -n 3 "$tmp/int.err"))"
[ -s "$dir/int.csv" ] || fail "interrupt: no CSV"
[ "$(wc -l <"$dir/int.csv")" -ge 1 ] || fail "interrupt: the CSV has no header"
awk -F, 'NR == 1 { n = NF; next } NF != n { exit 1 }' "$dir/int.csv" ||
    fail "interrupt: a row of int.csv is incomplete: $(tail -n 2 "$dir/int.csv")"
tail -c 1 "$dir/int.csv" | od -An -c | grep -q '\\n' || fail "interrupt: int.csv does not end with a newline"
[ -s "$dir/int.json" ] || fail "interrupt: no sidecar int.json"
grep -q '"status": *"interrupted"' "$dir/int.json" ||
    fail "interrupt: sidecar status is not \"interrupted\": $(grep '"status"' "$dir/int.json")"
hidden=$(find "$dir" -name '.*' ! -name . | tr '\n' ' ')
[ -z "$hidden" ] || fail "interrupt: temporary files left behind: $hidden"
others=$(ls -A "$dir" | grep -v -x -e int.csv -e int.json | tr '\n' ' ')
[ -z "$others" ] || fail "interrupt: unexpected files: $others"

exit 0
