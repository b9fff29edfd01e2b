# Smaller findings of issues 27 and 28, each a case that failed before:
#  - rfl run --resume spends what is left of the run's budget (run.json's
#    elapsed_s is taken from it), and the log says what is left;
#  - an unreadable DIR/run.conf (a dangling link, a loop) is an error naming
#    it on --resume and in rfl ceilings, plot and report, not "no run.conf"
#    or the embedded default;
#  - --config NAME whose NAME.conf is there but no regular file says what it is;
#  - --budget ' 5' and 0x10 (and the config's budget = 0x10) are refused, one
#    line naming the option or key and the value, as --ranks refuses them;
#  - --dry-run prints each command shell-quoted: pasted, a path with a blank
#    is one word and a $(...) in it is never run.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
export GNUPLOT=/nonexistent/gnuplot
work=$tmp/work
mkdir "$work" || hard_error "mkdir"

# 1. --resume: a budget of 20 s of which the earlier run took 15.
run=$tmp/resumed
mkdir -p "$run" || hard_error "mkdir"
printf 'programs = bandwidth\nmode = quick\nbudget = 20\n' >"$run/run.conf"
printf '{"elapsed_s": 15.0}\n' >"$run/run.json"
(cd "$work" && "$RFL" run --resume "$run" --dry-run) >"$tmp/dry" 2>"$tmp/err" ||
    fail "--resume --dry-run: exit $?: $(cat "$tmp/err")"
share=$(sed -n 's/.* --time-budget \([0-9.]*\) .*/\1/p' "$tmp/dry")
[ -n "$share" ] || fail "--resume --dry-run: no --time-budget: $(cat "$tmp/dry")"
awk -v s="$share" 'BEGIN { exit !(s > 0 && s <= 5) }' ||
    fail "--resume of a run that took 15 s of its 20: bandwidth gets $share s, not at most the 5 s left"
grep -q 'the earlier run took 15.0 s of it, 5.0 s left' "$tmp/err" ||
    fail "--resume does not say what is left of the budget: $(cat "$tmp/err")"

# 2. An unreadable run.conf is named, with why.
for kind in dangling loop; do
    d=$tmp/conf-$kind
    mkdir "$d" || hard_error "mkdir"
    case $kind in
    dangling) ln -s "$tmp/nothere.conf" "$d/run.conf" ;;
    loop) ln -s run.conf "$d/run.conf" ;;
    esac
    expect_exit 2 "run.conf $kind" "$RFL" run --resume "$d"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "run.conf $kind: not one line: $(cat "$tmp/err")"
    grep -qF "$d/run.conf: cannot read" "$tmp/err" || fail "run.conf $kind: $(cat "$tmp/err")"
    # rfl ceilings, plot and report of the directory say the same, not the embedded default
    for cmd in ceilings plot report; do
        expect_exit 2 "rfl $cmd, run.conf $kind" "$RFL" "$cmd" "$d"
        grep -qF "$d/run.conf: cannot read" "$tmp/err" || fail "rfl $cmd, run.conf $kind: $(cat "$tmp/err")"
    done
done

# 3. --config NAME that is there but no regular file.
cfg=$tmp/cfg
mkdir -p "$cfg/adir.conf" || hard_error "mkdir"
mkfifo "$cfg/afifo.conf" 2>/dev/null || note "no mkfifo: the FIFO case is left out"
for name in adir afifo; do
    [ -e "$cfg/$name.conf" ] || continue
    (cd "$work" && RFL_CONFIG_DIR=$cfg "$RFL" run --dry-run --config $name) >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "--config $name: exit $rc, expected 2: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--config $name: not one line: $(cat "$tmp/err")"
    grep -qF "$cfg/$name.conf is a" "$tmp/err" && ! grep -q "no such file" "$tmp/err" ||
        fail "--config $name: does not say what $name.conf is: $(cat "$tmp/err")"
done

# 4. Numbers: what --ranks refuses, --budget refuses too; the config the same.
for value in ' 5' 0x10 '5 ' inf 1e; do
    (cd "$work" && "$RFL" run --dry-run --budget "$value") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "--budget '$value': exit $rc, expected 2: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "--budget: invalid value '$value'" "$tmp/err" ||
        fail "--budget '$value': $(cat "$tmp/err")"
done
(cd "$work" && "$RFL" run --dry-run --ranks 0x10) >/dev/null 2>&1 && fail "--ranks 0x10 accepted"
(cd "$work" && "$RFL" run --dry-run -p bandwidth --budget 2.5e1) >"$tmp/out" 2>"$tmp/err" ||
    fail "--budget 2.5e1: exit $?: $(cat "$tmp/err")"
printf 'budget = 0x10\n' >"$tmp/hex.conf"
(cd "$work" && "$RFL" run --dry-run --config "$tmp/hex.conf") >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -qF "hex.conf:1:" "$tmp/err" && grep -qF "0x10" "$tmp/err" ||
    fail "budget = 0x10 in a config: $(cat "$tmp/err")"
[ -z "$(ls -A "$work")" ] || fail "a refused run left $(ls -A "$work")"

# 5. --dry-run's commands, pasted into a shell, run argv and nothing more.
bin="$tmp/a b/\$(touch PWNED)"
mkdir -p "$bin" || hard_error "mkdir"
ln -s "$RFL_BANDWIDTH" "$bin/rfl_bandwidth" || hard_error "ln"
(cd "$work" && RFL_PROGRAM_DIR=$bin "$RFL" run --dry-run -p bandwidth) >"$tmp/dry" 2>"$tmp/err" ||
    fail "--dry-run from '$bin': exit $?: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/dry")" -eq 1 ] || fail "--dry-run: not one command: $(cat "$tmp/dry")"
(cd "$work" && line=$(cat "$tmp/dry") && eval "set -- $line" && [ "$1" = "$bin/rfl_bandwidth" ]) ||
    fail "--dry-run: the command does not read back as its program's path: $(cat "$tmp/dry")"
[ ! -e "$work/PWNED" ] || fail "--dry-run: pasting its command ran the \$(...) in a path: $(cat "$tmp/dry")"
exit 0
