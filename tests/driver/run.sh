# rfl run end to end on a tiny config: every step's files, markers and
# run.json; --resume keeps finished steps and redoes the rest; Ctrl-C
# (SIGINT) leaves no half-written file and exit 130; programs that are not
# built are skipped; --app points reach the report.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
tiny=$top_srcdir/tests/data/driver/tiny.conf
export GNUPLOT=/nonexistent/gnuplot # charts are driver/png.sh's business: keep this fast

# 1. A whole run.
run=$tmp/run1
"$RFL" run --config "$tiny" --output "$run" --app "$golden/applications.csv" >"$tmp/out" 2>"$tmp/err" ||
    fail "rfl run: exit $?: $(tail -n 20 "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "rfl run wrote to stdout: $(head -n 3 "$tmp/out")"
for f in run.conf run.json bandwidth.csv bandwidth.json ceilings.csv roofline.json roofline.gp bandwidth.gp \
    report.md report.html applications.csv .steps/bandwidth.done .steps/ceilings.done .steps/plot.done \
    .steps/report.done; do
    [ -s "$run/$f" ] || fail "rfl run left no $f"
done
grep -q '^rfl: \[1/5\] bandwidth[ :]' "$tmp/err" ||
    fail "no progress line for bandwidth on stderr: $(head -n 5 "$tmp/err")"
if [ -x "$RFL_FLOPS" ]; then
    [ -s "$run/flops.csv" ] || fail "rfl_flops is built but the run has no flops.csv"
    grep -q '^cpu,compute,fp64' "$run/ceilings.csv" || fail "no fp64 compute ceiling"
else
    grep -q 'flops: skipped (rfl_flops is not built)' "$tmp/err" || fail "no message for the missing rfl_flops"
fi
grep -q '^cpu,bandwidth,L1,' "$run/ceilings.csv" || fail "no L1 ceiling: $(cat "$run/ceilings.csv")"
grep -q '^mode = quick$' "$run/run.conf" || fail "run.conf does not record the mode"
ls -a "$run" | grep -q '^\.partial$' && fail "the run left its .partial directory"
ls -a "$run" | grep -q '^\..*\.[A-Za-z0-9]\{6\}$' && fail "the run left a temporary file: $(ls -a "$run")"
grep -q 'stencil' "$run/report.md" || fail "the --app points are not in the report"
if have_python3; then
    json_valid "$run/run.json" || fail "run.json is not JSON"
    [ "$(json_eval "$run/run.json" '[s["status"] for s in d["steps"]][0]')" = done ] || fail "run.json: bandwidth not done"
    [ "$(json_eval "$run/run.json" 'd["steps"][0]["elapsed_s"] > 0')" = True ] || fail "run.json: no wall time"
fi

# 2. Resume a finished run: nothing is redone.
cp "$run/bandwidth.csv" "$tmp/bandwidth.before"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "resume of a finished run: exit $?: $(cat "$tmp/err")"
grep -q 'bandwidth: done earlier' "$tmp/err" || fail "resume redid bandwidth: $(cat "$tmp/err")"
grep -q 'ceilings: done earlier' "$tmp/err" || fail "resume redid ceilings: $(cat "$tmp/err")"
cmp -s "$tmp/bandwidth.before" "$run/bandwidth.csv" || fail "resume changed bandwidth.csv"

# 3. A step without a marker is redone, and the steps after it too.
rm "$run/.steps/bandwidth.done"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "resume: exit $?: $(cat "$tmp/err")"
grep -q 'bandwidth[ :].*rfl_bandwidth' "$tmp/err" || fail "resume did not rerun bandwidth: $(cat "$tmp/err")"
grep -q 'ceilings: done earlier' "$tmp/err" && fail "resume kept ceilings after new measurements"
[ -s "$run/.steps/bandwidth.done" ] || fail "no new bandwidth marker"

# 4. Ctrl-C in the middle of a program: exit 130, nothing half-written, and
#    the run resumes to completion.
run=$tmp/run2
printf 'programs = bandwidth\nmode = quick\nbandwidth.quick_args = --quick --wss 16K:64M --min-time 0.05 --experiments 5 -p fp64\n' \
    >"$tmp/slow.conf"
"$RFL" run --config "$tmp/slow.conf" --output "$run" >/dev/null 2>"$tmp/err" &
pid=$!
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    [ -d "$run/.partial/bandwidth" ] && break
    sleep 0.2
