# Bad inputs give one clear line naming FILE:LINE and exit 2: malformed
# rows, empty files, unknown and missing columns, unknown kinds of CSV,
# missing or broken sidecars, bad application points and config files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL=$top_builddir/rfl
[ -x "$RFL" ] || hard_error "$RFL: not built"
golden=$top_srcdir/tests/data/driver/golden

fresh()
{
    rm -rf "$tmp/run"
    mkdir "$tmp/run" && cp "$golden/bandwidth.csv" "$golden/bandwidth.json" "$golden/flops.csv" \
        "$golden/flops.json" "$tmp/run/" || hard_error "cannot copy the golden inputs"
}

# expect_error WHAT PATTERN CMD...: exit 2, nothing on stdout, one line on
# stderr matching PATTERN (an extended regular expression), no ceilings.csv.
expect_error()
{
    what=$1
    pattern=$2
    shift 2
    rm -f "$tmp/run/ceilings.csv"
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2 (stderr: $(cat "$tmp/err"))"
    [ ! -s "$tmp/out" ] || fail "$what: wrote to stdout"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: expected one line on stderr, got:
$(cat "$tmp/err")"
    grep -Eq -- "$pattern" "$tmp/err" || fail "$what: message does not match '$pattern': $(cat "$tmp/err")"
    [ ! -e "$tmp/run/ceilings.csv" ] || fail "$what: wrote ceilings.csv anyway"
}

B=$tmp/run/bandwidth.csv
F=$tmp/run/flops.csv

fresh
: >"$B"
expect_error "empty file" "bandwidth.csv:1: empty file" "$RFL" ceilings "$tmp/run"

fresh
head -n 1 "$golden/bandwidth.csv" >"$B"
expect_error "header only" "bandwidth.csv:2: no data rows" "$RFL" ceilings "$tmp/run"

fresh
sed '5s/,[^,]*$//' "$golden/bandwidth.csv" >"$B"
expect_error "short row" "bandwidth.csv:5: 22 fields, but the header has 23" "$RFL" ceilings "$tmp/run"

fresh
sed '7s/,1$/,1,9/' "$golden/bandwidth.csv" >"$B"
expect_error "long row" "bandwidth.csv:7: 24 fields" "$RFL" ceilings "$tmp/run"

fresh
awk -F, -v OFS=, 'NR == 9 { $19 = "fast" } { print }' "$golden/bandwidth.csv" >"$B"
expect_error "not a number" "bandwidth.csv:9: column 'gbytes_per_s': invalid number 'fast'" "$RFL" ceilings "$tmp/run"

fresh
awk -F, -v OFS=, 'NR == 4 { $19 = "1,5" } { print }' "$golden/bandwidth.csv" >"$B"
expect_error "decimal comma" "bandwidth.csv:4: 24 fields" "$RFL" ceilings "$tmp/run"

fresh
awk -F, -v OFS=, 'NR == 3 { $7 = "-4096" } { print }' "$golden/bandwidth.csv" >"$B"
expect_error "negative size" "bandwidth.csv:3: column 'wss_bytes': invalid non-negative integer '-4096'" \
    "$RFL" ceilings "$tmp/run"

fresh
sed '1s/$/,colour/; 2,$s/$/,red/' "$golden/bandwidth.csv" >"$B"
expect_error "unknown column" "bandwidth.csv:1: unknown column 'colour'" "$RFL" ceilings "$tmp/run"

fresh
cut -d, -f1-18,20- "$golden/bandwidth.csv" >"$B"
expect_error "missing column" "bandwidth.csv:1: missing column 'gbytes_per_s'" "$RFL" ceilings "$tmp/run"

fresh
cut -d, -f1-18,20- "$golden/flops.csv" >"$F"
expect_error "missing flops column" "flops.csv:1: missing column 'gflops_per_s'" "$RFL" ceilings "$tmp/run"

fresh
printf 'a,b\n1,2\n' >"$tmp/run/mystery.csv"
expect_error "unknown kind of CSV" "mystery.csv: not a kind of CSV rfl knows" "$RFL" ceilings "$tmp/run"

