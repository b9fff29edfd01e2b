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

# bad_option EXPECTED_TEXT ARGS...: exit 2, one line on stderr naming the option and value.
bad_option()
{
    want=$1
    shift
    "$RFL_GEMM" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "$*: exit $rc, expected 2"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: expected one line on stderr, got: $(cat "$tmp/err")"
    grep -q -- "$want" "$tmp/err" || fail "$*: stderr lacks '$want': $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$*: wrote to stdout"
}
bad_option "option --sizes: invalid value '100'" --sizes 100
bad_option "option --sizes: invalid value '1000'" --sizes 1000
bad_option "multiple of 128" --sizes 256,1000
bad_option "option --sizes: invalid value '256x512'" --sizes 256x512
bad_option "option --sizes: invalid value '256x512x128x4'" --sizes 256x512x128x4
bad_option "option --sizes: invalid value '2a6'" --sizes 2a6
bad_option "option --sizes: invalid value '131072'" --sizes 131072
bad_option "option --kernel: invalid value 'cutlass'" --kernel cutlass
bad_option "option --precision: invalid value 'fp8'" --precision fp8
bad_option "option --trans: invalid value 'tn'" --trans tn
bad_option "option --mode: invalid value 'bench'" --mode bench
bad_option "option --l2: invalid value 'cold'" --l2 cold
bad_option "option --alpha: invalid value 'abc'" --alpha abc
bad_option "option --experiments: invalid value '0'" --experiments 0
bad_option "option --tune-size: invalid value '384'" --tune-size 384
bad_option "option --model-size: invalid value '100'" --model-size 100
bad_option "option --min-time" --min-time -1
bad_option "rfl_gemm" --no-such-option
bad_option "option --sass: cannot open" --sass "$tmp/missing.sass"
echo "not a listing" >"$tmp/text"
bad_option "not a cuobjdump -sass listing" --sass "$tmp/text"

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
