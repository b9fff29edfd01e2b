# rfl_flops --time-budget SECONDS (issue 13): bad values are one line and
# exit 2; a sweep that cannot fit its budget ends cleanly between rows
# (exit 0, whole verified rows, fewer than the plan, status complete, the
# sidecar's budget saying what was cut), the configuration each compute
# ceiling needs measured first; the noise probe is in the sidecar. No wall
# time is asserted.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_FLOPS"
have_python3 || skip "python3 is not installed"
OMPI_MCA_ess_singleton_isolated=1
export OMPI_MCA_ess_singleton_isolated

EXPECT_PROGRAM=$RFL_FLOPS
for v in 0 -1 abc 1e300 0.05 nan ''; do
    expect_bad_value --time-budget "$v"
done

sweep="--fpe 1:1024 -p fp64 --smt-probe off"
"$RFL_FLOPS" $sweep --min-time 0.0002 --experiments 2 -o "$tmp/plan.csv" 2>"$tmp/err" ||
    fail "the plan: exit $?: $(tail -n 3 "$tmp/err")"
planned=$(csv_rows "$tmp/plan.csv" | wc -l)
[ "$(json_eval "$tmp/plan.json" 'd["budget"] is None and len(d["noise_probe"]["probes"]) >= 2')" = True ] ||
    fail "the plan's sidecar: budget $(json_eval "$tmp/plan.json" 'd["budget"]')"

expect_exit 0 "a sweep past its budget" "$RFL_FLOPS" $sweep --min-time 0.02 --experiments 9 --time-budget 1 \
    -o "$tmp/cut.csv"
check_verified "$tmp/cut.csv"
got=$(csv_rows "$tmp/cut.csv" | wc -l)
[ "$got" -lt "$planned" ] || fail "the budget cut nothing: $got rows, the plan has $planned"
[ "$(json_eval "$tmp/cut.json" 'd["status"]')" = complete ] || fail "status $(json_eval "$tmp/cut.json" 'd["status"]')"
[ "$(json_eval "$tmp/cut.json" 'd["budget"]["seconds"] == 1 and d["budget"]["spent"] in (True, False) and len(d["budget"]["cuts"]) > 0')" = True ] ||
    fail "the sidecar's budget: $(json_eval "$tmp/cut.json" 'd["budget"]')"
[ "$(json_eval "$tmp/cut.json" 'sum(c["rows"] for c in d["budget"]["configurations"])')" -eq "$got" ] ||
    fail "the sidecar's configurations do not count the CSV's rows"
# the first rows are those a compute ceiling needs (tier 1)
[ "$(json_eval "$tmp/cut.json" '[c["tier"] for c in d["budget"]["configurations"]] == sorted(c["tier"] for c in d["budget"]["configurations"]) and d["budget"]["configurations"][0]["rows"] > 0')" = True ] ||
    fail "the first tier is not measured first: $(json_eval "$tmp/cut.json" 'd["budget"]["configurations"]')"
grep -q 'time budget 1.0 s, .* s used; cut to fit it:' "$tmp/err" || fail "stderr does not say what was cut: $(cat "$tmp/err")"
grep -qi 'error' "$tmp/err" && fail "a spent budget is reported as an error: $(cat "$tmp/err")"
exit 0
