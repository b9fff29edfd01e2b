# rfl run --ranks 2: the CPU programs run under mpiexec and the ceilings
# carry 2 ranks in their provenance. Skipped without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
require_mpi
tiny=$top_srcdir/tests/data/driver/tiny.conf
export GNUPLOT=/nonexistent/gnuplot

"$RFL" run --ranks 2 --dry-run --config "$tiny" >"$tmp/out" 2>"$tmp/err" || fail "dry run: $(cat "$tmp/err")"
# each rank bound to its share of the cores (tests/driver/launcher.sh has the words)
grep -Eq -- "-n 2 --map-by [^ ]*PE=[0-9]+ --bind-to core .*rfl_bandwidth " "$tmp/out" || fail "dry run: $(cat "$tmp/out")"
if [ "$(id -u)" = 0 ]; then
    grep -q -- "--allow-run-as-root" "$tmp/out" || fail "as root, no --allow-run-as-root: $(cat "$tmp/out")"
fi

run=$tmp/run
"$RFL" run --ranks 2 --config "$tiny" --output "$run" >/dev/null 2>"$tmp/err" ||
    fail "rfl run --ranks 2: exit $?: $(tail -n 20 "$tmp/err")"
grep -q '^ranks = 2$' "$run/run.conf" || fail "run.conf does not record 2 ranks"
[ "$(csv_column "$run/bandwidth.csv" ranks | sort -u)" = 2 ] || fail "bandwidth.csv was not measured on 2 ranks"
# the job's ceilings carry 2 ranks; each rank's own (its rank set) beside them
[ "$(csv_count "$run/ceilings.csv" '$col["rank"] == "" && $col["ranks"] != 2')" -eq 0 ] &&
    [ "$(csv_count "$run/ceilings.csv" '$col["rank"] == ""')" -gt 0 ] || fail "ceilings do not carry 2 ranks"
[ "$(csv_count "$run/bandwidth.csv" '$col["rank"] != ""')" -eq "$((2 * $(csv_count "$run/bandwidth.csv" '$col["rank"] == ""')))" ] ||
    fail "bandwidth.csv: not one row per rank after each job's row"
ncpu=$(csv_count "$run/ceilings.csv" '$col["rank"] == "" && $col["device"] == "cpu"')
[ "$(csv_count "$run/ceilings.csv" '$col["rank"] != "" && $col["ranks"] == 1 && $col["value"] > 0')" -eq $((2 * ncpu)) ] ||
    fail "ceilings.csv: not 2 members per CPU ceiling: $(cat "$run/ceilings.csv")"
exit 0
