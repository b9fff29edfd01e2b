# rfl run --layouts (issue 26, Lo et al. Section 4.1): the CPU programs
# measured again once per layout of this node's ranks x threads: node (1
# rank x all cores), numa (one rank per NUMA domain, with 2 or more), socket
# (one per package, with 2 or more and a count other than the domains'),
# flat (one rank per core, 1 thread); layouts of the same ranks per node run
# once. The dry run lists each layout and its commands: for this machine
# (its cores from node_cores) and for synthetic nodes (HWLOC_SYNTHETIC) of
# two sockets and of four NUMA domains, with the binding words of Open MPI,
# and the ranks per node times a hostfile's nodes. A real run writes
# DIR/layouts/NAME/ (bandwidth.csv, sidecar, ceilings.csv), layouts.gp (and
# layouts.png with gnuplot), the report's section, run.json's layouts and
# run.conf's key; an interrupted layouts run resumes with only the missing
# layout steps. Bad values are one line and exit 2. In a build without MPI
# --layouts is refused (one line, exit 2); without mpiexec the rest skips.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$top_builddir/rfl_bandwidth"
export GNUPLOT=/nonexistent/gnuplot
unset SLURM_JOB_ID SLURM_JOB_NUM_NODES SLURM_NNODES HWLOC_SYNTHETIC
tiny=$top_srcdir/tests/data/driver/tiny.conf

# one_line WHAT: $tmp/err is one line, and $tmp/run was not made.
one_line()
{
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$1: not one line: $(cat "$tmp/err")"
    [ ! -e "$tmp/run" ] || fail "$1: made $tmp/run"
}

# Without MPI every layout but one would need the launcher: refused.
if ! build_has_mpi; then
    expect_exit 2 "--layouts without MPI" "$RFL" run --config "$tiny" --layouts --output "$tmp/run"
    one_line "--layouts without MPI"
    grep -q -- "--layouts: this rfl was built without MPI" "$tmp/err" || fail "--layouts without MPI: $(cat "$tmp/err")"
    { cat "$tiny"; printf 'layouts = yes\n'; } >"$tmp/yes.conf"
    expect_exit 2 "layouts = yes without MPI" "$RFL" run --config "$tmp/yes.conf" --dry-run
    one_line "layouts = yes without MPI"
    grep -q "yes.conf: layouts = yes, but this rfl was built without MPI" "$tmp/err" ||
        fail "layouts = yes without MPI: $(cat "$tmp/err")"
    exit 0
fi

# Bad values: one line, exit 2, no run directory.
printf 'layouts = maybe\n' >"$tmp/bad.conf"
expect_exit 2 "layouts = maybe" "$RFL" run --config "$tmp/bad.conf" --output "$tmp/run"
one_line "layouts = maybe"
grep -q "bad.conf:1: .*maybe" "$tmp/err" || fail "layouts = maybe: $(cat "$tmp/err")"
mkdir "$tmp/done" && printf 'programs = bandwidth\n' >"$tmp/done/run.conf"
expect_exit 2 "--resume with --layouts" "$RFL" run --resume "$tmp/done" --layouts
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "--layouts .*do not go with it" "$tmp/err" ||
    fail "--resume with --layouts: $(cat "$tmp/err")"

require_mpi
open_mpi=0
"$MPIEXEC" --version 2>&1 | grep -q "Open MPI\|OpenRTE" && open_mpi=1
cores=$(node_cores)
[ -n "$cores" ] || skip "no hwloc-calc and no python3: this machine's cores are unknown"

# dry [VAR=VALUE...] WHAT ARGS...: rfl run --layouts --dry-run of bandwidth alone into $tmp/out.
dry()
{
    _what=$1
    shift
    "$RFL" run --config "$tiny" -p bandwidth --layouts --dry-run "$@" >"$tmp/out" 2>"$tmp/err" ||
        fail "$_what: exit $?: $(cat "$tmp/err")"
}
# layout WHAT NAME RANKS THREADS [WORDS]: the dry run lists layout NAME once,
# RANKS ranks x THREADS threads, its command after it: with -n RANKS and
# WORDS next (Open MPI's binding; any words of another MPI), or without the
# launcher for 1 rank.
layout()
{
    _s=s
    [ "$3" -eq 1 ] && _s=
    _t=s
    [ "$4" -eq 1 ] && _t=
    [ "$(grep -c "^# layout $2: " "$tmp/out")" -eq 1 ] || fail "$1: layout $2 not once: $(cat "$tmp/out")"
    grep -q "^# layout $2: $3 rank$_s\( ([0-9]* per node)\)\? x $4 thread$_t, into .*/layouts/$2$" "$tmp/out" ||
        fail "$1: layout $2, $3 x $4: $(cat "$tmp/out")"
    _cmd=$(sed -n "/^# layout $2: /{n;p;}" "$tmp/out")
    if [ "$3" -eq 1 ]; then
        case $_cmd in */rfl_bandwidth\ *) ;; *) fail "$1: layout $2 under a launcher: $_cmd" ;; esac
    elif [ "$open_mpi" -eq 1 ] && [ -n "${5:-}" ]; then
        case $_cmd in *" -n $3 $5 "*/rfl_bandwidth\ *) ;; *) fail "$1: layout $2: not '-n $3 $5': $_cmd" ;; esac
    else
        case $_cmd in *" -n $3 "*/rfl_bandwidth\ *) ;; *) fail "$1: layout $2: not -n $3: $_cmd" ;; esac
    fi
}

