# The command-line contract of rfl_dense: help and version, the self-test, --print-columns
# against docs/FORMAT.md, one-line usage errors (exit 2) that name the option and the value and
# write no file; a method asked for a factorization it does not have is bad usage (exit 2, the
# combination named) on any build and machine, refused before a device is looked for, as is a
# malformed RFL_DENSE_* tuning variable; `all` is
# the default (a host without a GPU runs its methods).
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
# recursive has LU and Cholesky only: a combination that leaves a method or a factorization with
# nothing to run is bad usage, whatever the build (without CUDA, or with CUDA and no GPU).
expect_error 2 "--method recursive" "--factorization qr" "no such combination" -- -m recursive -f qr
expect_error 2 "--factorization qr" "--method recursive" "no such combination" -- -m recursive -f lu,qr
# The GPU methods' tuning variables (rfl_dense --help) are checked with the options, on any build.
RFL_DENSE_INVERSE=yes expect_error 2 RFL_DENSE_INVERSE=yes -- --sizes 64
RFL_DENSE_SYRK_LEAF=-3 expect_error 2 RFL_DENSE_SYRK_LEAF=-3 -- --sizes 64
RFL_DENSE_TRSM_LEAF=99999999 expect_error 2 RFL_DENSE_TRSM_LEAF=99999999 -- --sizes 64
# `all` runs what this build and machine have: here at least lapack, exit 0 (it failed without a GPU).
OPENBLAS_NUM_THREADS=1 "$RFL_DENSE" -m all -f lu -p fp64 --sizes 32 --experiments 1 -o "$tmp/all.csv" 2>"$tmp/err" ||
    fail "-m all: exit $?: $(cat "$tmp/err")"
[ "$(csv_count "$tmp/all.csv" '$col["method"] == "lapack"')" = 1 ] || fail "-m all: no lapack row"
exit 0
