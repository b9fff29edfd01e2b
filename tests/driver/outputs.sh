# rfl ceilings, plot and report write all their files or none: a full disk
# (a size limit; a small tmpfs where it can be mounted), a gnuplot that
# fails on one chart, a PNG cut short or an output path that is a directory
# or a symbolic link make the command exit 1 naming the file and leave
# every previous output byte for byte, with no temporary file; the
# temporary files of dead writers are removed by rfl ceilings, plot,
# report and rfl run --resume.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"


# size FILE
size() { wc -c <"$1" | tr -d ' '; }

dir=$tmp/run
copy_golden "$dir" "$golden/applications.csv"
outputs="ceilings.csv roofline.json roofline.gp bandwidth.gp flops.gp report.md report.html"
have_gnuplot=0
if GNUPLOT=$(gnuplot_path); then
    have_gnuplot=1
    export GNUPLOT
    outputs="$outputs roofline.png bandwidth.png flops.png"
else
    note "no gnuplot: the PNG cases are not tried"
    export GNUPLOT=/nonexistent/gnuplot
fi
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
"$RFL" plot "$dir" >/dev/null 2>"$tmp/err" || fail "rfl plot: exit $?: $(cat "$tmp/err")"
"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
# The previous outputs, marked so that a rewrite of any of them shows.
mkdir "$tmp/previous" || hard_error "mkdir"
for f in $outputs; do
    [ -s "$dir/$f" ] || fail "the first run wrote no $f"
    echo previous >>"$dir/$f" && cp "$dir/$f" "$tmp/previous/" || hard_error "cp $f"
done

# unchanged WHAT: every previous output as it was, no temporary file.
unchanged()
{
    for _f in $outputs; do
        cmp -s "$dir/$_f" "$tmp/previous/$_f" || fail "$1: $_f was replaced"
    done
    _left=$(ls -A "$dir" | grep '^\.' | tr '\n' ' ')
    [ -z "$_left" ] || fail "$1: temporary files left: $_left"
}

# fails WHAT PATTERN CMD...: CMD exits 1 with a line matching PATTERN and
# changes no output.
fails()
{
    _what=$1
    _pattern=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    _rc=$?
    [ $_rc -eq 1 ] || fail "$_what: exit $_rc, expected 1 ($(cat "$tmp/err"))"
    grep -Eq -- "$_pattern" "$tmp/err" || fail "$_what: no message matching '$_pattern': $(cat "$tmp/err")"
    grep -q 'wrote ' "$tmp/err" && fail "$_what: says it wrote: $(cat "$tmp/err")"
    unchanged "$_what"
}

# 1. A full disk during each command: the first file fits, a later one not.
lim=$(($(size "$dir/ceilings.csv") + 1024))
[ "$(size "$dir/roofline.json")" -gt $((lim + 1024)) ] || hard_error "roofline.json is not larger than ceilings.csv"
fails "rfl ceilings on a full disk" 'roofline.json: cannot write: File too large' \
    with_size_limit $lim "$RFL" ceilings "$dir"
# The limit halfway between the two sizes (without gnuplot the HTML embeds no
# PNG and is only a little larger than the Markdown).
md_size=$(size "$dir/report.md")
html_size=$(size "$dir/report.html")
[ "$html_size" -gt $((md_size + 512)) ] ||
    hard_error "report.html ($html_size bytes) is not larger than report.md ($md_size bytes)"
fails "rfl report on a full disk" 'report.html: cannot write: File too large' \
    with_size_limit $(((md_size + html_size) / 2)) "$RFL" report "$dir"
if [ $have_gnuplot = 1 ]; then
    # The scripts fit, the PNGs not: gnuplot exits 0 with a PNG cut short.
    lim=16384
    fails "rfl plot on a full disk" 'png: gnuplot made no whole PNG' with_size_limit $lim "$RFL" plot "$dir"
    # gnuplot fails on one chart (not the first): no script nor PNG replaced.
    cat >"$tmp/gnuplot" <<EOF
#!/bin/sh
case "\$1" in *flops*) echo "gnuplot: broken on purpose" >&2; exit 3 ;; esac
exec "$GNUPLOT" "\$@"
EOF
    chmod +x "$tmp/gnuplot"
    fails "rfl plot, gnuplot failing on flops" 'flops.gp: gnuplot failed \(exit 3\)' env GNUPLOT="$tmp/gnuplot" "$RFL" plot "$dir"
fi

