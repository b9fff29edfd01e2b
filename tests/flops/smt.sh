# rfl_flops counts the sets of FMA units its threads run on: flops.json's
# fma_units records where the count came from (hwloc, or the pair probe of
# --smt-probe) and what the probe measured, and cores_used (the peak's
# cores) is that count, at every thread count. The probe's verdict is
# forced through RFL_TEST_SMT_PAIR_RATIO (a pair that runs at 1.0 x one
# thread's rate shares FMA units) so the test does not depend on whether
# this machine's CPUs are siblings; what it measures here is reported.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_FLOPS"
unset RFL_TEST_SMT_PAIR_RATIO OMP_PROC_BIND OMP_PLACES

tiny="--fpe 256 --unroll 16 -p fp64 --min-time 0.0005 --experiments 2"

# A bad mode: one line, exit 2, nothing written.
expect_exit 2 "--smt-probe maybe" "$RFL_FLOPS" $tiny --smt-probe maybe -o "$tmp/bad.csv"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "--smt-probe.*maybe" "$tmp/err" || fail "--smt-probe maybe: $(cat "$tmp/err")"
[ ! -e "$tmp/bad.csv" ] || fail "--smt-probe maybe wrote a CSV"

# One thread: nothing to pair, hwloc's count.
expect_exit 0 "one thread" "$RFL_FLOPS" $tiny --threads 1 --smt-probe on -o "$tmp/one.csv"
grep -q '"fma_units": {' "$tmp/one.json" || fail "flops.json has no fma_units"
have_python3 || skip "no python3: fma_units is not read"

# fma FILE EXPR: fma_units's EXPR (python, on f = the object).
fma()
{
    json_eval "$1" "(lambda f: $2)(d['fma_units'])"
}
[ "$(fma "$tmp/one.json" "(f['source'], f['threads'], f['logical_cpus'], f['physical'], f['probe'], f['probe_ran'])")" = \
    "('hwloc', 1, 1, 1, 'on', False)" ] || fail "one thread: $(fma "$tmp/one.json" f)"
fma "$tmp/one.json" "f['reason']" | grep -q "no pair" || fail "one thread: the reason does not say why no probe ran"

cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
[ "$cpus" -ge 2 ] || skip "one CPU: no pair of CPUs to probe"

# cores_of CSV: the distinct threads_per_rank:cores_used pairs of the rows.
cores_of()
{
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["threads_per_rank"] ":" $c["cores_used"] }' "$1" |
        sort -u | tr '\n' ' '
}

# --smt-probe off: hwloc's cores, no probe.
expect_exit 0 "off" "$RFL_FLOPS" $tiny --threads 2 --smt-probe off -o "$tmp/off.csv"
check_verified "$tmp/off.csv"
[ "$(fma "$tmp/off.json" "(f['source'], f['threads'], f['logical_cpus'], f['probe_ran'], f['pairs_tested'])")" = \
    "('hwloc', 2, 2, False, 0)" ] || fail "--smt-probe off: $(fma "$tmp/off.json" f)"
physical=$(fma "$tmp/off.json" "f['physical']")
[ "$(cores_of "$tmp/off.csv")" = "2:$physical " ] || fail "--smt-probe off: cores_used $(cores_of "$tmp/off.csv"), hwloc: $physical"

# --smt-probe on: one pair tested, verified, a ratio recorded; cores_used
# is the count it found. What it found here is noted.
expect_exit 0 "on" "$RFL_FLOPS" $tiny --threads 2 --smt-probe on -o "$tmp/on.csv"
[ "$(fma "$tmp/on.json" "(f['source'], f['probe_ran'], f['verified'], f['pairs_tested'], f['logical_cpus'])")" = \
    "('probe', True, True, 1, 2)" ] || fail "--smt-probe on: $(fma "$tmp/on.json" f)"
physical=$(fma "$tmp/on.json" "f['physical']")
[ "$(cores_of "$tmp/on.csv")" = "2:$physical " ] || fail "--smt-probe on: cores_used $(cores_of "$tmp/on.csv"), probe: $physical"
[ "$(json_eval "$tmp/on.json" 'd["peak"]["cores_used"]')" = "$physical" ] || fail "--smt-probe on: peak.cores_used"
[ "$(fma "$tmp/on.json" "(f['pair_ratio_shared'] or f['pair_ratio_separate']) > 0")" = True ] ||
    fail "--smt-probe on: no pair ratio"
grep -q "FMA units: probe: " "$tmp/err" || fail "--smt-probe on: no line on stderr"
note "here: $(fma "$tmp/on.json" "f['reason']")"

# Two CPUs that share FMA units: one set; the peak and every row count it,
# at each thread count of a sweep.
expect_exit 0 "siblings" env RFL_TEST_SMT_PAIR_RATIO=1.0 "$RFL_FLOPS" $tiny --threads 2 --thread-sweep --smt-probe on \
    -o "$tmp/sib.csv"
check_verified "$tmp/sib.csv"
[ "$(fma "$tmp/sib.json" "(f['source'], f['threads'], f['logical_cpus'], f['physical'], f['pair_ratio_shared'], len(f['cpu_sets']))")" = \
    "('probe', 2, 2, 1, 1.0, 1)" ] || fail "siblings: $(fma "$tmp/sib.json" f)"
[ "$(cores_of "$tmp/sib.csv")" = "1:1 2:1 " ] || fail "siblings: threads:cores_used $(cores_of "$tmp/sib.csv"), expected 1:1 2:1"
[ "$(json_eval "$tmp/sib.json" '[(g["threads_per_rank"], g["cores_used"]) for g in d["clock"]["groups"]]')" = "[(1, 1), (2, 1)]" ] ||
    fail "siblings: clock groups $(json_eval "$tmp/sib.json" 'd["clock"]["groups"]')"
grep -q "the peak counts 1 set of FMA units for 2 threads" "$tmp/err" || fail "siblings: stderr: $(cat "$tmp/err")"

# Two cores: two sets.
expect_exit 0 "two cores" env RFL_TEST_SMT_PAIR_RATIO=2.0 "$RFL_FLOPS" $tiny --threads 2 --smt-probe on -o "$tmp/two.csv"
[ "$(fma "$tmp/two.json" "(f['source'], f['physical'], f['cpu_sets'] == [[c] for c in sorted(sum(f['cpu_sets'], []))])")" = \
    "('probe', 2, True)" ] || fail "two cores: $(fma "$tmp/two.json" f)"
[ "$(cores_of "$tmp/two.csv")" = "2:2 " ] || fail "two cores: cores_used $(cores_of "$tmp/two.csv")"
exit 0
