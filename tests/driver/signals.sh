# rfl run and its processes: SIGTERM, SIGHUP and SIGQUIT (and a second
# signal) reach the program it runs, which stops; rfl waits for it and exits
# 130 with no temporary file left. SIGKILL to rfl: the program dies with it
# (PR_SET_PDEATHSIG). A second rfl run or --resume on a directory in use is
# refused with one line naming the directory and the PID, and the first
# goes on. A program that cannot run (127) or is killed (137) makes rfl exit
# 1, not its raw status. A signal during the plot step stops gnuplot, and a
# gnuplot that ignores it is killed after the grace period.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
export GNUPLOT=/nonexistent/gnuplot # no charts unless a case asks for them

# Some 400 short points, one thread: mid-run for many seconds.
slow=$tmp/slow.conf
printf 'programs = bandwidth\nmode = quick\nbandwidth.quick_args = --quick --threads 1 --wss 16K:64M --growth 1.02 --min-time 0.005 -k sum -p fp64\n' >"$slow"
tiny=$tmp/tiny.conf
printf 'programs = bandwidth\nmode = quick\nbandwidth.quick_args = --quick --wss 16K:1M --min-time 0.0002 --experiments 2 -k sum -p fp64\n' >"$tiny"

# children_of PID: the PIDs whose parent is PID.
children_of()
{
    cat /proc/[0-9]*/stat 2>/dev/null |
        awk -v p="$1" '{ pid = $1; s = $0; sub(/.*\) /, "", s); split(s, f, " "); if (f[2] == p) print pid }'
}
# start_run DIR ARGS...: rfl run ARGS --output DIR in the background
# ($run_pid), then waits until its program has opened its CSV in
# DIR/.partial/bandwidth; $child is the program's PID.
start_run()
{
    _dir=$1
    shift
    "$RFL" run "$@" >/dev/null 2>"$tmp/run.err" &
    run_pid=$!
    wait_for_file $run_pid "$_dir/.partial/bandwidth" '.bandwidth.csv.*' "rfl run" "$tmp/run.err"
    child=$(children_of $run_pid | head -n 1)
    [ -n "$child" ] || fail "no child process of rfl run"
}
# finish_run WHAT: waits for rfl run (60 s at most); its exit status in $rc.
finish_run()
{
    wait_gone $run_pid "$1: rfl run" 60
    wait $run_pid
    rc=$?
}
no_temp()
{
    _left=$(find "$1" -name '.*.??????' | tr '\n' ' ')
    [ -z "$_left" ] || fail "$2: temporary files left: $_left"
}

# 1. A signal (or two) to rfl run while its program measures: the program
#    stops, rfl waits for it, exit 130, nothing half-written.
case_no=0
for sigs in TERM HUP QUIT "TERM TERM" "INT QUIT"; do
    case_no=$((case_no + 1))
    run=$tmp/sig$case_no
    start_run "$run" --config "$slow" --output "$run"
    first=1
    for sig in $sigs; do
        [ $first = 1 ] || sleep 0.05
        kill -"$sig" $run_pid 2>/dev/null
        first=0
    done
    finish_run "$sigs"
    [ $rc -eq 130 ] || fail "$sigs: exit $rc, expected 130: $(tail -n 3 "$tmp/run.err")"
    alive "$child" && fail "$sigs: the program (pid $child) outlived rfl run"
    grep -q 'rfl run --resume' "$tmp/run.err" || fail "$sigs: no word on how to resume: $(tail -n 3 "$tmp/run.err")"
    [ ! -e "$run/bandwidth.csv" ] || fail "$sigs: an interrupted program's CSV reached the run directory"
    # Kept only as the rows the messages name (issue 27).
    if [ -e "$run/.partial/bandwidth" ]; then
        grep -qF "rows measured so far are in $run/.partial/bandwidth/bandwidth.csv" "$tmp/run.err" &&
            [ -s "$run/.partial/bandwidth/bandwidth.csv" ] ||
            fail "$sigs: the step's scratch folder is left, and no message names its rows: $(tail -n 3 "$tmp/run.err")"
    fi
    no_temp "$run" "$sigs"
done

# 2. SIGKILL to rfl run: its program goes too (PR_SET_PDEATHSIG).
run=$tmp/kill
start_run "$run" --config "$slow" --output "$run"
kill -KILL $run_pid
wait $run_pid
wait_gone "$child" "SIGKILL to rfl run: the program" 20

# 3. The lock: a second rfl run or --resume on a directory in use is refused
#    with one line naming it and the holder; the first goes on, and finishes.
run=$tmp/locked
start_run "$run" --config "$slow" --output "$run"
tmpfile=$(find "$run/.partial/bandwidth" -name '.bandwidth.csv.*')
for how in "--resume $run" "--config $tiny --output $run"; do
    "$RFL" run $how >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 1 ] || fail "rfl run $how on a directory in use: exit $rc, expected 1: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "rfl run $how on a directory in use: not one line: $(cat "$tmp/err")"
    grep -q "$run: in use by another rfl run (pid $run_pid)" "$tmp/err" || fail "rfl run $how: $(cat "$tmp/err")"
