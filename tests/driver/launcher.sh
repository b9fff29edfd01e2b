# rfl run's launchers: --launcher mpiexec|srun (or the config's launcher),
# --hostfile passed through to mpiexec, the Open MPI options
# (--allow-run-as-root, -x) only for an mpiexec whose --version says Open
# MPI, and after -n N the words that bind each rank to its share of the
# node's cores, in the dialect the launcher's --version names (Open MPI,
# MPICH's Hydra, Intel MPI; srun), as cpu/layout.c plans them: for this
# machine (its cores from node_cores, hwloc-calc) and for synthetic nodes
# (HWLOC_SYNTHETIC, which rfl's hwloc reads too) of several NUMA domains,
# the ranks spread over the nodes of a hostfile, a Slurm allocation or
# srun -N. User arguments that place ranks themselves get no words of
# rfl's; an mpiexec of no known kind none either, and one warning; run.json
# records the layout. A fake srun on PATH records its argv and runs the
# program under the real mpiexec; fake MPICH, Intel and unknown mpiexecs
# say what they are. Bad values are one line and exit 2, before any
# directory is made. The GPU steps run one rank per GPU: at most this
# node's GPUs (RFL_GPU_COUNT here), all the ranks when they may span nodes
# (a hostfile). tests/driver/oversubscribe.sh has the refusal of more
# ranks x threads than cores.
# Skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$top_builddir/rfl_bandwidth"
require_mpi
export GNUPLOT=/nonexistent/gnuplot
unset SLURM_JOB_ID SLURM_JOB_NUM_NODES SLURM_NNODES SRUN HWLOC_SYNTHETIC I_MPI_PIN_DOMAIN I_MPI_PIN_PROCESSOR_LIST
tiny=$top_srcdir/tests/data/driver/tiny.conf
mkdir -p "$tmp/bin"
cat >"$tmp/bin/srun" <<FAKE
#!/bin/sh
# fake srun: records its argv, then runs the command on -n N ranks under the
# real mpiexec (srun's own options, --cpus-per-task=N ..., left out)
printf '%s\n' "\$*" >>"$tmp/srun.argv"
[ "\$1" = -n ] || exit 99
n=\$2
shift 2
while [ \$# -gt 0 ]; do
    case \$1 in --*) shift ;; *) break ;; esac
done
exec "$MPIEXEC" -n "\$n" --oversubscribe --allow-run-as-root --mca btl self,vader \
    --mca btl_vader_single_copy_mechanism none "\$@"
FAKE
chmod +x "$tmp/bin/srun"
# fake_mpiexec NAME TEXT: an mpiexec whose --version prints TEXT (printf format)
fake_mpiexec()
{
    printf '#!/bin/sh\n[ "$1" = --version ] && printf '"'%s'"'\nexit 0\n' "$2" >"$tmp/bin/$1"
    chmod +x "$tmp/bin/$1"
}
fake_mpiexec mpich-mpiexec 'HYDRA build details:\n    Version: 4.1.2\n    Launchers available: ssh rsh fork slurm\n'
fake_mpiexec intel-mpiexec 'Intel(R) MPI Library for Linux* OS, Version 2021.10 Build 20230619\nHYDRA build details:\n'
fake_mpiexec odd-mpiexec 'odd launcher 1.0\n'
printf 'localhost slots=8\n' >"$tmp/hosts"
# two nodes: comments and blank lines are none, a host named twice is one
printf '# the nodes\nnode1 slots=4\n\nnode2 slots=4 # the second\nnode1\n' >"$tmp/hosts2"
# conf_with LINE...: the tiny config with LINEs in place of its mpiexec_args
conf_with()
{
    grep -v '^mpiexec_args' "$tiny" >"$tmp/with.conf"
    printf '%s\n' "$@" >>"$tmp/with.conf"
}

