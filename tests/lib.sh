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

# The programs under test. The GPU programs' paths may be set beforehand
# (tests/gpu/fake.sh points them at the test doubles).
RFL=$top_builddir/rfl
RFL_BANDWIDTH=$top_builddir/rfl_bandwidth
RFL_FLOPS=$top_builddir/rfl_flops
RFL_GEMM=$top_builddir/rfl_gemm
RFL_UM=$top_builddir/rfl_unified_memory
RFL_UM_FAKE=$top_builddir/tests/um_fake_cuda
: "${RFL_GPU_BANDWIDTH:=$top_builddir/rfl_gpu_bandwidth}"
: "${RFL_GPU_FLOPS:=$top_builddir/rfl_gpu_flops}"
: "${RFL_GPU_MICRO:=$top_builddir/rfl_gpu_micro}"

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
    rm -rf "$ompi_tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Open MPI's session directories, private to the test: every isolated
# singleton (OMPI_MCA_ess_singleton_isolated) shares one job family, so two
# tests' singletons in one /tmp remove each other's directories ("A call to
# mkdir was unable to create the desired directory", once in CI). Short, for
# the socket paths made under it.
ompi_tmp=$(mktemp -d "${TMPDIR:-/tmp}/rfl-ompi.XXXXXX") || hard_error "cannot create a temporary directory"
OMPI_MCA_orte_tmpdir_base=$ompi_tmp
PRTE_MCA_prte_tmpdir_base=$ompi_tmp
export OMPI_MCA_orte_tmpdir_base PRTE_MCA_prte_tmpdir_base

# require_program PROG...: a hard error (99) unless every PROG was built
# (rfl and the CPU programs always are).
require_program()
{
    for _rfl_p in "$@"; do
        [ -x "$_rfl_p" ] || hard_error "$_rfl_p: not built"
    done
}

# require_cuda_program PROG...: skips (77) unless every PROG was built
# (configure --with-cuda builds the GPU programs and their test doubles).
require_cuda_program()
{
    for _rfl_p in "$@"; do
        [ -x "$_rfl_p" ] || skip "${_rfl_p##*/} not built (configure --with-cuda to build it)"
    done
}

# require_gpu PROG: require_cuda_program, then skips unless a CUDA device
# answers PROG --list-devices (the programs say "no CUDA device: REASON"
# and exit 1 when none does); anything else is a failure.
require_gpu()
{
    require_cuda_program "$1"
    _rfl_out=$("$1" --list-devices 2>&1)
    _rfl_rc=$?
    if [ $_rfl_rc -ne 0 ]; then
        case $_rfl_out in
        *"no CUDA device"*) skip "no GPU here: $(echo "$_rfl_out" | head -n 1)" ;;
        *) fail "${1##*/} --list-devices: exit $_rfl_rc: $_rfl_out" ;;
        esac
    fi
    note "GPU: $(echo "$_rfl_out" | head -n 1)"
}

# timing_shapes_mean_something: false (with a note) in an --enable-sanitizers
# build, where ASan checks every load and a cache-resident kernel runs no
# faster than one from DRAM; the plain builds of the same CI run keep the
# check.
timing_shapes_mean_something()
{
    [ "${RFL_SANITIZERS:-no}" = yes ] || return 0
    note "$1: not judged in a sanitizer build (instrumented loads flatten the curve)"
    return 1
}

# with_size_limit BYTES CMD...: CMD with files limited to about BYTES (what
# a full disk does: writes past it fail with EFBIG, SIGXFSZ ignored).
_rfl_fsize_unit=
with_size_limit()
{
    if [ -z "$_rfl_fsize_unit" ]; then # 512 (dash) or 1024 (bash) bytes a block
        (trap '' XFSZ; ulimit -f 1 && exec dd if=/dev/zero of="$tmp/probe" bs=1 count=4096) 2>/dev/null
        _rfl_fsize_unit=$(wc -c <"$tmp/probe")
        rm -f "$tmp/probe"
        [ "$_rfl_fsize_unit" -gt 0 ] || hard_error "ulimit -f does not limit file sizes here"
    fi
    _rfl_blocks=$((($1 + _rfl_fsize_unit - 1) / _rfl_fsize_unit))
    shift
    (trap '' XFSZ; ulimit -f "$_rfl_blocks" && exec "$@")
}

