# Bash completion for rfl (issue 16): the script make builds (completion/rfl)
# registers a completion for rfl that offers the commands rfl --help lists,
# each command's options from its --help, config names from the config
# directory, program names after --programs (also after a comma) and
# directories as operands.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
command -v bash >/dev/null 2>&1 || skip "bash is not installed"
script=$top_builddir/completion/rfl
[ -s "$script" ] || fail "completion/rfl was not built"

mkdir -p "$tmp/cfg" "$tmp/runs/run-a" "$tmp/runs/run-b" || hard_error "mkdir"
: >"$tmp/cfg/epyc.conf"
: >"$tmp/cfg/xeon.conf"

# complete WORD...: what _rfl offers for the last word, one a line.
complete_words()
{
    PATH=$top_builddir:$PATH RFL_CONFIG_DIR=$tmp/cfg bash -c '
        . "$1" || exit 99
        shift
        complete -p rfl >/dev/null || exit 98
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        _rfl
        printf "%s\n" "${COMPREPLY[@]}"' sh "$script" "$@" >"$tmp/words" 2>"$tmp/err" ||
        fail "completion of '$*': exit $? ($(cat "$tmp/err"))"
}

offers()
{
    for _w in "$@"; do
        grep -qx -- "$_w" "$tmp/words" || fail "'$what' does not offer $_w (offered: $(tr '\n' ' ' <"$tmp/words"))"
    done
}

what="rfl "
complete_words rfl ""
cmds=$("$RFL" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }')
offers $cmds
offers run ceilings plot report compare profile
what="rfl r"
complete_words rfl r
offers run report
grep -qx plot "$tmp/words" && fail "'rfl r' offers plot"

what="rfl run --"
complete_words rfl run --
offers --quick --full --config --programs --dry-run --resume --help
what="rfl plot --"
complete_words rfl plot --
offers --no-render --config
grep -qx -- --dry-run "$tmp/words" && fail "'rfl plot --' offers rfl run's --dry-run"

what="rfl run --config "
complete_words rfl run --config ""
offers epyc xeon
what="rfl run --config=e"
complete_words rfl run --config = e
offers epyc

what="rfl run -p "
complete_words rfl run -p ""
offers bandwidth flops gemm all
what="rfl run -p bandwidth,fl"
complete_words rfl run -p bandwidth,fl
offers bandwidth,flops

what="rfl report DIR"
complete_words rfl report "$tmp/runs/run-"
offers "$tmp/runs/run-a" "$tmp/runs/run-b"
what="rfl run --resume DIR"
complete_words rfl run --resume "$tmp/runs/run-"
offers "$tmp/runs/run-a"
exit 0
