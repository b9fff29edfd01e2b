# Configs fit the machine or say why (issue 26): rfl run refuses, before
# anything starts, a run whose ranks per node x max(threads, 1) exceed this
# node's physical cores (hwloc's allowed set): exit 2, one stderr line that
# names the setting (--ranks, or the config file or run.conf it came from),
# the cores it needs, the node's, and the fix; no run directory, no
# command. --oversubscribe, or the config's oversubscribe = yes, allows it
# and passes Open MPI's --oversubscribe (binding with overload-allowed);
# run.conf keeps it, so --resume does too. The cores are this machine's
# (node_cores: hwloc-calc, or /sys). The threads part runs without MPI;
# the ranks part skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$top_builddir/rfl_bandwidth"
export GNUPLOT=/nonexistent/gnuplot
unset SLURM_JOB_ID SLURM_JOB_NUM_NODES SLURM_NNODES HWLOC_SYNTHETIC
tiny=$top_srcdir/tests/data/driver/tiny.conf
cores=$(node_cores)
[ -n "$cores" ] || skip "no hwloc-calc and no python3: this machine's cores are unknown"
more=$((cores + 1))
fix="ask for fewer ranks or threads, or give --oversubscribe"

# refused WHAT MESSAGE ARGS...: rfl run ARGS exits 2 with MESSAGE as its one
# stderr line, prints nothing and leaves no $tmp/run.
refused()
{
    _what=$1
    _want=$2
    shift 2
    expect_exit 2 "$_what" "$RFL" run "$@"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$_what: not one line: $(cat "$tmp/err")"
    [ "$(cat "$tmp/err")" = "$_want" ] || fail "$_what: '$(cat "$tmp/err")', expected '$_want'"
    [ ! -s "$tmp/out" ] || fail "$_what: printed $(cat "$tmp/out")"
    [ ! -e "$tmp/run" ] || fail "$_what: left $tmp/run"
}

# Threads alone (no launcher): the config that set them is named.
conf=$tmp/threads.conf
{ cat "$tiny"; printf 'threads = %s\n' "$more"; } >"$conf"
refused "threads = $more" \
    "rfl run: $conf: ranks = 1 x threads = $more need $more cores; this node has $cores (hwloc): $fix" \
    --config "$conf" --output "$tmp/run"
refused "threads = $more, dry run" \
    "rfl run: $conf: ranks = 1 x threads = $more need $more cores; this node has $cores (hwloc): $fix" \
    --config "$conf" --dry-run
"$RFL" run --config "$conf" --oversubscribe --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "threads = $more --oversubscribe: exit $?: $(cat "$tmp/err")"
[ "$(grep -c "rfl_bandwidth\|rfl_flops" "$tmp/out")" -eq 2 ] || fail "threads = $more --oversubscribe: $(cat "$tmp/out")"
# every core's thread fits
{ cat "$tiny"; printf 'threads = %s\n' "$cores"; } >"$tmp/fits.conf"
"$RFL" run --config "$tmp/fits.conf" --dry-run >"$tmp/out" 2>"$tmp/err" || fail "threads = $cores: exit $?: $(cat "$tmp/err")"
# a bad value: one line naming file, line and value
printf 'oversubscribe = maybe\n' >"$tmp/bad.conf"
expect_exit 2 "oversubscribe = maybe" "$RFL" run --config "$tmp/bad.conf" --dry-run
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "bad.conf:1: .*maybe" "$tmp/err" || fail "oversubscribe = maybe: $(cat "$tmp/err")"

require_mpi
# --ranks: more than the cores, refused with or without --dry-run, the
# launcher never started; all of them fit.
refused "--ranks $more" \
    "rfl run: --ranks $more x threads = 1 need $more cores; this node has $cores (hwloc): $fix" \
    --config "$tiny" --ranks "$more" --output "$tmp/run"
refused "--ranks $more --dry-run" \
    "rfl run: --ranks $more x threads = 1 need $more cores; this node has $cores (hwloc): $fix" \
    --config "$tiny" --ranks "$more" --dry-run
if [ "$cores" -ge 2 ]; then
    "$RFL" run --config "$tiny" --ranks "$cores" --dry-run >"$tmp/out" 2>"$tmp/err" ||
        fail "--ranks $cores: exit $?: $(cat "$tmp/err")"
    ! grep -q -- "--oversubscribe" "$tmp/out" || fail "--ranks $cores: --oversubscribe unasked: $(cat "$tmp/out")"