# This machine: node (1 x every core) and flat (every core x 1), each once;
# numa where hwloc sees 2 or more domains; no two of the same ranks.
dry "this machine"
layout "this machine" node 1 "$cores"
if [ "$cores" -ge 2 ]; then
    layout "this machine" flat "$cores" 1
else
    ! grep -q "^# layout flat" "$tmp/out" || fail "one core: flat is node: $(cat "$tmp/out")"
fi
[ "$(sed -n 's/^# layout [a-z]*: \([0-9]*\) rank.*/\1/p' "$tmp/out" | sort | uniq -d)" = "" ] ||
    fail "two layouts of the same ranks: $(cat "$tmp/out")"
# the main pass's command first, then one per layout
[ "$(grep -c "/rfl_bandwidth " "$tmp/out")" -eq $(($(grep -c "^# layout" "$tmp/out") + 1)) ] ||
    fail "not one command per layout and the main pass: $(cat "$tmp/out")"

# Two sockets, one memory each way hwloc sees it: node, socket, flat.
synth="pack:2 core:4 pu:1"
HWLOC_SYNTHETIC=$synth dry "$synth"
layout "$synth" node 1 8
layout "$synth" socket 2 4 "--map-by slot:PE=4 --bind-to core"
layout "$synth" flat 8 1 "--map-by slot:PE=1 --bind-to core"
! grep -q "^# layout numa" "$tmp/out" || fail "$synth: a numa layout of one domain: $(cat "$tmp/out")"
# Two sockets of two NUMA domains of four cores (two PUs each): all four.
synth="pack:2 numa:2 core:4 pu:2"
HWLOC_SYNTHETIC=$synth dry "$synth"
layout "$synth" node 1 16
layout "$synth" numa 4 4 "--map-by ppr:1:numa:PE=4 --bind-to core"
layout "$synth" socket 2 8 "--map-by slot:PE=8 --bind-to core"
layout "$synth" flat 16 1 "--map-by ppr:4:numa:PE=1 --bind-to core"
! grep -q -- "--oversubscribe" "$tmp/out" || fail "$synth: --oversubscribe unasked: $(cat "$tmp/out")"
# A hostfile of two nodes: each layout's ranks per node x 2.
printf 'node1 slots=8\nnode2 slots=8\n' >"$tmp/hosts2"
synth="pack:2 core:4 pu:1"
HWLOC_SYNTHETIC=$synth dry "hostfile of 2 nodes" --hostfile "$tmp/hosts2"
layout "2 nodes" node 2 8 "--map-by slot:PE=8 --bind-to core"
layout "2 nodes" socket 4 4 "--map-by slot:PE=4 --bind-to core"
layout "2 nodes" flat 16 1 "--map-by slot:PE=1 --bind-to core"
grep -q "^# layout flat: 16 ranks (8 per node) x 1 thread" "$tmp/out" || fail "2 nodes: $(cat "$tmp/out")"

# A real run, stopped by a signal in the last layout's bandwidth step (a
# stand-in rfl_bandwidth sends rfl a SIGTERM once, then runs the real one;
# a background job of sh ignores SIGINT): exit 130, the earlier layouts'
# files kept, none of the last one's. This machine's layouts in $tmp/out.
dry "this machine"
last=$(sed -n 's/^# layout \([a-z]*\):.*/\1/p' "$tmp/out" | tail -n 1)
[ -n "$last" ] || fail "no layout in the dry run: $(cat "$tmp/out")"
bin=$tmp/bin
mkdir "$bin"
for p in "$top_builddir"/rfl_*; do
    [ -x "$p" ] && ln -s "$p" "$bin/${p##*/}"
done
rm "$bin/rfl_bandwidth"
cat >"$bin/rfl_bandwidth" <<STUB
#!/bin/sh
case \$PWD in
*/.partial/bandwidth@$last) mkdir "$tmp/signalled" 2>/dev/null && kill -TERM "\$(cat "$tmp/rfl.pid")" ;;
esac
exec "$top_builddir/rfl_bandwidth" "\$@"
STUB
chmod +x "$bin/rfl_bandwidth"
# layouts.png where gnuplot is installed
GNUPLOT=
GNUPLOT=$(gnuplot_path) || GNUPLOT=/nonexistent/gnuplot
run=$tmp/run
RFL_PROGRAM_DIR=$bin "$RFL" run --config "$tiny" -p bandwidth --layouts --output "$run" >/dev/null 2>"$tmp/err" &
echo $! >"$tmp/rfl.pid"
wait $!
rc=$?
[ $rc -eq 130 ] || fail "interrupted layouts run: exit $rc, expected 130: $(tail -n 5 "$tmp/err")"
[ -d "$tmp/signalled" ] || fail "the $last layout's step never ran: $(tail -n 5 "$tmp/err")"
grep -q "^layouts = yes$" "$run/run.conf" || fail "run.conf does not keep layouts = yes"
[ ! -e "$run/layouts/$last/bandwidth.csv" ] && [ ! -e "$run/.steps/bandwidth@$last.done" ] ||
    fail "the interrupted $last step left its files or its marker"
