# rfl_gemm under MPI on a GPU (skips without a GPU, mpiexec or an MPI build): two ranks
# (on one GPU they share it); rank 0 writes both ranks' rows, every one verified, and a
# corrupted result on every rank still ends the job with exit 3.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

cuda_sanitizer_options
require_gpu "$RFL_GEMM"
require_mpi

csv=$tmp/m.csv
expect_exit 0 "2 ranks" run_mpi 2 "$RFL_GEMM" --mode gemm -k tiled,cublas -p fp32,fp64 -t nn --sizes 256,512 \
    --tune-size 256 -e 2 -m 0.001 -o "$csv"
check_verified "$csv"
# (tiled + cublas) x (fp32, fp64) x 2 sizes x 2 ranks = 16 rows, 8 a rank.
[ "$(csv_rows "$csv" | wc -l)" -eq 16 ] || fail "expected 16 rows, got $(csv_rows "$csv" | wc -l)"
[ "$(csv_column "$csv" rank | grep -c -x 0)" -eq 8 ] || fail "rank 0 has not 8 rows"
[ "$(csv_column "$csv" rank | grep -c -x 1)" -eq 8 ] || fail "rank 1 has not 8 rows"
if have_python3; then
    [ "$(json_eval "$tmp/m.json" 'len(d["gpus"])')" = 2 ] || fail "m.json: gpus has not 2 entries"
fi

expect_exit 3 "2 ranks, --inject-fault" run_mpi 2 "$RFL_GEMM" --mode gemm -k tiled -p fp32 -t nn --sizes 256 --no-tune \
    -e 1 -m 0.0001 --inject-fault -o "$tmp/fault.csv"
exit 0
