# The real `rfl run --quick` with the embedded default config, as a user
# runs it: every built program, ceilings, charts and report. Its wall time
# is reported, never asserted: make check runs tests side by side on small,
# shared machines (bench/ and docs/PERFORMANCE.md hold the timings).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

cd "$tmp" || hard_error "cd $tmp"
start=$(date +%s)
"$RFL" run --quick >"$tmp/out" 2>"$tmp/err"
rc=$?
elapsed=$(( $(date +%s) - start ))
[ $rc -eq 0 ] || fail "rfl run --quick: exit $rc: $(tail -n 20 "$tmp/err")"
note "rfl run --quick took $elapsed s"

# It made results/<host>-<date-time>/ under the current directory.
set -- "$tmp"/results/*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]
[ $# -eq 1 ] && [ -d "$1" ] || fail "no results/<host>-<date-time> directory: $(ls -R "$tmp/results" 2>&1 | head)"
run=$1
# The CPU steps' share of the time, from run.json (a note, not a check).
cpu_s=$(awk -F'[:,]' '/"step":/ { step = $2 } /"elapsed_s":/ && step ~ /"(bandwidth|flops)"/ { s += $2; step = "" }
                      END { printf "%d", s + 0.5 }' "$run/run.json")
note "CPU steps: $cpu_s s"
for f in bandwidth.csv ceilings.csv roofline.json roofline.gp report.md report.html; do
    [ -s "$run/$f" ] || fail "rfl run --quick left no $f"
done
grep -q '^mode = quick$' "$run/run.conf" || fail "run.conf: not quick"
for level in L1 DRAM; do
    grep -q "^cpu,bandwidth,$level," "$run/ceilings.csv" || fail "no $level ceiling: $(cat "$run/ceilings.csv")"
done
if [ -x "$RFL_FLOPS" ]; then
    grep -q '^cpu,compute,' "$run/ceilings.csv" || fail "no compute ceiling"
fi
if gnuplot_path >/dev/null; then
    [ -s "$run/roofline.png" ] || fail "gnuplot is here, but there is no roofline.png"
fi
exit 0
