# The rfl command line: help and version on stdout with exit 0, usage
# errors as one line on stderr with exit 2, for rfl and every subcommand.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

expect_exit 0 "rfl --help" "$RFL" --help
grep -q '^Usage: rfl COMMAND' "$tmp/out" || fail "rfl --help: no usage line"
for cmd in run ceilings plot report; do
    grep -q "^  $cmd " "$tmp/out" || fail "rfl --help does not list '$cmd'"
done
[ ! -s "$tmp/err" ] || fail "rfl --help wrote to stderr"

expect_exit 0 "rfl --version" "$RFL" --version
grep -Eq '^rfl \(rfl\) [0-9]+\.[0-9]+' "$tmp/out" || fail "rfl --version: $(cat "$tmp/out")"

expect_exit 2 "rfl without a command" "$RFL"
grep -q 'Usage: rfl' "$tmp/err" || fail "rfl alone: no usage on stderr"
[ ! -s "$tmp/out" ] || fail "rfl alone wrote to stdout"

expect_exit 2 "unknown command" "$RFL" frobnicate
grep -q "unknown command 'frobnicate'" "$tmp/err" || fail "unknown command: $(cat "$tmp/err")"

for cmd in run ceilings plot report; do
    expect_exit 0 "rfl $cmd --help" "$RFL" $cmd --help
    grep -q "^Usage: rfl $cmd" "$tmp/out" || fail "rfl $cmd --help: no usage line"
    expect_exit 0 "rfl $cmd --version" "$RFL" $cmd --version
    expect_exit 2 "rfl $cmd --bogus" "$RFL" $cmd --bogus
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "rfl $cmd --bogus: more than one line on stderr"
    grep -q -- "--bogus" "$tmp/err" || fail "rfl $cmd --bogus: the message does not name the option"
done
"$RFL" run --help | grep -q -- '--resume=DIR' || fail "rfl run --help does not mention --resume"
"$RFL" plot --help | grep -q -- '--no-render' || fail "rfl plot --help does not mention --no-render"

for cmd in ceilings plot report; do
    expect_exit 2 "rfl $cmd without a directory" "$RFL" $cmd
    grep -q "which run directory" "$tmp/err" || fail "rfl $cmd: $(cat "$tmp/err")"
    expect_exit 2 "rfl $cmd on a missing directory" "$RFL" $cmd "$tmp/nothere"
    grep -q "is not a directory" "$tmp/err" || fail "rfl $cmd nothere: $(cat "$tmp/err")"
    expect_exit 2 "rfl $cmd with two directories" "$RFL" $cmd "$tmp" "$tmp"
    expect_exit 2 "rfl $cmd without a config value" "$RFL" $cmd "$tmp" --config
done

expect_exit 2 "run --quick --full" "$RFL" run --quick --full
grep -q "exclude each other" "$tmp/err" || fail "--quick --full: $(cat "$tmp/err")"
expect_exit 2 "run --ranks 0" "$RFL" run --ranks 0
grep -q "option --ranks: invalid value '0'" "$tmp/err" || fail "--ranks 0: $(cat "$tmp/err")"
expect_exit 2 "run --programs nope" "$RFL" run --programs nope
expect_exit 2 "run with an operand" "$RFL" run extra
expect_exit 2 "run --resume with --quick" "$RFL" run --resume "$tmp" --quick
grep -q "do not go with it" "$tmp/err" || fail "--resume --quick: $(cat "$tmp/err")"
expect_exit 2 "run --resume on a directory without a run" "$RFL" run --resume "$tmp"
grep -q "not a run directory" "$tmp/err" || fail "--resume: $(cat "$tmp/err")"

# --dry-run prints the commands, one a line, and touches nothing.
(cd "$tmp" && "$RFL" run --quick --programs bandwidth --dry-run) >"$tmp/out" 2>"$tmp/err" ||
    fail "run --dry-run: exit $?: $(cat "$tmp/err")"
grep -Eq '/rfl_bandwidth --quick --growth 1.41 --experiments 5 --min-time 0.004 --time-budget [0-9.]+ -o bandwidth.csv$' "$tmp/out" || fail "dry run: $(cat "$tmp/out")"
[ ! -e "$tmp/results" ] || fail "--dry-run made a results directory"

# Options may follow the directory.
mkdir "$tmp/empty"
expect_exit 2 "ceilings on an empty directory" "$RFL" ceilings "$tmp/empty" --config /dev/null
grep -q "no measurements" "$tmp/err" || fail "empty directory: $(cat "$tmp/err")"
exit 0
