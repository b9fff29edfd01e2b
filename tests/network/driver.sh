# rfl run and the network step: skipped, with its reason, on one rank;
# under --ranks 4 with the test-only host names RFL_TEST_HOSTS=a,a,b,b it
# runs under mpiexec and the run's ceilings hold the two network roofs.
# Skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$top_builddir/rfl_network"
require_mpi
export GNUPLOT=/nonexistent/gnuplot
conf=$tmp/net.conf
# Sizes to 1M and 5 samples: four ranks on a loaded two-CPU machine (CI's
# sanitizer stage) lose whole time slices, and with sizes to 64K and 2
# samples one fit in 20 came out with no positive slope (no roof); beside
# two CPU hogs these settings fitted 20 of 20.
cat >"$conf" <<'CONF'
programs = network
mode = quick
network.quick_args = --sizes 8:1M --growth 8 --min-time 0.0001 --experiments 5
mpiexec_args = --mca btl self,vader --mca btl_vader_single_copy_mechanism none
CONF

# One rank: the step is skipped and says why (and, as no program ran, the run fails).
"$RFL" run --config "$conf" --output "$tmp/one" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "1 rank: exit $rc, expected 1 (nothing ran): $(cat "$tmp/err")"
grep -q "network: skipped (needs 2 or more MPI ranks: rfl run --ranks N)" "$tmp/err" || fail "1 rank: $(cat "$tmp/err")"
[ ! -e "$tmp/one/network.csv" ] || fail "1 rank: network.csv written"
if have_python3; then
    [ "$(json_eval "$tmp/one/run.json" '[(s["status"], s["reason"]) for s in d["steps"] if s["step"] == "network"]')" = \
        "[('skipped', 'needs 2 or more MPI ranks (rfl run --ranks N)')]" ] || fail "1 rank: run.json steps"
fi
# The dry run: under mpiexec with --ranks, alone without. (More ranks than
# a small machine's cores: --oversubscribe, passed on to Open MPI.)
"$RFL" run --config "$conf" --ranks 3 --oversubscribe --dry-run >"$tmp/out" 2>"$tmp/err" || fail "dry run: $(cat "$tmp/err")"
grep -Eq -- "-n 3 .*--oversubscribe .*rfl_network --sizes 8:1M .* -o network.csv" "$tmp/out" || fail "dry run: $(cat "$tmp/out")"

# Four ranks on two test-only hosts (one machine).
run=$tmp/four
RFL_TEST_HOSTS=a,a,b,b "$RFL" run --config "$conf" --ranks 4 --oversubscribe --output "$run" >/dev/null 2>"$tmp/err" ||
    fail "rfl run --ranks 4: exit $?: $(tail -n 20 "$tmp/err")"
check_verified "$run/network.csv"
[ "$(awk -F, 'NR > 1 { print $1 "-" $2 ":" $5 }' "$run/network.csv" | sort -u | tr '\n' ' ')" = "0-1:same_node 0-2:other_node 0-3:other_node " ] ||
    fail "--ranks 4: pairs $(cut -d, -f1-5 "$run/network.csv")"
[ "$(csv_count "$run/ceilings.csv" '$col["device"] == "network" && $col["kind"] == "bandwidth" && $col["ranks"] == 4 && $col["value"] > 0')" -eq 2 ] &&
    [ "$(csv_count "$run/ceilings.csv" '$col["name"] == "same node" || $col["name"] == "other node"')" -eq 2 ] ||
    fail "--ranks 4: the network roofs: $(cat "$run/ceilings.csv")"
[ -s "$run/report.md" ] || fail "--ranks 4: no report"
exit 0
