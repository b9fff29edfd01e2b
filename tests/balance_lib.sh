# The two runs of tests/{bandwidth,flops}/balance.sh, sourced after
# tests/lib.sh.
#
# The planted run: thread 1 takes four times its time. make -j2 check runs
# two rfl programs at once, and both pin their first threads to the first
# CPUs: another program's thread on thread 0's CPU slows it by two, as much
# as a plant of two did (distcheck read 0.87 for a planted 0.5). Hence four,
# and three tries; a plant that is never seen still fails.

# balance_slow_run WANT EXPR CMD...: runs RFL_TEST_SLOW_THREAD=1 CMD -o
# $tmp/slow.csv up to three times, until thread_balance's EXPR (python, on
# b) prints WANT; fails after three. Leaves the last run's stderr in $tmp/err.
balance_slow_run()
{
    _want=$1
    _expr=$2
    shift 2
    for _try in 1 2 3; do
        expect_exit 0 "slow thread" env RFL_TEST_SLOW_THREAD=1 "$@" -o "$tmp/slow.csv"
        _got=$(json_eval "$tmp/slow.json" "(lambda b: $_expr)(d['thread_balance'])")
        [ "$_got" = "$_want" ] && return 0
        note "slow thread, try $_try: $_got, not $_want: $(json_eval "$tmp/slow.json" "d['thread_balance']['verdict']")"
    done
    fail "slow thread: not seen in three tries: $(json_eval "$tmp/slow.json" "d['thread_balance']")"
}

# The normal run: a normal run flags nobody on a quiet machine, but a test
# machine is seldom quiet (make -j2 check runs two tests on two CPUs; CI
# read 0.76, 0.74, 0.62 for three normal runs, a different thread twice):
# there a flag is the tool right. What this can catch is a flag the tool
# makes up, a bias in how one thread's busy time is taken (the master reads
# the clock), which names one thread index wherever it runs. So:
# - an unflagged run passes (and warns nothing);
# - a slow thread that was off its CPU (on_cpu_share below the tool's 0.9)
#   had a cause the tool saw: tried again, and three such tries pass;
# - a thread flagged on its CPU in all three tries is run once more with
#   the threads' CPUs reversed (OMP_PLACES): a flag that stays with the CPU
#   is the machine's (a slower CPU, a busy hardware sibling) and passes with
#   a note; a flag that follows the thread fails.

# The slow threads of a flagged run (python, on b): a run is flagged, and
# warns, only where the median point's slowest thread is below the
# threshold too; slow_threads alone (slow at half the points or more) can
# name a thread in a run that is balanced at most points, and warns nothing.
_balance_flagged_slow="(b['slow_threads'] if b['slowest_over_median'] is not None and b['slowest_over_median'] < b['threshold'] else [])"

# balance_normal_run CMD...: CMD -o FILE is a normal run's command; leaves
# its last sidecar in $tmp/normal.json and its stderr in $tmp/err.
balance_normal_run()
{
    _on_cpu_all=
    for _try in 1 2 3; do
        expect_exit 0 "normal run" "$@" -o "$tmp/normal.csv"
        # "ok", or the slow threads of a flagged run as rank0.t1@on / rank0.t1@off
        _slow=$(json_eval "$tmp/normal.json" "(lambda b: ' '.join(t['thread'] + ('@off' if t['on_cpu_share'] is not None
            and t['on_cpu_share'] < 0.9 else '@on') for t in $_balance_flagged_slow) or 'ok')(d['thread_balance'])")
        if [ "$_slow" = ok ]; then
            ! grep -q "the others' rate" "$tmp/err" || fail "normal run: warned, but flagged nobody: $(cat "$tmp/err")"
            return 0
        fi
        grep -q "the others' rate" "$tmp/err" || fail "normal run: flagged $_slow, but no warning line: $(cat "$tmp/err")"
        note "try $_try flagged $_slow: $(json_eval "$tmp/normal.json" "d['thread_balance']['verdict']")"
        # the threads flagged on their CPU in every try so far
        _on=$(printf '%s\n' $_slow | sed -n 's/@on$//p' | sort)
        if [ "$_try" = 1 ]; then
            _on_cpu_all=$_on
        else
            printf '%s\n' "$_on" >"$tmp/on_cpu"
            _on_cpu_all=$(printf '%s\n' "$_on_cpu_all" | grep -Fx -f "$tmp/on_cpu" || true)
        fi
    done
    [ -n "$_on_cpu_all" ] || { note "every try flagged, but no thread on its CPU in all three (the tool saw it off its CPU, or another was flagged): a busy machine"; return 0; }
    # Reverse the CPUs the threads ran on; who is flagged now?
    _places=$(json_eval "$tmp/normal.json" "','.join('{%s}' % t['cpu'] for t in reversed(d['thread_balance']['threads']))")
    case $_places in *'?'*) note "the threads' CPUs are unknown: the swap did not run"; return 0 ;; esac
    expect_exit 0 "normal run, CPUs reversed" env OMP_PROC_BIND=true OMP_PLACES="$_places" "$@" -o "$tmp/swap.csv"
    _swap=$(json_eval "$tmp/swap.json" "(lambda b: ' '.join(t['thread'] + '@' + t['cpu'] for t in $_balance_flagged_slow if t['on_cpu_share'] is None or t['on_cpu_share'] >= 0.9))(d['thread_balance'])")
    for _t in $_on_cpu_all; do
        case " $_swap " in *" $_t@"*)
            fail "normal run: $_t was flagged on its CPU in three tries and again on another CPU ($_swap): the tool's busy times favour a thread" ;;
        esac
    done
    note "flagged on their CPU three times: $_on_cpu_all; with the CPUs reversed ($_places): ${_swap:-nobody}; the cause is the machine's"
}

# balance_sustained CSV RATE FILTER: the planted run (balance_slow_run) slows
# every synchronised sample, not the sustained window that follows an
# uneven point (cpu/team.h): of its job rows where FILTER (python, on r, a
# row) holds, most carry RATE_sustained, and that is well above RATE (the
# synchronised best) at the median row. A ratio, never a rate.
balance_sustained()
{
    _problem=$(python3 - "$1" "$2" "$3" <<'PY'
import csv, sys
path, rate, keep = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [r for r in csv.DictReader(open(path)) if not r.get('rank') and eval(keep)]
have = [r for r in rows if r.get(rate + '_sustained')]
if not rows:
    print('no rows to check')
elif 2 * len(have) < len(rows):
    print('%d of %d rows have %s_sustained' % (len(have), len(rows), rate))
else:
    ratio = sorted(float(r[rate + '_sustained']) / float(r[rate]) for r in have)[len(have) // 2]
    median_ok = all(float(r[rate + '_sustained_median']) <= float(r[rate + '_sustained']) for r in have)
    if ratio < 1.5 or not median_ok:
        print('sustained over synchronised: median %.2f (at least 1.5 expected); median part <= best: %s' % (ratio, median_ok))
PY
)
    [ -z "$_problem" ] || fail "sustained rates of the planted run: $_problem"
}
