# A program's outputs (common/afile.c, common/session.c), shown on
# rfl_bandwidth: -o onto a device node, FIFO, symbolic link or directory is
# refused with one line and leaves the node as it was and no file behind; a
# full standard output, a CSV or a sidecar that cannot be written (a size
# limit: the disk is full) exits 1 naming the file, with the previous CSV
# and sidecar byte for byte and no temporary file; a sidecar path that is a
# directory writes no CSV; the temporary files of a writer that died
# (SIGKILL) are removed by the next write of the same file.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"
quick="--quick --wss 16K:16K -k sum -p fp64 --min-time 0.0002 --experiments 2"
# A singleton MPI job without its daemon (which a size limit upsets).
OMPI_MCA_ess_singleton_isolated=1
export OMPI_MCA_ess_singleton_isolated


# no_temp DIR: no hidden file of the writers in DIR.
no_temp()
{
    _left=$(ls -A "$1" | grep '^\.' | tr '\n' ' ')
    [ -z "$_left" ] || fail "$2: temporary files left: $_left"
}

# refused WHAT PATH [FILE_TYPE]: -o PATH exits 1 with one line naming it and
# saying what it is; nothing else appears beside it.
refused()
{
    _what=$1
    _path=$2
    ls -A "$(dirname "$_path")" >"$tmp/before.ls"
    "$RFL_BANDWIDTH" $quick -o "$_path" >"$tmp/out" 2>"$tmp/err"
    _rc=$?
    [ $_rc -eq 1 ] || fail "-o onto $_what: exit $_rc, expected 1 ($(cat "$tmp/err"))"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "-o onto $_what: expected one line on stderr: $(cat "$tmp/err")"
    grep -qF "$3: not a regular file ($_what); refusing to replace it" "$tmp/err" ||
        fail "-o onto $_what: message: $(cat "$tmp/err")"
    ls -A "$(dirname "$_path")" >"$tmp/after.ls"
    cmp -s "$tmp/before.ls" "$tmp/after.ls" || fail "-o onto $_what: files appeared: $(diff "$tmp/before.ls" "$tmp/after.ls")"
}

d=$tmp/nodes
mkdir "$d" || hard_error "mkdir"

# 1. Nodes that are not regular files are never replaced.
if mknod "$d/full.csv" c 1 7 2>/dev/null; then # a copy of /dev/full
    refused "a character device" "$d/full.csv" "$d/full.csv"
    [ -c "$d/full.csv" ] || fail "the character device full.csv was replaced"
else
    note "mknod not permitted: the device-node case is not tried"
fi
mkfifo "$d/fifo.csv" || hard_error "mkfifo"
refused "a FIFO" "$d/fifo.csv" "$d/fifo.csv"
[ -p "$d/fifo.csv" ] || fail "the FIFO fifo.csv was replaced"
echo keep >"$d/target" && ln -s target "$d/link.csv" || hard_error "ln -s"
refused "a symbolic link" "$d/link.csv" "$d/link.csv"
[ -L "$d/link.csv" ] && [ "$(cat "$d/target")" = keep ] || fail "the symbolic link link.csv or its target changed"
mkdir "$d/dir.csv" || hard_error "mkdir"
refused "a directory" "$d/dir.csv" "$d/dir.csv"
[ -d "$d/dir.csv" ] && [ -z "$(ls -A "$d/dir.csv")" ] || fail "the directory dir.csv changed"
# The sidecar's path too, before anything is measured: no CSV without it.
mkdir "$d/side.json" || hard_error "mkdir"
refused "a directory" "$d/side.csv" "$d/side.json"
[ ! -e "$d/side.csv" ] || fail "a CSV was written without its sidecar"

# 2. A full standard output is an error, with a message.
if [ -w /dev/full ]; then
    "$RFL_BANDWIDTH" $quick -o - >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc -eq 1 ] || fail "-o - onto /dev/full: exit $rc, expected 1"
    grep -q 'standard output: cannot write: No space left on device' "$tmp/err" ||
        fail "-o - onto /dev/full: no message: $(cat "$tmp/err")"
    grep -q 'rows on stdout' "$tmp/err" && fail "-o - onto /dev/full: still says the rows were written"
fi

