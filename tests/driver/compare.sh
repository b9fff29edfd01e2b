# rfl compare: the golden run against itself (exit 0, every ratio 1.000),
# against a copy whose L1 is 1.5 x (exit 1, that row marked), against copies
# moved within and beyond their spread (with --tolerance 0 the spreads alone
# decide), a ceiling missing from one run (exit 1), a ceilings.csv without the
# spread columns (read, spread unknown), bad input (exit 2, one line naming
# the file, line and value, no file written), usage errors, the -o files
# (compare.csv's header from the schema) and the overlay chart, rendered
# when gnuplot is there; two GPU runs' gpu0 matched.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

a=$tmp/a
copy_golden "$a"
"$RFL" ceilings "$a" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
[ -s "$a/ceilings.csv" ] || fail "no ceilings.csv"

# scaled SRC DST AWK-CONDITION FACTOR: DST/ceilings.csv is SRC's with value,
# value_low and value_high times FACTOR on the rows where CONDITION holds
# (c[] maps column names to fields; FACTOR may use them).
scaled()
{
    mkdir "$2" || hard_error "mkdir $2"
    awk -F, -v OFS=, "NR == 1 { for (i = 1; i <= NF; i++) c[\$i] = i; print; next }
        $3 { f = $4; \$c[\"value\"] *= f; \$c[\"value_low\"] *= f; \$c[\"value_high\"] *= f }
        { print }" "$1/ceilings.csv" >"$2/ceilings.csv" || hard_error "awk"
}

# 1. A run against itself, and against a copy: every ceiling agrees, every ratio is 1.000.
b=$tmp/b
mkdir "$b" && cp "$a/ceilings.csv" "$b/" || hard_error "copy"
for other in "$a" "$b"; do
    expect_exit 0 "rfl compare A ${other##*/}" "$RFL" compare "$a" "$other"
    rows=$(grep -c '^| cpu ' "$tmp/out")
    [ "$rows" = 8 ] || fail "compare with ${other##*/}: $rows ceiling rows, expected 8: $(cat "$tmp/out")"
    ratios=$(grep '^| cpu ' "$tmp/out" | awk -F' [|] ' '{ print $5 }' | sort -u)
    [ "$ratios" = 1.000 ] || fail "compare with ${other##*/}: ratios '$ratios', expected 1.000 only"
    grep '^| cpu ' "$tmp/out" | grep -v ' agree |$' >"$tmp/bad" && fail "rows not agreeing: $(cat "$tmp/bad")"
    grep -q '^| cpu bandwidth L1 | GB/s | 535.6 (median 509.8) | 535.6 (median 509.8) | 1.000 | 5.0% | agree |$' "$tmp/out" ||
        fail "no L1 row with value and median: $(grep 'L1' "$tmp/out")"
done

# 2. L1 1.5 x: exit 1, that row (and only it) differs.
scaled "$a" "$tmp/l1" '$c["name"] == "L1"' 1.5
expect_exit 1 "rfl compare, L1 x 1.5" "$RFL" compare "$a" "$tmp/l1"
grep -q '^| cpu bandwidth L1 | GB/s | 535.6 (median 509.8) | 803.4 (median [0-9.]*) | 1.500 | 5.0% | differs: B |$' "$tmp/out" ||
    fail "the L1 row is not marked: $(grep 'L1' "$tmp/out")"
[ "$(grep -c 'differs' "$tmp/out")" = 2 ] || fail "not only L1 differs (and the summary): $(cat "$tmp/out")"
grep -q '^8 ceilings: 1 differs beyond the noise, 0 are missing' "$tmp/out" || fail "summary: $(tail -n 1 "$tmp/out")"

# 3. Within the spread: every ceiling 1.5 x its own spread lower; with
# --tolerance 0 the limit is the two spreads summed (2 x the spread here),
# so they agree; 3 x their spread lower, they differ.
scaled "$a" "$tmp/within" 1 '1 - 1.5 * $c["spread_percent"] / 100'
expect_exit 0 "rfl compare --tolerance 0, moved within the spread" "$RFL" compare --tolerance 0 "$a" "$tmp/within"
grep '^| cpu ' "$tmp/out" | grep -q ' 1.000 ' && fail "the copy did not move: $(cat "$tmp/out")"
scaled "$a" "$tmp/beyond" 1 '1 - 3 * $c["spread_percent"] / 100'
expect_exit 1 "rfl compare --tolerance 0, moved beyond the spread" "$RFL" compare --tolerance 0 "$tmp/beyond" "$a"
[ "$(grep -c ' differs: B |$' "$tmp/out")" = 8 ] || fail "not every ceiling differs: $(cat "$tmp/out")"
# ... and within the default tolerance (5%, more than 1.5 x these spreads) too.
expect_exit 0 "rfl compare, moved within the spread, tolerance 5" "$RFL" compare "$a" "$tmp/within"

# 4. A ceiling only in one run: listed, exit 1.
mkdir "$tmp/nodram" && grep -v '^cpu,bandwidth,DRAM,' "$a/ceilings.csv" >"$tmp/nodram/ceilings.csv" || hard_error "grep"
expect_exit 1 "rfl compare, DRAM missing in B" "$RFL" compare "$a" "$tmp/nodram"
grep -q '^| cpu bandwidth DRAM | GB/s | 28.8 (median [0-9.]*) | - | - | - | missing in B |$' "$tmp/out" ||
    fail "DRAM is not listed as missing: $(grep DRAM "$tmp/out")"
expect_exit 1 "rfl compare, DRAM only in B" "$RFL" compare "$tmp/nodram" "$a"
grep -q 'missing in A; only in B |$' "$tmp/out" || fail "DRAM is not listed as only in B: $(grep DRAM "$tmp/out")"

# 4b. Machine noise: runs whose run.json says their noise probe varied by 10% and 12%. The L1
# 1.5 x still differs (50% > 22%); 1.15 x on every ceiling agrees within the machine's noise
# (exit 0) on the CPU (the probe times the CPU; GPU ceilings keep their spreads alone); without
# run.json it differs; a malformed run.json: exit 2.
for d in "$a" "$tmp/l1"; do cp -r "$d" "$d-noisy" || hard_error cp; done
printf '{"mode": "quick", "noise": {"cv": 0.10, "verdict": "noisy"}}\n' >"$a-noisy/run.json"
printf '{"mode": "full", "noise": {"cv": 0.12, "verdict": "noisy"}}\n' >"$tmp/l1-noisy/run.json"
expect_exit 1 "rfl compare, L1 x 1.5, noisy runs" "$RFL" compare "$a-noisy" "$tmp/l1-noisy"
grep -q '^| cpu bandwidth L1 | GB/s | 535.6 (median 509.8) | 803.4 (median [0-9.]*) | 1.500 | 22.0% | differs: B |$' "$tmp/out" ||
    fail "noisy runs: the L1 row: $(grep 'L1' "$tmp/out")"
grep -q '^Machine noise (run.json, .*): A 10.0%, B 12.0%\.' "$tmp/out" || fail "no machine noise line: $(tail -n 2 "$tmp/out")"
scaled "$a" "$tmp/up15" 1 1.15
cp "$tmp/l1-noisy/run.json" "$tmp/up15/" || hard_error cp
expect_exit 0 "rfl compare, 1.15 x, noisy runs" "$RFL" compare "$a-noisy" "$tmp/up15"
[ "$(grep -c "^| cpu .* | 1.150 | 22.0% | agrees within the machine's noise: B |\$" "$tmp/out")" = 8 ] ||
    fail "1.15 x on noisy runs: not 8 CPU rows within the noise: $(cat "$tmp/out")"
grep -q "within the machine's noise: 8 ceilings" "$tmp/out" || fail "summary: $(tail -n 1 "$tmp/out")"
mkdir "$tmp/up15-quiet" && cp "$tmp/up15/ceilings.csv" "$tmp/up15-quiet/" || hard_error cp
expect_exit 1 "rfl compare, 1.15 x, no noise probed" "$RFL" compare "$a" "$tmp/up15-quiet"
grep -q "within the machine's noise" "$tmp/out" && fail "no run.json, yet within the noise: $(cat "$tmp/out")"
printf '{"noise": {"cv": "high"}}\n' >"$tmp/up15/run.json"
expect_exit 2 "rfl compare, noise.cv not a number" "$RFL" compare "$a-noisy" "$tmp/up15"
grep -q "up15/run.json: key noise.cv: not a number" "$tmp/err" || fail "bad cv: $(cat "$tmp/err")"
printf '{"noise": ' >"$tmp/up15/run.json"
expect_exit 2 "rfl compare, run.json not JSON" "$RFL" compare "$a-noisy" "$tmp/up15"
grep -q "up15/run.json:1: not JSON" "$tmp/err" || fail "bad JSON: $(cat "$tmp/err")"

# 5. A ceilings.csv written before the spread columns: read, the spread unknown (no median).
mkdir "$tmp/old" || hard_error mkdir
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i !~ /^(value_low|value_high|spread_percent|spread_points|samples)$/) keep[++n] = i }
    { line = $keep[1]; for (k = 2; k <= n; k++) line = line OFS $keep[k]; print line }' "$a/ceilings.csv" \
    >"$tmp/old/ceilings.csv" || hard_error awk
expect_exit 0 "rfl compare with an old ceilings.csv" "$RFL" compare "$tmp/old" "$a"
grep -q '^| cpu bandwidth L1 | GB/s | 535.6 | 535.6 (median 509.8) | 1.000 | 5.0% | agree |$' "$tmp/out" ||
    fail "old ceilings.csv: $(grep 'L1' "$tmp/out")"

# 6. Bad input and usage: exit 2, one line naming the file, line and value; nothing written.
EXPECT_PROGRAM=$RFL
mkdir "$tmp/empty" || hard_error mkdir
expect_error 2 "$tmp/empty/ceilings.csv" "no such file" "rfl ceilings" -- compare "$a" "$tmp/empty" -o out
# bad ROW COLUMN VALUE TEXT...: A's ceilings.csv with that field set, refused naming TEXT.
bad_case=0
bad()
{
    bad_case=$((bad_case + 1))
    _d=$tmp/bad$bad_case
    mkdir "$_d" || hard_error mkdir
    _col=$(csv_header "$a/ceilings.csv" | awk -v name="$2" '$0 == name { print NR; exit }')
    [ -n "$_col" ] || hard_error "no column $2"
    set_field "$1" "$_col" "$3" "$a/ceilings.csv" >"$_d/ceilings.csv"
    shift 3
    expect_error 2 "$_d/ceilings.csv:" "$@" -- compare "$a" "$_d" -o out
}
bad 2 value abc "ceilings.csv:2:" "column 'value'" "'abc'"
bad 3 value -1 "ceilings.csv:3:" "column 'value'" "'-1'"
bad 2 value 600 "ceilings.csv:2:" "'600' is not between value_low" "value_high '535.6'"
bad 4 value_low "" "ceilings.csv:4:" "value_low" "value_high"
bad 5 kind roof "ceilings.csv:5:" "column 'kind'" "'roof'"
bad 6 device "" "ceilings.csv:6:" "column 'device'"
bad 3 name L1 "ceilings.csv:3:" "a second cpu bandwidth ceiling 'L1'" "line 2"
bad 1 name label "ceilings.csv:1:" "missing column 'name'"
bad 1 samples colour "ceilings.csv:1:" "unknown column 'colour'"
mkdir "$tmp/onlyheader" || hard_error mkdir
head -n 1 "$a/ceilings.csv" >"$tmp/onlyheader/ceilings.csv"
expect_error 2 "$tmp/onlyheader/ceilings.csv:2:" "no data rows" -- compare "$a" "$tmp/onlyheader"
expect_error 2 "'$tmp/nothing' is not a directory" -- compare "$a" "$tmp/nothing"
expect_error 2 "two run directories or more" -- compare "$a"
expect_error 2 "tolerance" "'-1'" -- compare --tolerance -1 "$a" "$b"
expect_error 2 "tolerance" "'x'" -- compare --tolerance x "$a" "$b"
expect_exit 0 "rfl compare --help" "$RFL" compare --help
grep -q 'RUN_A RUN_B' "$tmp/out" && grep -q 'tolerance' "$tmp/out" || fail "compare --help: $(cat "$tmp/out")"
"$RFL" --help | grep -q '^  compare ' || fail "rfl --help does not list compare"

# 7. -o DIR: compare.md, compare.csv (the schema's header), the chart;
# --no-render writes no PNG.
out=$tmp/out1
expect_exit 1 "rfl compare -o (L1 differs)" "$RFL" compare "$a" "$tmp/l1" -o "$out" --no-render
for f in compare.md compare.csv compare-cpu.gp; do
    [ -s "$out/$f" ] || fail "-o: no $f"
done
[ ! -e "$out/compare-cpu.png" ] || fail "--no-render made a PNG"
check_header "$out/compare.csv" driver compare.csv
[ "$(csv_rows "$out/compare.csv" | wc -l)" = 16 ] || fail "compare.csv: not 2 rows per ceiling"
has_line "$out/compare.csv" '^cpu,bandwidth,L1,GB/s,B,.*,1.5,5,differs$' "L1 of B" ',L1,'
has_line "$out/compare.csv" '^cpu,bandwidth,L2,GB/s,A,.*,1,,reference$' "L2 of A" ',L2,'
has_line "$out/compare.md" 'differs: B' "no differing row"
has_line "$out/compare-cpu.gp" "title 'B: $tmp/l1'" "the chart's key does not name run B"
has_line "$out/compare-cpu.gp" "'L1: A 535.6 (median 509.8), B 803.4 (median [0-9.]*) GB/s'" "the chart's L1 label" "L1:"
if [ -n "${GNUPLOT:-}" ] && [ -x "$GNUPLOT" ]; then
    out=$tmp/out2
    expect_exit 0 "rfl compare -o, rendered" "$RFL" compare "$a" "$b" -o "$out"
    [ "$(head -c 4 "$out/compare-cpu.png" | tail -c 3)" = PNG ] || fail "compare-cpu.png is not a PNG"
    mkdir "$tmp/alone" && cp "$out/compare-cpu.gp" "$tmp/alone/" || hard_error copy
    (cd "$tmp/alone" && "$GNUPLOT" compare-cpu.gp) 2>"$tmp/err" || fail "compare-cpu.gp alone: $(cat "$tmp/err")"
    [ -s "$tmp/alone/compare-cpu.png" ] || fail "compare-cpu.gp alone made no PNG"
else
    note "no gnuplot: the chart is not rendered"
fi

# 8. Two GPU runs (an H100 against an H200, say): gpu0 matched with gpu0.
g=$tmp/g
copy_gpu_golden "$g"
"$RFL" ceilings "$g" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (GPU): exit $?: $(cat "$tmp/err")"
scaled "$g" "$tmp/g2" '$c["name"] == "device memory"' 0.7
expect_exit 1 "rfl compare, two GPU runs" "$RFL" compare "$g" "$tmp/g2" -o "$tmp/gout" --no-render
grep -q '^| gpu0 bandwidth device memory | GB/s | 4442.1 (median 4315) | 3109.5 (median 3020) | 0.700 | 5.0% | differs: B |$' "$tmp/out" ||
    fail "gpu0 device memory: $(grep 'device memory' "$tmp/out")"
[ "$(grep -c '^| gpu0 .* agree |$' "$tmp/out")" = 12 ] || fail "gpu0: not 12 agreeing rows: $(cat "$tmp/out")"
[ -s "$tmp/gout/compare-gpu0.gp" ] || fail "no compare-gpu0.gp"
# The CPU's noise probe says nothing of the GPU: with noisy run.json files it still differs.
printf '{"noise": {"cv": 0.2}}\n' | tee "$g/run.json" >"$tmp/g2/run.json" || hard_error printf
expect_exit 1 "rfl compare, two GPU runs, noisy hosts" "$RFL" compare "$g" "$tmp/g2"
grep -q '^| gpu0 bandwidth device memory | GB/s | 4442.1 (median 4315) | 3109.5 (median 3020) | 0.700 | 5.0% | differs: B |$' "$tmp/out" ||
    fail "gpu0 device memory on noisy hosts: $(grep 'device memory' "$tmp/out")"
exit 0