done
sleep 1
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "interrupted run: exit $rc, expected 130: $(tail -n 5 "$tmp/err")"
grep -q 'rfl run --resume' "$tmp/err" || fail "the interrupted run does not say how to resume"
[ ! -e "$run/bandwidth.csv" ] || fail "an interrupted program's CSV reached the run directory"
[ ! -e "$run/.steps/bandwidth.done" ] || fail "an interrupted step has a marker"
# The rows the program says it kept are where both it and rfl say (issue 27):
# a full path, in the step's scratch folder, not in the run's results.
said=$(sed -n 's/.*rows measured so far are in \([^,]*\).*/\1/p' "$tmp/err" | sort -u)
if [ -n "$said" ]; then
    [ "$(echo "$said" | wc -l)" -eq 1 ] || fail "the interrupted run names two places for its rows: $said"
    case $said in /*) ;; *) [ -e "$said" ] || fail "the rows are said to be in '$said', a path relative to nothing" ;; esac
    [ -s "$said" ] || fail "the interrupted run says its rows are in $said, but that file is not there: $(ls -R "$run")"
    case $said in */.partial/bandwidth/bandwidth.csv) ;; *) fail "rows said to be in $said" ;; esac
else
    [ ! -e "$run/.partial/bandwidth" ] || fail "the interrupted step's scratch folder is left, and no message names it"
fi
leftover=$(find "$run" -name '.*.??????' -type f)
[ -z "$leftover" ] || fail "temporary files left: $leftover"
# finish it quickly: the resumed run uses the run's own settings, so shrink them
sed -i 's/^bandwidth.quick_args = .*/bandwidth.quick_args = --quick --wss 16K:1M --min-time 0.0002 --experiments 2 -k sum -p fp64/' "$run/run.conf"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "resume after Ctrl-C: exit $?: $(tail -n 5 "$tmp/err")"
[ -s "$run/ceilings.csv" ] || fail "the resumed run has no ceilings.csv"
[ ! -e "$run/.partial" ] || fail "the resumed run left the interrupted step's scratch folder: $(ls -R "$run/.partial")"

# 5. Nothing built: every program skipped, exit 1, a clear message.
mkdir "$tmp/nobin"
RFL_PROGRAM_DIR=$tmp/nobin "$RFL" run --config "$tiny" --output "$tmp/run3" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "no programs: exit $rc, expected 1"
grep -q 'bandwidth: skipped (rfl_bandwidth is not built)' "$tmp/err" || fail "no skip message: $(cat "$tmp/err")"
grep -q 'no program ran' "$tmp/err" || fail "no 'no program ran' message: $(cat "$tmp/err")"

# 6. An existing run directory is not overwritten.
"$RFL" run --config "$tiny" --output "$tmp/run1" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "run into an existing run: exit $rc, expected 2"
grep -q 'already holds a run' "$tmp/err" || fail "$(cat "$tmp/err")"

# 7. What rfl run moves or writes into the run directory replaces only
#    regular files: a FIFO where bandwidth.csv goes fails the step (and is
#    left as it was); a run.json that cannot be written fails the run.
run=$tmp/run1
rm -f "$run/bandwidth.csv" "$run/.steps/bandwidth.done"
mkfifo "$run/bandwidth.csv" || hard_error "mkfifo"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err"
rc=$?
# (the later steps run and refuse to read the FIFO: exit 1 or 2)
[ $rc -eq 1 ] || [ $rc -eq 2 ] || fail "bandwidth.csv a FIFO: exit $rc, expected 1 or 2 ($(tail -n 3 "$tmp/err"))"
grep -q 'bandwidth.csv: not a regular file' "$tmp/err" || fail "bandwidth.csv a FIFO: no message: $(cat "$tmp/err")"
grep -q 'could not be moved into the run directory' "$tmp/err" || fail "bandwidth.csv a FIFO: no step failure: $(cat "$tmp/err")"
[ -p "$run/bandwidth.csv" ] || fail "bandwidth.csv a FIFO: the FIFO was replaced"
rm -f "$run/bandwidth.csv" "$run/run.json"
mkdir "$run/run.json" || hard_error "mkdir"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "run.json a directory: exit $rc, expected 1 ($(tail -n 3 "$tmp/err"))"
grep -q "record is incomplete" "$tmp/err" || fail "run.json a directory: no closing error: $(cat "$tmp/err")"
exit 0
