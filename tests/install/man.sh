# The man pages (issue 16): with help2man at configure time, make builds a
# page for rfl and for every program built here, each renders with man -l
# without a warning, the rfl page has a section for every command rfl --help
# lists, and each page names every long option of its program's --help
# (the pages come from the same option tables).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
[ -n "${HELP2MAN:-}" ] || skip "configured without help2man: no man pages"
command -v man >/dev/null 2>&1 || skip "man is not installed (apt-get install man-db)"

# long_options PROGRAM [COMMAND]: the long options its --help lists.
long_options()
{
    "$@" --help | awk '/^  +-/ { for (i = 1; i <= 2 && i <= NF; i++) if ($i ~ /^--/) { s = $i; sub(/[=,].*/, "", s); print s } }'
}

# page NAME PROGRAM...: man/NAME.1 exists, renders cleanly, names every option.
page()
{
    _name=$1
    shift
    _p=$top_builddir/man/$_name.1
    [ -s "$_p" ] || fail "man/$_name.1 was not built"
    MANWIDTH=80 man --warnings -l "$_p" >"$tmp/page" 2>"$tmp/warn" || fail "man -l man/$_name.1: exit $?"
    [ ! -s "$tmp/warn" ] || fail "man -l man/$_name.1 warns: $(head -3 "$tmp/warn")"
    grep -q "^NAME" "$tmp/page" && grep -q "^SYNOPSIS" "$tmp/page" || fail "man/$_name.1: no NAME or SYNOPSIS"
    # man hyphenates and justifies: compare without hyphens at line ends.
    tr -d '\n' <"$tmp/page" | sed 's/‐ *//g; s/- \{2,\}/-/g' >"$tmp/flat"
    long_options "$@" >"$tmp/opts" || fail "$* --help failed"
    [ -s "$tmp/opts" ] || fail "$* --help lists no option"
    while read -r o; do
        grep -qF -- "$o" "$tmp/flat" || fail "man/$_name.1 does not mention $o"
    done <"$tmp/opts"
}

page rfl "$RFL"
cmds=$("$RFL" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ] || fail "rfl --help lists no command"
for c in $cmds; do
    grep -q "^RFL $(echo "$c" | tr '[:lower:]' '[:upper:]')\$" "$tmp/page" || fail "man/rfl.1 has no section for rfl $c"
    long_options "$RFL" "$c" >"$tmp/opts"
    while read -r o; do
        grep -qF -- "$o" "$tmp/flat" || fail "man/rfl.1 does not mention rfl $c $o"
    done <"$tmp/opts"
done
grep -q "^SEE ALSO" "$tmp/page" || fail "man/rfl.1: no SEE ALSO"

n=1
for prog in rfl_bandwidth rfl_flops rfl_network rfl_unified_memory rfl_gpu_bandwidth rfl_gpu_flops rfl_gpu_micro rfl_gemm rfl_dense; do
    [ -x "$top_builddir/$prog" ] || continue
    # The build's own programs (without a GPU, --help needs none).
    page "$prog" "$top_builddir/$prog"
    grep -q "rfl(1)" "$tmp/page" || fail "man/$prog.1 does not point to rfl(1)"
    n=$((n + 1))
done
note "$n pages checked"
exit 0