# cuda_sanitizer_options: for the tests of CUDA programs. CUDA maps memory
# where AddressSanitizer's shadow gap would be, and the driver keeps
# allocations until exit: only matters in --enable-sanitizers builds.
cuda_sanitizer_options()
{
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}protect_shadow_gap=0:detect_leaks=0"
    export ASAN_OPTIONS
}

# expect_exit CODE WHAT CMD...: runs CMD with its stdout in $tmp/out and its
# stderr in $tmp/err; fails unless it exits CODE.
expect_exit()
{
    _rfl_want=$1
    _rfl_what=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    _rfl_rc=$?
    [ $_rfl_rc -eq "$_rfl_want" ] ||
        fail "$_rfl_what: exit $_rfl_rc, expected $_rfl_want (stderr: $(tail -n 10 "$tmp/err" | head -c 2000))"
}

# 0 when /proc/cpuinfo lists FLAG for this CPU (x86-64 only).
has_cpu_flag()
{
    case " $(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*://') " in
    *" $1 "*) return 0 ;;
    esac
    return 1
}

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

# node_cores: this node's physical cores that this process may use, as
# rfl's hwloc counts them (what rfl run holds ranks x threads against):
# hwloc-calc's count, or without hwloc-utils the distinct package and core
# ids of the allowed CPUs in /sys (python3); nothing when neither works.
node_cores()
{
    if command -v hwloc-calc >/dev/null 2>&1; then
        hwloc-calc --number-of core machine:0
    elif have_python3; then
        python3 -c '
import os
cores = set()
for c in os.sched_getaffinity(0):
    t = "/sys/devices/system/cpu/cpu%d/topology/" % c
    try:
        cores.add((open(t + "physical_package_id").read(), open(t + "core_id").read()))
    except OSError:
        cores.add(("cpu", c))
print(len(cores))'
    fi
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

# csv_count CSV AWK_CONDITION: the data rows for which the condition holds;
# columns by name through col["name"]. A quoted field is one field (its
# quotes dropped, a comma in it read as \034), so the columns after a
# kernel such as "cudaMemcpy pinned, fit" keep their places.
csv_count()
{
    awk -F, '
        function unquote(   i, c, q, out) {
            q = 0
            out = ""
            for (i = 1; i <= length($0); i++) {
                c = substr($0, i, 1)
                if (c == "\"") {
                    q = !q
                    continue
                }
                out = out (c == "," && q ? "\034" : c)
            }
            $0 = out
        }
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        index($0, "\"") { unquote() }
        '"$2"' { n++ } END { print n + 0 }' "$1"
}

# check_documented NAMES WHAT SECTION [HEADING_TEXT]: the column names in
# the file NAMES (one a line) are, in order, those of docs/FORMAT.md's table
# (csv_columns_from_format SECTION HEADING_TEXT); WHAT names them in a failure.
check_documented()
{
    csv_columns_from_format "$3" "${4:-}" >"$tmp/format_columns"
    [ -s "$tmp/format_columns" ] || fail "docs/FORMAT.md: no table for ${4:-$3} in section '$3'"
    diff -u "$tmp/format_columns" "$1" >"$tmp/columns.diff" ||
        fail "$2: the columns differ from docs/FORMAT.md (- FORMAT.md, + $2):
$(cat "$tmp/columns.diff")"
}

# check_header CSV SECTION [HEADING_TEXT]: the CSV's header is docs/FORMAT.md's table.
check_header()
{
    csv_header "$1" >"$tmp/header"
    check_documented "$tmp/header" "$1" "$2" "${3:-}"
}

# check_print_columns PROG SECTION FILE...: PROG --print-columns prints one
# line "FILE COLUMNS" for each FILE, in that order and no other, and each
# lists the columns of docs/FORMAT.md's table headed "### FILE" in SECTION.
check_print_columns()
{
    _rfl_prog=$1
    _rfl_section=$2
    shift 2
    "$_rfl_prog" --print-columns >"$tmp/print_columns" 2>"$tmp/err" || fail "${_rfl_prog##*/} --print-columns: exit $?"
    [ "$(cut -d' ' -f1 "$tmp/print_columns" | tr '\n' ' ')" = "$* " ] ||
        fail "${_rfl_prog##*/} --print-columns: files '$(cut -d' ' -f1 "$tmp/print_columns" | tr '\n' ' ')', expected '$* '"
    while read -r _rfl_file _rfl_columns; do
        echo "$_rfl_columns" | tr ',' '\n' >"$tmp/printed"
        check_documented "$tmp/printed" "$_rfl_file (${_rfl_prog##*/} --print-columns)" "$_rfl_section" "### $_rfl_file"
    done <"$tmp/print_columns"
}

# check_verified CSV: whole rows, at least one, every one verified.
check_verified()
{
    csv_check_rectangular "$1"
    _rfl_bad=$(csv_column "$1" verified | grep -v -x 1 | head -n 1)
    [ -z "$_rfl_bad" ] || fail "$1: a row has verified = '$_rfl_bad'"
}

# check_positive CSV COLUMN...: every value a positive number written with
# '.' (a decimal comma would also add fields).
check_positive()
{
    _rfl_csv=$1
    shift
    for _rfl_col in "$@"; do
        _rfl_bad=$(csv_column "$_rfl_csv" "$_rfl_col" | awk '!($0 ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && $0 + 0 > 0) { print; exit }')
        [ -z "$_rfl_bad" ] || fail "$_rfl_csv: column $_rfl_col has the value '$_rfl_bad' (expected a positive number)"
    done
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

# check_sidecar JSON PROGRAM [KEY...]: the sidecar is there, parses, names
# PROGRAM, says "complete" and has every KEY; with the key gpus, every
# gpus[] entry has device, nvml_start and nvml_end. Without python3 only
# its status is checked.
check_sidecar()
{
    [ -s "$1" ] || fail "no sidecar $1"
    if ! have_python3; then
        note "python3 not found: the sidecar $1 is not parsed"
        grep -q '"status": *"complete"' "$1" || fail "$1: status is not \"complete\""
        return 0
    fi
    json_valid "$1" || fail "$1 does not parse as JSON"
    [ "$(json_eval "$1" 'd["program"]')" = "$2" ] || fail "$1: program is not $2"
    _rfl_status=$(json_eval "$1" 'd["status"]')
    [ "$_rfl_status" = complete ] || fail "$1: status '$_rfl_status', expected 'complete'"
    _rfl_json=$1
    shift 2
    _rfl_missing=$(json_eval "$_rfl_json" '" ".join(k for k in "'"$*"'".split() if k not in d)')
    [ -z "$_rfl_missing" ] || fail "$_rfl_json: missing keys: $_rfl_missing"
    case " $* " in
    *" gpus "*)
        [ "$(json_eval "$_rfl_json" 'all("nvml_start" in g and "nvml_end" in g and "device" in g for g in d["gpus"])')" = True ] ||
            fail "$_rfl_json: a gpus[] entry lacks device, nvml_start or nvml_end" ;;
    esac
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
        grep -qF -e "$text" "$tmp/err" || { echo "'$text'"; break; }
    done >"$tmp/missing"
    [ ! -s "$tmp/missing" ] || fail "$what: stderr does not mention $(cat "$tmp/missing"): $(cat "$tmp/err")"
    leftovers=$(ls -A "$dir")
    [ -z "$leftovers" ] || fail "$what: left files behind: $leftovers"
    rmdir "$dir"
}

# expect_bad_value OPTION [VALUE] [ARG...]: expect_error 2 with a message
# naming OPTION and 'VALUE' (VALUE may also come as OPTION=VALUE).
expect_bad_value()
{
    case $1 in
    --*=*) expect_error 2 "${1%%=*}" "'${1#*=}'" -- "$@" ;;
    *) expect_error 2 "$1" ${2+"'$2'"} -- "$@" ;;
    esac
}

