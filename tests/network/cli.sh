# The command-line contract of rfl_network: help and version, --self-test,
# --print-columns against docs/FORMAT.md, one-line usage errors (exit 2)
# that name the option and the value and write no file, a run on fewer
# than 2 ranks (exit 2, nothing written) and a failed write to stdout exit 1
# (-o -, one CSV per stream, runs in mpi.sh).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_NETWORK=$top_builddir/rfl_network
require_program "$RFL_NETWORK"
check_help_version "$RFL_NETWORK"
for opt in --sizes --growth --pairs --min-time --experiments --output --quick --print-columns --self-test \
    --inject-fault RFL_TEST_HOSTS; do
    grep -q -e "$opt" "$tmp/help" || fail "--help does not mention $opt"
done

expect_exit 0 "--self-test" "$RFL_NETWORK" --self-test
grep -q "self-test passed" "$tmp/err" || fail "--self-test: $(cat "$tmp/err")"
check_print_columns "$RFL_NETWORK" network network.csv network_fit.csv

EXPECT_PROGRAM=$RFL_NETWORK
expect_error 2 --sizes "'0:1K'" -- --sizes 0:1K
expect_error 2 --sizes "'8:2G'" "1G" -- --sizes 8:2G
expect_error 2 --sizes "64 sizes" -- --sizes 1:1G --growth 1.1
expect_error 2 --sizes "'1K:8'" -- --sizes 1K:8
expect_error 2 --sizes "'abc'" -- --sizes abc
expect_error 2 --growth "'1'" -- --growth 1
expect_error 2 --growth "'17'" -- --growth 17
expect_error 2 --pairs "'some'" -- --pairs some
expect_error 2 --experiments "'0'" -- --experiments 0
expect_error 2 --min-time "'0'" -- --min-time 0
expect_error 2 --bogus-option -- --bogus-option
expect_error 2 stray -- --quick stray
# One rank (no mpiexec): nothing to ping; said in one line, no file.
expect_error 2 "2 or more MPI ranks" "has 1" -- --quick
# A failed write to stdout is exit 1, said in one line, never exit 0.
if [ -w /dev/full ]; then
    "$RFL_NETWORK" --print-columns >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc -eq 1 ] || fail "--print-columns >/dev/full: exit $rc, expected 1: $(cat "$tmp/err")"
    grep -q "stdout: cannot write" "$tmp/err" || fail "--print-columns >/dev/full: $(cat "$tmp/err")"
fi
exit 0