# 3. A full disk: the CSV (larger than the limit), or its sidecar (the CSV
#    fits, the sidecar does not): exit 1, the previous files kept.
w=$tmp/full
mkdir "$w" || hard_error "mkdir"
"$RFL_BANDWIDTH" $quick -o "$w/x.csv" 2>"$tmp/err" || fail "a plain run: exit $?: $(cat "$tmp/err")"
csv_size=$(wc -c <"$w/x.csv")
[ "$(wc -c <"$w/x.json")" -gt $((csv_size + 1024)) ] || hard_error "the sidecar is not larger than the CSV"
echo previous >>"$w/x.csv" && echo previous >>"$w/x.json" && cp "$w/x.csv" "$w/x.json" "$tmp/" || hard_error "cp"
with_size_limit $((csv_size + 1024)) "$RFL_BANDWIDTH" $quick -o "$w/x.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "sidecar on a full disk: exit $rc, expected 1 ($(cat "$tmp/err"))"
grep -q "x.json: cannot write: File too large" "$tmp/err" || fail "sidecar on a full disk: message: $(cat "$tmp/err")"
grep -q 'rows in' "$tmp/err" && fail "sidecar on a full disk: still says the rows were written"
cmp -s "$w/x.csv" "$tmp/x.csv" && cmp -s "$w/x.json" "$tmp/x.json" ||
    fail "sidecar on a full disk: the previous CSV or sidecar changed"
no_temp "$w" "sidecar on a full disk"
with_size_limit 1024 "$RFL_BANDWIDTH" --quick --wss 16K:256K -k sum -p fp64 --min-time 0.0002 --experiments 2 \
    -o "$w/x.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "CSV on a full disk: exit $rc, expected 1 ($(cat "$tmp/err"))"
grep -q "x.csv: cannot write: File too large" "$tmp/err" || fail "CSV on a full disk: message: $(cat "$tmp/err")"
cmp -s "$w/x.csv" "$tmp/x.csv" && cmp -s "$w/x.json" "$tmp/x.json" ||
    fail "CSV on a full disk: the previous CSV or sidecar changed"
no_temp "$w" "CSV on a full disk"

# 4. Temporary files of writers that died are removed by the next write of
#    the same file; a live writer's and another file's are kept.
s=$tmp/stale
mkdir "$s" || hard_error "mkdir"
sh -c 'exit 0' &
dead=$!
wait $dead
: >"$s/.x.csv.$dead.AbC123" && : >"$s/.x.json.$dead.dEf456" && : >"$s/.x.csv.$$.GhI789" &&
    : >"$s/.y.csv.$dead.JkL012" || hard_error "cannot make the temporary files"
"$RFL_BANDWIDTH" $quick -o "$s/x.csv" 2>"$tmp/err" || fail "write beside stale files: exit $?: $(cat "$tmp/err")"
[ ! -e "$s/.x.csv.$dead.AbC123" ] || fail "a dead writer's temporary x.csv was not removed"
[ ! -e "$s/.x.json.$dead.dEf456" ] || fail "a dead writer's temporary x.json was not removed"
[ -e "$s/.x.csv.$$.GhI789" ] || fail "a live writer's temporary file was removed"
[ -e "$s/.y.csv.$dead.JkL012" ] || fail "another file's temporary file was removed"
rm -f "$s/.x.csv.$$.GhI789" "$s/.y.csv.$dead.JkL012"

# A run killed with SIGKILL: its temporary CSV stays until the next write.
"$RFL_BANDWIDTH" --wss 16K:64M --min-time 0.05 -p fp64 -o "$s/k.csv" >/dev/null 2>&1 &
pid=$!
i=0
while [ -z "$(ls -A "$s" | grep '^\.k\.csv\.')" ] && kill -0 $pid 2>/dev/null && [ $i -lt 300 ]; do
    sleep 0.1
    i=$((i + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid
left=$(ls -A "$s" | grep '^\.k\.csv\.')
[ -n "$left" ] || hard_error "the killed run left no temporary file to clean (it ended before)"
case $left in
*".$pid."*) ;;
*) fail "the temporary file does not carry the writer's PID $pid: $left" ;;
esac
"$RFL_BANDWIDTH" $quick -o "$s/k.csv" 2>"$tmp/err" || fail "write after SIGKILL: exit $?: $(cat "$tmp/err")"
no_temp "$s" "write after a killed run"
exit 0
