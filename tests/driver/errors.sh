# Bad inputs give one clear line naming FILE:LINE and exit 2: malformed
# rows, empty files, unknown and missing columns, unknown kinds of CSV,
# missing or broken sidecars, bad application points and config files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

# fresh: $tmp/run holds the golden CPU inputs again.
run_inputs()
{
    copy_golden "$1"
}


broken_input "empty file" "bandwidth.csv:1: empty file" bandwidth.csv true

broken_input "header only" "bandwidth.csv:2: no data rows" bandwidth.csv head -n 1

broken_input "short row" "bandwidth.csv:5: 22 fields, but the header has 23" bandwidth.csv sed '5s/,[^,]*$//'

broken_input "long row" "bandwidth.csv:7: 24 fields" bandwidth.csv sed '7s/,1$/,1,9/'

broken_input "not a number" "bandwidth.csv:9: column 'gbytes_per_s': invalid number 'fast'" \
    bandwidth.csv set_field 9 19 fast

broken_input "decimal comma" "bandwidth.csv:4: 24 fields" bandwidth.csv set_field 4 19 '1,5'

# One grammar for every number (issue 28): a cell strtod alone would take
# (leading blanks, hex) is refused like one it would not, in a rate, a size
# and a count column alike.
ere() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }
for value in '0x10' ' 5' '5 ' '1e' '+-1' 'inf' 'nan'; do
    broken_input "number '$value'" "bandwidth.csv:9: column 'gbytes_per_s': invalid number '$(ere "$value")'\$" \
        bandwidth.csv set_field 9 19 "$value"
done
for value in '0x4000' ' 16384' '16384 ' '+16384'; do
    broken_input "size '$value'" "bandwidth.csv:2: column 'wss_bytes': invalid non-negative integer '$(ere "$value")'\$" \
        bandwidth.csv set_field 2 7 "$value"
done
for value in '0x1' ' 1' '1 ' '+-1' '1e0'; do
    broken_input "count '$value'" "bandwidth.csv:3: column 'ranks': invalid integer '$(ere "$value")'\$" \
        bandwidth.csv set_field 3 5 "$value"
done

broken_input "negative size" "bandwidth.csv:3: column 'wss_bytes': invalid non-negative integer '-4096'" \
    bandwidth.csv set_field 3 7 -4096

broken_input "unknown column" "bandwidth.csv:1: unknown column 'colour'" bandwidth.csv sed '1s/$/,colour/; 2,$s/$/,red/'

broken_input "missing column" "bandwidth.csv:1: missing column 'gbytes_per_s'" bandwidth.csv cut -d, -f1-18,20-

broken_input "missing flops column" "flops.csv:1: missing column 'gflops_per_s'" flops.csv cut -d, -f1-18,20-

fresh
printf 'a,b\n1,2\n' >"$tmp/run/mystery.csv"
expect_input_error "unknown kind of CSV" "mystery.csv: not a kind of CSV rfl knows"

fresh
rm "$tmp/run/flops.json"
expect_input_error "missing sidecar" "flops.csv: no sidecar .*flops.json"

fresh
printf '{"program": "rfl_bandwidth",\n  "status": }\n' >"$tmp/run/bandwidth.json"
expect_input_error "broken sidecar" "bandwidth.json:2: "

broken_input "sidecar of another program" 'flops.json: "program" is "rfl_other", expected "rfl_flops"' \
    flops.json sed 's/"program": "rfl_flops"/"program": "rfl_other"/'

broken_input "two machines" "flops.csv: measured on host 'elsewhere'" \
    flops.json sed 's/"host": "golden"/"host": "elsewhere"/'

