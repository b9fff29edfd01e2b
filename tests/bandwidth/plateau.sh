# The memory plateau (issue 26, common/plateau.h): cache sizes are hints,
# the sweep finds where the last transition ends.
# 1. A malformed RFL_TEST_LLC_BYTES is one line and exit 2.
# 2. A default range whose end falls where the curve is not flat (the hint
#    shrunk by the test-only RFL_TEST_LLC_BYTES to put 8 x it just past the
#    L1, in the L1-to-L2 step) extends past its end, by sqrt(2), until its
#    tail plateau is confirmed or the memory limit stops it, never past that
#    limit, and the sidecar says which; an explicit --wss never extends.
# 3. The summary table's DRAM and rfl ceilings' DRAM ceiling of the same CSV
#    are one answer, confirmed or not alike.
# Shapes and contracts only: no wall time, no absolute rate.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH" "$RFL"
have_python3 || skip "python3 is not installed"
OMPI_MCA_ess_singleton_isolated=1
export OMPI_MCA_ess_singleton_isolated

# 1. The test setting's value.
EXPECT_PROGRAM=$RFL_BANDWIDTH
for v in abc 0 -4K 1X; do
    RFL_TEST_LLC_BYTES=$v
    export RFL_TEST_LLC_BYTES
    expect_error 2 RFL_TEST_LLC_BYTES "'$v'" -- -k sum -p fp64 --quick -o x.csv
done
unset RFL_TEST_LLC_BYTES

# 2. The extension. One or two threads: 8 x a hint of half an L1 puts the
#    default end at 2 to 4 x the job's L1, in or just past the step to L2.
threads=$(node_cores)
[ "$threads" -gt 2 ] && threads=2
"$RFL_BANDWIDTH" -k sum -p fp64 --quick --threads "$threads" --wss 64K:64K -o "$tmp/probe.csv" 2>"$tmp/err" ||
    fail "probe: exit $?: $(tail -n 3 "$tmp/err")"
l1=$(json_eval "$tmp/probe.json" '[c["size_bytes"] for c in d["topology"]["caches"] if c["level"] == 1][0] if d["topology"]["caches"] else 0')
[ "$l1" -gt 0 ] || skip "hwloc reports no L1 cache here"
hint=$((l1 / 2))
RFL_TEST_LLC_BYTES=$hint "$RFL_BANDWIDTH" -k sum -p fp64 --quick --threads "$threads" --mem-limit 256M \
    -o "$tmp/ext.csv" 2>"$tmp/ext.err" || fail "the extension: exit $?: $(tail -n 5 "$tmp/ext.err")"
check_verified "$tmp/ext.csv"
mp='d["sweep"]["memory_plateau"]'
[ "$(json_eval "$tmp/ext.json" "$mp[\"llc_hint_source\"]")" = RFL_TEST_LLC_BYTES ] ||
    fail "the hint's source: $(json_eval "$tmp/ext.json" "$mp")"
default_end=$(json_eval "$tmp/ext.json" "$mp[\"default_wss_max_bytes\"]")
limit=$(json_eval "$tmp/ext.json" "$mp[\"extension_max_bytes\"]")
[ "$default_end" -eq $((8 * hint)) ] || fail "default end $default_end, expected 8 x the hint ($hint)"
largest=$(csv_column "$tmp/ext.csv" wss_bytes | sort -n | tail -n 1)
# A curve with the L1-to-L2 step (any CPU's, unless instrumentation makes
# every point compute-bound, as AddressSanitizer does) is not flat at the
# default end, so it must go past it; a flat one may stop there, confirmed.
flat=$(csv_column "$tmp/ext.csv" gbytes_per_s | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print (hi <= 1.1 * lo) ? 1 : 0 }')
if [ "$flat" = 1 ] && [ "$largest" -le "$default_end" ]; then
    [ "$(json_eval "$tmp/ext.json" "$mp[\"curves\"][0][\"confirmed\"]")" = True ] ||
        fail "a flat curve ended at its default end unconfirmed: $(json_eval "$tmp/ext.json" "$mp")"
    note "the curve is flat here (no step between the caches): nothing to extend"
else
    [ "$largest" -gt "$default_end" ] || fail "the sweep did not go past its default end ($default_end): largest $largest"
fi
[ "$largest" -le "$limit" ] || fail "past the memory limit's working set $limit: $largest"
# steps of sqrt(2) past the default end (a working set may round to the one before: at most 2 steps)
csv_column "$tmp/ext.csv" wss_bytes | sort -n | awk -v e="$default_end" '$1 > e { if (p && $1 > 2.01 * p) { print p, $1; exit 1 } } { p = $1 }' ||
    fail "the extension steps by more than sqrt(2) twice"
rec="$mp[\"curves\"][0]"
end=$(json_eval "$tmp/ext.json" "$rec[\"end\"]")
case $end in
plateau)
    [ "$(json_eval "$tmp/ext.json" "$rec[\"confirmed\"] and $rec[\"points\"] >= 3 and $rec[\"plateau_last_bytes\"] >= 3.9 * $rec[\"plateau_first_bytes\"] and $rec[\"plateau_last_bytes\"] == $largest")" = True ] ||
        fail "ended on its plateau, but the record says otherwise: $(json_eval "$tmp/ext.json" "$rec")"
    ;;
memory_limit)
    [ "$(json_eval "$tmp/ext.json" "not $rec[\"confirmed\"] and $rec[\"memory_limit_stopped\"]")" = True ] ||
        fail "stopped by the memory limit, but the record says otherwise: $(json_eval "$tmp/ext.json" "$rec")"
    grep -q 'memory plateau is not confirmed.*memory limit' "$tmp/ext.err" ||
        fail "the memory limit stopped it without a warning: $(cat "$tmp/ext.err")"
    note "the memory limit stopped the extension before the plateau was confirmed (a busy machine)"
    ;;
sweep_end)
    [ "$flat" = 1 ] || fail "a curve with a step ended at its default end: $(json_eval "$tmp/ext.json" "$rec")"
    ;;
*) fail "the curve ended '$end': $(json_eval "$tmp/ext.json" "$rec")" ;;
esac
# An explicit --wss is the range asked for: never extended.
RFL_TEST_LLC_BYTES=$hint "$RFL_BANDWIDTH" -k sum -p fp64 --quick --threads "$threads" --wss "16K:$default_end" \
    -o "$tmp/fixed.csv" 2>"$tmp/err" || fail "--wss: exit $?: $(tail -n 3 "$tmp/err")"
