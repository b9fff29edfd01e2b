# rfl run carries each CPU program's thread balance (its sidecar's
# thread_balance verdict, cpu/balance.h) into run.json and the report: a
# thread made to run at a quarter of the others' rate (test-only
# RFL_TEST_SLOW_THREAD) is named in both, with a budget or without, and
# still after --resume.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
require_program "$RFL"
have_python3 || skip "python3 needed to read run.json"
[ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] || skip "one CPU: no second thread to slow"

# Only counted points (SIMD, unroll 8, FPE >= 64), short, and no budget:
# the verdict is carried with a budget or without (a budget once was the
# only way it reached run.json), and no budget cut can leave no point.
printf '%s\n' 'flops.standard_args = -v simd --fpe 64,256,1024 --unroll 8 -p fp64 --min-time 0.0005 --experiments 3 --smt-probe off' \
    >"$tmp/balance.conf"
run=$tmp/slow
RFL_TEST_SLOW_THREAD=1 OMP_NUM_THREADS=2 "$RFL" run --config "$tmp/balance.conf" -p flops -o "$run" >/dev/null 2>"$tmp/err" ||
    fail "rfl run with a slowed thread: exit $?: $(tail -n 3 "$tmp/err")"
v=$(json_eval "$run/run.json" '[s.get("thread_balance", "") for s in d["steps"] if s["step"] == "flops"][0]')
case $v in unbalanced:*"CPU 1"*) ;; *) fail "run.json: flops step's thread_balance does not name CPU 1: $v" ;; esac
grep -q '^Threads of flops: unbalanced: the thread on CPU 1 ' "$run/report.md" ||
    fail "report.md does not name the slow thread: $(grep -i 'threads of' "$run/report.md")"
# --resume keeps the finished step's verdict (from its marker) and writes the report again.
rm -f "$run/report.md"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "rfl run --resume: exit $?: $(tail -n 3 "$tmp/err")"
v=$(json_eval "$run/run.json" '[s.get("thread_balance", "") for s in d["steps"] if s["step"] == "flops"][0]')
case $v in unbalanced:*"CPU 1"*) ;; *) fail "run.json after --resume: flops step's thread_balance: $v" ;; esac
grep -q '^Threads of flops: unbalanced: the thread on CPU 1 ' "$run/report.md" ||
    fail "report.md after --resume does not name the slow thread"

# Within a budget too (a machine too busy to reach a counted point in it says so).
RFL_TEST_SLOW_THREAD=1 OMP_NUM_THREADS=2 "$RFL" run --budget 8 -p flops -o "$tmp/budget" >/dev/null 2>"$tmp/err" ||
    fail "rfl run --budget 8 with a slowed thread: exit $?: $(tail -n 3 "$tmp/err")"
v=$(json_eval "$tmp/budget/run.json" '[s.get("thread_balance", "") for s in d["steps"] if s["step"] == "flops"][0]')
case $v in
"not measured"*) note "no counted point within the budget on this machine: $v" ;;
unbalanced:*"CPU 1"*) ;;
*) fail "run.json (budget): flops step's thread_balance does not name CPU 1: $v" ;;
esac
exit 0
