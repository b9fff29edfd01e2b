# rfl_flops under mpiexec: 2 ranks x 1 thread, and 2 ranks x 2 threads with
# a thread sweep: rows verified and labelled with the job's shape, the peak
# counts every rank's cores, only rank 0 prints, and the sidecar accounts
# for every rank and thread. Skips (77) without mpiexec or in a build
# without MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_FLOPS=$top_builddir/rfl_flops
[ -x "$RFL_FLOPS" ] || hard_error "$RFL_FLOPS: not built"

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
    run_mpi "$ranks" "$RFL_FLOPS" --fpe 2,64 --unroll 1,8 --min-time 0.0005 --experiments 2 --threads "$threads" \
        -o "$out" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] || fail "$name: exit $rc: $(tail -n 5 "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$name: wrote to stdout: $(head -n 3 "$tmp/out")"
    dup=$(grep -c 'rows in ' "$tmp/err")
    [ "$dup" -eq 1 ] || fail "$name: the closing line appears $dup times on stderr (only rank 0 prints)"

    csv_check_rectangular "$out"
    [ "$(csv_column "$out" ranks | sort -u)" = "$ranks" ] ||
        fail "$name: ranks column is '$(csv_column "$out" ranks | sort -u | tr '\n' ' ')', expected $ranks"
    bad=$(csv_column "$out" verified | grep -v -x 1 | head -n 1)
    [ -z "$bad" ] || fail "$name: a row has verified = '$bad'"
    # The job's flops: ranks x threads x elements x FPE x trials.
    problem=$(awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            want = $c["ranks"] * $c["threads_per_rank"] * $c["elems_per_thread"] * $c["flops_per_elem"] * $c["trials"]
            if ($c["flops_per_sample"] != want) { print "line " NR ": flops_per_sample " $c["flops_per_sample"] " != " want; exit }
            if ($c["wss_bytes"] != $c["wss_bytes_per_thread"] * $c["ranks"] * $c["threads_per_rank"]) { print "line " NR ": wss_bytes"; exit }
            if ($c["cores_used"] < 1 || $c["cores_used"] > $c["ranks"] * $c["threads_per_rank"]) { print "line " NR ": cores_used " $c["cores_used"]; exit }
        }' "$out")
    [ -z "$problem" ] || fail "$name: $problem"

    sidecar=$tmp/$name.json
    [ -s "$sidecar" ] || fail "$name: no sidecar"
    if ! have_python3; then
        note "python3 not found: the sidecar of $name is not checked"
        return 0
    fi
    json_valid "$sidecar" || fail "$name: the sidecar does not parse as JSON"
    [ "$(json_eval "$sidecar" 'd["status"]')" = complete ] || fail "$name: sidecar status is not complete"
    [ "$(json_eval "$sidecar" 'd["ranks"]')" = "$ranks" ] || fail "$name: sidecar ranks is not $ranks"
    problem=$(json_eval "$sidecar" "(lambda ids: '' if sorted(ids) == sorted('rank%d.t%d' % (r, t) for r in range($ranks) for t in range($threads)) else 'threads named: %s' % ids)([tok.split('=')[0] for e in d['binding']['threads'] for tok in e.split()])")
    [ -z "$problem" ] || fail "$name: binding.threads: $problem"
    return 0
}

mpi_case 2 1 ranks2
mpi_case 2 2 ranks2x2 --thread-sweep -p fp32
threads=$(csv_column "$tmp/ranks2x2.csv" threads_per_rank | sort -u | tr '\n' ' ')
[ "$threads" = "1 2 " ] || fail "ranks2x2: --thread-sweep ran threads '$threads', expected '1 2 '"

exit 0
