# Shared helpers for the shell tests; every tests/<program>/<kind>.sh sources this file.
# Exit codes follow the Automake harness: 0 pass, 1 fail, 77 skip, 99 hard error.
#
# The harness exports top_srcdir, top_builddir and MPIEXEC (see
# AM_TESTS_ENVIRONMENT in Makefile.am); the defaults below let a test also run
# by hand from the build directory: sh ../src/tests/bandwidth/smoke.sh
# Set RFL_KEEP_TMP=1 to keep a test's temporary directory for inspection.

set -u

# PROGRAM/KIND.sh: the test's folder names the program it tests.
test_name=$(basename "$(dirname "$0")")/${0##*/}
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${top_builddir:=$(pwd)}"
: "${MPIEXEC:=}"
: "${RFL_KEEP_TMP:=0}"
export top_srcdir top_builddir

RFL_BANDWIDTH=$top_builddir/rfl_bandwidth

fail()
{
    echo "FAIL: $test_name: $*" >&2
    exit 1
}

skip()
{
    echo "SKIP: $test_name: $*" >&2
    exit 77
}

# A broken test environment (not a failure of the code under test).
hard_error()
{
    echo "ERROR: $test_name: $*" >&2
    exit 99
}

note()
{
    echo "note: $test_name: $*" >&2
}

# A private scratch directory, removed however the test ends.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rfl-$(echo "$test_name" | tr / -).XXXXXX") || hard_error "cannot create a temporary directory"
cleanup()
{
    if [ "$RFL_KEEP_TMP" = 1 ]; then
        echo "kept $tmp" >&2
    else
        rm -rf "$tmp"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# 0 when the build under test was configured with MPI.
build_has_mpi()
{
    grep -q '^#define HAVE_MPI 1' "$top_builddir/config.h" 2>/dev/null
}

# require_mpi: skips the test (77) when there is no mpiexec or the build
# has no MPI. Call it before redirecting run_mpi's stderr, so the reason
# for the skip reaches the log.
require_mpi()
{
    [ -n "$MPIEXEC" ] || skip "no mpiexec (configure found none)"
    [ -x "$MPIEXEC" ] || skip "mpiexec '$MPIEXEC' is not executable"
    build_has_mpi || skip "the build has no MPI"
}

# run_mpi N CMD... : runs CMD on N ranks of this host, oversubscribing its
# cores, over shared memory only (no network in containers; the single-copy
# mechanism needs ptrace rights that containers often lack). Skips the test
# (77) when require_mpi does.
run_mpi()
{
    [ $# -ge 2 ] || hard_error "usage: run_mpi N CMD..."
    require_mpi
    _rfl_ranks=$1
    shift
    "$MPIEXEC" -n "$_rfl_ranks" --oversubscribe --allow-run-as-root \
        --mca btl self,vader --mca btl_vader_single_copy_mechanism none "$@"
}

# csv_columns_from_format SECTION [HEADING_TEXT]
# Prints, one per line and in order, the backquoted column names from the
# first column of the CSV table in docs/FORMAT.md's section SECTION: the
# first table that follows a "### " heading containing ".csv" (and
# HEADING_TEXT, when given, for sections that describe several files).
csv_columns_from_format()
{
    [ $# -ge 1 ] || hard_error "usage: csv_columns_from_format SECTION [HEADING_TEXT]"
    _rfl_format=$top_srcdir/docs/FORMAT.md
    [ -r "$_rfl_format" ] || hard_error "$_rfl_format: not readable"
    awk -v section="$1" -v want="${2:-.csv}" '
        $0 == "<!-- section: " section " -->" { inside = 1; next }
        $0 == "<!-- end section: " section " -->" { inside = 0; next }
        !inside || done { next }
        /^#/ {
            if (in_table) { done = 1; next }
            wanted = (substr($0, 1, 4) == "### " && index($0, ".csv") && index($0, want))
            next
        }
        wanted && /^[ \t]*[|]/ {
            in_table = 1
            split($0, cell, "|")
            first = cell[2]
            opening = index(first, "`")
            if (!opening) next         # the header row
            rest = substr(first, opening + 1)
            closing = index(rest, "`")
            if (closing > 1) print substr(rest, 1, closing - 1)
            next
        }
        in_table { done = 1 }
    ' "$_rfl_format"
}

# csv_header FILE: the header names, one per line.
csv_header()
{
    head -n 1 "$1" | tr -d '\r' | tr ',' '\n'
}

# csv_rows FILE: the data rows (without the header).
csv_rows()
{
    tail -n +2 "$1"
}

# csv_column FILE NAME: the values of column NAME, one per data row. Fails
# the test when there is no such column. (Plain comma splitting: numeric
# and identifier columns never need quoting.)
csv_column()
{
    _rfl_col=$(csv_header "$1" | awk -v name="$2" '$0 == name { print NR; exit }')
    [ -n "$_rfl_col" ] || fail "$1: no column '$2' in the header"
    tail -n +2 "$1" | cut -d, -f"$_rfl_col"
}

# csv_check_rectangular FILE: every row has as many fields as the header
# (plain comma splitting) and there is at least one data row.
csv_check_rectangular()
{
    [ -s "$1" ] || fail "$1: missing or empty"
    _rfl_bad=$(awk -F, 'NR == 1 { n = NF; next } NF != n { print NR ": " NF " fields, header has " n; exit }' "$1")
    [ -z "$_rfl_bad" ] || fail "$1: line $_rfl_bad"
    [ "$(wc -l <"$1")" -ge 2 ] || fail "$1: no data rows"
}

have_python3()
{
    command -v python3 >/dev/null 2>&1
}

# json_valid FILE: 0 when FILE parses as JSON (python3 required).
json_valid()
{
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1"
}

# json_eval FILE EXPR: prints the Python expression EXPR evaluated with the
# parsed document bound to `d` (python3 required), e.g.
#   json_eval out.json 'd["status"]'
json_eval()
{
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# 0 when the C library has the named locale (e.g. de_DE.UTF-8).
have_locale()
{
    _rfl_norm=$(echo "$1" | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')
    locale -a 2>/dev/null | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/' | grep -qx "$_rfl_norm"
}

# expect_error CODE TEXT... -- ARGS...
# Runs $EXPECT_PROGRAM ARGS in an empty directory (so a default output file
# would land there) and checks: exit CODE, exactly one line on stderr
# containing every TEXT, nothing on stdout, no file left behind. The
# command-line contract tests set EXPECT_PROGRAM first.
case_no=0
expect_error()
{
    want_rc=$1
    shift
    texts=
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        texts="$texts$1
"
        shift
    done
    shift
    case_no=$((case_no + 1))
    dir=$tmp/case$case_no
    mkdir "$dir" || hard_error "mkdir $dir"
    (cd "$dir" && exec "$EXPECT_PROGRAM" "$@") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    what="$(basename "$EXPECT_PROGRAM") $*"
    [ $rc -eq "$want_rc" ] || fail "$what: exit $rc, expected $want_rc (stderr: $(head -n 3 "$tmp/err"))"
    lines=$(wc -l <"$tmp/err")
    [ "$lines" -eq 1 ] || fail "$what: $lines lines on stderr, expected exactly 1: $(head -n 5 "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$what: wrote to stdout: $(head -n 3 "$tmp/out")"
    echo "$texts" | while IFS= read -r text; do
        [ -z "$text" ] && continue
        grep -qiF -e "$text" "$tmp/err" || { echo "'$text'"; break; }
    done >"$tmp/missing"
    [ ! -s "$tmp/missing" ] || fail "$what: stderr does not mention $(cat "$tmp/missing"): $(cat "$tmp/err")"
    leftovers=$(ls -A "$dir")
    [ -z "$leftovers" ] || fail "$what: left files behind: $leftovers"
    rmdir "$dir"
}