# This machine as hwloc sees it (the allowed cores, as rfl counts them);
# its NUMA domains from hwloc-calc, where hwloc-utils is installed.
cores=$(node_cores)
[ -n "$cores" ] || skip "no hwloc-calc and no python3: this machine's cores are unknown"
[ "$cores" -ge 2 ] || skip "one core here: --ranks 2 would oversubscribe it"
domains=0
command -v hwloc-calc >/dev/null 2>&1 && domains=$(hwloc-calc --number-of numa machine:0)
# 2 ranks: each half the cores of one NUMA domain, or one rank per domain of two equal ones.
if [ "$domains" -eq 1 ]; then
    words="--map-by slot:PE=$((cores / 2)) --bind-to core"
elif [ "$domains" -eq 2 ] && [ "$(hwloc-calc --number-of core numa:0)" -eq "$(hwloc-calc --number-of core numa:1)" ]; then
    words="--map-by ppr:1:numa:PE=$((cores / 2)) --bind-to core"
else
    words="--map-by [^ ]*PE=[0-9]* --bind-to core"
fi

# Open MPI's mpiexec: both CPU programs bound, the Open MPI options, no
# --oversubscribe; inside a Slurm allocation the same.
"$RFL" run --config "$tiny" --ranks 2 --dry-run >"$tmp/out" 2>"$tmp/err" || fail "dry run: $(cat "$tmp/err")"
[ "$(grep -c -- "mpiexec -n 2 $words " "$tmp/out")" -eq 2 ] ||
    fail "Open MPI, $cores cores in $domains NUMA domains: not '$words': $(cat "$tmp/out")"
! grep -q -- "--oversubscribe" "$tmp/out" || fail "Open MPI: --oversubscribe unasked: $(cat "$tmp/out")"
[ ! -s "$tmp/err" ] || fail "Open MPI: stderr: $(cat "$tmp/err")"
SLURM_JOB_ID=1 "$RFL" run --config "$tiny" --ranks 2 --dry-run >"$tmp/out" 2>"$tmp/err" || fail "dry run: $(cat "$tmp/err")"
grep -q -- "-n 2 $words .*rfl_bandwidth " "$tmp/out" && ! grep -q -- "--oversubscribe" "$tmp/out" ||
    fail "Open MPI in a Slurm allocation: $(cat "$tmp/out")"

# [VAR=VALUE...] dry WHAT ARGS...: rfl run --dry-run of bandwidth alone; its command in $tmp/out.
dry()
{
    _what=$1
    shift
    "$RFL" run -p bandwidth --dry-run "$@" >"$tmp/out" 2>"$tmp/err" || fail "$_what: exit $?: $(cat "$tmp/err")"
}
# Synthetic nodes. Two sockets of two NUMA domains of four cores, two PUs
# each: one rank per domain, two or four to a domain, whole domains to a
# rank (SMT siblings are no cores).
synth="pack:2 numa:2 core:4 pu:2"
while read -r n want; do
    HWLOC_SYNTHETIC=$synth dry "$synth, $n ranks" --config "$tiny" --ranks "$n"
    grep -q -- "mpiexec -n $n $want --" "$tmp/out" || fail "$synth, $n ranks: not '$want': $(cat "$tmp/out")"
done <<WANT
2 --map-by slot:PE=8 --bind-to core
4 --map-by ppr:1:numa:PE=4 --bind-to core
8 --map-by ppr:2:numa:PE=2 --bind-to core
16 --map-by ppr:4:numa:PE=1 --bind-to core
WANT
# One domain of eight cores: the ranks per node from a hostfile's distinct
# hosts, a Slurm allocation's nodes, srun's -N.
synth="core:8 pu:1"
HWLOC_SYNTHETIC=$synth dry "hostfile of 2 nodes" --config "$tiny" --ranks 4 --hostfile "$tmp/hosts2"
grep -q -- "mpiexec -n 4 --map-by slot:PE=4 --bind-to core .*--hostfile $tmp/hosts2 " "$tmp/out" ||
    fail "4 ranks over 2 nodes of a hostfile: $(cat "$tmp/out")"
