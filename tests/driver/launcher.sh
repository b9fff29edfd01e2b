# rfl run's launchers: --launcher mpiexec|srun (or the config's launcher),
# --hostfile passed through to mpiexec, and the Open MPI options
# (--oversubscribe, --allow-run-as-root, -x) only for an mpiexec whose
# --version says Open MPI (--oversubscribe only outside a Slurm
# allocation). A fake srun on PATH records its argv and runs the program
# under the real mpiexec; a fake MPICH-like mpiexec records its argv. Bad
# values are one line and exit 2, before any directory is made. The GPU
# steps run one rank per GPU: at most this node's GPUs (RFL_GPU_COUNT
# here), all the ranks when they may span nodes (a hostfile).
# Skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$top_builddir/rfl_bandwidth"
require_mpi
export GNUPLOT=/nonexistent/gnuplot
unset SLURM_JOB_ID SRUN
tiny=$top_srcdir/tests/data/driver/tiny.conf
mkdir -p "$tmp/bin"
cat >"$tmp/bin/srun" <<FAKE
#!/bin/sh
# fake srun: records its argv, then runs the command on -n N ranks under the real mpiexec
printf '%s\n' "\$*" >>"$tmp/srun.argv"
[ "\$1" = -n ] || exit 99
n=\$2
shift 2
exec "$MPIEXEC" -n "\$n" --oversubscribe --allow-run-as-root --mca btl self,vader \
    --mca btl_vader_single_copy_mechanism none "\$@"
FAKE
cat >"$tmp/bin/mpich-mpiexec" <<FAKE
#!/bin/sh
# fake MPICH mpiexec: says it is Hydra and records its argv
if [ "\$1" = --version ]; then
    printf 'HYDRA build details:\n    Version: 4.1.2\n'
    exit 0
fi
printf '%s\n' "\$*" >>"$tmp/mpich.argv"
exit 0
FAKE
chmod +x "$tmp/bin/srun" "$tmp/bin/mpich-mpiexec"
printf 'localhost slots=8\n' >"$tmp/hosts"

# Open MPI's mpiexec: the Open MPI options; inside a Slurm allocation no --oversubscribe.
"$RFL" run --config "$tiny" --ranks 2 --dry-run >"$tmp/out" 2>"$tmp/err" || fail "dry run: $(cat "$tmp/err")"
grep -Eq -- "-n 2 --oversubscribe .*rfl_bandwidth " "$tmp/out" || fail "Open MPI: $(cat "$tmp/out")"
SLURM_JOB_ID=1 "$RFL" run --config "$tiny" --ranks 2 --dry-run >"$tmp/out" 2>"$tmp/err" || fail "dry run: $(cat "$tmp/err")"
grep -q -- "-n 2 .*rfl_bandwidth " "$tmp/out" && ! grep -q -- "--oversubscribe" "$tmp/out" ||
    fail "Open MPI in a Slurm allocation: $(cat "$tmp/out")"
# with a hostfile
"$RFL" run --config "$tiny" --ranks 2 --hostfile "$tmp/hosts" --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "--hostfile: $(cat "$tmp/err")"
grep -q -- "--hostfile $tmp/hosts .*rfl_bandwidth " "$tmp/out" || fail "--hostfile not passed: $(cat "$tmp/out")"

# a relative hostfile is passed by its absolute path (the steps run in DIR/.partial/STEP)
(cd "$tmp" && "$RFL" run --config "$tiny" --ranks 2 --hostfile hosts --dry-run) >"$tmp/out" 2>"$tmp/err" ||
    fail "--hostfile hosts: $(cat "$tmp/err")"
grep -q -- "--hostfile $(cd "$tmp" && pwd -P)/hosts " "$tmp/out" || fail "relative --hostfile: $(cat "$tmp/out")"

