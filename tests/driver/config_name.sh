# rfl run --config NAME (issue 16): a NAME without '/' that is not a file
# here is NAME.conf of the installed configs ($RFL_CONFIG_DIR in place of
# PREFIX/share/rfl/config; an rfl run from its build tree also reads the
# source tree's config/); a path or an existing file is read as before; a
# missing name is one line naming every directory looked in, exit 2, and
# nothing is run or created. The same for rfl ceilings/plot/report --config.
# An rfl in PREFIX/bin reads PREFIX/share/rfl/config first (relocatable).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
cfg=$tmp/cfg
mkdir "$cfg" "$tmp/work" || hard_error "mkdir"
# A config whose effect shows in a dry run: bandwidth only, these arguments.
printf 'programs = bandwidth\nbandwidth.standard_args = --growth 3.5\n' >"$cfg/mine.conf"

# dry NAME ARGS...: rfl run --dry-run from $tmp/work (nothing may land there).
dry()
{
    (cd "$tmp/work" && RFL_CONFIG_DIR=$cfg "$RFL" run --dry-run "$@") >"$tmp/out" 2>"$tmp/err"
}

dry --config mine || fail "--config mine: exit $?: $(cat "$tmp/err")"
grep -q -- '--growth 3.5' "$tmp/out" || fail "--config mine did not read $cfg/mine.conf: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "--config mine: not one program: $(cat "$tmp/out")"
dry --config mine.conf || fail "--config mine.conf: exit $?: $(cat "$tmp/err")"
grep -q -- '--growth 3.5' "$tmp/out" || fail "--config mine.conf did not read $cfg/mine.conf"
dry -c mine || fail "-c mine: exit $?"

# A file of that name here wins over the installed one.
printf 'programs = bandwidth\nbandwidth.standard_args = --growth 2.5\n' >"$tmp/work/mine"
dry --config mine || fail "--config mine (a file here): exit $?: $(cat "$tmp/err")"
grep -q -- '--growth 2.5' "$tmp/out" || fail "--config mine: the file in the current directory was not read first"
rm "$tmp/work/mine"

# A missing name: one line, every directory named, exit 2, nothing made.
dry --config nosuch
rc=$?
[ $rc -eq 2 ] || fail "--config nosuch: exit $rc, expected 2"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--config nosuch: not one line: $(cat "$tmp/err")"
grep -q "nosuch.conf" "$tmp/err" && grep -qF "$cfg" "$tmp/err" ||
    fail "--config nosuch: the message does not name nosuch.conf and $cfg: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "--config nosuch printed commands"
[ -z "$(ls -A "$tmp/work")" ] || fail "--config nosuch created $(ls -A "$tmp/work")"
# Without --dry-run, no run directory either.
(cd "$tmp/work" && RFL_CONFIG_DIR=$cfg "$RFL" run --quick --config nosuch) >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || fail "rfl run --config nosuch: not exit 2"
[ -z "$(ls -A "$tmp/work")" ] || fail "rfl run --config nosuch created $(ls -A "$tmp/work")"

# A name with '/' is a path, never looked up.
dry --config sub/mine
[ $? -eq 2 ] || fail "--config sub/mine: not exit 2"
grep -q "sub/mine" "$tmp/err" || fail "--config sub/mine: $(cat "$tmp/err")"
grep -qF "$cfg" "$tmp/err" && fail "--config sub/mine was looked up by name"

# A bad installed config is the usual FILE:LINE error.
printf 'ranks = two\n' >"$cfg/bad.conf"
dry --config bad
[ $? -eq 2 ] || fail "--config bad: not exit 2"
grep -qF "$cfg/bad.conf:1:" "$tmp/err" || fail "--config bad: no FILE:LINE: $(cat "$tmp/err")"

# Without RFL_CONFIG_DIR, an rfl in its build tree finds the source tree's examples
# (their ranks may be more than this machine's cores: --oversubscribe).
for name in amd-epyc-7763 intel-xeon-8480 default; do
    (cd "$tmp/work" && env -u RFL_CONFIG_DIR "$RFL" run --dry-run --oversubscribe --config $name -p bandwidth) \
        >"$tmp/out" 2>"$tmp/err" ||
        fail "--config $name (source tree): exit $?: $(cat "$tmp/err")"
done
(cd "$tmp/work" && env -u RFL_CONFIG_DIR "$RFL" run --dry-run --config nosuch) >/dev/null 2>"$tmp/err"
grep -qF "$top_srcdir/config" "$tmp/err" || grep -qF "$(cd "$top_srcdir" && pwd -P)/config" "$tmp/err" ||
    fail "--config nosuch: the source tree's config/ is not among the places: $(cat "$tmp/err")"

# Relocatable (issue 27): an rfl in PREFIX/bin finds PREFIX/share/rfl/config
# beside it, whatever prefix it was configured with.
prefix="$tmp/moved prefix"
mkdir -p "$prefix/bin" "$prefix/share/rfl/config" || hard_error "mkdir"
cp "$RFL" "$prefix/bin/rfl" || hard_error "cp"
printf 'programs = bandwidth\nbandwidth.standard_args = --growth 1.5\n' >"$prefix/share/rfl/config/moved.conf"
(cd "$tmp/work" && env -u RFL_CONFIG_DIR RFL_PROGRAM_DIR="$top_builddir" "$prefix/bin/rfl" run --dry-run --config moved) \
    >"$tmp/out" 2>"$tmp/err" || fail "--config moved from $prefix/bin/rfl: exit $?: $(cat "$tmp/err")"
grep -q -- '--growth 1.5' "$tmp/out" || fail "$prefix/bin/rfl did not read its share/rfl/config/moved.conf"
(cd "$tmp/work" && env -u RFL_CONFIG_DIR "$prefix/bin/rfl" run --dry-run --config nosuch) >/dev/null 2>"$tmp/err"
grep -qF "$prefix/share/rfl/config" "$tmp/err" || fail "--config nosuch: $prefix/share/rfl/config not looked in: $(cat "$tmp/err")"

# rfl ceilings/plot/report --config NAME look the same way.
run=$tmp/run
mkdir "$run" || hard_error "mkdir"
for cmd in ceilings plot report; do
    RFL_CONFIG_DIR=$cfg "$RFL" $cmd --config nosuch "$run" >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] || fail "rfl $cmd --config nosuch: not exit 2"
    grep -q "nosuch.conf" "$tmp/err" || fail "rfl $cmd --config nosuch: $(cat "$tmp/err")"
    RFL_CONFIG_DIR=$cfg "$RFL" $cmd --config bad "$run" >/dev/null 2>"$tmp/err"
    grep -qF "$cfg/bad.conf:1:" "$tmp/err" || fail "rfl $cmd --config bad: the name was not looked up: $(cat "$tmp/err")"
done
exit 0