HWLOC_SYNTHETIC=$synth SLURM_JOB_ID=1 SLURM_JOB_NUM_NODES=2 dry "Slurm allocation of 2 nodes" --config "$tiny" --ranks 4
grep -q -- "mpiexec -n 4 --map-by slot:PE=4 --bind-to core " "$tmp/out" || fail "4 ranks over 2 Slurm nodes: $(cat "$tmp/out")"
HWLOC_SYNTHETIC=$synth PATH=$tmp/bin:$PATH SLURM_JOB_NUM_NODES=8 dry "srun, 8 nodes" --config "$tiny" --ranks 8 \
    --launcher srun
grep -q -- "^srun -n 8 --cpus-per-task=8 --cpu-bind=cores --distribution=block:block .*rfl_bandwidth " "$tmp/out" ||
    fail "srun, 8 ranks on 8 nodes: $(cat "$tmp/out")"
conf_with 'srun_args = -N 4 --mpi=pmix'
HWLOC_SYNTHETIC=$synth PATH=$tmp/bin:$PATH SLURM_JOB_NUM_NODES=8 dry "srun -N 4" --config "$tmp/with.conf" --ranks 8 \
    --launcher srun
grep -q -- "^srun -n 8 --cpus-per-task=4 --cpu-bind=cores --distribution=block:block -N 4 --mpi=pmix .*rfl_bandwidth " \
    "$tmp/out" || fail "srun -N 4, 8 ranks: $(cat "$tmp/out")"

# The other MPIs, by what their --version says: MPICH's Hydra (whose
# --version names slurm among its launchers) and Intel MPI (a Hydra too).
HWLOC_SYNTHETIC=$synth MPIEXEC=$tmp/bin/mpich-mpiexec dry "MPICH" --config "$tiny" --ranks 2
grep -q -- "mpich-mpiexec -n 2 -bind-to core:4 -map-by core:4 --mca btl self,vader .*rfl_bandwidth " "$tmp/out" ||
    fail "MPICH: $(cat "$tmp/out")"
HWLOC_SYNTHETIC=$synth MPIEXEC=$tmp/bin/intel-mpiexec dry "Intel MPI" --config "$tiny" --ranks 2
grep -q -- "intel-mpiexec -n 2 -genv I_MPI_PIN_DOMAIN 4:compact --mca btl .*rfl_bandwidth " "$tmp/out" ||
    fail "Intel MPI: $(cat "$tmp/out")"
! grep -Eq -- "--oversubscribe|--allow-run-as-root| -x " "$tmp/out" || fail "Intel MPI got Open MPI options: $(cat "$tmp/out")"
# An mpiexec of no known kind: no binding words, one warning.
MPIEXEC=$tmp/bin/odd-mpiexec dry "unknown mpiexec" --config "$tiny" --ranks 2
grep -q -- "odd-mpiexec -n 2 --mca btl self,vader .*rfl_bandwidth " "$tmp/out" || fail "unknown mpiexec: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "warning: .*odd-mpiexec: .*widens to its share" "$tmp/err" ||
    fail "unknown mpiexec: not one warning: $(cat "$tmp/err")"

# The user's own placement wins: no words of rfl's beside it.
for args in '--bind-to none' '--map-by ppr:1:socket' '-bind-to core:2' '-genv I_MPI_PIN_DOMAIN=socket'; do
    conf_with "mpiexec_args = $args"
    dry "mpiexec_args = $args" --config "$tmp/with.conf" --ranks 2
    grep -q -- "mpiexec -n 2 [^/]*$args .*rfl_bandwidth " "$tmp/out" && ! grep -q -- "PE=" "$tmp/out" ||
        fail "mpiexec_args = $args: $(cat "$tmp/out")"
