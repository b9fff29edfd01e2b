# Golden test of rfl ceilings, plot and report on GPU files: the synthetic
# H200 run directory in tests/data/driver/gpu must give exactly the
# committed ceilings.csv and gnuplot scripts (tests/data/driver/gpu/
# make_gpu_golden.py describes the data). A run directory holding the CPU
# golden files too gives the CPU's ceilings and charts unchanged, the GPU's
# after them. After an intended change, refresh expected/ with the commands
# in the failure message and review the diff (and the PNGs).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
expected=$gpu_golden/expected
charts="roofline-gpu0 gpu_bandwidth gpu_flops gemm unified_memory unified_memory_reuse gpu_latency gpu_transfer"

dir=$tmp/run
copy_gpu_golden "$dir"

"$RFL" ceilings "$dir" >"$tmp/out" 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "rfl ceilings wrote to stdout"
check_golden "$expected/ceilings.csv" "$dir/ceilings.csv"
grep -q 'note: gpu_bandwidth.csv: memcpy_d2d is drawn for comparison' "$tmp/err" ||
    fail "no note that memcpy_d2d sets no ceiling: $(cat "$tmp/err")"

"$RFL" plot "$dir" --no-render >"$tmp/out" 2>"$tmp/err" || fail "rfl plot --no-render: exit $?: $(cat "$tmp/err")"
for chart in $charts; do
    [ -s "$dir/$chart.gp" ] || fail "rfl plot wrote no $chart.gp"
    check_golden "$expected/$chart.gp" "$dir/$chart.gp"
done
[ ! -e "$dir/roofline.gp" ] || fail "a CPU roofline without CPU measurements"
for chart in roofline-gpu1 roofline-gpus; do
    [ ! -e "$dir/$chart.gp" ] || fail "one GPU, but rfl plot wrote $chart.gp"
done
[ ! -e "$dir/gpu_bandwidth.png" ] || fail "--no-render made a PNG"

if have_python3; then
    j=$dir/roofline.json
    json_valid "$j" || fail "roofline.json is not valid JSON"
    [ "$(json_eval "$j" 'd["gpu"]["device"]')" = gpu0 ] || fail "roofline.json: gpu.device is not gpu0"
    [ "$(json_eval "$j" '[l["name"] for l in d["gpu"]["levels"]]')" = "['shared', 'L1', 'L2', 'device memory']" ] ||
        fail "roofline.json: GPU levels"
    [ "$(json_eval "$j" 'd["gpu"]["levels"][1]["size_bytes"]')" = 34603008 ] ||
        fail "roofline.json: L1 is not 132 SMs x 256K"
    [ "$(json_eval "$j" 'd["levels"]')" = "[]" ] || fail "roofline.json: CPU levels without a CPU"
    [ "$(json_eval "$j" 'len(d["gpu"]["gemm"])')" = 40 ] || fail "roofline.json: not 40 GEMM rows"
    # The host link's spread: its fit moved by the median copy's slowdown over the fastest, at
    # the sizes it was fitted to (the stand-in's copies: median 1% slower than the fastest).
    [ "$(json_eval "$j" '[(c["name"], c["spread"]["percent"] and round(c["spread"]["percent"], 3)) for c in d["ceilings"] if c["name"].startswith("host link") or c["name"] == "fp64 tensor"]')" = \
        "[('host link h2d', 0.495), ('host link d2h', 0.495), ('fp64 tensor', 0.495)]" ] ||
        fail "roofline.json: spreads: $(json_eval "$j" '[(c["name"], c["spread"]) for c in d["ceilings"]]')"
    [ "$(json_eval "$j" '[x["reuse"] for x in d["gpu"]["reuse_to_half_device"] if x["mechanism"] == "zero_copy"]')" = \
        "[None, None, None, None]" ] || fail "roofline.json: zero-copy should never reach half of the device pass"
    [ "$(json_eval "$j" '[x["reuse"] for x in d["gpu"]["reuse_to_half_device"] if x["mechanism"] == "pinned_alloc"]')" = \
        "[None, 256, 256, 256]" ] || fail "roofline.json: pinned_alloc reuse to half"
else
    note "no python3: roofline.json contents not checked"
fi

"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
has_line "$dir/report.md" '^## GPU: NVIDIA H200 (synthetic)$' "no GPU section"
has_line "$dir/report.md" \
    '^| gpu0 | device memory | 4442.1 GB/s | median 4315, 97% of best (3 points, 9 samples) | 4800.0 (datasheet H200 (141 GB HBM3e)) | 93% |' \
    "no device-memory row" gpu0
