# The GPU programs under MPI (skips without a GPU or mpiexec): two ranks,
# one GPU each (or sharing one), per-GPU rows for both ranks and aggregate
# rows in rfl_gpu_bandwidth and rfl_gpu_flops; rfl_gpu_micro writes both
# ranks' rows.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_cuda_program "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS"
require_gpu "$RFL_GPU_MICRO"
require_mpi

expect_exit 0 "mpi bandwidth" run_mpi 2 "$RFL_GPU_BANDWIDTH" --wss 64K:1M --growth 4 -k global_inside,memcpy_d2d -a rmw \
    -p fp32 -t 256 --experiments 2 --min-time 0.0005 -o "$tmp/bw.csv"
check_header "$tmp/bw.csv" gpu gpu_bandwidth.csv
check_verified "$tmp/bw.csv"
[ "$(csv_column "$tmp/bw.csv" ranks | sort -u)" = 2 ] || fail "mpi bandwidth: ranks is not 2"
for scope_rank in "gpu,0," "gpu,1," "aggregate,,"; do
    grep -q "^$scope_rank" "$tmp/bw.csv" || fail "mpi bandwidth: no rows starting '$scope_rank'"
done
n_gpu=$(grep -c "^gpu," "$tmp/bw.csv")
n_agg=$(grep -c "^aggregate," "$tmp/bw.csv")
[ "$n_gpu" -eq $((2 * n_agg)) ] || fail "mpi bandwidth: $n_gpu per-GPU rows for $n_agg aggregate rows"

expect_exit 0 "mpi flops" run_mpi 2 "$RFL_GPU_FLOPS" --fpe 64 --chains 8 -p fp32 --experiments 2 --min-time 0.0005 \
    -o "$tmp/fl.csv"
check_verified "$tmp/fl.csv"
[ "$(grep -c "^gpu," "$tmp/fl.csv")" -eq 2 ] && [ "$(grep -c "^aggregate," "$tmp/fl.csv")" -eq 1 ] ||
    fail "mpi flops: expected 2 per-GPU rows and 1 aggregate row"

expect_exit 0 "mpi micro" run_mpi 2 "$RFL_GPU_MICRO" --mode launch,pipeline --quick --experiments 2 --launches 100 \
    -o "$tmp/m"
check_verified "$tmp/m_launch.csv"
[ "$(csv_column "$tmp/m_launch.csv" rank | sort -u | tr '\n' ' ')" = "0 1 " ] || fail "mpi micro: rows of ranks 0 and 1 expected"
exit 0
