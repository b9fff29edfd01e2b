# rfl_gpu_flops end to end on a GPU (skips without one): a small FPE sweep in
# every precision; the CSV matches docs/FORMAT.md, every row is verified
# bit for bit, the clock and the fraction of peak are there and sane; a
# corrupted result ends the run with exit 3.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_gpu "$RFL_GPU_FLOPS"

out=$tmp/fl.csv
expect_exit 0 "small sweep" "$RFL_GPU_FLOPS" --fpe 1,2,64,1024 --chains 1,8 --experiments 2 --min-time 0.002 -o "$out"
check_header "$out" gpu gpu_flops.csv
check_verified "$out"
check_positive "$out" time_min_s gflops_per_s gbytes_per_s sm_clock_mhz peak_gflops_per_s fraction_of_peak
[ "$(csv_rows "$out" | wc -l)" -eq 24 ] || fail "expected 3 precisions x 4 FPE x 2 chains = 24 rows"
# No row above the clock-derived peak (a 3% margin for the clock read).
bad=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fraction_of_peak") c = i; next } $c > 1.03 { print; exit }' "$out")
[ -z "$bad" ] || fail "a row above the peak: $bad"
grep -q "evidence: fp32_fraction_of_clock_peak" "$tmp/err" || fail "no FP32 evidence line"
check_sidecar "$tmp/fl.json" rfl_gpu_flops cuda gpus sweep kernel evidence

for prec in fp64 fp32 fp16; do
    expect_exit 3 "--inject-fault $prec" \
        "$RFL_GPU_FLOPS" --fpe 8 --chains 2 -p $prec --experiments 1 --min-time 0.0001 --inject-fault -o "$tmp/fault.csv"
done
exit 0
