# rfl_gemm's command line, without a GPU: help and version, one-line errors
# naming the option and the value (exit 2), the CSV columns against
# docs/FORMAT.md, the host self-test, the kernel table, and the SASS
# counter on a sample listing (address and label branch targets, nested
# loops). Skips (77) where rfl_gemm is not built (configure without CUDA).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

cuda_sanitizer_options
require_cuda_program "$RFL_GEMM"

check_help_version "$RFL_GEMM"
grep -q -- "--kernel" "$tmp/help" || fail "--help does not list --kernel"

# A bad option or value: exit 2, one line naming it.
EXPECT_PROGRAM=$RFL_GEMM
expect_error 2 "option --sizes: invalid value '100'" -- --sizes 100
expect_error 2 "option --sizes: invalid value '1000'" -- --sizes 1000
expect_error 2 "multiple of 128" -- --sizes 256,1000
expect_error 2 "option --sizes: invalid value '256x512'" -- --sizes 256x512
expect_error 2 "option --sizes: invalid value '256x512x128x4'" -- --sizes 256x512x128x4
expect_error 2 "option --sizes: invalid value '2a6'" -- --sizes 2a6
expect_error 2 "option --sizes: invalid value '131072'" -- --sizes 131072
expect_error 2 "option --kernel: invalid value 'cutlass'" -- --kernel cutlass
expect_error 2 "option --precision: invalid value 'fp8'" -- --precision fp8
expect_error 2 "option --trans: invalid value 'tn'" -- --trans tn
expect_error 2 "option --mode: invalid value 'bench'" -- --mode bench
expect_error 2 "option --l2: invalid value 'cold'" -- --l2 cold
expect_error 2 "option --alpha: invalid value 'abc'" -- --alpha abc
expect_error 2 "option --experiments: invalid value '0'" -- --experiments 0
expect_error 2 "option --tune-size: invalid value '384'" -- --tune-size 384
expect_error 2 "option --model-size: invalid value '100'" -- --model-size 100
expect_error 2 "option --min-time" -- --min-time -1
expect_error 2 "rfl_gemm" -- --no-such-option
expect_error 2 "option --sass: cannot open" -- --sass "$tmp/missing.sass"
echo "not a listing" >"$tmp/text"
expect_error 2 "not a cuobjdump -sass listing" -- --sass "$tmp/text"

# The three tables' columns are documented, in order.
check_print_columns "$RFL_GEMM" gemm gemm.csv gemm_mix.csv gemm_model.csv

"$RFL_GEMM" --self-test 2>"$tmp/err" || fail "--self-test: exit $?: $(cat "$tmp/err")"

"$RFL_GEMM" --list-kernels >"$tmp/kernels" 2>"$tmp/err" || fail "--list-kernels: exit $?"
for family in volkov tiled dmma; do
    grep -q " $family " "$tmp/kernels" || fail "--list-kernels lists no $family kernel"
done
if grep -q "^main-loop SASS counts (cuobjdump" "$tmp/kernels"; then
    # Built with cuobjdump: every tiled FP32 kernel's loop is mostly FFMA with 16-byte shared loads.
    awk '$1 ~ /^rfl_gemm_tiled_f32_/ && NF == 11 { n++; if ($6 + 0 == 0 || $3 / $2 < 0.8) { print; bad = 1 } }
         END { exit bad || n == 0 }' "$tmp/kernels" >"$tmp/bad" ||
        fail "tiled FP32 main loops not as designed (LDS.128, FMA share >= 80%): $(cat "$tmp/bad")"
else
    note "no SASS table in this build: $(grep '^main-loop' "$tmp/kernels")"
fi

# The SASS counter on a sample listing (tests/data/gemm/sample.sass).
"$RFL_GEMM" --sass "$top_srcdir/tests/data/gemm/sample.sass" >"$tmp/sass" 2>"$tmp/err" ||
    fail "--sass sample.sass: exit $?: $(cat "$tmp/err")"
expect_line()
{
    grep -q -- "$1" "$tmp/sass" || fail "--sass sample.sass: no line matching '$1':
$(cat "$tmp/sass")"
}
# k_nested: the outer loop (8 instructions, 3 FFMA) wins over the inner one (4, 2).
expect_line '^k_nested  *8  *3  *0  *1  *1  *0  *1  *0  *2  *37.5%$'
# k_label: label targets; the never-executed @!PT LDS counts as a NOP.
expect_line '^k_label  *5  *1  *1  *0  *0  *1  *0  *1  *1  *20.0%$'
expect_line '^k_noloop  *- (no loop'
exit 0
