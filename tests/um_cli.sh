# The command-line contract of rfl_unified_memory, with or without a GPU:
# --help and --version on stdout with exit 0; a bad option or value is one
# line on stderr naming it, exit 2, decided before any CUDA call (so also
# where no device can be seen); the host-side self-checks; the CSV columns
# as docs/FORMAT.md lists them; --list-devices telling "no CUDA device"
# apart from a failure.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/um_common.sh"

require_um_build
name=rfl_unified_memory

"$RFL_UM" --help >"$tmp/out" 2>"$tmp/err" || fail "--help: exit $?"
grep -q "^Usage: $name " "$tmp/out" || fail "--help: no usage line on stdout"
grep -q -- "--point-timeout" "$tmp/out" || fail "--help does not list --point-timeout"
[ ! -s "$tmp/err" ] || fail "--help wrote to stderr: $(cat "$tmp/err")"
"$RFL_UM" --version >"$tmp/out" 2>"$tmp/err" || fail "--version: exit $?"
grep -q "^$name (rfl) " "$tmp/out" || fail "--version: '$(cat "$tmp/out")'"
"$RFL_UM" --self-test >"$tmp/out" 2>"$tmp/err" || fail "--self-test: exit $?: $(cat "$tmp/err")"
grep -q "self-test passed" "$tmp/err" || fail "--self-test: no 'self-test passed'"

"$RFL_UM" --print-columns >"$tmp/out" 2>"$tmp/err" || fail "--print-columns: exit $?"
sed -n 's/^unified_memory\.csv //p' "$tmp/out" | tr ',' '\n' >"$tmp/printed"
[ -s "$tmp/printed" ] || fail "--print-columns: '$(cat "$tmp/out")'"
csv_columns_from_format unified-memory unified_memory.csv >"$tmp/format_columns"
diff -u "$tmp/format_columns" "$tmp/printed" >"$tmp/d" || fail "--print-columns differs from docs/FORMAT.md: $(cat "$tmp/d")"

# bad_value ARGS...: exit 2, one line naming the option and the value; with
# no CUDA device visible, so a CUDA call made before the check would show
# as "no CUDA device" and exit 1.
bad_value()
{
    CUDA_VISIBLE_DEVICES= RFL_FAKE_DEVICES=0 "$RFL_UM" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "$*: exit $rc, expected 2 ($(cat "$tmp/err"))"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: expected one line, got: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$*: wrote to stdout"
    opt=$(echo "$1" | sed 's/=.*//')
    value=${2:-}
    case $1 in --*=*) value=${1#*=} ;; esac
    grep -q -- "$opt" "$tmp/err" || fail "$*: the message does not name $opt: $(cat "$tmp/err")"
    [ -z "$value" ] || grep -q -F -- "'$value'" "$tmp/err" || fail "$*: the message does not name '$value': $(cat "$tmp/err")"
}

bad_value --bogus
bad_value --reuse 0
bad_value --reuse 1,,4
bad_value --reuse 4,x
bad_value --reuse 2000000
bad_value --threads-per-block 33
bad_value --threads-per-block 2048
bad_value --mechanisms pinned,managed
bad_value --wss 2G:1G
bad_value --wss 1Q
bad_value --growth 1
bad_value --experiments 0
bad_value --point-timeout 0
bad_value --point-timeout=-1
bad_value --min-time abc
bad_value --mem-limit 12X
bad_value --device -1

# Without a device: "no CUDA device" and exit 1; with one: a list and exit 0.
"$RFL_UM" --list-devices >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ]; then
    grep -q "compute capability" "$tmp/out" || fail "--list-devices: '$(cat "$tmp/out")'"
else
    [ $rc -eq 1 ] && grep -q "no CUDA device" "$tmp/err" || fail "--list-devices: exit $rc: $(cat "$tmp/err")"
fi
CUDA_VISIBLE_DEVICES= "$RFL_UM" --quick -o "$tmp/none.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "no CUDA device" "$tmp/err" || fail "a sweep with no device visible: exit $rc: $(cat "$tmp/err")"
[ ! -e "$tmp/none.csv" ] || fail "a sweep with no device left a CSV behind"
exit 0