fresh
rm "$tmp/run"/*.csv "$tmp/run"/*.json
expect_input_error "no measurements" "no measurements"

# Application points.
fresh
printf 'name,arithmetic_intensity,gflops_per_s,level\nx,0.5,10,L4\n' >"$tmp/app.csv"
expect_input_error "app level" "app.csv:2: column 'level': 'L4' is not a memory level of this machine \(L1, L2, L3, DRAM\)" \
    "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
[ ! -e "$tmp/run/applications.csv" ] || fail "a bad --app file was copied into the run"
printf 'name,arithmetic_intensity,gflops_per_s\nx,-1,10\n' >"$tmp/app.csv"
expect_input_error "app intensity" "app.csv:2: arithmetic_intensity and gflops_per_s must be positive" \
    "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
printf 'name,intensity,gflops_per_s\nx,1,10\n' >"$tmp/app.csv"
expect_input_error "app columns" "app.csv:1: missing column 'arithmetic_intensity'" \
    "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
expect_input_error "app missing" "nothere.csv: cannot read" "$RFL" ceilings "$tmp/run" --app "$tmp/nothere.csv"

# Config files.
printf 'spec.dram_gbytes_per_s = 200\nspec.l9_gbytes_per_s = 1\n' >"$tmp/bad.conf"
expect_input_error "unknown key" "bad.conf:2: unknown key 'spec.l9_gbytes_per_s'" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/bad.conf"
printf '# spec\n\nspec.dram_gbytes_per_s = lots\n' >"$tmp/bad.conf"
expect_input_error "bad value" "bad.conf:3: spec.dram_gbytes_per_s = 'lots': invalid value" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/bad.conf"
printf 'ranks = 2\nranks = 3\n' >"$tmp/bad.conf"
expect_input_error "key twice" "bad.conf:2: key 'ranks' is already set on line 1" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/bad.conf"
expect_input_error "missing config" "nothere.conf: cannot read the config file" \
    "$RFL" ceilings "$tmp/run" --config "$tmp/nothere.conf"
expect_input_error "run: bad config" "bad.conf:2: key 'ranks' is already set" \
    "$RFL" run --config "$tmp/bad.conf" --output "$tmp/never"
[ ! -e "$tmp/never" ] || fail "rfl run made its directory despite a bad config"

# Not an error, but said: a file from an interrupted run.
fresh
sed 's/"status": "complete"/"status": "interrupted"/' "$golden/flops.json" >"$tmp/run/flops.json"
"$RFL" ceilings "$tmp/run" >/dev/null 2>"$tmp/err" || fail "interrupted input: exit $?: $(cat "$tmp/err")"
grep -q 'flops.csv: the run that wrote it did not complete (status "interrupted")' "$tmp/err" ||
    fail "no warning about the interrupted input: $(cat "$tmp/err")"
grep -q 'did not complete' "$tmp/run/roofline.json" || fail "roofline.json does not note the interrupted input"

# Text that cannot reach stdout (a full disk) is a failure: exit 1 and one
# line on stderr, for every program built and each of its subcommands.
# expect_stdout_failure WHAT CMD...
expect_stdout_failure()
{
    _what=$1
    shift
    "$@" >/dev/full 2>"$tmp/err"
    _rc=$?
    [ $_rc -eq 1 ] || fail "$_what >/dev/full: exit $_rc, expected 1 (stderr: $(cat "$tmp/err"))"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$_what >/dev/full: expected one line on stderr, got:
$(cat "$tmp/err")"
    grep -q 'cannot write' "$tmp/err" || fail "$_what >/dev/full: $(cat "$tmp/err")"
}
if [ -w /dev/full ]; then
    for prog in "$top_builddir"/rfl "$top_builddir"/rfl_*; do
        [ -f "$prog" ] && [ -x "$prog" ] || continue
        name=${prog##*/}
        expect_stdout_failure "$name --help" "$prog" --help
        expect_stdout_failure "$name --version" "$prog" --version
        if "$prog" --help 2>/dev/null | grep -q -- '--print-columns'; then
            expect_stdout_failure "$name --print-columns" "$prog" --print-columns
        fi
    done
    for cmd in run ceilings plot report compare profile; do
        expect_stdout_failure "rfl $cmd --help" "$RFL" "$cmd" --help
    done
fi

# A good directory still works after all this.
fresh
"$RFL" ceilings "$tmp/run" >/dev/null 2>"$tmp/err" || fail "golden inputs: exit $?: $(cat "$tmp/err")"
exit 0
