# rfl_flops compares each thread's own busy time of its compute-bound points
# (cpu/balance.h): flops.json's thread_balance says whether a thread ran
# slower than the others, and which, and a warning line says it at the end.
# A thread that takes four times its time is made with the test-only
# RFL_TEST_SLOW_THREAD=K (thread K sleeps out the rest, so it is on its CPU
# about a quarter of its busy time, and the verdict says so); a normal run
# flags nobody, or a cause it can show (tests/balance_lib.sh). Ratios are checked
# loosely, never times.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
. "$top_srcdir/tests/balance_lib.sh"

require_program "$RFL_FLOPS"
unset RFL_TEST_SLOW_THREAD OMP_PROC_BIND OMP_PLACES
have_python3 || skip "no python3: thread_balance is not read"

# compute-bound points only: simd, unroll >= 8, FPE >= 64, one L1 working set
tiny="-v simd --fpe 64,128,256,512,1024 --unroll 8,16 -p fp64 --min-time 0.0005 --experiments 3 --smt-probe off"

# bal FILE EXPR: thread_balance's EXPR (python, on b = the object).
bal()
{
    json_eval "$1" "(lambda b: $2)(d['thread_balance'])"
}

# One thread: nothing to compare.
expect_exit 0 "one thread" "$RFL_FLOPS" $tiny --threads 1 -o "$tmp/one.csv"
[ "$(bal "$tmp/one.json" "(b['points'], b['slowest_over_median'], b['slow_threads'])")" = "(0, None, [])" ] ||
    fail "one thread: $(bal "$tmp/one.json" b)"
bal "$tmp/one.json" "b['verdict']" | grep -q "^not measured" || fail "one thread: verdict $(bal "$tmp/one.json" b)"
! grep -q "ran at .* the others' rate" "$tmp/err" || fail "one thread: warned: $(cat "$tmp/err")"

cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
[ "$cpus" -ge 2 ] || skip "one CPU: no two threads to compare"

# Thread 1 takes four times its time: named with its CPU, flagged, warned
# about; its ratio is asked to be below the flag's own threshold only, as
# the other thread may be slowed too (tests/balance_lib.sh).
balance_slow_run "(10, ['rank0.t1'], True, True)" \
    "(b['points'], [t['thread'] for t in b['slow_threads']], b['slowest_over_median'] < b['threshold'], all(t['on_cpu_share'] < 0.7 for t in b['slow_threads']))" \
    "$RFL_FLOPS" $tiny --threads 2
check_verified "$tmp/slow.csv"
balance_sustained "$tmp/slow.csv" gflops_per_s "True"
cpu=$(bal "$tmp/slow.json" "b['slow_threads'][0]['cpu']")
bal "$tmp/slow.json" "b['verdict']" | grep -q "^unbalanced: the thread on CPU $cpu ran at 0\.[0-9]* x" ||
    fail "slow thread: verdict $(bal "$tmp/slow.json" "b['verdict']")"
[ "$(grep -c "the thread on CPU $cpu ran at 0\.[0-9]* x the others' rate" "$tmp/err")" -eq 1 ] ||
    fail "slow thread: no one warning line: $(cat "$tmp/err")"
# The CSV rows are still written and verified: the check is not the test.
[ "$(csv_rows "$tmp/slow.csv" | wc -l)" -eq 10 ] || fail "slow thread: $(csv_rows "$tmp/slow.csv" | wc -l) rows, expected 10"

# A normal run flags nobody, or a cause it can show (tests/balance_lib.sh).
balance_normal_run "$RFL_FLOPS" $tiny --threads 2
[ "$(bal "$tmp/normal.json" "b['points']")" = 10 ] || fail "normal run: $(bal "$tmp/normal.json" b)"
note "here: $(bal "$tmp/normal.json" "b['verdict']")"

# Points that are not compute-bound are not counted: ref, low FPE, unroll 1.
expect_exit 0 "not counted" env RFL_TEST_SLOW_THREAD=1 "$RFL_FLOPS" -v all --fpe 16,256 --unroll 1 -p fp64 \
    --min-time 0.0005 --experiments 2 --smt-probe off --threads 2 -o "$tmp/low.csv"
[ "$(bal "$tmp/low.json" "(b['points'], b['slow_threads'])")" = "(0, [])" ] || fail "not counted: $(bal "$tmp/low.json" b)"
! grep -q "the others' rate" "$tmp/err" || fail "not counted: warned: $(cat "$tmp/err")"

# Under MPI the threads of every rank are compared: rank 1's thread 0 (and
# only it: the environment of one rank of two) is named.
if [ -n "$MPIEXEC" ] && [ -x "$MPIEXEC" ] && build_has_mpi; then
    one="$tiny --threads 1 -o $tmp/mpi.csv"
    OMP_WAIT_POLICY=passive
    export OMP_WAIT_POLICY
    expect_exit 0 "mpi" run_mpi 1 "$RFL_FLOPS" $one : -n 1 env RFL_TEST_SLOW_THREAD=0 "$RFL_FLOPS" $one
    [ "$(bal "$tmp/mpi.json" "([t['thread'] for t in b['threads']], [t['thread'] for t in b['slow_threads']])")" = \
        "(['rank0.t0', 'rank1.t0'], ['rank1.t0'])" ] || fail "mpi: $(bal "$tmp/mpi.json" b)"
    [ "$(grep -c "the others' rate" "$tmp/err")" -eq 1 ] || fail "mpi: not one warning line: $(cat "$tmp/err")"
else
    note "no MPI: the case of two ranks did not run"
fi
exit 0
