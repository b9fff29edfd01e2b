# rfl_gpu_micro end to end on a GPU (skips without one): every mode with
# small settings; each CSV matches docs/FORMAT.md and is verified; the
# transfer fit and the chase are sane; a corrupted result ends a mode with
# exit 3.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_gpu "$RFL_GPU_MICRO"

small="--quick --experiments 2 --min-time 0.0002 --launches 200 --transfer-sizes 1:4M --chase-sizes 1K:4M
       --chase-strides 128,4K --chase-steps 256 --copy-bytes 1M --barriers 50"
expect_exit 0 "all modes" "$RFL_GPU_MICRO" $small -o "$tmp/m"
[ ! -s "$tmp/out" ] || fail "rfl_gpu_micro wrote to stdout"
for mode in launch transfer transfer_fit chase pipeline stride barrier; do
    csv=$tmp/m_$mode.csv
    check_header "$csv" gpu "gpu_micro_$mode.csv"
    check_verified "$csv"
done
for mode in launch transfer chase pipeline stride barrier; do
    check_sidecar "$tmp/m_$mode.json" rfl_gpu_micro cuda gpus mode settings
done
check_positive "$tmp/m_launch.csv" time_per_launch_min_us
check_positive "$tmp/m_transfer.csv" time_min_s gbytes_per_s model_time_s
check_positive "$tmp/m_transfer_fit.csv" latency_us bandwidth_gbytes_per_s
check_positive "$tmp/m_chase.csv" cycles_per_access ns_per_access
check_positive "$tmp/m_pipeline.csv" cycles cycles_per_fma fma_per_clock_per_sm
check_positive "$tmp/m_stride.csv" gbytes_per_s
check_positive "$tmp/m_barrier.csv" time_per_barrier_min_us
# 4 series x 23 sizes (1 B to 4 MiB) and 4 fits.
[ "$(csv_rows "$tmp/m_transfer.csv" | wc -l)" -eq 92 ] || fail "expected 92 transfer rows"
[ "$(csv_rows "$tmp/m_transfer_fit.csv" | wc -l)" -eq 4 ] || fail "expected 4 transfer fits"
# Latency grows with the array: the L2-only chase at 4 MiB is slower than L1 hits at 1 KiB.
l1=$(awk -F, '$3 == "global_ca" && $4 == 1024 && $5 == 128 { print $10 }' "$tmp/m_chase.csv")
l2=$(awk -F, '$3 == "global_cg" && $4 == 4194304 && $5 == 128 { print $10 }' "$tmp/m_chase.csv")
[ -n "$l1" ] && [ -n "$l2" ] || fail "chase rows missing (global_ca 1K, global_cg 4M at stride 128)"
awk -v a="$l1" -v b="$l2" 'BEGIN { exit !(b > a) }' || fail "chase: L2 ($l2 ns) not slower than L1 ($l1 ns)"
# One thread, one chain: the FMA latency is a few cycles, not zero, not hundreds.
lat=$(awk -F, '$3 == "fp32" && $4 == 1 && $5 == 1 { print $8 }' "$tmp/m_pipeline.csv")
awk -v v="$lat" 'BEGIN { exit !(v >= 2 && v <= 64) }' || fail "pipeline: fp32 latency '$lat' cycles"
grep -q "evidence: transfer_fit_pinned_h2d" "$tmp/err" || fail "no transfer evidence line"

for mode in launch transfer chase pipeline stride barrier; do
    expect_exit 3 "--mode $mode --inject-fault" "$RFL_GPU_MICRO" $small --mode $mode --inject-fault -o "$tmp/f"
done
exit 0
