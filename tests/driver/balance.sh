# rfl run carries each CPU program's thread balance (its sidecar's
# thread_balance verdict, cpu/balance.h) into run.json and the report: a
# thread made to run at half the others' rate (test-only
# RFL_TEST_SLOW_THREAD) is named in both; a run without it names none.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
require_program "$RFL"
have_python3 || skip "python3 needed to read run.json"
[ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] || skip "one CPU: no second thread to slow"

run=$tmp/slow
RFL_TEST_SLOW_THREAD=1 OMP_NUM_THREADS=2 "$RFL" run --budget 8 -p flops -o "$run" >/dev/null 2>"$tmp/err" ||
    fail "rfl run with a slowed thread: exit $?: $(tail -n 3 "$tmp/err")"
v=$(json_eval "$run/run.json" '[s.get("thread_balance", "") for s in d["steps"] if s["step"] == "flops"][0]')
# A machine too busy for the budget's sweep to reach a counted point (SIMD, FPE >= 64) says so.
case $v in "not measured"*) skip "no counted point within the budget on this machine: $v" ;; esac
case $v in unbalanced:*"CPU 1"*) ;; *) fail "run.json: flops step's thread_balance does not name CPU 1: $v" ;; esac
grep -q '^Threads of flops: unbalanced: the thread on CPU 1 ' "$run/report.md" ||
    fail "report.md does not name the slow thread: $(grep -i 'threads of' "$run/report.md")"
exit 0
