#!/usr/bin/env bash
# The install check of CI (.ci/run; issue 16), run from the source tree after
# ./autogen.sh: configures a fresh build with --prefix=/opt/rfl-ci, installs it
# into a DESTDIR, then from that tree and an empty working directory:
#   - every program and its man page, the configs and the bash completion are there;
#   - the installed `rfl run --quick --dry-run` runs the installed programs, and
#     --config NAME finds the installed NAME.conf (a missing one: exit 2);
#   - the installed `rfl run --quick -p bandwidth` runs end to end and writes its
#     run directory under the working directory;
#   - `man -l` renders each installed page without a warning;
#   - the installed completion registers for rfl and offers the commands;
#   - the installed tree moved elsewhere finds its configs beside its rfl;
#   - make uninstall leaves no file behind.
# Usage: tests/install/install.sh [CONFIGURE_ARG]...   (e.g. --with-cuda)
# RFL_INSTALL_JOBS: make -j (default nproc); RFL_KEEP_TMP=1 keeps the work tree.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
jobs=${RFL_INSTALL_JOBS:-$(nproc)}
prefix=/opt/rfl-ci
work=$(mktemp -d "${TMPDIR:-/tmp}/rfl-install.XXXXXX")
[ "${RFL_KEEP_TMP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: install: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }

[ ! -e "$prefix" ] || fail "$prefix exists: the check wants a fresh prefix"
mkdir -p "$work/build" "$work/cwd"
(cd "$work/build" && "$src/configure" -q --prefix="$prefix" "$@" && make -j"$jobs" >/dev/null) ||
    fail "configure or make"
dest=$work/dest
(cd "$work/build" && make install DESTDIR="$dest" >/dev/null) || fail "make install DESTDIR=$dest"
[ ! -e "$prefix" ] || fail "make install DESTDIR= wrote into $prefix itself"
root=$dest$prefix
bin=$root/bin
ok "installed into DESTDIR: $(cd "$dest" && find . -type f | wc -l) files"

# What is there: each program with its page, the configs, the completion.
progs=$(cd "$bin" && ls)
for p in rfl rfl_bandwidth rfl_flops; do
    [ -x "$bin/$p" ] || fail "$bin/$p not installed"
done
for p in $progs; do
    [ -s "$root/share/man/man1/$p.1" ] || fail "no man page for $p in $root/share/man/man1"
done
for c in default amd-epyc-7763 intel-xeon-8480; do
    [ -s "$root/share/rfl/config/$c.conf" ] || fail "config $c.conf not in $root/share/rfl/config"
done
completion=$(find "$dest" -path '*/bash-completion/completions/rfl' -type f)
[ -n "$completion" ] || fail "no bash completion installed"
case $completion in "$root"/*) ;; *) fail "completion outside the prefix: $completion" ;; esac
ok "programs ($(echo $progs)), their man pages, configs and completion"

cd "$work/cwd"
# The installed rfl runs the installed programs.
"$bin/rfl" run --quick --dry-run >"$work/dry" 2>"$work/err" || fail "rfl run --quick --dry-run: exit $?"
[ -s "$work/dry" ] || fail "rfl run --quick --dry-run printed nothing"
grep -qv "$bin/rfl_" "$work/dry" && fail "the dry run runs programs from outside $bin: $(cat "$work/dry")"
[ -z "$(ls -A)" ] || fail "the dry run created $(ls -A)"
ok "rfl run --quick --dry-run: $(wc -l <"$work/dry") programs, all from $bin"
# (its 8 ranks may be more than this machine's cores: --oversubscribe)
"$bin/rfl" run --dry-run --oversubscribe --config amd-epyc-7763 -p bandwidth >"$work/dry" ||
    fail "--config amd-epyc-7763: exit $?"
grep -q "$bin/rfl_bandwidth" "$work/dry" || fail "--config amd-epyc-7763: $(cat "$work/dry")"
rc=0
"$bin/rfl" run --dry-run --config nosuch 2>"$work/err" || rc=$?
[ $rc -eq 2 ] && grep -q "$prefix/share/rfl/config" "$work/err" || fail "--config nosuch: exit $rc: $(cat "$work/err")"
ok "rfl run --config NAME finds the installed configs; a missing name: $(cat "$work/err")"

# End to end: a real quick run of one program, into ./results.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
"$bin/rfl" run --quick -p bandwidth --budget 30 >"$work/run.out" 2>"$work/run.err" ||
    { tail -20 "$work/run.err"; fail "rfl run --quick -p bandwidth: exit $?"; }
run=$(ls -d results/*/ 2>/dev/null | head -1)
[ -n "$run" ] || fail "no run directory under $work/cwd/results"
for f in bandwidth.csv bandwidth.json ceilings.csv roofline.json report.md report.html; do
    [ -s "$run/$f" ] || fail "the installed run wrote no $run$f"