# check_list_devices PROG [NAME]: PROG --list-devices lists a device with
# its compute capability and exits 0, or, where none can be seen, says
# "no CUDA device" and exits 1.
check_list_devices()
{
    _rfl_name=${2:-${1##*/}}
    "$1" --list-devices >"$tmp/out" 2>"$tmp/err"
    _rfl_rc=$?
    if [ $_rfl_rc -eq 0 ]; then
        grep -q "compute capability" "$tmp/out" || fail "$_rfl_name --list-devices: '$(cat "$tmp/out")'"
    else
        [ $_rfl_rc -eq 1 ] && grep -q "no CUDA device" "$tmp/err" ||
            fail "$_rfl_name --list-devices: exit $_rfl_rc: $(cat "$tmp/err")"
    fi
}

# check_mpi_output NAME CSV RANKS: after a run under run_mpi with its stdout
# in $tmp/out and its stderr in $tmp/err: nothing on stdout, the closing
# line once (only rank 0 prints), whole verified rows labelled RANKS ranks.
check_mpi_output()
{
    [ ! -s "$tmp/out" ] || fail "$1: wrote to stdout: $(head -n 3 "$tmp/out")"
    _rfl_dup=$(grep -c 'rows in ' "$tmp/err")
    [ "$_rfl_dup" -eq 1 ] || fail "$1: the closing line appears $_rfl_dup times on stderr (only rank 0 prints)"
    check_verified "$2"
    [ "$(csv_column "$2" ranks | sort -u)" = "$3" ] ||
        fail "$1: ranks column is '$(csv_column "$2" ranks | sort -u | tr '\n' ' ')', expected $3"
}

# check_mpi_sidecar NAME JSON RANKS THREADS: complete, RANKS ranks, and
# binding.threads accounts for each of the THREADS threads of every rank
# exactly once (rankR.tT=...), whether the entries are one per thread or one
# per rank with its threads separated by spaces. Without python3: a note.
check_mpi_sidecar()
{
    [ -s "$2" ] || fail "$1: no sidecar"
    if ! have_python3; then
        note "python3 not found: the sidecar of $1 is not checked"
        return 0
    fi
    json_valid "$2" || fail "$1: the sidecar does not parse as JSON"
    [ "$(json_eval "$2" 'd["status"]')" = complete ] || fail "$1: sidecar status is not complete"
    [ "$(json_eval "$2" 'd["ranks"]')" = "$3" ] || fail "$1: sidecar ranks is not $3"
    _rfl_problem=$(json_eval "$2" "(lambda ids: '' if sorted(ids) == sorted('rank%d.t%d' % (r, t) for r in range($3) for t in range($4)) else 'threads named: %s' % ids)([tok.split('=')[0] for e in d['binding']['threads'] for tok in e.split()])")
    [ -z "$_rfl_problem" ] || fail "$1: binding.threads: $_rfl_problem"
}

# alive PID: running (a zombie nobody reaps counts as gone).
alive()
{
    [ -r "/proc/$1/stat" ] && ! awk '{ s = $0; sub(/.*\) /, "", s); exit substr(s, 1, 1) != "Z" }' "/proc/$1/stat" 2>/dev/null
}

# wait_gone PID WHAT SECONDS: fails unless PID is gone within SECONDS (then
# it is killed).
wait_gone()
{
    _rfl_waited=0
    while alive "$1"; do
        sleep 0.1
        _rfl_waited=$((_rfl_waited + 1))
        [ $_rfl_waited -lt $(($3 * 10)) ] || { kill -KILL "$1" 2>/dev/null; fail "$2: pid $1 still running after $3 s"; }
    done
}

# wait_for_file PID DIR NAME WHAT ERR [-s]: waits while PID runs, 60 s at
# most, until DIR holds a file NAME (a find pattern; with -s, one that is
# not empty). Fails, naming WHAT, where PID ends first (with ERR's last
# lines) or the time runs out (PID killed).
wait_for_file()
{
    _rfl_waited=0
    while :; do
        _rfl_found=$(find "$2" -name "$3" 2>/dev/null | head -n 1)
        if [ "${6:-}" = -s ]; then [ -s "$_rfl_found" ] && break; else [ -n "$_rfl_found" ] && break; fi
        kill -0 "$1" 2>/dev/null || fail "$4: ended before $3 was in $2: $(tail -n 3 "$5")"
        sleep 0.05
        _rfl_waited=$((_rfl_waited + 1))
        [ $_rfl_waited -lt 1200 ] || { kill -KILL "$1"; fail "$4: no $3 in $2 within 60 s"; }
    done
}

# check_interrupt CMD...: check_signal INT CMD...
check_interrupt()
{
    check_signal INT "$@"
}

# check_signal SIGNALS CMD...: runs CMD -o DIR/int.csv in the background;
# once its first rows reach the CSV's temporary file (.int.csv.PID.XXXXXX: rows
# arrive a buffer at a time), sends it each signal of SIGNALS ("TERM", or
# "TERM TERM INT"), 0.05 s apart, and checks that it exits 130 within 60 s,
# keeping the rows so far (at least one, whole, verified, ending in a
# newline), with a sidecar saying "interrupted", and that it leaves no
# temporary file (nor any other) behind.
check_signal()
{
    _rfl_sigs=$1
    shift
    _rfl_dir=$tmp/interrupted
    rm -rf "$_rfl_dir"
    mkdir "$_rfl_dir" || hard_error "mkdir $_rfl_dir"
    "$@" -o "$_rfl_dir/int.csv" >"$tmp/int.out" 2>"$tmp/int.err" &
    _rfl_pid=$!
    wait_for_file $_rfl_pid "$_rfl_dir" '.int.csv.*' "$_rfl_sigs: the run, before the signal" "$tmp/int.err" -s
    _rfl_first=1
    for _rfl_sig in $_rfl_sigs; do
        if [ $_rfl_first = 1 ]; then
            kill -"$_rfl_sig" $_rfl_pid 2>/dev/null || fail "$_rfl_sigs: the run ended before the signal"
        else
            sleep 0.05
            kill -"$_rfl_sig" $_rfl_pid 2>/dev/null || note "$_rfl_sigs: stopped before the $_rfl_sig that follows"
        fi
        _rfl_first=0
    done
    # A run that ignores the signal would go on for minutes: give it 60 s.
    wait_gone $_rfl_pid "$_rfl_sigs: after the signal" 60
    wait $_rfl_pid
    _rfl_rc=$?
    [ $_rfl_rc -eq 130 ] || fail "$_rfl_sigs: exit $_rfl_rc, expected 130 (stderr: $(tail -n 3 "$tmp/int.err"))"
    [ -s "$_rfl_dir/int.csv" ] || fail "$_rfl_sigs: no CSV"
    check_verified "$_rfl_dir/int.csv"
    tail -c 1 "$_rfl_dir/int.csv" | od -An -c | grep -q '\\n' || fail "$_rfl_sigs: int.csv does not end with a newline"
    [ -s "$_rfl_dir/int.json" ] || fail "$_rfl_sigs: no sidecar int.json"
    grep -q '"status": *"interrupted"' "$_rfl_dir/int.json" ||
        fail "$_rfl_sigs: sidecar status is not \"interrupted\": $(grep '"status"' "$_rfl_dir/int.json")"
    _rfl_hidden=$(find "$_rfl_dir" -name '.*' ! -name . | tr '\n' ' ')
    [ -z "$_rfl_hidden" ] || fail "$_rfl_sigs: temporary files left behind: $_rfl_hidden"
    _rfl_others=$(ls -A "$_rfl_dir" | grep -v -x -e int.csv -e int.json | tr '\n' ' ')
    [ -z "$_rfl_others" ] || fail "$_rfl_sigs: unexpected files: $_rfl_others"
}

# check_unified_memory_rows CSV: whole rows; every measured row (ok,
# timeout) verified, with positive times and rates and bytes_per_sample =
# 16 x elements x trials x (reuse + 1); every other row with its measured
# columns empty.
check_unified_memory_rows()
{
    csv_check_rectangular "$1"
    _rfl_bad=$(awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            st = $col["status"]
            if (st == "ok" || st == "timeout") {
                if ($col["verified"] != 1) { print NR ": not verified"; exit }
                split("time_min_s time_median_s time_max_s gbytes_per_s gbytes_per_s_median trials experiments", need, " ")
                for (k in need) if (!($col[need[k]] ~ /^[0-9.eE+-]+$/ && $col[need[k]] + 0 > 0)) { print NR ": " need[k] " = \"" $col[need[k]] "\""; exit }
                want = 16 * $col["elements"] * $col["trials"] * ($col["reuse"] + 1)
                got = $col["bytes_per_sample"] + 0
                if (got < want * 0.999999 || got > want * 1.000001) { print NR ": bytes_per_sample " got ", expected " want; exit }
                if ($col["wss_bytes"] != 8 * $col["elements"]) { print NR ": wss_bytes is not 8 x elements"; exit }
                if ($col["time_min_s"] > $col["time_max_s"]) { print NR ": time_min_s > time_max_s"; exit }
            } else if (st == "skipped_timeout" || st == "skipped_memory" || st == "alloc_failed" || st == "unsupported" ||
                       st == "skipped_budget") {
                if ($col["gbytes_per_s"] != "" || $col["verified"] != "") { print NR ": " st " row has measurements"; exit }
            } else { print NR ": unknown status \"" st "\""; exit }
        }' "$1")
    [ -z "$_rfl_bad" ] || fail "$1: line $_rfl_bad"
}

# check_gemm_tables STEM: rfl_gemm's three tables, STEM.csv, STEM_mix.csv
# and STEM_model.csv, with docs/FORMAT.md's headers and whole rows; every
# row of STEM.csv verified.
check_gemm_tables()
{
    for _rfl_table in "" _mix _model; do
        check_header "$1$_rfl_table.csv" gemm "### gemm$_rfl_table.csv"
        csv_check_rectangular "$1$_rfl_table.csv"
    done
    check_verified "$1.csv"
}

# check_gemm_faults PROGRAM KERNEL:PRECISION...: a corrupted element
# (--inject-fault) in a one-point run of each kernel and precision ends
# PROGRAM with exit 3 and says so.
check_gemm_faults()
{
    _rfl_program=$1
    shift
    for _rfl_kp in "$@"; do
        _rfl_k=${_rfl_kp%:*}
        _rfl_p=${_rfl_kp#*:}
        expect_exit 3 "--inject-fault -k $_rfl_k -p $_rfl_p" "$_rfl_program" -k "$_rfl_k" -p "$_rfl_p" -t nn \
            --mode gemm --sizes 256 --no-tune -e 1 -m 0.0001 --inject-fault -o "$tmp/fault.csv"
        grep -q "verification failed" "$tmp/err" || fail "--inject-fault -k $_rfl_k -p $_rfl_p: no message"
    done
}

# check_time_limit CSV JSON: rfl_unified_memory's --point-timeout kept its
# promises, whatever the machine's speed (no wall time is judged): a point
# skipped for time takes every larger reuse at its working set and every
# larger working set at that reuse and above with it (of its rank and
# mechanism); the first point of each (its smallest working set and reuse:
# nothing to predict it from) was measured; every point rank 0 skipped for
# time is in the sidecar's "skipped" with its reason (python3).
check_time_limit()
{
    _rfl_bad=$(awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            n++; k[n] = $c["rank"] SUBSEP $c["mechanism"]; w[n] = $c["wss_bytes"] + 0; r[n] = $c["reuse"] + 0
            st[n] = $c["status"]; line[n] = NR
            if (!(k[n] in first) || w[n] < w[first[k[n]]] || (w[n] == w[first[k[n]]] && r[n] < r[first[k[n]]]))
                first[k[n]] = n
        }
        END {
            for (i = 1; i <= n; i++) {
                if (st[i] != "skipped_timeout")
                    continue
                for (j = 1; j <= n; j++)
                    if (k[j] == k[i] && w[j] >= w[i] && r[j] >= r[i] && (st[j] == "ok" || st[j] == "timeout")) {
                        print "line " line[j] ": " st[j] " at a larger point than line " line[i] "'"'"'s skipped_timeout"; exit
                    }
            }
            for (m in first)
                if (st[first[m]] == "skipped_timeout") { print "line " line[first[m]] ": the first point was skipped for time"; exit }
        }' "$1")
    [ -z "$_rfl_bad" ] || fail "$1: $_rfl_bad"
    have_python3 || return 0
    _rfl_rows=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["rank"] == 0 && $c["status"] == "skipped_timeout" { print $c["mechanism"] " " $c["wss_bytes"] " " $c["reuse"] }' "$1" | LC_ALL=C sort)
    _rfl_listed=$(json_eval "$2" '"\n".join(sorted("%s %d %d" % (s["mechanism"], s["wss_bytes"], s["reuse"]) for s in d["skipped"] if s["status"] == "skipped_timeout" and s["reason"]))')
    [ "$_rfl_rows" = "$_rfl_listed" ] || fail "$2: skipped lists other points than $1's skipped_timeout rows:
$_rfl_listed
---
$_rfl_rows"
}

# gnuplot_path: prints the gnuplot to use ($GNUPLOT, else the PATH's);
# exits non-zero when there is none.
gnuplot_path()
{
    _rfl_gp=${GNUPLOT:-}
    [ -n "$_rfl_gp" ] || _rfl_gp=$(command -v gnuplot 2>/dev/null)
    [ -n "$_rfl_gp" ] && [ -x "$_rfl_gp" ] && echo "$_rfl_gp"
}

# require_gnuplot: skips (77) without gnuplot; exports GNUPLOT as the one found.
require_gnuplot()
{
    GNUPLOT=$(gnuplot_path) || skip "no gnuplot (configure found none; apt-get install gnuplot-nox)"
    export GNUPLOT
}

# check_png FILE: a PNG (magic bytes) of a non-trivial size.
check_png()
{
    [ -s "$1" ] || fail "no ${1##*/}"
    _rfl_magic=$(od -An -tx1 -N8 "$1" | tr -d ' \n')
    [ "$_rfl_magic" = 89504e470d0a1a0a ] || fail "${1##*/}: not a PNG (magic $_rfl_magic)"
    _rfl_size=$(wc -c <"$1")
    [ "$_rfl_size" -gt 20000 ] || fail "${1##*/}: only $_rfl_size bytes"
}

# The golden run directories of the driver tests: CPU measurements and
# GPU ones (tests/data/driver/make_golden.py, gpu/make_gpu_golden.py).
golden=$top_srcdir/tests/data/driver/golden
gpu_golden=$top_srcdir/tests/data/driver/gpu

# check_golden EXPECTED FILE: FILE is the committed EXPECTED to the byte;
# else fails with the difference (all of it for a CSV, the first 60 lines
# of anything else) and the command that accepts FILE as the new golden one.
check_golden()
{
    diff -u "$1" "$2" >"$tmp/diff" && return 0
    case $2 in
    *.csv) _rfl_shown=$(cat "$tmp/diff") ;;
    *) _rfl_shown=$(head -n 60 "$tmp/diff") ;;
    esac
    fail "$2 differs from the golden ${1##*/} (- expected, + now):
$_rfl_shown
(to accept: mkdir -p ${1%/*} && cp $2 $1)"
}

# has_line [-F] FILE PATTERN WHAT [NEAR]: fails with "FILE's name: WHAT"
# unless a line of FILE matches PATTERN (a basic regular expression; with
# -F, a fixed string); FILE's lines that match NEAR, when it is given,
# follow in the message, to show what stands there instead.
has_line()
{
    _rfl_grep=-q
    if [ "$1" = -F ]; then
        _rfl_grep=-qF
        shift
    fi
    grep $_rfl_grep -e "$2" "$1" && return 0
    fail "${1##*/}: $3${4:+: $(grep -e "$4" "$1" | head -n 5)}"
}

# copy_run DIR FILE...: a new run directory DIR holding copies of the FILEs.
copy_run()
{
    _rfl_run=$1
    shift
    mkdir "$_rfl_run" && cp "$@" "$_rfl_run/" || hard_error "cannot copy the inputs into $_rfl_run"
}

# copy_golden DIR [FILE...]: copy_run with the golden CPU measurements
# (bandwidth and flops, CSV and sidecar) and the FILEs.
copy_golden()
{
    _rfl_run=$1
    shift
    copy_run "$_rfl_run" "$golden/bandwidth.csv" "$golden/bandwidth.json" "$golden/flops.csv" "$golden/flops.json" "$@"
}

# copy_gpu_golden DIR [FILE...]: copy_run with the golden GPU run (every CSV
# and sidecar of $gpu_golden) and the FILEs.
copy_gpu_golden()
{
    _rfl_run=$1
    shift
    copy_run "$_rfl_run" "$gpu_golden"/*.csv "$gpu_golden"/*.json "$@"
}

# golden_gpu_row DIR PREFIX: DIR a copy of the golden GPU run directory,
# and row (a variable, set here) the line of its gpu_bandwidth.csv that
# starts with PREFIX, for a test to add made-up rows like it; a hard error
# when there is none, as the golden data changed under the test.
golden_gpu_row()
{
    copy_gpu_golden "$1"
    row=$(grep -e "^$2" "$1/gpu_bandwidth.csv") || hard_error "the golden gpu_bandwidth.csv lost its row $2"
}

# set_field LINE FIELD VALUE CSV: prints CSV with field FIELD of line LINE set to VALUE.
set_field()
{
    awk -F, -v OFS=, -v line="$1" -v field="$2" -v value="$3" 'NR == line { $field = value } { print }' "$4"
}

# fresh: $tmp/run made anew, filled by the test's own function run_inputs
# DIR (a copy_run or copy_golden of its files), so each case starts from
# the same inputs.
fresh()
{
    rm -rf "$tmp/run"
    run_inputs "$tmp/run"
}

# broken_input WHAT PATTERN FILE CMD...: fresh, then FILE in $tmp/run
# replaced by CMD's output on it, then expect_input_error WHAT PATTERN.
broken_input()
{
    _rfl_what=$1
    _rfl_pattern=$2
    _rfl_file=$tmp/run/$3
    shift 3
    fresh
    "$@" "$_rfl_file" >"$tmp/rewritten" && mv "$tmp/rewritten" "$_rfl_file" || hard_error "cannot rewrite $_rfl_file"
    expect_input_error "$_rfl_what" "$_rfl_pattern"
}

# expect_input_error WHAT PATTERN [CMD...]: CMD (by default rfl ceilings
# $tmp/run) exits 2 with nothing on stdout and one line on stderr matching
# PATTERN (an extended regular expression), and writes no ceilings.csv.
expect_input_error()
{
    _rfl_what=$1
    _rfl_pattern=$2
    shift 2
    [ $# -gt 0 ] || set -- "$RFL" ceilings "$tmp/run"
    rm -f "$tmp/run/ceilings.csv"
    "$@" >"$tmp/out" 2>"$tmp/err"
    _rfl_rc=$?
    [ $_rfl_rc -eq 2 ] || fail "$_rfl_what: exit $_rfl_rc, expected 2 (stderr: $(cat "$tmp/err"))"
    [ ! -s "$tmp/out" ] || fail "$_rfl_what: wrote to stdout"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$_rfl_what: expected one line on stderr, got:
$(cat "$tmp/err")"
    grep -Eq -- "$_rfl_pattern" "$tmp/err" || fail "$_rfl_what: message does not match '$_rfl_pattern': $(cat "$tmp/err")"
    [ ! -e "$tmp/run/ceilings.csv" ] || fail "$_rfl_what: wrote ceilings.csv anyway"
}

# check_help_version PROG [NAME]: --help prints "Usage: NAME ..." (its text
# kept in $tmp/help) and --version "NAME (rfl) VERSION", on stdout with
# nothing on stderr, and both exit 0. NAME: PROG's file name by default.
check_help_version()
{
    _rfl_name=${2:-${1##*/}}
    "$1" --help >"$tmp/help" 2>"$tmp/err" || fail "$_rfl_name --help: exit $?, expected 0"
    grep -q "^Usage: $_rfl_name " "$tmp/help" || fail "$_rfl_name --help: no 'Usage: $_rfl_name' line on stdout"
    [ ! -s "$tmp/err" ] || fail "$_rfl_name --help: wrote to stderr: $(head -n 3 "$tmp/err")"
    "$1" --version >"$tmp/out" 2>"$tmp/err" || fail "$_rfl_name --version: exit $?, expected 0"
    grep -q "^$_rfl_name (rfl) " "$tmp/out" || fail "$_rfl_name --version: '$(cat "$tmp/out")'"
    [ ! -s "$tmp/err" ] || fail "$_rfl_name --version: wrote to stderr: $(head -n 3 "$tmp/err")"
}
