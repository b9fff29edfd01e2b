# The command-line contract of rfl_dense: help and version, the self-test, --print-columns
# against docs/FORMAT.md, one-line usage errors (exit 2) that name the option and the value and
# write no file.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_DENSE=$top_builddir/rfl_dense
require_program "$RFL_DENSE"
check_help_version "$RFL_DENSE"
for opt in --sizes --factorization --method --precision --experiments --output --quick --print-columns --self-test; do
    grep -q -e "$opt[= ]" -e "$opt\$" "$tmp/help" || fail "--help does not list $opt"
done
"$RFL_DENSE" --self-test >"$tmp/out" 2>"$tmp/err" || fail "--self-test: exit $?: $(cat "$tmp/err")"
grep -q 'rfl_dense: self-test passed' "$tmp/err" || fail "--self-test: $(cat "$tmp/err")"
check_print_columns "$RFL_DENSE" dense dense.csv

EXPECT_PROGRAM=$RFL_DENSE
expect_error 2 --sizes "'8'" -- --sizes 8
expect_error 2 --sizes "'512:256'" -- --sizes 512:256
expect_error 2 --sizes "'1,,2'" -- --sizes 1,,2
expect_error 2 --sizes "'abc'" -- --sizes abc
expect_error 2 --sizes "'2000000'" -- --sizes 2000000
expect_error 2 --factorization "'svd'" -- --factorization svd
expect_error 2 --method "'magma'" -- --method magma
expect_error 2 --precision fp16 -- --precision fp16
expect_error 2 --experiments "'0'" -- --experiments 0
expect_error 2 --bogus-option -- --bogus-option
expect_error 2 stray-operand -- --quick stray-operand
exit 0