has_line "$dir/report.md" '^| gpu0 | L2 | .* | none: NVIDIA publishes no L2 bandwidth | - |' \
    "the L2 row does not say that no spec is published" '^| gpu0 | L2 '
has_line "$dir/report.md" '^| gpu0 | fp64 | .* (132 SMs x 1.98 GHz measured x 2 x 64 FMA/clk) |' \
    "the fp64 row has no spec" '^| gpu0 | fp64 '
has_line "$dir/report.md" '^| h2d | pinned | 2.00 us | 55.5 GB/s |' "no transfer fit"
has_line "$dir/report.md" '^| pinned_alloc | never | 256 | 256 | 256 |' "no reuse table"
has_line "$dir/report.md" '^| tiled | fp32 | 8192x8192x8192 nn |' "no GEMM model table"
has_line "$dir/report.md" 'roofline-gpu0.gp' "does not name the GPU roofline"

# CPU and GPU in one run directory: the CPU rows and charts as without the
# GPU files, the GPU rows after them.
mix=$tmp/mix
copy_golden "$mix" "$gpu_golden"/*.csv "$gpu_golden"/*.json "$golden/applications.csv"
"$RFL" ceilings "$mix" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" ||
    fail "rfl ceilings (CPU and GPU): exit $?: $(cat "$tmp/err")"
ncpu=$(wc -l <"$golden/expected/ceilings.csv")
head -n "$ncpu" "$mix/ceilings.csv" | diff -u "$golden/expected/ceilings.csv" - >"$tmp/diff" ||
    fail "the CPU rows change beside GPU files:
$(cat "$tmp/diff")"
tail -n +2 "$expected/ceilings.csv" >"$tmp/gpu_rows"
tail -n +$((ncpu + 1)) "$mix/ceilings.csv" | diff -u "$tmp/gpu_rows" - >"$tmp/diff" ||
    fail "the GPU rows change beside CPU files:
$(cat "$tmp/diff")"
"$RFL" plot "$mix" --no-render --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" ||
    fail "rfl plot (CPU and GPU): exit $?: $(cat "$tmp/err")"
for gp in roofline.gp bandwidth.gp flops.gp; do
    cmp -s "$golden/expected/$gp" "$mix/$gp" || fail "$gp changes beside GPU files"
done
[ -s "$mix/roofline-gpu0.gp" ] || fail "no GPU roofline beside the CPU's"

# Another run's files: gemm-b.csv with gemm-b_mix.csv and gemm-b_model.csv
# share gemm-b.json.
other=$tmp/other
mkdir "$other" && cp "$gpu_golden/gemm.csv" "$other/gemm-b.csv" && cp "$gpu_golden/gemm.json" "$other/gemm-b.json" &&
    cp "$gpu_golden/gemm_mix.csv" "$other/gemm-b_mix.csv" && cp "$gpu_golden/gemm_model.csv" "$other/gemm-b_model.csv" ||
    hard_error "cp"
"$RFL" ceilings "$other" >/dev/null 2>"$tmp/err" || fail "gemm-b files: exit $?: $(cat "$tmp/err")"
grep -q '^gpu0,compute,fp16 tensor,' "$other/ceilings.csv" || fail "gemm-b.csv gave no tensor roof"

# A tensor roof is the best verified sample of its GEMMs (a roof bounds a single launch at
# boost clocks, as a profiler times a kernel), its median the spread: a 4096^3 BF16 row whose
# best sample (800000) beat the 8192^3 row's, though its median (600000, the power limiter's)
# did not, sets the roof.
limiter=$tmp/limiter
mkdir "$limiter" && cp "$gpu_golden"/gemm* "$limiter/" || hard_error "cp"
awk -F, -v OFS=, '$3 == "cublas" && $5 == "bf16" && $8 == "n" && $9 == 4096 && $10 == 4096 && $11 == 4096 { $22 = 800000; $23 = 600000 } 1' \
    "$gpu_golden/gemm.csv" >"$limiter/gemm.csv" || hard_error "awk"
grep -q ',800000,600000,' "$limiter/gemm.csv" || hard_error "the 4096^3 BF16 row was not changed"
"$RFL" ceilings "$limiter" >/dev/null 2>"$tmp/err" || fail "limiter files: exit $?: $(cat "$tmp/err")"
grep -q '^gpu0,compute,bf16 tensor,800000,600000,.*,cublas nn 4096x4096x4096,' "$limiter/ceilings.csv" ||
    fail "the bf16 tensor roof is not the best sample's row: $(grep 'bf16 tensor' "$limiter/ceilings.csv")"
exit 0
