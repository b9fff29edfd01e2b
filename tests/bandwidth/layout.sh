# Each rank's fair share of the node (cpu/team.c, cpu/layout.c), as the
# sidecar's "layout" tells it: alone, a rank takes every core of the node;
# mpiexec -n 1 (Open MPI binds one rank to one core) widens to the whole
# node when the other cores are idle, and otherwise keeps its binding and
# prints one line with the launcher options that give the share; two ranks
# started unbound split the node into disjoint halves; taskset's binding
# (no MPI launcher) is the user's choice; -T and OMP_NUM_THREADS still win.
# Idleness is planted (RFL_TEST_BUSY_CPUS, testing only), so the result does
# not depend on what else runs on this machine.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"
have_python3 || skip "python3 is not installed"

small="-k sum -p fp64 --wss 64K:64K --min-time 0.0002 --experiments 2"

# layout_of NAME: "ranks x threads; per rank: cpus/cores/source"
layout_of()
{
    json_eval "$tmp/$1.json" "'%d x %d; %s' % (d['ranks'], d['threads_per_rank'], ' '.join('%s/%d/%s' % (r['cpus'], r['cores'], r['source'].split()[0]) for r in d['layout']['ranks']))"
}

# Alone: the whole node, one thread per core.
expect_exit 0 alone "$RFL_BANDWIDTH" $small -o "$tmp/alone.csv"
node_cores=$(json_eval "$tmp/alone.json" "d['layout']['node']['cores']")
[ "$node_cores" -ge 1 ] || fail "alone: the layout names no core: $(layout_of alone)"
[ "$(json_eval "$tmp/alone.json" "d['threads_per_rank']")" = "$node_cores" ] ||
    fail "alone: $(layout_of alone), expected one thread on each of the node's $node_cores cores"
[ "$(json_eval "$tmp/alone.json" "d['layout']['ranks_per_node']")" = 1 ] || fail "alone: ranks_per_node is not 1"
for key in numa packages cpus source launcher_cpus host; do
    [ -n "$(json_eval "$tmp/alone.json" "d['layout']['ranks'][0]['$key']")" ] || fail "alone: layout.ranks[0].$key is empty"
done

# -T and OMP_NUM_THREADS still win.
expect_exit 0 one_thread "$RFL_BANDWIDTH" $small -T 1 -o "$tmp/t1.csv"
[ "$(json_eval "$tmp/t1.json" "d['threads_per_rank']")" = 1 ] || fail "-T 1: $(layout_of t1)"
expect_exit 0 omp_threads env OMP_NUM_THREADS=1 "$RFL_BANDWIDTH" $small -o "$tmp/omp1.csv"
[ "$(json_eval "$tmp/omp1.json" "d['threads_per_rank']")" = 1 ] || fail "OMP_NUM_THREADS=1: $(layout_of omp1)"

# taskset (no MPI launcher): the binding is the user's, not widened.
if command -v taskset >/dev/null 2>&1 && [ "$node_cores" -ge 2 ]; then
    first=$(json_eval "$tmp/alone.json" "d['layout']['ranks'][0]['cpus'].split(',')[0].split('-')[0]")
    expect_exit 0 taskset taskset -c "$first" "$RFL_BANDWIDTH" $small -o "$tmp/taskset.csv"
    [ "$(json_eval "$tmp/taskset.json" "d['threads_per_rank']")" = 1 ] || fail "taskset: $(layout_of taskset)"
    json_eval "$tmp/taskset.json" "d['layout']['ranks'][0]['source']" | grep -q inherited ||
        fail "taskset: source is not the inherited binding: $(layout_of taskset)"
fi

build_has_mpi || { note "no MPI in this build: the launcher cases are not run"; exit 0; }
[ -n "$MPIEXEC" ] && [ -x "$MPIEXEC" ] || { note "no mpiexec: the launcher cases are not run"; exit 0; }
"$MPIEXEC" --version 2>/dev/null | grep -qi "open mpi\|openrte" || { note "not Open MPI: its default binding is not known here"; exit 0; }
[ "$node_cores" -ge 2 ] || { note "one core: nothing to widen"; exit 0; }

# mpiexec -n 1 binds the rank to one core; the other cores are idle: widened.
expect_exit 0 widen env RFL_TEST_BUSY_CPUS= "$MPIEXEC" -n 1 --bind-to core --allow-run-as-root -x RFL_TEST_BUSY_CPUS \
    "$RFL_BANDWIDTH" $small -o "$tmp/widen.csv"
[ "$(json_eval "$tmp/widen.json" "d['threads_per_rank']")" = "$node_cores" ] ||
    fail "mpiexec -n 1: $(layout_of widen), expected $node_cores threads (the whole node)"
json_eval "$tmp/widen.json" "d['layout']['ranks'][0]['source']" | grep -q widened ||
    fail "mpiexec -n 1: not widened: $(layout_of widen)"
[ "$(json_eval "$tmp/widen.json" "d['layout']['ranks'][0]['launcher_cpus']")" != \
  "$(json_eval "$tmp/widen.json" "d['layout']['ranks'][0]['cpus']")" ] || fail "mpiexec -n 1: launcher_cpus equals cpus"

# The same with every CPU busy: kept as bound, one line with the options.
all=$(json_eval "$tmp/alone.json" "d['layout']['ranks'][0]['cpus']")
expect_exit 0 busy env RFL_TEST_BUSY_CPUS="$all" "$MPIEXEC" -n 1 --bind-to core --allow-run-as-root -x RFL_TEST_BUSY_CPUS \
    "$RFL_BANDWIDTH" $small -o "$tmp/busy.csv"
[ "$(json_eval "$tmp/busy.json" "d['threads_per_rank']")" = 1 ] || fail "busy: $(layout_of busy), expected 1 thread"
[ "$(grep -c 'fewer cores than their share' "$tmp/err")" = 1 ] || fail "busy: no one-line advice: $(cat "$tmp/err")"
grep -q -- "--map-by slot:PE=$node_cores --bind-to core" "$tmp/err" ||
    fail "busy: the advice lacks --map-by slot:PE=$node_cores: $(grep share "$tmp/err")"

# Two ranks started unbound: disjoint halves of the node.
half=$((node_cores / 2))
expect_exit 0 two "$MPIEXEC" -n 2 --bind-to none --oversubscribe --allow-run-as-root --mca btl self,vader \
    --mca btl_vader_single_copy_mechanism none "$RFL_BANDWIDTH" $small -o "$tmp/two.csv"
[ "$(json_eval "$tmp/two.json" "d['threads_per_rank']")" = "$half" ] || fail "two ranks: $(layout_of two), expected $half each"
problem=$(json_eval "$tmp/two.json" "(lambda a, b: '' if not (a & b) else 'overlap %s' % (a & b))(*[set(c for part in r['cpus'].split(',') for c in (range(int(part.split('-')[0]), int(part.split('-')[-1]) + 1))) for r in d['layout']['ranks']])")
[ -z "$problem" ] || fail "two ranks: the shares overlap: $(layout_of two)"
exit 0
