# Bad GPU inputs give one clear line naming FILE:LINE (or the sidecar and
# the key) and exit 2: malformed rows, empty files, unknown and missing
# columns, non-numbers and non-positive rates, a companion without its
# sidecar, a sidecar without the GPU's properties, two different GPUs in
# one run directory, an unknown kind of GPU CSV.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

# fresh: $tmp/run holds the GPU golden inputs again (expect_input_error
# runs rfl ceilings on it).
run_inputs()
{
    copy_gpu_golden "$1"
}

R=$tmp/run
broken_input "empty file" "gpu_flops.csv:1: empty file" gpu_flops.csv true

broken_input "header only" "gpu_micro_chase.csv:2: no data rows" gpu_micro_chase.csv head -n 1

broken_input "short row" "unified_memory.csv:5: 22 fields, but the header has 23" unified_memory.csv sed '5s/,[^,]*$//'

broken_input "not a number" "gpu_bandwidth.csv:7: column 'gbytes_per_s': invalid number 'fast'" \
    gpu_bandwidth.csv set_field 7 21 fast

broken_input "zero rate" "gpu_bandwidth.csv:4: column 'gbytes_per_s': must be positive, got '0'" \
    gpu_bandwidth.csv set_field 4 21 0

broken_input "negative rate" "gpu_flops.csv:3: column 'gflops_per_s': must be positive" gpu_flops.csv set_field 3 20 -1

broken_input "bad integer" "gemm.csv:6: column 'm': invalid integer '1e3x'" gemm.csv set_field 6 9 1e3x

broken_input "unknown column" "gpu_micro_launch.csv:1: unknown column 'extra'" \
    gpu_micro_launch.csv sed '1s/$/,extra/; 2,$s/$/,1/'

broken_input "missing column" "gpu_micro_transfer_fit.csv:1: missing column 'bandwidth_gbytes_per_s'" \
    gpu_micro_transfer_fit.csv cut -d, -f1-8,10-

broken_input "missing required column" "gpu_bandwidth.csv:1: missing column 'access'" gpu_bandwidth.csv cut -d, -f1-6,8-

broken_input "empty text" "gpu_micro_transfer.csv:9: column 'host_memory': empty value" \
    gpu_micro_transfer.csv set_field 9 4 ''

fresh
rm "$R/gemm.json"
expect_input_error "companion without sidecar" "gemm(_mix)?.csv: no sidecar .*gemm.json"

broken_input "sidecar without gpus" "gpu_flops.csv: its sidecar has no gpus\[\]\.device with name, sm_count and l2_bytes" \
    gpu_flops.json sed 's/"gpus"/"gpus_gone"/'

broken_input "two GPUs" "gpu_micro_chase.csv: its GPU \(NVIDIA H200 \(synthetic\), 114 SMs\) differs" \
    gpu_micro_chase.json sed 's/"sm_count": 132/"sm_count": 114/'

# The sidecar's program decides a file's kind (issue 27): a stride file whose sidecar says
# rfl_gpu_flops is read as a flops file, and refused for what that lacks.
broken_input "wrong program" "gpu_micro_stride.csv:1: missing column 'scope' \(required in a gpu flops file\)" \
    gpu_micro_stride.json sed 's/"program": "rfl_gpu_micro"/"program": "rfl_gpu_flops"/'

fresh
cp "$gpu_golden/gpu_micro_launch.csv" "$R/gpu_micro_launches.csv"
expect_input_error "unknown kind" "gpu_micro_launches.csv: not a kind of CSV rfl knows"

broken_input "measured point without a rate" "unified_memory.csv:2: column 'gbytes_per_s': a measured point" \
    unified_memory.csv awk -F, -v OFS=, 'NR == 2 { $22 = "ok"; $14 = "" } { print }'

# A transfer fit row rfl_gpu_micro could not fit (too few sizes) has its
# latency and bandwidth empty: no fitted ceiling, a note. One of them alone
# empty is a broken file.
broken_input "fit without its latency" "gpu_micro_transfer_fit.csv:2: column 'latency_us': empty value" \
    gpu_micro_transfer_fit.csv set_field 2 8 ''
fresh
awk -F, -v OFS=, 'NR == 2 { $8 = ""; $9 = ""; $10 = ""; $11 = ""; $14 = "" } { print }' \
    "$gpu_golden/gpu_micro_transfer_fit.csv" >"$R/gpu_micro_transfer_fit.csv"
"$RFL" ceilings "$R" >/dev/null 2>"$tmp/err" || fail "a fit row without a fit: exit $?: $(cat "$tmp/err")"
grep -q 'note: .*gpu_micro_transfer_fit.csv:2: h2d pinned: no fit (too few sizes)' "$tmp/err" ||
    fail "a fit row without a fit: no note: $(cat "$tmp/err")"
# ... and no fitted ceiling: the host link falls back to the best long copy, said so
grep -q 'note: gpu0 host link h2d: no fit (too few sizes); the ceiling is the best long copy' "$tmp/err" ||
    fail "a fit row without a fit: no fallback note: $(cat "$tmp/err")"
grep -q '^gpu0,bandwidth,host link h2d,.*cudaMemcpy pinned, best copy' "$R/ceilings.csv" ||
    fail "a fit row without a fit: the host link is not the best copy: $(grep 'host link' "$R/ceilings.csv")"

# A header alone is no error where the sidecar's time budget cut points
# (rfl_gpu_micro writes a mode it had no time for so): the file adds
# nothing, and the note and roofline.json say why. Without a cut it stays
# the error above.
if have_python3; then
    fresh
    head -n 1 "$gpu_golden/gpu_micro_barrier.csv" >"$R/gpu_micro_barrier.csv"
    python3 - "$R/gpu_micro_barrier.json" <<'PY' || hard_error "cannot rewrite the barrier sidecar"
import json, sys
d = json.load(open(sys.argv[1]))
d["budget"] = {"time_budget_s": 1.0, "used_s": 1.2, "spent": True, "points_run": 0, "points_cut": 1,
               "cut": [{"what": "barrier: every point (no time left)", "points": 1}], "samples": {}}
json.dump(d, open(sys.argv[1], "w"))
PY
    "$RFL" ceilings "$R" >/dev/null 2>"$tmp/err" || fail "header only, budget cut: exit $?: $(cat "$tmp/err")"
    grep -q 'note: gpu_micro_barrier.csv: no rows: the time budget cut every point of it' "$tmp/err" ||
        fail "header only, budget cut: no note: $(cat "$tmp/err")"
    [ -s "$R/ceilings.csv" ] || fail "header only, budget cut: no ceilings.csv"
    grep -q 'gpu_micro_barrier.csv: no rows' "$R/roofline.json" || fail "header only, budget cut: roofline.json has no note"
fi

# Rows that did not verify are skipped and noted, not an error.
fresh
awk -F, -v OFS=, 'NR == 3 { $NF = "0" } { print }' "$gpu_golden/gpu_flops.csv" >"$R/gpu_flops.csv"
"$RFL" ceilings "$R" >/dev/null 2>"$tmp/err" || fail "unverified row: exit $?: $(cat "$tmp/err")"
grep -q 'gpu_flops.csv:3: skipped a row whose result was not verified' "$tmp/err" ||
    fail "no note for the unverified row: $(cat "$tmp/err")"
exit 0
