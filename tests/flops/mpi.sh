# rfl_flops under mpiexec: 2 ranks x 1 thread, and 2 ranks x 2 threads with
# a thread sweep: rows verified and labelled with the job's shape, the peak
# counts every rank's cores, only rank 0 prints, and the sidecar accounts
# for every rank and thread. Skips (77) without mpiexec or in a build
# without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_FLOPS"
require_mpi

# Ranks may share cores here: wait passively at barriers.
OMP_WAIT_POLICY=passive
export OMP_WAIT_POLICY

# mpi_case RANKS THREADS NAME ARGS...
mpi_case()
{
    ranks=$1
    threads=$2
    name=$3
    shift 3
    out=$tmp/$name.csv
    expect_exit 0 "$name" run_mpi "$ranks" "$RFL_FLOPS" --fpe 2,64 --unroll 1,8 --min-time 0.0005 --experiments 2 \
        --threads "$threads" -o "$out" "$@"
    check_mpi_output "$name" "$out" "$ranks"
    # The job's flops: ranks x threads x elements x FPE x trials; a rank's own row (its rank set) its share.
    problem=$(awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            want = $c["ranks"] * $c["threads_per_rank"] * $c["elems_per_thread"] * $c["flops_per_elem"] * $c["trials"]
            if ($c["rank"] != "") want /= $c["ranks"]
            if ($c["flops_per_sample"] != want) { print "line " NR ": flops_per_sample " $c["flops_per_sample"] " != " want; exit }
            if ($c["wss_bytes"] != $c["wss_bytes_per_thread"] * $c["ranks"] * $c["threads_per_rank"]) { print "line " NR ": wss_bytes"; exit }
            if ($c["cores_used"] < 1 || $c["cores_used"] > $c["ranks"] * $c["threads_per_rank"]) { print "line " NR ": cores_used " $c["cores_used"]; exit }
        }' "$out")
    [ -z "$problem" ] || fail "$name: $problem"
    jobs=$(csv_count "$out" '$col["rank"] == ""')
    [ "$(csv_count "$out" '$col["rank"] != "" && $col["host"] != ""')" -eq $((ranks * jobs)) ] ||
        fail "$name: not one row per rank after each job's row"
    check_mpi_sidecar "$name" "$tmp/$name.json" "$ranks" "$threads"
}

mpi_case 2 1 ranks2
mpi_case 2 2 ranks2x2 --thread-sweep -p fp32
threads=$(csv_column "$tmp/ranks2x2.csv" threads_per_rank | sort -u | tr '\n' ' ')
[ "$threads" = "1 2 " ] || fail "ranks2x2: --thread-sweep ran threads '$threads', expected '1 2 '"

exit 0
