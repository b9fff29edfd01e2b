# rfl_bandwidth under mpiexec: 2 ranks x 2 threads and 4 ranks (more
# threads than cores on a small machine): rows verified and labelled with
# the job's shape, and the sidecar accounts for every rank and thread.
# Skips (77) without mpiexec or in a build without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

[ -x "$RFL_BANDWIDTH" ] || hard_error "$RFL_BANDWIDTH: not built"
require_mpi

# mpi_case RANKS NAME ARGS...
mpi_case()
{
    ranks=$1
    name=$2
    shift 2
    out=$tmp/$name.csv
    run_mpi "$ranks" "$RFL_BANDWIDTH" --quick --wss 64K:8M --min-time 0.0002 --experiments 2 \
        -o "$out" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] || fail "$name: exit $rc: $(tail -n 5 "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$name: wrote to stdout: $(head -n 3 "$tmp/out")"
    # Only rank 0 prints: each summary line appears once.
    dup=$(grep -c 'rows in ' "$tmp/err")
    [ "$dup" -eq 1 ] || fail "$name: the closing line appears $dup times on stderr (only rank 0 prints)"

    csv_check_rectangular "$out"
    [ "$(csv_column "$out" ranks | sort -u)" = "$ranks" ] ||
        fail "$name: ranks column is '$(csv_column "$out" ranks | sort -u | tr '\n' ' ')', expected $ranks"
    bad=$(csv_column "$out" verified | grep -v -x 1 | head -n 1)
    [ -z "$bad" ] || fail "$name: a row has verified = '$bad'"
    threads=$(csv_column "$out" threads_per_rank | sort -u)
    [ "$(echo "$threads" | wc -l)" -eq 1 ] || fail "$name: threads_per_rank varies: $threads"

    sidecar=$tmp/$name.json
    [ -s "$sidecar" ] || fail "$name: no sidecar"
    if ! have_python3; then
        note "python3 not found: the sidecar of $name is not checked"
        return 0
    fi
    json_valid "$sidecar" || fail "$name: the sidecar does not parse as JSON"
    [ "$(json_eval "$sidecar" 'd["status"]')" = complete ] || fail "$name: sidecar status is not complete"
    [ "$(json_eval "$sidecar" 'd["ranks"]')" = "$ranks" ] || fail "$name: sidecar ranks is not $ranks"
    [ "$(json_eval "$sidecar" 'd["threads_per_rank"]')" = "$threads" ] ||
        fail "$name: sidecar threads_per_rank differs from the CSV's ($threads)"
    # rank_placement names every rank once: rank0@host,rank1@host,...
    problem=$(json_eval "$sidecar" "(lambda names: '' if sorted(names) == sorted('rank%d' % r for r in range($ranks)) else 'ranks named: %s' % names)([p.split('@')[0] for p in d['rank_placement'].split(',') if '@' in p])")
    [ -z "$problem" ] || fail "$name: rank_placement '$(json_eval "$sidecar" 'd["rank_placement"]')': $problem"
    # binding.threads accounts for every thread of every rank exactly once
    # (rankR.tT=...), whether the entries are one per thread or one per rank
    # with its threads separated by spaces.
    problem=$(json_eval "$sidecar" "(lambda ids: '' if sorted(ids) == sorted('rank%d.t%d' % (r, t) for r in range($ranks) for t in range($threads)) else 'threads named: %s' % ids)([tok.split('=')[0] for e in d['binding']['threads'] for tok in e.split()])")
    [ -z "$problem" ] || fail "$name: binding.threads: $problem"
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