fi
# A config's ranks, and ranks x threads.
conf=$tmp/ranks.conf
{ cat "$tiny"; printf 'ranks = %s\n' "$more"; } >"$conf"
refused "ranks = $more" \
    "rfl run: $conf: ranks = $more x threads = 1 need $more cores; this node has $cores (hwloc): $fix" \
    --config "$conf" --output "$tmp/run"
{ cat "$tiny"; printf 'ranks = 2\nthreads = %s\n' "$cores"; } >"$tmp/rt.conf"
refused "ranks = 2 x threads = $cores" \
    "rfl run: $tmp/rt.conf: ranks = 2 x threads = $cores need $((2 * cores)) cores; this node has $cores (hwloc): $fix" \
    --config "$tmp/rt.conf" --dry-run
# The ranks per node of a hostfile's nodes: two nodes hold 2 x cores.
printf 'node1 slots=%s\nnode2 slots=%s\n' "$more" "$more" >"$tmp/hosts"
"$RFL" run --config "$tiny" --ranks $((2 * cores)) --hostfile "$tmp/hosts" --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "--ranks $((2 * cores)) over 2 nodes: exit $?: $(cat "$tmp/err")"
refused "--ranks $((2 * more)) over 2 nodes" \
    "rfl run: --ranks $((2 * more)) ($more on this node) x threads = 1 need $more cores; this node has $cores (hwloc): $fix" \
    --config "$tiny" --ranks $((2 * more)) --hostfile "$tmp/hosts" --dry-run
# The installed example of a 64-core EPYC asks for 8 ranks.
if [ "$cores" -lt 8 ]; then
    expect_exit 2 "--config amd-epyc-7763" env -u RFL_CONFIG_DIR "$RFL" run --config amd-epyc-7763 --dry-run
    [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -q "^rfl run: .*config/amd-epyc-7763.conf: ranks = 8 x threads = 1 need 8 cores; this node has $cores (hwloc)" \
            "$tmp/err" || fail "--config amd-epyc-7763: $(cat "$tmp/err")"
fi

# Allowed: --oversubscribe, or oversubscribe = yes; Open MPI is told so.
"$RFL" run --config "$tiny" --ranks "$more" --oversubscribe --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "--ranks $more --oversubscribe: exit $?: $(cat "$tmp/err")"
[ "$(grep -c -- "-n $more .*--oversubscribe .*rfl_" "$tmp/out")" -eq 2 ] ||
    fail "--ranks $more --oversubscribe: $(cat "$tmp/out")"
if "$MPIEXEC" --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
    grep -q -- "-n $more --map-by slot:PE=1 --bind-to core:overload-allowed --oversubscribe " "$tmp/out" ||
        fail "Open MPI, --ranks $more --oversubscribe: $(cat "$tmp/out")"
fi
{ cat "$conf"; printf 'oversubscribe = yes\n'; } >"$tmp/yes.conf"
"$RFL" run --config "$tmp/yes.conf" --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "oversubscribe = yes: exit $?: $(cat "$tmp/err")"
grep -q -- "-n $more .*--oversubscribe .*rfl_bandwidth" "$tmp/out" || fail "oversubscribe = yes: $(cat "$tmp/out")"

# --resume: run.conf's oversubscribe holds; without it the run that no
# longer fits is refused naming run.conf, and --oversubscribe continues it.
dir=$tmp/resumed
mkdir "$dir"
{ cat "$conf"; printf 'oversubscribe = yes\n'; } >"$dir/run.conf"
"$RFL" run --resume "$dir" --dry-run >"$tmp/out" 2>"$tmp/err" || fail "--resume, oversubscribe = yes: exit $?: $(cat "$tmp/err")"
grep -q -- "-n $more .*--oversubscribe .*rfl_bandwidth" "$tmp/out" || fail "--resume: $(cat "$tmp/out")"
sed -i 's/^oversubscribe = yes$/oversubscribe = no/' "$dir/run.conf"
refused "--resume, oversubscribe = no" \
    "rfl run: $dir/run.conf: ranks = $more x threads = 1 need $more cores; this node has $cores (hwloc): $fix" \
    --resume "$dir"
[ "$(ls -A "$dir")" = run.conf ] || fail "--resume refused: $dir holds $(ls -A "$dir")"
"$RFL" run --resume "$dir" --oversubscribe --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "--resume --oversubscribe: exit $?: $(cat "$tmp/err")"
exit 0
