# The command-line contract of rfl_gpu_link (no GPU needed): help and
# version, --print-columns against docs/FORMAT.md, one-line usage errors
# (exit 2) that name the option and the value and write no file.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_GPU_LINK=${RFL_GPU_LINK:-$top_builddir/rfl_gpu_link}
require_cuda_program "$RFL_GPU_LINK"
check_help_version "$RFL_GPU_LINK" rfl_gpu_link
for opt in --sizes --min-time --experiments --time-budget --output --quick --full --list-devices --print-columns \
    --inject-fault "exits 77" CUDA_VISIBLE_DEVICES; do
    grep -q -e "$opt" "$tmp/help" || fail "--help does not mention $opt"
done
check_print_columns "$RFL_GPU_LINK" gpu gpu_link.csv gpu_link_fit.csv

EXPECT_PROGRAM=$RFL_GPU_LINK
expect_error 2 --sizes "'0:1K'" -- --sizes 0:1K
expect_error 2 --sizes "'8:8G'" "4G" -- --sizes 8:8G
expect_error 2 --sizes "'1:2T'" -- --sizes 1:2T
expect_error 2 --sizes "'1K:8'" -- --sizes 1K:8
expect_error 2 --sizes "'abc'" -- --sizes abc
expect_error 2 --experiments "'0'" -- --experiments 0
expect_error 2 --min-time "'0'" -- --min-time 0
expect_error 2 --time-budget "'0'" -- --time-budget 0
expect_error 2 --quick --full -- --quick --full
expect_error 2 --bogus-option -- --bogus-option
expect_error 2 stray -- --quick stray
exit 0
