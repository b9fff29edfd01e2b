# The command-line contract of rfl_unified_memory, with or without a GPU:
# --help and --version on stdout with exit 0; a bad option or value is one
# line on stderr naming it, exit 2, decided before any CUDA call (so also
# where no device can be seen); the host-side self-checks; the CSV columns
# as docs/FORMAT.md lists them; --list-devices telling "no CUDA device"
# apart from a failure.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_cuda_program "$RFL_UM"

check_help_version "$RFL_UM"
grep -q -- "--point-timeout" "$tmp/help" || fail "--help does not list --point-timeout"
"$RFL_UM" --self-test >"$tmp/out" 2>"$tmp/err" || fail "--self-test: exit $?: $(cat "$tmp/err")"
grep -q "self-test passed" "$tmp/err" || fail "--self-test: no 'self-test passed'"

check_print_columns "$RFL_UM" unified-memory unified_memory.csv

# A bad value: exit 2, one line naming the option and the value, decided
# with no CUDA device visible, so a CUDA call made before the check would
# show as "no CUDA device" and exit 1.
(
    export CUDA_VISIBLE_DEVICES= RFL_FAKE_DEVICES=0
    EXPECT_PROGRAM=$RFL_UM
    expect_bad_value --bogus
    expect_bad_value --reuse 0
    expect_bad_value --reuse 1,,4
    expect_bad_value --reuse 4,x
    expect_bad_value --reuse 2000000
    expect_bad_value --threads-per-block 33
    expect_bad_value --threads-per-block 2048
    expect_bad_value --mechanisms pinned,managed
    expect_bad_value --wss 2G:1G
    expect_bad_value --wss 1Q
    expect_bad_value --growth 1
    expect_bad_value --experiments 0
    expect_bad_value --point-timeout 0
    expect_bad_value --point-timeout=-1
    expect_bad_value --min-time abc
    expect_bad_value --mem-limit 12X
    expect_bad_value --device -1
) || exit $?

check_list_devices "$RFL_UM"
CUDA_VISIBLE_DEVICES= "$RFL_UM" --quick -o "$tmp/none.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "no CUDA device" "$tmp/err" || fail "a sweep with no device visible: exit $rc: $(cat "$tmp/err")"
[ ! -e "$tmp/none.csv" ] || fail "a sweep with no device left a CSV behind"
exit 0