fresh
rm "$tmp/run/flops.json"
expect_error "missing sidecar" "flops.csv: no sidecar .*flops.json" "$RFL" ceilings "$tmp/run"

fresh
printf '{"program": "rfl_bandwidth",\n  "status": }\n' >"$tmp/run/bandwidth.json"
expect_error "broken sidecar" "bandwidth.json:2: " "$RFL" ceilings "$tmp/run"

fresh
sed 's/"program": "rfl_flops"/"program": "rfl_other"/' "$golden/flops.json" >"$tmp/run/flops.json"
expect_error "sidecar of another program" 'flops.json: "program" is "rfl_other", expected "rfl_flops"' \
    "$RFL" ceilings "$tmp/run"

fresh
sed 's/"host": "golden"/"host": "elsewhere"/' "$golden/flops.json" >"$tmp/run/flops.json"
expect_error "two machines" "flops.csv: measured on host 'elsewhere'" "$RFL" ceilings "$tmp/run"

fresh
rm "$tmp/run"/*.csv "$tmp/run"/*.json
expect_error "no measurements" "no measurements" "$RFL" ceilings "$tmp/run"

# Application points.
fresh
printf 'name,arithmetic_intensity,gflops_per_s,level\nx,0.5,10,L4\n' >"$tmp/app.csv"
expect_error "app level" "app.csv:2: column 'level': 'L4' is not a memory level of this machine \(L1, L2, L3, DRAM\)" \
    "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
[ ! -e "$tmp/run/applications.csv" ] || fail "a bad --app file was copied into the run"
printf 'name,arithmetic_intensity,gflops_per_s\nx,-1,10\n' >"$tmp/app.csv"
expect_error "app intensity" "app.csv:2: arithmetic_intensity and gflops_per_s must be positive" \
    "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
printf 'name,intensity,gflops_per_s\nx,1,10\n' >"$tmp/app.csv"
expect_error "app columns" "app.csv:1: missing column 'arithmetic_intensity'" \
    "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
expect_error "app missing" "nothere.csv: cannot read" "$RFL" ceilings "$tmp/run" --app "$tmp/nothere.csv"

# Config files.
printf 'spec.dram_gbytes_per_s = 200\nspec.l9_gbytes_per_s = 1\n' >"$tmp/bad.conf"
expect_error "unknown key" "bad.conf:2: unknown key 'spec.l9_gbytes_per_s'" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/bad.conf"
printf '# spec\n\nspec.dram_gbytes_per_s = lots\n' >"$tmp/bad.conf"
expect_error "bad value" "bad.conf:3: spec.dram_gbytes_per_s = 'lots': invalid value" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/bad.conf"
printf 'ranks = 2\nranks = 3\n' >"$tmp/bad.conf"
expect_error "key twice" "bad.conf:2: key 'ranks' is already set on line 1" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/bad.conf"
expect_error "missing config" "nothere.conf: cannot read the config file" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/nothere.conf"
expect_error "run: bad config" "bad.conf:2: key 'ranks' is already set" \
    "$RFL" run --config "$tmp/bad.conf" --output "$tmp/never"
[ ! -e "$tmp/never" ] || fail "rfl run made its directory despite a bad config"

# Not an error, but said: a file from an interrupted run.
fresh
sed 's/"status": "complete"/"status": "interrupted"/' "$golden/flops.json" >"$tmp/run/flops.json"
"$RFL" ceilings "$tmp/run" >/dev/null 2>"$tmp/err" || fail "interrupted input: exit $?: $(cat "$tmp/err")"
grep -q 'flops.csv: the run that wrote it did not complete (status "interrupted")' "$tmp/err" ||
    fail "no warning about the interrupted input: $(cat "$tmp/err")"
grep -q 'did not complete' "$tmp/run/roofline.json" || fail "roofline.json does not note the interrupted input"

# A good directory still works after all this.
fresh
"$RFL" ceilings "$tmp/run" >/dev/null 2>"$tmp/err" || fail "golden inputs: exit $?: $(cat "$tmp/err")"
exit 0
