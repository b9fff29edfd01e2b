# Golden test of rfl ceilings and rfl plot: the synthetic run directory in
# tests/data/driver/golden must give exactly the committed ceilings.csv and
# gnuplot scripts (tests/data/driver/make_golden.py describes the data).
# After an intended change, refresh expected/ with the commands in the
# failure message and review the diff.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

dir=$tmp/run
copy_golden "$dir" "$golden/applications.csv"

"$RFL" ceilings "$dir" --config "$golden/spec.conf" >"$tmp/out" 2>"$tmp/err" ||
    fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "rfl ceilings wrote to stdout"
check_golden "$golden/expected/ceilings.csv" "$dir/ceilings.csv"

# The table in docs/FORMAT.md names the columns, in order.
check_header "$dir/ceilings.csv" driver ceilings.csv

"$RFL" plot "$dir" --no-render --config "$golden/spec.conf" >"$tmp/out" 2>"$tmp/err" ||
    fail "rfl plot --no-render: exit $?: $(cat "$tmp/err")"
for gp in roofline.gp bandwidth.gp flops.gp; do
    [ -s "$dir/$gp" ] || fail "rfl plot wrote no $gp"
    check_golden "$golden/expected/$gp" "$dir/$gp"
done
[ ! -e "$dir/roofline.png" ] || fail "--no-render made a PNG"

# Fewer plateaus than caches: with only the copy kernel, L2 and L3 are one
# plateau, and each names the other.
dir2=$tmp/copy
copy_run "$dir2" "$golden/bandwidth.csv" "$golden/bandwidth.json"
"$RFL" ceilings "$dir2" --config "$golden/copy.conf" >/dev/null 2>"$tmp/err" ||
    fail "rfl ceilings (copy only): exit $?: $(cat "$tmp/err")"
check_golden "$golden/expected/ceilings-copy.csv" "$dir2/ceilings.csv" # copy only

# roofline.json: valid, and holds what ceilings.csv holds.
if have_python3; then
    json_valid "$dir/roofline.json" || fail "roofline.json is not valid JSON"
    [ "$(json_eval "$dir/roofline.json" 'len(d["ceilings"])')" = 8 ] || fail "roofline.json: not 8 ceilings"
    [ "$(json_eval "$dir/roofline.json" '[l["name"] for l in d["levels"]]')" = "['L1', 'L2', 'L3', 'DRAM']" ] ||
        fail "roofline.json: levels are not L1 L2 L3 DRAM"
    [ "$(json_eval "$dir/roofline.json" 'd["applications"][0]["bound"]')" = "DRAM bandwidth" ] ||
        fail "roofline.json: the stencil is not DRAM-bound"
    [ "$(json_eval "$dir/roofline.json" 'd["ceilings"][0]["provenance"]["kernel"]')" = triad ] ||
        fail "roofline.json: L1 provenance"
    [ "$(json_eval "$dir/roofline.json" '[d["ceilings"][0]["spread"][k] for k in ("value_low", "value_high", "points", "samples", "noisy")] + [round(d["ceilings"][0]["spread"]["percent"], 2)]')" = \
        "[509.803922, 535.6, 7, 35, False, 2.41]" ] ||
        fail "roofline.json: L1 spread: $(json_eval "$dir/roofline.json" 'd["ceilings"][0]["spread"]')"
else
    note "no python3: roofline.json contents not checked"
fi

# The report, without PNGs: it says the charts were not rendered.
"$RFL" report "$dir" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
for f in report.md report.html; do
    [ -s "$dir/$f" ] || fail "no $f"
done
grep -q '^| cpu | L1 | 535.6 GB/s | median 509.8, 95% of best (7 points, 35 samples) |' "$dir/report.md" ||
    fail "report.md has no L1 row with its spread: $(grep '^| cpu | L1 ' "$dir/report.md")"
grep -q 'not rendered' "$dir/report.md" || fail "report.md does not say the charts are missing"
grep -q '<table>' "$dir/report.html" || fail "report.html has no table"
grep -q '| noisy: ' "$dir/report.md" && fail "report.md marks a ceiling of spread 2% noisy: $(grep noisy "$dir/report.md")"

# Samples that scatter: every median sample 20% under its best (the best
# rates, and so the ceilings, unchanged): each bandwidth ceiling's spread is
# above 10% (its typical rate is 0.8 x the median best of its plateau) and
# the report marks it noisy.
dir3=$tmp/noisy
mkdir "$dir3" && cp "$golden/flops.csv" "$golden/flops.json" "$golden/bandwidth.json" "$dir3/" || hard_error copy
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { $c["gbytes_per_s_median"] = $c["gbytes_per_s"] * 0.8; print }' "$golden/bandwidth.csv" >"$dir3/bandwidth.csv" ||
    hard_error awk
"$RFL" ceilings "$dir3" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (noisy): $(cat "$tmp/err")"
grep -q '^cpu,bandwidth,L1,535.6,416,535.6,11.17,GB/s,' "$dir3/ceilings.csv" ||
    fail "noisy L1: $(grep ',L1,' "$dir3/ceilings.csv")"
"$RFL" report "$dir3" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl report (noisy): $(cat "$tmp/err")"
grep -q '^| cpu | L1 | 535.6 GB/s | noisy: median 416.0, 78% of best (7 points, 35 samples) |' "$dir3/report.md" ||
    fail "report.md does not mark L1 noisy: $(grep '^| cpu | L1 ' "$dir3/report.md")"
[ "$(grep -c '^| cpu | .* | noisy: ' "$dir3/report.md")" = 4 ] || fail "not the 4 bandwidth ceilings noisy"
exit 0
