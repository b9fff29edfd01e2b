# rfl_bandwidth compares each thread's own busy time of its L1 points
# (cpu/balance.h): bandwidth.json's thread_balance names a thread that ran
# slower than the others, and a warning line says it at the end. A thread
# that takes four times its time (asleep: on its CPU about a quarter of its
# busy time) is made with the test-only RFL_TEST_SLOW_THREAD=K; a normal run
# flags nobody, or a cause it can show (tests/balance_lib.sh); the planted
# run's uneven points carry the sustained rate beside the synchronised one.
# Ratios are checked loosely, never times.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
. "$top_srcdir/tests/balance_lib.sh"

require_program "$RFL_BANDWIDTH"
unset RFL_TEST_SLOW_THREAD OMP_PROC_BIND OMP_PLACES
have_python3 || skip "no python3: thread_balance is not read"
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
[ "$cpus" -ge 2 ] || skip "one CPU: no two threads to compare"

tiny="--threads 2 -k sum,copy -p fp64 --wss 8K:256K --min-time 0.0005 --experiments 3"

# bal FILE EXPR: thread_balance's EXPR (python, on b = the object).
bal()
{
    json_eval "$1" "(lambda b: $2)(d['thread_balance'])"
}
# l1_rows CSV: the rows in L1 (the points counted).
l1_rows()
{
    csv_column "$1" hwloc_level | grep -c '^L1$'
}

# A normal run flags nobody, or a cause it can show (tests/balance_lib.sh);
# it also counts the L1 rows the planted run must cover.
balance_normal_run "$RFL_BANDWIDTH" $tiny
l1=$(l1_rows "$tmp/normal.csv")
[ "$(bal "$tmp/normal.json" "b['points']")" = "$l1" ] || fail "normal run: $(bal "$tmp/normal.json" b)"
note "here: $(bal "$tmp/normal.json" "b['verdict']")"
[ "$l1" -ge 2 ] || skip "fewer than two L1 rows here ($l1): no L1 level in hwloc's topology?"

# Thread 1 takes four times its time; its ratio is asked to be below the
# flag's own threshold only, as the other thread may be slowed too.
balance_slow_run "($l1, 'working sets in L1', ['rank0.t1'], True, True)" \
    "(b['points'], b['points_counted'], [t['thread'] for t in b['slow_threads']], b['slowest_over_median'] < b['threshold'], all(t['on_cpu_share'] < 0.7 for t in b['slow_threads']))" \
    "$RFL_BANDWIDTH" $tiny
check_verified "$tmp/slow.csv"
balance_sustained "$tmp/slow.csv" gbytes_per_s "r['hwloc_level'] == 'L1'"
cpu=$(bal "$tmp/slow.json" "b['slow_threads'][0]['cpu']")
[ "$(grep -c "the thread on CPU $cpu ran at 0\.[0-9]* x the others' rate (working sets in L1)" "$tmp/err")" -eq 1 ] ||
    fail "slow thread: no one warning line: $(cat "$tmp/err")"
exit 0