[ -z "$(find "$run" -name '.*.csv.*' 2>/dev/null)" ] || fail "temporary files left: $(find "$run")"
# The interrupted step's scratch folder stays only with the rows a message names (issue 27).
if [ -e "$run/.partial" ]; then
    grep -qF "rows measured so far are in $run/.partial/bandwidth@$last/bandwidth.csv" "$tmp/err" ||
        fail "the scratch folder is left, and no message names its rows: $(find "$run/.partial")"
fi
sums=
for l in $(ls "$run/layouts"); do
    [ "$l" = "$last" ] && continue
    [ -s "$run/layouts/$l/bandwidth.csv" ] && [ -s "$run/layouts/$l/ceilings.csv" ] ||
        fail "layout $l of the interrupted run: $(ls "$run/layouts/$l")"
    sums="$sums $(cksum <"$run/layouts/$l/bandwidth.csv")"
done

# --resume: the finished steps kept, only the last layout's measured.
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "--resume: exit $?: $(tail -n 5 "$tmp/err")"
grep -q "\] bandwidth: done earlier" "$tmp/err" || fail "--resume: the main pass again: $(cat "$tmp/err")"
grep -q "\] bandwidth@$last[ :].*/rfl_bandwidth " "$tmp/err" || fail "--resume: bandwidth@$last not run: $(cat "$tmp/err")"
grep -q "\] ceilings@$last$" "$tmp/err" || fail "--resume: ceilings@$last not made: $(cat "$tmp/err")"
after=
for l in $(ls "$run/layouts"); do
    [ "$l" = "$last" ] && continue
    grep -q "\] bandwidth@$l: done earlier" "$tmp/err" && grep -q "\] ceilings@$l: done earlier, kept" "$tmp/err" ||
        fail "--resume: layout $l measured again: $(cat "$tmp/err")"
    after="$after $(cksum <"$run/layouts/$l/bandwidth.csv")"
done
[ "$sums" = "$after" ] || fail "--resume: a finished layout's bandwidth.csv changed"

# The finished run: each layout's directory, the chart, the report, run.json.
for l in $(sed -n 's/^# layout \([a-z]*\):.*/\1/p' "$tmp/out"); do
    d=$run/layouts/$l
    [ -s "$d/bandwidth.csv" ] && [ -s "$d/bandwidth.json" ] && [ -s "$d/ceilings.csv" ] ||
        fail "layout $l: $(ls "$d")"
    [ -e "$run/.steps/bandwidth@$l.done" ] && [ -e "$run/.steps/ceilings@$l.done" ] || fail "layout $l: no markers"
    [ "$(csv_count "$d/ceilings.csv" '$col["device"] == "cpu"')" -gt 0 ] || fail "layout $l: no CPU ceiling"
done
ranks=$(csv_count "$run/layouts/$last/bandwidth.csv" '$col["rank"] == 1')
[ "$last" = node ] || [ "$ranks" -gt 0 ] || fail "layout $last: no rows of rank 1"
[ "$(csv_count "$run/layouts/node/bandwidth.csv" '$col["rank"] == 1')" -eq 0 ] || fail "layout node: a second rank"
[ -s "$run/layouts.gp" ] && grep -q '^\$bars << EOD' "$run/layouts.gp" || fail "no layouts.gp"
[ "$GNUPLOT" = /nonexistent/gnuplot ] || check_png "$run/layouts.png"
grep -q "^## Ceilings by layout$" "$run/report.md" || fail "no report section"
grep -q "^| ceiling | node (1 x $cores) |.* best |$" "$run/report.md" || fail "report table: $(grep -A3 '^## Ceilings by layout' "$run/report.md")"
grep -q "1.00 x node" "$run/report.md" || fail "report: no ratio to the node layout"
if have_python3; then
    want=$(sed -n 's/^# layout \([a-z]*\): \([0-9]*\) ranks\{0,1\} x \([0-9]*\) .*/\1 \2 \3 layouts\/\1/p' "$tmp/out" | tr '\n' ' ')
    [ "$(json_eval "$run/run.json" '" ".join("%s %d %d %s" % (l["name"], l["ranks"], l["threads_per_rank"], l["directory"]) for l in d["layouts"]) + " "')" = "$want" ] ||
        fail "run.json layouts: $(json_eval "$run/run.json" 'd["layouts"]'), expected $want"
fi
exit 0
