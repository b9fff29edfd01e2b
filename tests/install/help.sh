# The layout of every --help (issue 29), which the man pages (help2man),
# man/rfl-sections.sh and the bash completion read: the option engine wraps
# each text itself (common/options.h), so in the --help of rfl, of each rfl
# command and of every program built here
#   - no line is wider than 80 columns, but one that holds a single word
#     (after its indent) too long to break;
#   - under "Options:", each line either names an option ("  -x, --name" or
#     "      --name") or continues a text at column 30, the description
#     column, and no continuation starts with '-' (a reader would take it
#     for an option);
#   - no line ends in a blank.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH" "$RFL_FLOPS"

# layout NAME CMD...: CMD's --help keeps the layout above.
layout()
{
    _name=$1
    shift
    "$@" --help >"$tmp/help" 2>"$tmp/err" || fail "$_name --help: exit $? ($(head -n 2 "$tmp/err"))"
    [ -s "$tmp/help" ] || fail "$_name --help printed nothing"
    LC_ALL=C awk -v name="$_name" '
        function bad(why) { printf "%s --help, line %d: %s:\n%s\n", name, NR, why, $0; failed = 1 }
        {
            text = $0
            gsub(/[\200-\277]/, "", text)   # UTF-8: a character is one column
            word = text
            sub(/^ +/, "", word)
            if (length(text) > 80 && index(word, " ")) bad("wider than 80 columns")
            if ($0 ~ / $/) bad("a blank at the end")
        }
        /^Options:$/ { options = 1; next }
        /^$/ { options = 0; next }
        !options || /^  -[^ -]/ || /^      --[^ -]/ { next }
        {
            lead = match($0, /[^ ]/) - 1
            if (lead != 30) bad("not an option, and not a text continued at column 30")
            else if (substr($0, 31, 1) == "-") bad("a continuation that reads as an option")
        }
        END { exit failed }' "$tmp/help" >"$tmp/bad" || fail "$(cat "$tmp/bad")"
    checked=$((checked + 1))
}

checked=0
layout rfl "$RFL"
cmds=$("$RFL" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ] || fail "rfl --help lists no command"
for c in $cmds; do
    layout "rfl $c" "$RFL" "$c"
done
for prog in rfl_bandwidth rfl_flops rfl_network rfl_dense rfl_gpu_bandwidth rfl_gpu_flops rfl_gpu_micro \
    rfl_gpu_link rfl_unified_memory rfl_gemm; do
    # The programs this build has (the GPU ones with CUDA; --help needs no GPU).
    [ -x "$top_builddir/$prog" ] || continue
    layout "$prog" "$top_builddir/$prog"
done
note "$checked --help texts checked"
exit 0
