# Signals: SIGINT, SIGTERM, SIGHUP and SIGQUIT each stop rfl_bandwidth
# cleanly mid-run (exit 130, the rows so far committed whole and verified,
# sidecar "interrupted", no temporary file); a second and third signal
# finish the same clean stop; a signal as soon as the handlers are set,
# before the output session opens, exits 130 and writes nothing.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"

# A sweep of some 400 short points, one thread: mid-run for many seconds.
long="--threads 1 --wss 16K:64M --growth 1.02 --min-time 0.005 -k sum -p fp64"

# nohup (SIGHUP ignored from the start) keeps SIGHUP ignored, by design.
sigs="INT TERM HUP QUIT"
want_mask=16391 # 0x4007: SIGHUP, SIGINT, SIGQUIT and SIGTERM caught
ignored=$(awk '/^SigIgn:/ { print substr($2, length($2) - 3) }' /proc/$$/status 2>/dev/null)
if [ -n "$ignored" ] && [ $((0x$ignored & 1)) -ne 0 ]; then
    note "SIGHUP is ignored here (nohup?): its cases are left out"
    sigs="INT TERM QUIT"
    want_mask=16390
fi

# 1. Each signal, mid-run.
for sig in $sigs; do
    check_signal "$sig" "$RFL_BANDWIDTH" $long
done

# 2. A second and a third signal 0.05 s apart: the same clean stop.
check_signal "TERM TERM INT" "$RFL_BANDWIDTH" $long
check_signal "QUIT INT" "$RFL_BANDWIDTH" $long

# 3. A signal as soon as the handlers are installed (the first thing main
#    does, before MPI and the options): exit 130, no temporary file, and in
#    all likelihood nothing written (the session had not opened); should it
#    have opened, its CSV and sidecar say "interrupted".
caught_mask()
{
    _m=$(awk '/^SigCgt:/ { print substr($2, length($2) - 3) }' /proc/$1/status 2>/dev/null)
    [ -n "$_m" ] && echo $((0x$_m & 16391)) || echo 0
}
for sig in TERM INT; do
    dir=$tmp/start-$sig
    mkdir "$dir" || hard_error "mkdir $dir"
    "$RFL_BANDWIDTH" $long -o "$dir/int.csv" >/dev/null 2>"$tmp/start.err" &
    pid=$!
    waited=0
    while [ "$(caught_mask $pid)" -ne $want_mask ]; do
        kill -0 $pid 2>/dev/null || fail "at start: ended before its handlers were set: $(tail -n 3 "$tmp/start.err")"
        sleep 0.01
        waited=$((waited + 1))
        [ $waited -lt 3000 ] || { kill -KILL $pid; fail "at start: SIGINT, SIGTERM, SIGHUP and SIGQUIT not all caught"; }
    done
    kill -"$sig" $pid
    wait_gone $pid "at start: after SIG$sig" 60
    wait $pid
    rc=$?
    [ $rc -eq 130 ] || fail "at start: SIG$sig: exit $rc, expected 130: $(tail -n 3 "$tmp/start.err")"
    left=$(find "$dir" -name '.*' ! -name . | tr '\n' ' ')
    [ -z "$left" ] || fail "at start: SIG$sig: temporary files left: $left"
    if [ -e "$dir/int.csv" ]; then
        grep -q '"status": *"interrupted"' "$dir/int.json" || fail "at start: SIG$sig: a CSV without an interrupted sidecar"
        note "at start: SIG$sig arrived after the session opened"
    else
        [ -z "$(ls -A "$dir")" ] || fail "at start: SIG$sig: files written: $(ls -A "$dir")"
        grep -q 'interrupted before' "$tmp/start.err" || fail "at start: SIG$sig: no message: $(cat "$tmp/start.err")"
    fi
done
exit 0
