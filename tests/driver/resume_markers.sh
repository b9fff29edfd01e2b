# What a run directory keeps, the last findings of issue 28's item 6, each a
# case that failed before:
#  - a program stopped by a signal before its first row commits nothing: no
#    CSV of a header alone, and an earlier CSV and sidecar stay as they
#    were; rfl ceilings refuses such a file (an older rfl's) in one line,
#    exit 2;
#  - rfl run --resume measures again a step marked done whose CSV is
#    missing, empty, or does not read back (cut mid-row, cut mid-number,
#    no sidecar), with one line saying why;
#  - --resume measures again every step whose marker is not "done" (failed,
#    interrupted, skipped, no status) and a step the earlier run skipped
#    for a reason that no longer holds, saying so.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
export GNUPLOT=/nonexistent/gnuplot
tiny=$top_srcdir/tests/data/driver/tiny.conf
one=$tmp/one.conf
printf 'programs = bandwidth\nmode = quick\nbandwidth.quick_args = --quick --wss 16K:1M --min-time 0.0002 --experiments 2 -k sum -p fp64\n' >"$one"

# 1. A signal before the first row. One working set of samples of at least
#    3 s each: its first row comes long after the signal, sent as soon as
#    the CSV is open.
first_row_interrupted()
{
    _dir=$1
    "$RFL_BANDWIDTH" --quick --threads 1 --wss 16K:16K -k sum -p fp64 --min-time 3 --experiments 5 \
        -o "$_dir/bw.csv" >/dev/null 2>"$tmp/bw.err" &
    _pid=$!
    wait_for_file $_pid "$_dir" '.bw.csv.*' rfl_bandwidth "$tmp/bw.err"
    kill -TERM $_pid
    wait_gone $_pid "rfl_bandwidth after SIGTERM" 60
    wait $_pid
    rc=$?
}
for earlier in none kept; do
    dir=$tmp/first-$earlier
    mkdir "$dir" || hard_error "mkdir $dir"
    if [ $earlier = kept ]; then
        "$RFL_BANDWIDTH" --quick --threads 1 --wss 16K:64K -k sum -p fp64 --min-time 0.0002 --experiments 2 \
            -o "$dir/bw.csv" >/dev/null 2>"$tmp/err" || fail "the earlier run: exit $?: $(tail -n 3 "$tmp/err")"
        cp "$dir/bw.csv" "$tmp/bw.csv.before"
        cp "$dir/bw.json" "$tmp/bw.json.before"
    fi
    first_row_interrupted "$dir"
    [ $rc -eq 130 ] || fail "$earlier: exit $rc, expected 130: $(tail -n 3 "$tmp/bw.err")"
    grep -q "interrupted before $dir/bw.csv had a row: nothing written" "$tmp/bw.err" ||
        fail "$earlier: no line naming the file: $(cat "$tmp/bw.err")"
    grep -q 'rows measured so far' "$tmp/bw.err" && fail "$earlier: says rows were kept: $(cat "$tmp/bw.err")"
    left=$(find "$dir" -name '.*' ! -name . | tr '\n' ' ')
    [ -z "$left" ] || fail "$earlier: temporary files left: $left"
    if [ $earlier = none ]; then
        [ -z "$(ls -A "$dir")" ] || fail "none: files written: $(ls -A "$dir"); $(head -n 2 "$dir/bw.csv")"
    else
        cmp -s "$dir/bw.csv" "$tmp/bw.csv.before" || fail "kept: the earlier CSV was replaced: $(head -n 3 "$dir/bw.csv")"
        cmp -s "$dir/bw.json" "$tmp/bw.json.before" || fail "kept: the earlier sidecar was replaced"
    fi
done
# An older rfl's CSV of a header alone: refused in one line naming it, exit 2.
dir=$tmp/header-only
mkdir "$dir" || hard_error "mkdir $dir"
cp "$tmp/bw.json.before" "$dir/bandwidth.json"
head -n 1 "$tmp/bw.csv.before" >"$dir/bandwidth.csv"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "rfl ceilings of a header alone: exit $rc, expected 2: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "rfl ceilings of a header alone: not one line: $(cat "$tmp/err")"
grep -q "$dir/bandwidth.csv:2: no data rows after the header" "$tmp/err" ||
    fail "rfl ceilings of a header alone: $(cat "$tmp/err")"

# resume_again RUN STEP WHY WHAT: rfl run --resume RUN exits 0, says in one
# line why STEP runs again (WHY, a grep pattern) and runs its program;
# its CSV then reads back (rfl ceilings of the run).
resume_again()
{
    "$RFL" run --resume "$1" >/dev/null 2>"$tmp/err" || fail "$4: --resume: exit $?: $(tail -n 5 "$tmp/err")"
    [ "$(grep -c "\] $2: .*measured \(again\|now\)\$" "$tmp/err")" -eq 1 ] ||
        fail "$4: no one line saying why $2 runs again: $(cat "$tmp/err")"
    grep -q "\] $2: $3: measured \(again\|now\)\$" "$tmp/err" || fail "$4: $(grep "\] $2:" "$tmp/err")"
    grep -q "\] $2: done in " "$tmp/err" || fail "$4: $2 was not measured again: $(cat "$tmp/err")"
    grep -q "\] $2: done earlier.*kept" "$tmp/err" && fail "$4: $2 kept: $(cat "$tmp/err")"
    "$RFL" ceilings "$1" >/dev/null 2>"$tmp/ceil.err" || fail "$4: rfl ceilings after --resume: $(cat "$tmp/ceil.err")"
}

