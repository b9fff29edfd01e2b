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
# Names are data (issue 28 item 1): a config named $(touch PWNED) or with a
# backquote or $VAR must run nothing on TAB and be offered as it is; a
# directory `run 1` is one candidate and a `*` in a name matches only itself.
# complete_in DIR WORD...: complete_words run from DIR.
complete_in()
{
    (cd "$1" && shift && complete_words "$@")
}
mkdir -p "$tmp/hostile/cfg" "$tmp/hostile/cwd/run 1" "$tmp/hostile/cwd/r*" "$tmp/hostile/cwd/rest" || hard_error "mkdir"
: >"$tmp/hostile/cfg/\$(touch PWNED).conf"
: >"$tmp/hostile/cfg/\`touch PWNED2\`.conf"
: >"$tmp/hostile/cfg/\$HOME.conf"
: >"$tmp/hostile/cfg/run 1.conf"
: >"$tmp/hostile/cfg/two
lines.conf"
: >"$tmp/hostile/cwd/\$(touch PWNED3).conf"
hostile_words()
{
    (cd "$tmp/hostile/cwd" && PATH=$top_builddir:$PATH RFL_CONFIG_DIR=$tmp/hostile/cfg bash -c '
        . "$1" || exit 99
        shift
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        _rfl
        printf "%s\0" "${COMPREPLY[@]}"' sh "$script" "$@" >"$tmp/words0" 2>"$tmp/err") ||
        fail "completion of '$*': exit $? ($(cat "$tmp/err"))"
}
# offered0 NAME: NAME is one whole candidate of the last completion.
offered0()
{
    bash -c 'while IFS= read -r -d "" w; do [ "$w" = "$1" ] && exit 0; done; exit 1' sh "$1" <"$tmp/words0" ||
        fail "'$what' does not offer '$1' as one candidate (offered: $(tr '\0' '|' <"$tmp/words0"))"
}
no_pwned()
{
    for _p in PWNED PWNED2 PWNED3; do
        [ -e "$tmp/hostile/cwd/$_p" ] && fail "'$what' ran code from a file name ($_p created)"
    done
    return 0
}
what="rfl run --config (hostile names)"
hostile_words rfl run --config ""
no_pwned
offered0 '$(touch PWNED)'
offered0 '`touch PWNED2`'
offered0 '$HOME'
offered0 'run 1'
offered0 'two
lines'
offered0 'rest'
offered0 '$(touch PWNED3).conf'
what="rfl run --config \$"
hostile_words rfl run --config '$'
no_pwned
offered0 '$(touch PWNED)'
offered0 '$HOME'
grep -q "run 1" "$tmp/words0" && fail "'$what' offers run 1"
what="rfl run --resume r"
hostile_words rfl run --resume r
no_pwned
offered0 'run 1'
offered0 'r*'
offered0 'rest'
what="rfl run --resume 'r*'"
hostile_words rfl run --resume 'r*'
offered0 'r*'
[ "$(tr -cd '\0' <"$tmp/words0" | wc -c)" -eq 1 ] || fail "'$what' globbed the *: $(tr '\0' '|' <"$tmp/words0")"
what="rfl profile --app \$"
hostile_words rfl profile --app '$'
no_pwned
offered0 '$(touch PWNED3).conf'
what="rfl report r"
hostile_words rfl report r
offered0 'run 1'
exit 0