[ "$(csv_column "$tmp/fixed.csv" wss_bytes | sort -n | tail -n 1)" -le "$default_end" ] || fail "--wss was extended"

# 3. One DRAM answer: the summary's DRAM column and rfl ceilings' ceiling of the same CSV.
run=$tmp/run
mkdir "$run" || hard_error mkdir
"$RFL_BANDWIDTH" -k sum -p fp64 --quick --threads "$threads" --mem-limit 1G -o "$run/bandwidth.csv" \
    2>"$tmp/run.err" || fail "the run: exit $?: $(tail -n 5 "$tmp/run.err")"
summary=$(awk '/^best GB\/s/ { on = 1; next } on && /^sum fp64/ { print $NF; exit }' "$tmp/run.err")
[ -n "$summary" ] || fail "no summary row for sum fp64: $(cat "$tmp/run.err")"
"$RFL" ceilings "$run" >"$tmp/out" 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
ceiling=$(csv_column "$run/ceilings.csv" value | sed -n "$(csv_column "$run/ceilings.csv" name | grep -n -x DRAM | cut -d: -f1)p")
if [ "$summary" = - ]; then
    [ -z "$ceiling" ] || fail "the summary has no DRAM, the ceiling is $ceiling"
else
    [ -n "$ceiling" ] || fail "the summary's DRAM is $summary, but there is no DRAM ceiling: $(cat "$run/ceilings.csv")"
    [ "$(printf '%.1f' "$ceiling")" = "${summary%\*}" ] ||
        fail "two DRAM answers: the summary says $summary, the ceiling $ceiling"
    # confirmed alike: '*' in the summary, a note in roofline.json
    unconfirmed=$(json_eval "$run/roofline.json" 'any(n.startswith("DRAM: no bandwidth curve") for n in d["notes"])')
    case $summary in
    *\*) [ "$unconfirmed" = True ] || fail "the summary's DRAM is unconfirmed, the ceiling's not" ;;
    *) [ "$unconfirmed" = False ] || fail "the ceiling's DRAM is unconfirmed, the summary's not" ;;
    esac
fi
# the topology's two sources of cache sizes, and the record of the plateau
[ "$(json_eval "$run/bandwidth.json" '"caches_source" in d["topology"] and "cpuid_caches" in d["topology"]')" = True ] ||
    fail "the sidecar's topology lacks the sources of its caches"
[ "$(json_eval "$run/roofline.json" 'd["caches"]["confirms"] in ("both", "hwloc", "cpuid", "neither", "not measured")')" = True ] ||
    fail "roofline.json's caches: $(json_eval "$run/roofline.json" 'd["caches"]')"
exit 0