done
if command -v gnuplot >/dev/null 2>&1; then
    [ -s "$run/roofline.png" ] || fail "the installed run drew no roofline.png"
fi
ok "installed rfl run --quick -p bandwidth: $run ($(ls "$run" | wc -l) files)"

# Each page renders.
if command -v man >/dev/null 2>&1; then
    for p in $progs; do
        MANWIDTH=80 man --warnings -l "$root/share/man/man1/$p.1" >"$work/page" 2>"$work/warn" ||
            fail "man -l $p.1: exit $?"
        [ ! -s "$work/warn" ] || fail "man -l $p.1 warns: $(head -3 "$work/warn")"
        grep -q "^NAME" "$work/page" || fail "man -l $p.1: no NAME"
    done
    MANPATH=$root/share/man man -w rfl | grep -q "$root/share/man/man1/rfl.1" || fail "man -w rfl with MANPATH"
    ok "man -l renders every page ($(echo $progs | wc -w))"
else
    fail "man is not installed (apt-get install man-db)"
fi

# The completion: registered, and offering the commands.
PATH=$bin:$PATH bash -c '
    . "$1"
    complete -p rfl | grep -q _rfl || exit 3
    COMP_WORDS=(rfl ""); COMP_CWORD=1; _rfl
    printf "%s\n" "${COMPREPLY[@]}"' sh "$completion" >"$work/words" || fail "the completion script: exit $?"
for c in run ceilings plot report compare profile; do
    grep -qx "$c" "$work/words" || fail "completion does not offer $c: $(cat "$work/words")"
done
ok "bash completion offers: $(tr '\n' ' ' <"$work/words")"

# Relocatable (issue 27): the installed tree moved elsewhere (as a new
# --prefix would put it) still finds its configs beside its rfl, and its
# completion offers them.
moved=$work/moved
cp -a "$root" "$moved" || fail "cp -a $root $moved"
mkdir -p "$work/cwd2" && cd "$work/cwd2"
printf 'programs = bandwidth\n' >"$moved/share/rfl/config/relocated.conf"
"$moved/bin/rfl" run --dry-run --config relocated >"$work/dry" 2>"$work/err" ||
    fail "moved tree: --config relocated: exit $?: $(cat "$work/err")"
grep -q "$moved/bin/rfl_bandwidth" "$work/dry" || fail "moved tree: --config relocated: $(cat "$work/dry")"
PATH=$moved/bin:$PATH bash -c '
    . "$1"
    COMP_WORDS=(rfl run --config rel); COMP_CWORD=3; _rfl
    printf "%s\n" "${COMPREPLY[@]}"' sh "$moved${completion#"$root"}" >"$work/words" || fail "moved completion: exit $?"
grep -qx relocated "$work/words" || fail "the moved completion does not offer relocated: $(cat "$work/words")"
rm -rf "$moved"
ok "a moved install finds its configs beside its rfl"

cd "$work/build"
make uninstall DESTDIR="$dest" >/dev/null || fail "make uninstall"
left=$(cd "$dest" && find . -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
ok "make uninstall removes every file"
echo "install check passed"
