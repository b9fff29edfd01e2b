# rfl_bandwidth --time-budget SECONDS (issue 13): bad values are one line
# and exit 2; a sweep that cannot fit its budget ends cleanly between
# points (exit 0, whole verified rows, fewer and no larger working sets
# than the plan, status complete, the sidecar's budget saying what was
# cut); the second precision stops at the last-level cache; the noise probe
# is in the sidecar with or without a budget. No wall time is asserted.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"
have_python3 || skip "python3 is not installed"
OMPI_MCA_ess_singleton_isolated=1
export OMPI_MCA_ess_singleton_isolated

# 1. Bad values.
EXPECT_PROGRAM=$RFL_BANDWIDTH
for v in 0 -1 abc 1e300 0.05 nan inf ''; do
    expect_bad_value --time-budget "$v"
done
expect_bad_value --time-budget=-5

# 2. The plan without a budget (quick settings, the same working sets), then
#    the same sweep with samples far too long for one second.
sweep="--wss 16K:64M -k sum,triad -p fp64"
"$RFL_BANDWIDTH" $sweep --min-time 0.0002 --experiments 2 -o "$tmp/plan.csv" 2>"$tmp/err" ||
    fail "the plan: exit $?: $(tail -n 3 "$tmp/err")"
[ "$(json_eval "$tmp/plan.json" 'd["budget"] is None')" = True ] || fail "no --time-budget, yet a budget in the sidecar"
[ "$(json_eval "$tmp/plan.json" 'len(d["noise_probe"]["probes"]) >= 2 and all(p[1] > 0 and p[2] > 0 for p in d["noise_probe"]["probes"])')" = True ] ||
    fail "the sidecar's noise probes: $(json_eval "$tmp/plan.json" 'd["noise_probe"]')"
planned=$(csv_rows "$tmp/plan.csv" | wc -l)
largest=$(csv_column "$tmp/plan.csv" wss_bytes | sort -n | tail -n 1)

expect_exit 0 "a sweep past its budget" "$RFL_BANDWIDTH" $sweep --min-time 0.02 --experiments 5 --time-budget 1 \
    -o "$tmp/cut.csv"
check_verified "$tmp/cut.csv"
got=$(csv_rows "$tmp/cut.csv" | wc -l)
[ "$got" -lt "$planned" ] || fail "the budget cut nothing: $got rows, the plan has $planned"
[ "$(csv_column "$tmp/cut.csv" wss_bytes | sort -n | tail -n 1)" -le "$largest" ] || fail "a working set beyond the plan"
[ "$(csv_column "$tmp/cut.csv" experiments | sort -n | tail -n 1)" -le 5 ] || fail "more experiments than asked"
[ "$(json_eval "$tmp/cut.json" 'd["status"]')" = complete ] || fail "status $(json_eval "$tmp/cut.json" 'd["status"]')"
[ "$(json_eval "$tmp/cut.json" 'd["budget"]["seconds"] == 1 and d["budget"]["spent"] in (True, False) and len(d["budget"]["cuts"]) > 0')" = True ] ||
    fail "the sidecar's budget: $(json_eval "$tmp/cut.json" 'd["budget"]')"
# Whether the plan's cuts were enough or the budget still ran out depends on
# the machine's speed: either way the cuts are recorded, and a spent budget
# is named among them.
[ "$(json_eval "$tmp/cut.json" 'not d["budget"]["spent"] or any("budget" in c for c in d["budget"]["cuts"])')" = True ] ||
    fail "the budget ran out and the cuts do not say so: $(json_eval "$tmp/cut.json" 'd["budget"]["cuts"]')"
[ "$(json_eval "$tmp/cut.json" 'sum(c["rows"] for c in d["budget"]["curves"])')" -eq "$got" ] ||
    fail "the sidecar's curves do not count the CSV's rows"
grep -q 'time budget 1.0 s, .* s used; cut to fit it:' "$tmp/err" || fail "stderr does not say what was cut: $(cat "$tmp/err")"
grep -qi 'error' "$tmp/err" && fail "a spent budget is reported as an error: $(cat "$tmp/err")"

# 3. Two precisions within a budget: the second stops at the last-level
#    cache (bytes are bytes past it), the first goes on.
llc=$(json_eval "$tmp/plan.json" 'd["topology"]["caches"][-1]["size_bytes"] * d["topology"]["caches"][-1]["instances"] if d["topology"]["caches"] else 0')
if [ "$llc" -gt 0 ] && [ "$llc" -le $((96 * 1024 * 1024)) ]; then
    top=$((3 * llc))
    expect_exit 0 "two precisions" "$RFL_BANDWIDTH" --wss "16K:$top" -k sum -p all --min-time 0.0002 --experiments 2 \
        --time-budget 300 -o "$tmp/tiers.csv"
    check_verified "$tmp/tiers.csv"
    fp64=$(csv_count "$tmp/tiers.csv" '$col["precision"] == "fp64" && $col["wss_bytes"] + 0 > '"$llc")
    fp32=$(csv_count "$tmp/tiers.csv" '$col["precision"] == "fp32" && $col["wss_bytes"] + 0 > '"$llc")
    [ "$fp64" -gt 0 ] || fail "fp64 did not go past the LLC ($llc bytes)"
    [ "$fp32" -eq 0 ] || fail "fp32 went past the LLC ($llc bytes): $fp32 rows"
    [ "$(csv_count "$tmp/tiers.csv" '$col["precision"] == "fp32"')" -gt 0 ] || fail "no fp32 rows in the caches"
    [ "$(json_eval "$tmp/tiers.json" '[c["end"] for c in d["budget"]["curves"] if c["precision"] == "fp32"]')" = "['llc']" ] ||
        fail "fp32's curve: $(json_eval "$tmp/tiers.json" 'd["budget"]["curves"]')"
    [ "$(json_eval "$tmp/tiers.json" 'any("last-level cache" in c for c in d["budget"]["cuts"])')" = True ] ||
        fail "the cuts do not name the LLC: $(json_eval "$tmp/tiers.json" 'd["budget"]["cuts"]')"
else
    note "the last-level cache ($llc bytes) is too large for a quick check of the second tier"
fi
exit 0
