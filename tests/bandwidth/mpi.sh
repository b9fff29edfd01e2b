# rfl_bandwidth under mpiexec: 2 ranks x 2 threads and 4 ranks (more
# threads than cores on a small machine): rows verified and labelled with
# the job's shape, and the sidecar accounts for every rank and thread.
# Skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"
require_mpi

# mpi_case RANKS NAME ARGS...
mpi_case()
{
    ranks=$1
    name=$2
    shift 2
    out=$tmp/$name.csv
    expect_exit 0 "$name" run_mpi "$ranks" "$RFL_BANDWIDTH" --quick --wss 64K:8M --min-time 0.0002 --experiments 2 \
        -o "$out" "$@"
    check_mpi_output "$name" "$out" "$ranks"
    threads=$(csv_column "$out" threads_per_rank | sort -u)
    [ "$(echo "$threads" | wc -l)" -eq 1 ] || fail "$name: threads_per_rank varies: $threads"

    sidecar=$tmp/$name.json
    check_mpi_sidecar "$name" "$sidecar" "$ranks" "$threads"
    have_python3 || return 0
    [ "$(json_eval "$sidecar" 'd["threads_per_rank"]')" = "$threads" ] ||
        fail "$name: sidecar threads_per_rank differs from the CSV's ($threads)"
    # rank_placement names every rank once: rank0@host,rank1@host,...
    problem=$(json_eval "$sidecar" "(lambda names: '' if sorted(names) == sorted('rank%d' % r for r in range($ranks)) else 'ranks named: %s' % names)([p.split('@')[0] for p in d['rank_placement'].split(',') if '@' in p])")
    [ -z "$problem" ] || fail "$name: rank_placement '$(json_eval "$sidecar" 'd["rank_placement"]')': $problem"
    return 0
}

# Open MPI binds 2 ranks one per core: two threads per rank share that core.
mpi_case 2 ranks2 --threads 2
# Four ranks share the cores (one thread each by default, the rank's share).
# Should a rank run several threads anyway (OMP_NUM_THREADS set), spinning
# OpenMP barriers on oversubscribed cores would make every sample last a
# scheduler quantum: wait passively.
OMP_WAIT_POLICY=passive
export OMP_WAIT_POLICY
mpi_case 4 ranks4 -k sum,copy,triad_nt

exit 0
