# rfl_gemm's host code without a GPU: tests/gpu_fake_gemm is the program
# linked against the CUDA runtime stand-in (gpu/fake_cuda.c) with its
# kernels and cuBLAS done on the host (gemm/fake_kernels.c). Checked: a small
# sweep of every kernel, precision and transposition gives whole verified
# rows in the three tables of docs/FORMAT.md, with the tuning and the
# sidecar; a corrupted element ends the run with exit 3. (The rates are
# the host's and mean nothing.)
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
fake=$top_builddir/tests/gpu_fake_gemm
require_cuda_program "$fake"
unset RFL_FAKE_DEVICES RFL_FAKE_FREE RFL_FAKE_FREE_AFTER RFL_FAKE_FREE_LATER RFL_FAKE_MALLOC_MAX RFL_FAKE_L2

# 256^3 and a rectangular size, the model at 256, the tuning at 256:
# fp32 volkov, tiled, cublas; fp64 volkov, tiled, dmma, cublas, cublaslt;
# tf32 cublas, cublaslt; bf16, fp16 cublas, cublaslt, each with C in FP32
# and in the input type; x nn, nt x 2 sizes = 72 rows.
expect_exit 0 "small sweep" "$fake" --sizes 256,384x256x512 --model-size 256 --tune-size 256 -e 2 -m 0.001 -o "$tmp/g.csv"
check_gemm_tables "$tmp/g"
rows=$(csv_rows "$tmp/g.csv" | wc -l)
[ "$rows" -eq 72 ] || fail "expected 72 rows, got $rows"
grep -q "host_long_double" "$tmp/g.csv" || fail "cuBLAS rows are not checked against the host"
# A library GEMM alone on a rested GPU (what a profiler times) is measured too; rfl's own kernels set no roof.
[ "$(csv_count "$tmp/g.csv" '($col["kernel"] ~ /^cublas/) != ($col["gflops_per_s_rested"] > 0)')" -eq 0 ] ||
    fail "gflops_per_s_rested: not on exactly the cuBLAS and cuBLASLt rows"
check_sidecar "$tmp/g.json" rfl_gemm gemm tuning chosen_at_model_size mix evidence gpus budget
if have_python3; then
    [ "$(json_eval "$tmp/g.json" 'len(d["tuning"]) == 2')" = True ] || fail "g.json: the two tiled fp32 nn configurations were not tuned"
fi

# A budget too short for the sweep still runs every tensor roof's point
# (the largest square, nn: cuBLAS in each tensor type, dmma): a quick run
# that cut one had a roof missing.
expect_exit 0 "tiny budget" "$fake" --sizes 256,512 --model-size 256 --tune-size 256 -e 2 -m 0.01 --time-budget 0.1 -o "$tmp/b.csv"
for kp in dmma:fp64 cublas:fp64 cublas:tf32 cublas:bf16 cublas:fp16; do
    csv_rows "$tmp/b.csv" | awk -F, -v k="${kp%:*}" -v p="${kp#*:}" '$3 == k && $5 == p && $8 == "n" && $9 == 512 && $10 == 512 && $11 == 512 { f = 1 } END { exit !f }' ||
        fail "a tensor roof's point was cut by the budget: ${kp%:*} ${kp#*:} nn 512^3"
done

# The tensor roof is the larger of a GEMM's sustained and rested rates: a rested launch 10x the
# best sustained one lifts the BF16 roof to it (a profiled kernel runs alone, rested).
mkdir "$tmp/roof" || hard_error "mkdir"
cp "$tmp/b.csv" "$tmp/roof/gemm.csv" && cp "$tmp/b.json" "$tmp/roof/gemm.json" || hard_error "cp"
best=$(csv_rows "$tmp/roof/gemm.csv" | awk -F, '$5 == "bf16" && $32 == 1 && $22 > b { b = $22; l = NR } END { print l + 1, b }')
line=${best% *}
field=$(head -n 1 "$tmp/roof/gemm.csv" | tr ',' '\n' | grep -nx gflops_per_s_rested | cut -d: -f1)
[ -n "$field" ] || fail "gemm.csv has no gflops_per_s_rested"
lifted=$(awk -v b="${best#* }" 'BEGIN { printf "%.6g", b * 10 }')
set_field "$line" "$field" "$lifted" "$tmp/b.csv" >"$tmp/roof/gemm.csv"
expect_exit 0 "rfl ceilings of a rested launch" "$RFL" ceilings "$tmp/roof"
[ "$(csv_count "$tmp/roof/ceilings.csv" '$col["name"] ~ /bf16 tensor/ && $col["value"] / '"$lifted"' > 0.9999 && $col["value"] / '"$lifted"' < 1.0001')" -eq 1 ] ||
    fail "the BF16 tensor roof is not the rested launch's $lifted: $(grep bf16 "$tmp/roof/ceilings.csv")"

# A corrupted element is caught: by the comparison with cuBLAS, and for
# cuBLAS itself by the host check.
check_gemm_faults "$fake" tiled:fp64 cublas:fp32 cublas:bf16
exit 0