# 2. A step marked done whose CSV is gone, empty or does not read back.
run=$tmp/run
"$RFL" run --config "$one" --output "$run" >/dev/null 2>"$tmp/err" || fail "rfl run: exit $?: $(tail -n 5 "$tmp/err")"
csv=$run/bandwidth.csv
for how in mid-row mid-number empty gone no-sidecar; do
    case $how in
    mid-row) # the last row cut after a few of its fields, as a full disk or a copy stopped leaves it
        head -n -1 "$csv" >"$tmp/cut"
        tail -n 1 "$csv" | cut -d, -f1-3 >>"$tmp/cut"
        cat "$tmp/cut" >"$csv"
        why="done earlier, but $csv:[0-9]*: 3 fields, but the header has [0-9]*"
        ;;
    mid-number) # every field there, the last one's digits cut short: no line break at the end
        head -c -3 "$csv" >"$tmp/cut"
        cat "$tmp/cut" >"$csv"
        why="done earlier, but $csv: truncated (no line break at its end)"
        ;;
    empty)
        : >"$csv"
        why="done earlier, but $csv:1: empty file (expected a CSV header)"
        ;;
    gone)
        rm "$csv"
        why="done earlier, but no bandwidth.csv in $run"
        ;;
    no-sidecar)
        rm "$run/bandwidth.json"
        why="done earlier, but $csv: no sidecar $run/bandwidth.json"
        ;;
    esac
    resume_again "$run" bandwidth "$why" "$how"
    [ -s "$run/.steps/bandwidth.done" ] || fail "$how: no new marker"
done

# 3. A marker that says other than done: the step is measured again.
for status in failed interrupted skipped none; do
    marker=$run/.steps/bandwidth.done
    if [ $status = none ]; then
        sed '/"status"/d' "$marker" >"$tmp/marker"
        why="its marker ($marker) has no status"
    else
        sed "s/\"status\": *\"done\"/\"status\": \"$status\", \"reason\": \"by hand\"/" "$marker" >"$tmp/marker"
        why="its marker says $status (by hand)"
    fi
    cat "$tmp/marker" >"$marker"
    cp "$csv" "$tmp/csv.before"
    resume_again "$run" bandwidth "$why" "a marker of $status"
    cmp -s "$csv" "$tmp/csv.before" && fail "a marker of $status: bandwidth.csv is the earlier one"
done
# The same for an in-process step: a ceilings marker that says failed.
sed 's/"status": *"done"/"status": "failed"/' "$run/.steps/ceilings.done" >"$tmp/marker"
cat "$tmp/marker" >"$run/.steps/ceilings.done"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "a ceilings marker of failed: exit $?: $(tail -n 5 "$tmp/err")"
grep -q '\] ceilings: its marker says failed: made again$' "$tmp/err" ||
    fail "a ceilings marker of failed: kept: $(cat "$tmp/err")"

# 4. A step the earlier run skipped (its program was not built): measured
#    now that it is, with a line that says it was skipped.
if [ -x "$RFL_FLOPS" ]; then
    bin=$tmp/bin
    mkdir "$bin" || hard_error "mkdir $bin"
    ln -s "$RFL_BANDWIDTH" "$bin/rfl_bandwidth" || hard_error "ln"
    run=$tmp/skipped
    RFL_PROGRAM_DIR=$bin "$RFL" run --config "$tiny" --output "$run" >/dev/null 2>"$tmp/err" ||
        fail "rfl run without rfl_flops: exit $?: $(tail -n 5 "$tmp/err")"
    grep -q 'flops: skipped (rfl_flops is not built)' "$tmp/err" || fail "flops not skipped: $(cat "$tmp/err")"
    resume_again "$run" flops "skipped earlier (rfl_flops is not built)" "skipped earlier"
    grep -q '\] bandwidth: done earlier.*kept' "$tmp/err" || fail "skipped earlier: bandwidth not kept: $(cat "$tmp/err")"
    # And one that failed earlier: run.json says so, and there is no marker.
    if have_python3; then
        rm "$run/.steps/flops.done"
        python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for s in d["steps"]:
    if s["step"] == "flops":
        s["status"], s["reason"] = "failed", "rfl_flops exited with status 3"
json.dump(d, open(sys.argv[1], "w"), indent=2)
' "$run/run.json" || hard_error "python3: run.json"
        resume_again "$run" flops 'failed earlier (rfl_flops exited with status 3)' "failed earlier"
    fi
else
    note "rfl_flops is not built: a step skipped earlier is not tried"
fi
exit 0