# 2. Output paths that are not regular files: refused before writing.
for f in roofline.json report.html; do
    mv "$dir/$f" "$tmp/moved" && mkdir "$dir/$f" || hard_error "mkdir $f"
    case $f in report.*) cmd=report ;; *) cmd=ceilings ;; esac
    outputs_saved=$outputs
    outputs=$(echo " $outputs " | sed "s/ $f / /")
    fails "rfl $cmd with $f a directory" "$f: not a regular file \(a directory\); refusing to replace it" \
        "$RFL" $cmd "$dir"
    outputs=$outputs_saved
    rmdir "$dir/$f" && mv "$tmp/moved" "$dir/$f" || hard_error "restore $f"
done
echo elsewhere >"$tmp/elsewhere" && mv "$dir/ceilings.csv" "$tmp/moved" && ln -s "$tmp/elsewhere" "$dir/ceilings.csv" ||
    hard_error "ln -s"
outputs_saved=$outputs
outputs=$(echo " $outputs " | sed "s/ ceilings.csv / /")
fails "rfl ceilings with ceilings.csv a symbolic link" \
    'ceilings.csv: not a regular file \(a symbolic link\); refusing to replace it' "$RFL" ceilings "$dir"
outputs=$outputs_saved
[ "$(cat "$tmp/elsewhere")" = elsewhere ] || fail "the symbolic link's target was written"
rm "$dir/ceilings.csv" && mv "$tmp/moved" "$dir/ceilings.csv" || hard_error "restore ceilings.csv"

# 3. A small file system that fills up (root only: skipped where mount is not
#    permitted): the scripts fit, the PNGs not.
small=$tmp/small
mkdir "$small" || hard_error "mkdir"
if [ $have_gnuplot = 1 ] && mount -t tmpfs -o size=2m rfl-test "$small" 2>/dev/null; then
    trap 'umount "$small" 2>/dev/null; cleanup' EXIT
    saved=$dir
    dir=$small/run
    cp -a "$saved" "$dir" || hard_error "cp to tmpfs"
    dd if=/dev/zero of="$small/room" bs=4096 count=8 2>/dev/null
    dd if=/dev/zero of="$small/fill" bs=4096 2>/dev/null
    rm "$small/room"
    fails "rfl plot on a full tmpfs" 'png: gnuplot made no whole PNG' "$RFL" plot "$dir"
    dir=$saved
    umount "$small" || hard_error "umount"
else
    note "no tmpfs mounted (not root, or no gnuplot): the full file system case is not tried"
fi

# 4. Temporary files of writers that died: removed by rfl ceilings/plot/
#    report and by rfl run --resume; a live writer's are kept.
sh -c 'exit 0' &
dead=$!
wait $dead
stale_files()
{
    : >"$1/.ceilings.csv.$dead.AbC123" && : >"$1/.report.html.$dead.dEf456" && mkdir "$1/.render.$dead.GhI789" &&
        : >"$1/.render.$dead.GhI789/roofline.png" && : >"$1/.roofline.gp.$$.JkL012" || hard_error "cannot make temporary files"
}
check_stale_removed()
{
    for _f in ".ceilings.csv.$dead.AbC123" ".report.html.$dead.dEf456" ".render.$dead.GhI789"; do
        [ ! -e "$1/$_f" ] || fail "$2: the dead writer's $_f is left"
    done
    [ -e "$1/.roofline.gp.$$.JkL012" ] || fail "$2: a live writer's temporary file was removed"
    rm -f "$1/.roofline.gp.$$.JkL012"
}
for cmd in ceilings plot report; do
    stale_files "$dir"
    extra=
    [ $cmd = plot ] && extra=--no-render
    "$RFL" $cmd $extra "$dir" >/dev/null 2>"$tmp/err" || fail "rfl $cmd beside stale files: exit $?: $(cat "$tmp/err")"
    check_stale_removed "$dir" "rfl $cmd"
done
if [ -x "$RFL_BANDWIDTH" ]; then
    run=$tmp/resume
    printf 'programs = bandwidth\nmode = quick\nbandwidth.quick_args = --quick --wss 16K:64K --min-time 0.0002 --experiments 2 -k sum -p fp64\n' \
        >"$tmp/tiny.conf"
    "$RFL" run --config "$tmp/tiny.conf" --output "$run" >/dev/null 2>"$tmp/err" ||
        fail "rfl run: exit $?: $(tail -n 5 "$tmp/err")"
    stale_files "$run"
    : >"$run/.bandwidth.csv.$dead.MnO345"
    "$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "rfl run --resume: exit $?: $(tail -n 5 "$tmp/err")"
    grep -q 'bandwidth: done earlier' "$tmp/err" || fail "--resume redid bandwidth: $(cat "$tmp/err")"
    [ ! -e "$run/.bandwidth.csv.$dead.MnO345" ] || fail "rfl run --resume left the dead writer's temporary CSV"
    check_stale_removed "$run" "rfl run --resume"
fi
exit 0
