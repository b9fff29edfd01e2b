# rfl_gemm end to end on a GPU (skips without one): a small sweep of every
# kernel, precision and transposition (square and rectangular), the mix
# microbenchmark and the model table; the CSVs match docs/FORMAT.md, every
# row is verified within its stated bound, rates are sane; a corrupted
# result ends the run with exit 3 in every precision.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

cuda_sanitizer_options
require_gpu "$RFL_GEMM"

# 256^3 and a rectangular size, model at 512 (added to the sweep), tuning at 256.
csv=$tmp/g.csv
expect_exit 0 "small sweep" "$RFL_GEMM" --sizes 256,384x256x512 --model-size 512 --tune-size 256 -e 2 -m 0.001 -o "$csv"
check_gemm_tables "$tmp/g"
# fp32: volkov, tiled, cublas; fp64: volkov, tiled, dmma, cublas, cublaslt; tf32: cublas, cublaslt;
# bf16, fp16: cublas and cublaslt, each with C in FP32 and in the input type; x nn, nt x 3 sizes
# = (3 + 5 + 2 + 4 + 4) x 2 x 3 = 108 rows.
rows=$(csv_rows "$csv" | wc -l)
[ "$rows" -eq 108 ] || fail "expected 108 rows, got $rows"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    !($c["gflops_per_s"] > 0 && $c["max_rel_error"] <= $c["error_bound"] && $c["time_min_s"] <= $c["time_max_s"]) {
        print "bad row: " $0; exit 1 }
    $c["fraction_of_peak"] != "" && $c["fraction_of_peak"] > 1.05 { print "above the peak: " $0; exit 1 }' \
    "$csv" >"$tmp/bad" || fail "$(cat "$tmp/bad")"
for k in volkov tiled dmma cublas cublaslt; do
    csv_column "$csv" kernel | grep -q -x "$k" || fail "no $k rows"
done
for p in fp64 fp32 tf32 bf16 fp16; do
    csv_column "$csv" precision | grep -q -x "$p" || fail "no $p rows"
done
grep -q "host_long_double" "$csv" || fail "cuBLAS rows are not checked against the host"
# The mix: FFMA at 64 per load reaches most of the FFMA peak (4 warp instructions per clock per SM).
ffma=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["op"] == "ffma" && $c["lds_per_group"] == 0 { print $c["fma_fraction_of_peak"] }' "$tmp/g_mix.csv")
[ -n "$ffma" ] || fail "no FFMA-only mix row"
awk -v f="$ffma" 'BEGIN { exit !(f > 0.5 && f < 1.1) }' || fail "FFMA-only mix at $ffma of the peak"
grep -q "^[0-9]*,[0-9]*,l2_read," "$tmp/g_mix.csv" || fail "no l2_read row"
grep -q "^[0-9]*,[0-9]*,dram_copy," "$tmp/g_mix.csv" || fail "no dram_copy row"
# The model: a row for tiled fp32 nn at 512 with a bound.
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["kernel"] == "tiled" && $c["precision"] == "fp32" && $c["transb"] == "n" { found = 1;
        if (!($c["p_potential_gflops_per_s"] > 0)) bad = 1 }
    END { exit !found || bad }' "$tmp/g_model.csv" || fail "no tiled fp32 model row with a bound"
grep -q "evidence: tiled_sgemm_over_cublas_512" "$tmp/err" || fail "no tiled SGEMM evidence line"
grep -q "upper-bound model at 512" "$tmp/err" || fail "no model table"
check_sidecar "$tmp/g.json" rfl_gemm gemm tuning chosen_at_model_size mix evidence gpus
if have_python3; then
    [ "$(json_eval "$tmp/g.json" 'len(d["tuning"]) > 0')" = True ] || fail "g.json: nothing tuned"
fi

# A corrupted element is caught in every precision, by the device comparison and the host check.
check_gemm_faults "$RFL_GEMM" volkov:fp32 tiled:fp32 tiled:fp64 dmma:fp64 cublas:fp32 cublas:fp64 cublas:tf32 \
    cublas:bf16 cublas:fp16
exit 0
