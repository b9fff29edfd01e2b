# GPU members on the CUDA stand-in: rfl_gpu_bandwidth and rfl_gpu_flops on
# 2 ranks and 2 (fake) GPUs write one row per GPU and the aggregate; rfl
# ceilings gives every gpu0 ceiling (bandwidth and fp32) its two members (devices gpu0 and gpu1, with their
# hosts) and the GPUs together as device gpus (ranks 2). With rank 1 made
# 50x slower by the test-only RFL_TEST_SLOW_RANK, rank 1 (gpu1) is the
# outlier of every ceiling it has. A malformed value is exit 2.
# Skips (77) without the stand-in (configure --with-cuda) or MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

fake=$top_builddir/tests/gpu_fake_bandwidth
require_program "$RFL"
require_cuda_program "$fake" "$top_builddir/tests/gpu_fake_flops"
require_mpi
export GNUPLOT=/nonexistent/gnuplot RFL_FAKE_DEVICES=2
args="--quick --time-budget 2 -k global_stream,shared_blocked -a read -p fp32"

dir=$tmp/two
mkdir "$dir"
(cd "$dir" && run_mpi 2 "$fake" $args -o gpu_bandwidth.csv) >/dev/null 2>"$tmp/err" ||
    fail "2 ranks: exit $?: $(tail -n 5 "$tmp/err")"
[ "$(csv_count "$dir/gpu_bandwidth.csv" '$col["scope"] == "gpu" && $col["rank"] == 1 && $col["device"] == 1')" -gt 0 ] ||
    fail "no rows of rank 1 on device 1"
(cd "$dir" && run_mpi 2 "$top_builddir/tests/gpu_fake_flops" --quick --time-budget 0.5 -p fp32 -c 8 -f 64 \
    -o gpu_flops.csv) >/dev/null 2>"$tmp/err" || fail "gpu_flops, 2 ranks: exit $?: $(tail -n 5 "$tmp/err")"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
n=$(csv_count "$dir/ceilings.csv" '$col["device"] == "gpu0" && $col["rank"] == ""')
[ "$(csv_count "$dir/ceilings.csv" '$col["device"] == "gpu0" && $col["rank"] == "" && $col["kind"] == "compute"')" -eq 1 ] ||
    fail "no gpu0 fp32 ceiling: $(cat "$dir/ceilings.csv")"
[ "$n" -gt 0 ] || fail "no gpu0 bandwidth ceiling: $(cat "$dir/ceilings.csv")"
[ "$(csv_count "$dir/ceilings.csv" '$col["rank"] == 0 && $col["device"] == "gpu0" && $col["host"] != ""')" -eq "$n" ] &&
    [ "$(csv_count "$dir/ceilings.csv" '$col["rank"] == 1 && $col["device"] == "gpu1" && $col["host"] != ""')" -eq "$n" ] ||
    fail "not one member per GPU per ceiling: $(cat "$dir/ceilings.csv")"
[ "$(csv_count "$dir/ceilings.csv" '$col["device"] == "gpus" && $col["ranks"] == 2 && $col["value"] > 0')" -eq "$n" ] ||
    fail "no ceiling of the GPUs together: $(cat "$dir/ceilings.csv")"
"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
grep -q '^| [^|]* | 1 | gpu1 |' "$dir/report.md" || fail "report: no gpu1 member"

slow=$tmp/slow
mkdir "$slow"
(cd "$slow" && RFL_TEST_SLOW_RANK=1:50 run_mpi 2 "$fake" $args -o gpu_bandwidth.csv) >/dev/null 2>"$tmp/err" ||
    fail "2 ranks, rank 1 slow: exit $?: $(tail -n 5 "$tmp/err")"
"$RFL" ceilings "$slow" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (slow): exit $?: $(cat "$tmp/err")"
[ "$(csv_count "$slow/ceilings.csv" '$col["rank"] == 1 && $col["outlier"] == 1')" -eq \
    "$(csv_count "$slow/ceilings.csv" '$col["device"] == "gpu0" && $col["rank"] == "" && $col["kind"] == "bandwidth"')" ] &&
    [ "$(csv_count "$slow/ceilings.csv" '$col["rank"] == 0 && $col["outlier"] == 1')" -eq 0 ] ||
    fail "the slow GPU is not the outlier: $(cat "$slow/ceilings.csv")"

mkdir "$tmp/bad"
(cd "$tmp/bad" && RFL_TEST_SLOW_RANK=2:3 run_mpi 2 "$fake" $args -o gpu_bandwidth.csv) >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c "RFL_TEST_SLOW_RANK: invalid value '2:3'" "$tmp/err")" -eq 1 ] ||
    fail "RFL_TEST_SLOW_RANK=2:3 on 2 ranks: exit $rc: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/bad")" ] || fail "a malformed RFL_TEST_SLOW_RANK left files: $(ls -A "$tmp/bad")"
exit 0