# The GPU steps: one rank per GPU, at most this node's GPUs unless the ranks may span nodes.
if [ -x "$top_builddir/rfl_gpu_bandwidth" ]; then
    gconf=$tmp/gpu.conf
    printf 'programs = gpu_bandwidth
' >"$gconf"
    RFL_GPU_PRESENT=1 RFL_GPU_COUNT=2 "$RFL" run --config "$gconf" --ranks 4 --dry-run >"$tmp/out" 2>"$tmp/err" ||
        fail "GPU dry run: $(cat "$tmp/err")"
    grep -q -- "-n 2 .*rfl_gpu_bandwidth " "$tmp/out" || fail "4 ranks, 2 GPUs: $(cat "$tmp/out")"
    RFL_GPU_PRESENT=1 RFL_GPU_COUNT=1 "$RFL" run --config "$gconf" --ranks 4 --dry-run >"$tmp/out" 2>"$tmp/err" ||
        fail "GPU dry run: $(cat "$tmp/err")"
    grep -q "^[^ ]*/rfl_gpu_bandwidth " "$tmp/out" || fail "4 ranks, 1 GPU: not one rank: $(cat "$tmp/out")"
    RFL_GPU_PRESENT=1 RFL_GPU_COUNT=1 "$RFL" run --config "$gconf" --ranks 4 --hostfile "$tmp/hosts" --dry-run \
        >"$tmp/out" 2>"$tmp/err" || fail "GPU dry run: $(cat "$tmp/err")"
    grep -q -- "-n 4 .*--hostfile .*rfl_gpu_bandwidth " "$tmp/out" || fail "4 ranks over a hostfile: $(cat "$tmp/out")"
fi

# An mpiexec that is not Open MPI's gets none of them, the hostfile still.
MPIEXEC=$tmp/bin/mpich-mpiexec "$RFL" run --config "$tiny" --ranks 3 --hostfile "$tmp/hosts" --dry-run \
    >"$tmp/out" 2>"$tmp/err" || fail "MPICH dry run: $(cat "$tmp/err")"
grep -q -- "mpich-mpiexec -n 3 --hostfile $tmp/hosts --mca btl self,vader .*rfl_bandwidth " "$tmp/out" ||
    fail "MPICH: $(cat "$tmp/out")"
! grep -Eq -- "--oversubscribe|--allow-run-as-root| -x " "$tmp/out" || fail "MPICH got Open MPI options: $(cat "$tmp/out")"

# srun: --launcher srun, and the config's launcher = srun; a real run of 2 ranks.
PATH=$tmp/bin:$PATH "$RFL" run --config "$tiny" --ranks 2 --launcher srun --programs bandwidth --output "$tmp/srun" \
    >/dev/null 2>"$tmp/err" || fail "--launcher srun: exit $?: $(tail -n 20 "$tmp/err")"
grep -q "^-n 2 .*/rfl_bandwidth .* -o bandwidth.csv$" "$tmp/srun.argv" || fail "srun argv: $(cat "$tmp/srun.argv")"
! grep -q -- "--oversubscribe\|--mca" "$tmp/srun.argv" || fail "srun got mpiexec options: $(cat "$tmp/srun.argv")"
[ "$(csv_count "$tmp/srun/bandwidth.csv" '$col["rank"] == 1')" -gt 0 ] || fail "srun: no rows of rank 1"
grep -q '^launcher = srun$' "$tmp/srun/run.conf" || fail "run.conf does not keep the launcher"
{ cat "$tiny"; printf 'launcher = srun\nsrun_args = --mpi=pmix\n'; } >"$tmp/srun.conf"
PATH=$tmp/bin:$PATH "$RFL" run --config "$tmp/srun.conf" --ranks 2 --dry-run >"$tmp/out" 2>"$tmp/err" ||
    fail "config launcher = srun: $(cat "$tmp/err")"
grep -q "^srun -n 2 --mpi=pmix .*rfl_bandwidth " "$tmp/out" || fail "config launcher = srun: $(cat "$tmp/out")"

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
