# The compute spec counts the FMA units that exist: tests/data/driver/smt
# is a run of 2 ranks x 8 threads on 16 vCPUs whose flops.json says they
# are 8 sets of FMA units (fma_units, found by rfl_flops's pair probe).
# rfl ceilings gives a spec half as large as the same run without the key
# (per-cycle config keys and rfl_flops's own flops per cycle alike) and
# says why in spec_source, the report and roofline.json; the config's
# spec.cores still wins; a malformed fma_units is one line and exit 2.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

smt=$top_srcdir/tests/data/driver/smt
dir=$tmp/run

# spec NAME: the spec_value and spec_source of the ceiling NAME, "value|source".
spec()
{
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["name"] == name { print $c["spec_value"] "|" $c["spec_source"] }' "$dir/ceilings.csv"
}

# 1. With the finding: 8 physical cores, from the config's flops per cycle
# (fp64) and from rfl_flops's own (fp32, no config key).
copy_run "$dir" "$smt/flops.csv" "$smt/flops.json"
"$RFL" ceilings "$dir" --config "$smt/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
[ "$(spec 'fp64 avx2')" = "384|8 physical cores (16 threads share FMA units: probe) x 3.00 GHz x 16 flops/cycle" ] ||
    fail "fp64 avx2 spec: $(spec 'fp64 avx2')"
[ "$(spec 'fp32 avx2')" = "768|rfl_flops: 8 physical cores (16 threads share FMA units: probe) x 3.00 GHz measured x 32 flops/cycle" ] ||
    fail "fp32 avx2 spec: $(spec 'fp32 avx2')"
grep -q '^cpu,compute,fp64 avx2,367.8336,[^,]*,[^,]*,[^,]*,GFLOP/s,384,95.8,' "$dir/ceilings.csv" ||
    fail "fp64 avx2 is not 95.8% of its spec: $(grep 'fp64 avx2' "$dir/ceilings.csv")"
if have_python3; then
    [ "$(json_eval "$dir/roofline.json" '(d["fma_units"]["physical"], d["fma_units"]["threads"], d["fma_units"]["source"])')" = \
        "(8, 16, 'probe')" ] || fail "roofline.json: fma_units: $(json_eval "$dir/roofline.json" 'd["fma_units"]')"
fi
"$RFL" report "$dir" --config "$smt/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
grep -q "^FMA units: rfl_flops's 16 threads ran on 16 CPUs, which hwloc shows as 16 cores; its pair probe found 8 sets of FMA units among them (two threads on sibling CPUs ran its FMA kernel at 1.02 x one thread's rate.*so the compute spec counts 8 physical cores\.$" \
    "$dir/report.md" || fail "report.md does not state the finding: $(grep -i 'fma' "$dir/report.md")"
grep -q "<p>FMA units: rfl_flops&#39;s 16 threads\|<p>FMA units: rfl_flops's 16 threads" "$dir/report.html" ||
    fail "report.html does not state the finding"

# 2. The same run without the key: every thread a core, twice the spec.
rm -rf "$dir"
copy_run "$dir" "$smt/flops.csv"
sed '/"fma_units": {/,/^    },$/d' "$smt/flops.json" >"$dir/flops.json"
! grep -q fma_units "$dir/flops.json" || hard_error "fma_units is still in the copy"
"$RFL" ceilings "$dir" --config "$smt/spec.conf" >/dev/null 2>"$tmp/err" || fail "without fma_units: exit $?: $(cat "$tmp/err")"
[ "$(spec 'fp64 avx2')" = "768|16 cores x 3.00 GHz x 16 flops/cycle" ] || fail "without fma_units, fp64 avx2: $(spec 'fp64 avx2')"
[ "$(spec 'fp32 avx2')" = "1536|rfl_flops: cores x measured clock x flops/cycle" ] ||
    fail "without fma_units, fp32 avx2: $(spec 'fp32 avx2')"
"$RFL" report "$dir" --config "$smt/spec.conf" >/dev/null 2>&1 || fail "rfl report without fma_units: exit $?"
! grep -q "^FMA units" "$dir/report.md" || fail "the report states a finding the run did not record"

# 3. The config's spec.cores wins; the report says so.
rm -rf "$dir"
copy_run "$dir" "$smt/flops.csv" "$smt/flops.json"
{ cat "$smt/spec.conf"; echo "spec.cores = 16"; } >"$tmp/cores.conf"
"$RFL" ceilings "$dir" --config "$tmp/cores.conf" >/dev/null 2>"$tmp/err" &&
    "$RFL" report "$dir" --config "$tmp/cores.conf" >/dev/null 2>>"$tmp/err" || fail "spec.cores: exit $?: $(cat "$tmp/err")"
[ "$(spec 'fp64 avx2')" = "768|16 cores x 3.00 GHz x 16 flops/cycle" ] || fail "spec.cores = 16, fp64 avx2: $(spec 'fp64 avx2')"
grep -q "^FMA units: .*the config's spec.cores (16) sets the compute spec's cores instead\.$" "$dir/report.md" ||
    fail "the report does not say spec.cores won"

# 4. A run whose threads are each a core of their own: nothing changes.
sed 's/"physical": 8,/"physical": 16,/' "$smt/flops.json" >"$dir/flops.json"
"$RFL" ceilings "$dir" --config "$smt/spec.conf" >/dev/null 2>"$tmp/err" || fail "physical 16: exit $?: $(cat "$tmp/err")"
[ "$(spec 'fp64 avx2')" = "768|16 cores x 3.00 GHz x 16 flops/cycle" ] || fail "physical 16 of 16, fp64 avx2: $(spec 'fp64 avx2')"

# 5. Malformed: one line naming the sidecar and the key, exit 2, no ceilings.csv.
run_inputs()
{
    copy_run "$1" "$smt/flops.csv" "$smt/flops.json"
}
broken_input "more sets than CPUs" 'flops.json: fma_units.physical: expected an integer from 1 to 16, got 32' \
    flops.json sed 's/"physical": 8,/"physical": 32,/'
broken_input "a count as text" 'flops.json: fma_units.logical_cpus: expected an integer from 1 to [0-9]+, got a JSON string' \
    flops.json sed 's/"logical_cpus": 16,/"logical_cpus": "16",/'
broken_input "unknown source" 'flops.json: fma_units.source: expected "hwloc", "probe" or "none"' \
    flops.json sed 's/"source": "probe",/"source": "guess",/'
broken_input "not an object" 'flops.json: fma_units: expected an object' \
    flops.json sed 's/"fma_units": {/"fma_units": 8, "was": {/'
exit 0