done
I_MPI_PIN_DOMAIN=socket MPIEXEC=$tmp/bin/intel-mpiexec dry "I_MPI_PIN_DOMAIN set" --config "$tiny" --ranks 2
! grep -q -- "-genv" "$tmp/out" || fail "Intel MPI, I_MPI_PIN_DOMAIN set: $(cat "$tmp/out")"
for args in '--cpus-per-task=2' '-c 2' '-c2' '--cpu-bind=sockets' '--distribution cyclic'; do
    conf_with "srun_args = $args"
    PATH=$tmp/bin:$PATH dry "srun_args = $args" --config "$tmp/with.conf" --ranks 2 --launcher srun
    grep -q -- "^srun -n 2 $args .*rfl_bandwidth " "$tmp/out" || fail "srun_args = $args: $(cat "$tmp/out")"
done

# with a hostfile
"$RFL" run --config "$tiny" --ranks 2 --hostfile "$tmp/hosts" --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "--hostfile: $(cat "$tmp/err")"
grep -q -- "--hostfile $tmp/hosts .*rfl_bandwidth " "$tmp/out" || fail "--hostfile not passed: $(cat "$tmp/out")"

# a relative hostfile is passed by its absolute path (the steps run in DIR/.partial/STEP)
(cd "$tmp" && "$RFL" run --config "$tiny" --ranks 2 --hostfile hosts --dry-run) >"$tmp/out" 2>"$tmp/err" ||
    fail "--hostfile hosts: $(cat "$tmp/err")"
grep -q -- "--hostfile $(cd "$tmp" && pwd -P)/hosts " "$tmp/out" || fail "relative --hostfile: $(cat "$tmp/out")"

# The GPU steps: one rank per GPU, at most this node's GPUs unless the ranks
# may span nodes, each rank bound to its share of the cores.
if [ -x "$top_builddir/rfl_gpu_bandwidth" ]; then
    gconf=$tmp/gpu.conf
    printf 'programs = gpu_bandwidth
' >"$gconf"
    RFL_GPU_PRESENT=1 RFL_GPU_COUNT=2 HWLOC_SYNTHETIC="core:16 pu:2" "$RFL" run --config "$gconf" --ranks 4 --dry-run \
        >"$tmp/out" 2>"$tmp/err" || fail "GPU dry run: $(cat "$tmp/err")"
    grep -q -- "-n 2 --map-by slot:PE=8 --bind-to core .*rfl_gpu_bandwidth " "$tmp/out" || fail "4 ranks, 2 GPUs: $(cat "$tmp/out")"
    RFL_GPU_PRESENT=1 RFL_GPU_COUNT=1 "$RFL" run --config "$gconf" --ranks 4 --dry-run >"$tmp/out" 2>"$tmp/err" ||
        fail "GPU dry run: $(cat "$tmp/err")"
    grep -q "^[^ ]*/rfl_gpu_bandwidth " "$tmp/out" || fail "4 ranks, 1 GPU: not one rank: $(cat "$tmp/out")"
    RFL_GPU_PRESENT=1 RFL_GPU_COUNT=1 "$RFL" run --config "$gconf" --ranks 4 --hostfile "$tmp/hosts2" --dry-run \
        >"$tmp/out" 2>"$tmp/err" || fail "GPU dry run: $(cat "$tmp/err")"
    grep -q -- "-n 4 .*--hostfile .*rfl_gpu_bandwidth " "$tmp/out" || fail "4 ranks over a hostfile: $(cat "$tmp/out")"
fi

# An mpiexec that is not Open MPI's gets none of its options, the hostfile still.
MPIEXEC=$tmp/bin/mpich-mpiexec "$RFL" run --config "$tiny" --ranks 2 --hostfile "$tmp/hosts" --dry-run \
    >"$tmp/out" 2>"$tmp/err" || fail "MPICH dry run: $(cat "$tmp/err")"
grep -q -- "mpich-mpiexec -n 2 -bind-to core:[0-9]* -map-by core:[0-9]* --hostfile $tmp/hosts --mca btl self,vader .*rfl_bandwidth " \
    "$tmp/out" || fail "MPICH: $(cat "$tmp/out")"
! grep -Eq -- "--oversubscribe|--allow-run-as-root| -x " "$tmp/out" || fail "MPICH got Open MPI options: $(cat "$tmp/out")"

