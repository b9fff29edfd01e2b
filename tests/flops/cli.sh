# The command-line contract of rfl_flops: help and version, one-line usage
# errors (exit 2) that name the option and the value and write no file, an
# ISA the CPU lacks (exit 2), I/O errors (exit 1), and an interrupted run
# (exit 130) that keeps whole rows and leaves no temporary files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_FLOPS=$top_builddir/rfl_flops
[ -x "$RFL_FLOPS" ] || hard_error "$RFL_FLOPS: not built"

"$RFL_FLOPS" --help >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "--help: exit $rc, expected 0"
grep -q '^Usage: rfl_flops' "$tmp/out" || fail "--help: no 'Usage: rfl_flops' line on stdout"
for opt in --wss --growth --fpe --variant --precision --isa --unroll --threads --thread-sweep --fma-units \
    --min-time --experiments --mem-limit --output --quick; do
    grep -q -e "$opt[= ]" -e "$opt\$" "$tmp/out" || fail "--help does not list $opt"
done
[ ! -s "$tmp/err" ] || fail "--help: wrote to stderr: $(head -n 3 "$tmp/err")"

"$RFL_FLOPS" --version >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "--version: exit $rc, expected 0"
grep -q 'rfl_flops' "$tmp/out" || fail "--version: stdout does not name the program"
[ ! -s "$tmp/err" ] || fail "--version: wrote to stderr: $(head -n 3 "$tmp/err")"

EXPECT_PROGRAM=$RFL_FLOPS

expect_error 2 --fpe "'0'" -- --fpe 0
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
    flags=" $(grep -m 1 '^flags' /proc/cpuinfo | sed 's/^[^:]*://') "
    has_flag() { case $flags in *" $1 "*) return 0 ;; esac; return 1; }
    if ! has_flag avx2 || ! has_flag fma; then
        lacking=avx2
    elif ! has_flag avx512f; then
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

# An interrupted run: SIGINT during a long sweep. It must exit 130, keep the
# rows measured so far, whole, with a sidecar saying "interrupted", and
# leave no hidden temporary file.
dir=$tmp/interrupted
mkdir "$dir" || hard_error "mkdir $dir"
# Two threads at most, and the thread sweep 1, 2: oversubscribed teams under
# a parallel make check on a many-core host can outlast the 30 s allowed.
"$RFL_FLOPS" --threads 2 --fpe 1:65536 --min-time 0.02 --thread-sweep -o "$dir/int.csv" \
    >"$tmp/int.out" 2>"$tmp/int.err" &
pid=$!
waited=0
while [ -z "$(find "$dir" -name '.int.csv.*' 2>/dev/null)" ] && kill -0 $pid 2>/dev/null; do
    sleep 0.1
    waited=$((waited + 1))
    [ $waited -lt 600 ] || { kill -KILL $pid; fail "interrupt: the run did not start within 60 s"; }
done
sleep 1
kill -INT $pid 2>/dev/null || fail "interrupt: the run ended before SIGINT: $(tail -n 3 "$tmp/int.err")"
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
awk -F, 'NR == 1 { n = NF; next } NF != n { exit 1 }' "$dir/int.csv" ||
    fail "interrupt: a row of int.csv is incomplete: $(tail -n 2 "$dir/int.csv")"
[ -s "$dir/int.json" ] || fail "interrupt: no sidecar int.json"
grep -q '"status": *"interrupted"' "$dir/int.json" ||
    fail "interrupt: sidecar status is not \"interrupted\": $(grep '"status"' "$dir/int.json")"
hidden=$(find "$dir" -name '.*' ! -name . | tr '\n' ' ')
[ -z "$hidden" ] || fail "interrupt: temporary files left behind: $hidden"

exit 0
