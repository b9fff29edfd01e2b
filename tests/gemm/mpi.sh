# rfl_gemm under MPI on a GPU (skips without a GPU, mpiexec or an MPI build): two ranks
# (on one GPU they share it); rank 0 writes both ranks' rows, every one verified, and a
# corrupted result on every rank still ends the job with exit 3.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_GEMM=$top_builddir/rfl_gemm
[ -x "$RFL_GEMM" ] || skip "rfl_gemm not built (configure --with-cuda to build it)"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}protect_shadow_gap=0:detect_leaks=0"
export ASAN_OPTIONS
out=$("$RFL_GEMM" --list-devices 2>&1)
rc=$?
if [ $rc -ne 0 ]; then
    case $out in
    *"no CUDA device"*) skip "no GPU here: $(echo "$out" | head -n 1)" ;;
    *) fail "rfl_gemm --list-devices: exit $rc: $out" ;;
    esac
fi
require_mpi

csv=$tmp/m.csv
run_mpi 2 "$RFL_GEMM" --mode gemm -k tiled,cublas -p fp32,fp64 -t nn --sizes 256,512 --tune-size 256 -e 2 \
    -m 0.001 -o "$csv" >"$tmp/stdout" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "2 ranks: exit $rc: $(tail -n 10 "$tmp/err")"
csv_check_rectangular "$csv"
# (tiled + cublas) x (fp32, fp64) x 2 sizes x 2 ranks = 16 rows, 8 a rank.
[ "$(csv_rows "$csv" | wc -l)" -eq 16 ] || fail "expected 16 rows, got $(csv_rows "$csv" | wc -l)"
[ "$(csv_column "$csv" rank | grep -c -x 0)" -eq 8 ] || fail "rank 0 has not 8 rows"
[ "$(csv_column "$csv" rank | grep -c -x 1)" -eq 8 ] || fail "rank 1 has not 8 rows"
bad=$(csv_column "$csv" verified | grep -v -x 1 | head -n 1)
[ -z "$bad" ] || fail "a row has verified = '$bad'"
if have_python3; then
    [ "$(json_eval "$tmp/m.json" 'len(d["gpus"])')" = 2 ] || fail "m.json: gpus has not 2 entries"
fi

run_mpi 2 "$RFL_GEMM" --mode gemm -k tiled -p fp32 -t nn --sizes 256 --no-tune -e 1 -m 0.0001 --inject-fault \
    -o "$tmp/fault.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] || fail "2 ranks, --inject-fault: exit $rc, expected 3: $(tail -n 5 "$tmp/err")"
exit 0
