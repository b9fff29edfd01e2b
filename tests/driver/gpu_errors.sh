# Bad GPU inputs give one clear line naming FILE:LINE (or the sidecar and
# the key) and exit 2: malformed rows, empty files, unknown and missing
# columns, non-numbers and non-positive rates, a companion without its
# sidecar, a sidecar without the GPU's properties, two different GPUs in
# one run directory, an unknown kind of GPU CSV.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL=$top_builddir/rfl
[ -x "$RFL" ] || hard_error "$RFL: not built"
data=$top_srcdir/tests/data/driver/gpu

fresh()
{
    rm -rf "$tmp/run"
    mkdir "$tmp/run" && cp "$data"/*.csv "$data"/*.json "$tmp/run/" || hard_error "cannot copy the GPU golden inputs"
}

# expect_error WHAT PATTERN: rfl ceilings exits 2, nothing on stdout, one
# line on stderr matching PATTERN (extended regular expression), no ceilings.csv.
expect_error()
{
    what=$1
    pattern=$2
    rm -f "$tmp/run/ceilings.csv"
    "$RFL" ceilings "$tmp/run" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "$what: exit $rc, expected 2 (stderr: $(cat "$tmp/err"))"
    [ ! -s "$tmp/out" ] || fail "$what: wrote to stdout"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$what: expected one line on stderr, got:
$(cat "$tmp/err")"
    grep -Eq -- "$pattern" "$tmp/err" || fail "$what: message does not match '$pattern': $(cat "$tmp/err")"
    [ ! -e "$tmp/run/ceilings.csv" ] || fail "$what: wrote ceilings.csv anyway"
}

R=$tmp/run
fresh
: >"$R/gpu_flops.csv"
expect_error "empty file" "gpu_flops.csv:1: empty file"

fresh
head -n 1 "$data/gpu_micro_chase.csv" >"$R/gpu_micro_chase.csv"
expect_error "header only" "gpu_micro_chase.csv:2: no data rows"

fresh
sed '5s/,[^,]*$//' "$data/unified_memory.csv" >"$R/unified_memory.csv"
expect_error "short row" "unified_memory.csv:5: 22 fields, but the header has 23"

fresh
awk -F, -v OFS=, 'NR == 7 { $21 = "fast" } { print }' "$data/gpu_bandwidth.csv" >"$R/gpu_bandwidth.csv"
expect_error "not a number" "gpu_bandwidth.csv:7: column 'gbytes_per_s': invalid number 'fast'"

fresh
awk -F, -v OFS=, 'NR == 4 { $21 = "0" } { print }' "$data/gpu_bandwidth.csv" >"$R/gpu_bandwidth.csv"
expect_error "zero rate" "gpu_bandwidth.csv:4: column 'gbytes_per_s': must be positive, got '0'"

fresh
awk -F, -v OFS=, 'NR == 3 { $20 = "-1" } { print }' "$data/gpu_flops.csv" >"$R/gpu_flops.csv"
expect_error "negative rate" "gpu_flops.csv:3: column 'gflops_per_s': must be positive"

fresh
awk -F, -v OFS=, 'NR == 6 { $9 = "1e3x" } { print }' "$data/gemm.csv" >"$R/gemm.csv"
expect_error "bad integer" "gemm.csv:6: column 'm': invalid integer '1e3x'"

fresh
sed '1s/$/,extra/; 2,$s/$/,1/' "$data/gpu_micro_launch.csv" >"$R/gpu_micro_launch.csv"
expect_error "unknown column" "gpu_micro_launch.csv:1: unknown column 'extra'"

fresh
cut -d, -f1-8,10- "$data/gpu_micro_transfer_fit.csv" >"$R/gpu_micro_transfer_fit.csv"
expect_error "missing column" "gpu_micro_transfer_fit.csv:1: missing column 'bandwidth_gbytes_per_s'"

fresh
cut -d, -f1-6,8- "$data/gpu_bandwidth.csv" >"$R/gpu_bandwidth.csv"
expect_error "missing required column" "gpu_bandwidth.csv:1: missing column 'access'"

fresh
awk -F, -v OFS=, 'NR == 9 { $4 = "" } { print }' "$data/gpu_micro_transfer.csv" >"$R/gpu_micro_transfer.csv"
expect_error "empty text" "gpu_micro_transfer.csv:9: column 'host_memory': empty value"

fresh
rm "$R/gemm.json"
expect_error "companion without sidecar" "gemm(_mix)?.csv: no sidecar .*gemm.json"

fresh
sed 's/"gpus"/"gpus_gone"/' "$data/gpu_flops.json" >"$R/gpu_flops.json"
expect_error "sidecar without gpus" "gpu_flops.csv: its sidecar has no gpus\[\]\.device with name, sm_count and l2_bytes"

fresh
sed 's/"sm_count": 132/"sm_count": 114/' "$data/gpu_micro_chase.json" >"$R/gpu_micro_chase.json"
expect_error "two GPUs" "gpu_micro_chase.csv: its GPU \(NVIDIA H200 \(synthetic\), 114 SMs\) differs"

fresh
sed 's/"program": "rfl_gpu_micro"/"program": "rfl_gpu_flops"/' "$data/gpu_micro_stride.json" >"$R/gpu_micro_stride.json"
expect_error "wrong program" "gpu_micro_stride.json: \"program\" is \"rfl_gpu_flops\", expected \"rfl_gpu_micro\""

fresh
cp "$data/gpu_micro_launch.csv" "$R/gpu_micro_launches.csv"
expect_error "unknown kind" "gpu_micro_launches.csv: not a kind of CSV rfl knows"

fresh
awk -F, -v OFS=, 'NR == 2 { $22 = "ok"; $14 = "" } { print }' "$data/unified_memory.csv" >"$R/unified_memory.csv"
expect_error "measured point without a rate" "unified_memory.csv:2: column 'gbytes_per_s': a measured point"

# Rows that did not verify are skipped and noted, not an error.
fresh
awk -F, -v OFS=, 'NR == 3 { $NF = "0" } { print }' "$data/gpu_flops.csv" >"$R/gpu_flops.csv"
"$RFL" ceilings "$R" >/dev/null 2>"$tmp/err" || fail "unverified row: exit $?: $(cat "$tmp/err")"
grep -q 'gpu_flops.csv:3: skipped a row whose result was not verified' "$tmp/err" ||
    fail "no note for the unverified row: $(cat "$tmp/err")"
exit 0