# srun: --launcher srun, and the config's launcher = srun; a real run of 2
# ranks, allowed to oversubscribe (srun's --overcommit); run.json's layout.
PATH=$tmp/bin:$PATH "$RFL" run --config "$tiny" --ranks 2 --launcher srun --programs bandwidth --oversubscribe \
    --output "$tmp/srun" >/dev/null 2>"$tmp/err" || fail "--launcher srun: exit $?: $(tail -n 20 "$tmp/err")"
grep -q "^-n 2 --cpus-per-task=[0-9]* --cpu-bind=cores --distribution=block:block --overcommit .*/rfl_bandwidth .* -o bandwidth.csv$" \
    "$tmp/srun.argv" || fail "srun argv: $(cat "$tmp/srun.argv")"
! grep -q -- "--oversubscribe\|--mca" "$tmp/srun.argv" || fail "srun got mpiexec options: $(cat "$tmp/srun.argv")"
[ "$(csv_count "$tmp/srun/bandwidth.csv" '$col["rank"] == 1')" -gt 0 ] || fail "srun: no rows of rank 1"
grep -q '^launcher = srun$' "$tmp/srun/run.conf" || fail "run.conf does not keep the launcher"
grep -q '^oversubscribe = yes$' "$tmp/srun/run.conf" || fail "run.conf does not keep --oversubscribe"
if have_python3; then
    share=$(sed -n 's/^-n 2 --cpus-per-task=\([0-9]*\) .*/\1/p' "$tmp/srun.argv")
    [ "$(json_eval "$tmp/srun/run.json" '" ".join(str(d["launcher"][k]) for k in ("kind", "ranks_per_node", "cores_per_rank", "binding_from", "binding"))')" = \
        "slurm 2 $share rfl --cpus-per-task=$share --cpu-bind=cores --distribution=block:block" ] ||
        fail "run.json launcher: $(json_eval "$tmp/srun/run.json" 'd["launcher"]')"
fi
{ cat "$tiny"; printf 'launcher = srun\nsrun_args = --mpi=pmix\n'; } >"$tmp/srun.conf"
PATH=$tmp/bin:$PATH "$RFL" run --config "$tmp/srun.conf" --ranks 2 --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "config launcher = srun: $(cat "$tmp/err")"
grep -q "^srun -n 2 --cpus-per-task=[0-9]* --cpu-bind=cores --distribution=block:block --mpi=pmix .*rfl_bandwidth " \
    "$tmp/out" || fail "config launcher = srun: $(cat "$tmp/out")"

# Bad values: one line, exit 2, no run directory.
expect_exit 2 "--launcher pbs" "$RFL" run --config "$tiny" --ranks 2 --launcher pbs --output "$tmp/bad"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "pbs" "$tmp/err" || fail "--launcher pbs: $(cat "$tmp/err")"
printf 'launcher = pbs\n' >"$tmp/pbs.conf"
expect_exit 2 "launcher = pbs" "$RFL" run --config "$tmp/pbs.conf" --ranks 2 --output "$tmp/bad"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "pbs.conf:1.*pbs" "$tmp/err" || fail "launcher = pbs: $(cat "$tmp/err")"
expect_exit 2 "--hostfile missing" "$RFL" run --config "$tiny" --ranks 2 --hostfile "$tmp/none" --output "$tmp/bad"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "hostfile = $tmp/none: not a regular file" "$tmp/err" ||
    fail "--hostfile missing: $(cat "$tmp/err")"
expect_exit 2 "srun with a hostfile" "$RFL" run --config "$tiny" --ranks 2 --launcher srun --hostfile "$tmp/hosts" \
    --output "$tmp/bad"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "a hostfile goes with launcher = mpiexec, not srun" "$tmp/err" ||
    fail "srun with a hostfile: $(cat "$tmp/err")"
expect_exit 2 "--resume with --launcher" "$RFL" run --resume "$tmp/srun" --launcher srun
[ ! -e "$tmp/bad" ] || fail "a bad launcher made $tmp/bad"
exit 0