done
alive $run_pid && alive "$child" || fail "the first rfl run did not go on"
[ -e "$tmpfile" ] || fail "the second rfl run removed the first one's partial file"
kill -TERM $run_pid
finish_run "the locked run"
[ $rc -eq 130 ] || fail "the locked run: exit $rc, expected 130"
[ -e "$run/.rfl.lock" ] || fail "the lock file was removed"
sed -i 's/^bandwidth.quick_args = .*/bandwidth.quick_args = --quick --wss 16K:64K --min-time 0.0002 --experiments 2 -k sum -p fp64/' "$run/run.conf"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "resume after the lock's holder ended: exit $?: $(tail -n 3 "$tmp/err")"

# 4. Exit statuses: a program that cannot run (127) or is killed (137) is a
#    failed step, exit 1; its own 3 (verification) stays 3.
fake=$tmp/fake
mkdir "$fake" || hard_error "mkdir $fake"
for kind in 127 137 3; do
    case $kind in
    127) printf '#!/nonexistent/interpreter\n' ;;
    137) printf '#!/bin/sh\nkill -KILL $$\n' ;;
    3) printf '#!/bin/sh\nexit 3\n' ;;
    esac >"$fake/rfl_bandwidth"
    chmod +x "$fake/rfl_bandwidth"
    RFL_PROGRAM_DIR=$fake "$RFL" run --config "$tiny" --output "$tmp/st$kind" >/dev/null 2>"$tmp/err"
    rc=$?
    want=1
    [ $kind = 3 ] && want=3
    [ $rc -eq $want ] || fail "a program ending with $kind: rfl run exit $rc, expected $want: $(cat "$tmp/err")"
    case $kind in
    127) text='rfl_bandwidth exited with status 127' ;;
    137) text='rfl_bandwidth was killed by signal 9' ;;
    3) text='rfl_bandwidth exited with status 3' ;;
    esac
    grep -q "$text" "$tmp/err" || fail "a program ending with $kind: no '$text': $(cat "$tmp/err")"
done

# 5. A signal during the plot step: gnuplot gets it and rfl exits 130; a
#    gnuplot that ignores it is killed after the grace period (5 s).
for kind in stops ignores; do
    case $kind in
    stops) printf '#!/bin/sh\nexec sleep 300\n' ;;
    ignores) printf '#!/bin/sh\ntrap "" TERM INT HUP QUIT\nexec sleep 300\n' ;;
    esac >"$tmp/gnuplot-$kind"
    chmod +x "$tmp/gnuplot-$kind"
    run=$tmp/plot-$kind
    GNUPLOT=$tmp/gnuplot-$kind "$RFL" run --config "$tiny" --output "$run" >/dev/null 2>"$tmp/run.err" &
    run_pid=$!
    n=0
    gp=
    while [ -z "$gp" ]; do
        for c in $(children_of $run_pid); do
            grep -q sleep "/proc/$c/cmdline" 2>/dev/null && gp=$c
        done
        kill -0 $run_pid 2>/dev/null || fail "plot ($kind): rfl run ended before gnuplot started: $(tail -n 3 "$tmp/run.err")"
        sleep 0.05
        n=$((n + 1))
        [ $n -lt 1200 ] || { kill -KILL $run_pid; fail "plot ($kind): gnuplot did not start within 60 s"; }
    done
    kill -TERM $run_pid
    finish_run "plot ($kind)"
    [ $rc -eq 130 ] || fail "plot ($kind): exit $rc, expected 130: $(tail -n 3 "$tmp/run.err")"
    wait_gone "$gp" "plot ($kind): gnuplot" 20
done

# 6. Under mpiexec (rfl run --ranks 2): rfl passes the signal to mpiexec,
#    which stops its ranks; SIGKILL to rfl takes mpiexec and the ranks too.
if [ -n "$MPIEXEC" ] && build_has_mpi; then
    printf 'mpiexec_args = --mca btl self,vader --mca btl_vader_single_copy_mechanism none\n' >>"$slow"
    for how in TERM KILL; do
        run=$tmp/mpi-$how
        start_run "$run" --config "$slow" --ranks 2 --output "$run"
        ranks=$(children_of "$child")
        [ -n "$ranks" ] || fail "mpi ($how): no ranks under $child"
        kill -$how $run_pid
        if [ $how = TERM ]; then
            finish_run "mpi (TERM)"
            [ $rc -eq 130 ] || fail "mpi (TERM): exit $rc, expected 130: $(tail -n 3 "$tmp/run.err")"
        else
            wait $run_pid
        fi
        for p in $child $ranks; do
            wait_gone "$p" "mpi ($how): mpiexec or a rank" 20
        done
    done
else
    note "no MPI: rfl run --ranks 2 is not tried"
fi
exit 0
