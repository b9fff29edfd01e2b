# rfl_unified_memory under MPI on a GPU (skips without one or without
# mpiexec): two ranks, each with its GPU (or sharing one); rank 0 writes a
# row per rank and point, and a reference per rank in the sidecar.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_gpu "$RFL_UM"
require_mpi

run_mpi 2 "$RFL_UM" --wss 64K:1M --growth 4 --reuse 1,4 --min-time 0.002 --experiments 2 -m pinned_alloc,managed \
    -o "$tmp/mpi.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "2 ranks: exit $rc: $(tail -n 5 "$tmp/err")"
check_header "$tmp/mpi.csv" unified-memory unified_memory.csv
check_unified_memory_rows "$tmp/mpi.csv"
for r in 0 1; do
    [ "$(csv_count "$tmp/mpi.csv" '$col["rank"] == '$r)" -eq 12 ] || fail "not 12 rows of rank $r"
done
have_python3 && { [ "$(json_eval "$tmp/mpi.json" 'len(d["reference"])')" = 2 ] || fail "no reference per rank"; }
exit 0
