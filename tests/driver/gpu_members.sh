# GPU members on the CUDA stand-in: rfl_gpu_bandwidth and rfl_gpu_flops on
# 2 ranks and 2 (fake) GPUs write one row per GPU and the aggregate; rfl
# ceilings gives every gpu0 ceiling (bandwidth and fp32) its two members (devices gpu0 and gpu1, with their
# hosts) and the GPUs together as device gpus (ranks 2). With rank 1 made
# 50x slower by the test-only RFL_TEST_SLOW_RANK, rank 1 (gpu1) is the
# outlier of every ceiling it has. rfl_gemm on the 2 GPUs gives the fp64
# tensor roof a member per GPU; rfl_gpu_micro's transfer fit gives the host
# link h2d and d2h ceilings a member per GPU (no gpus ceiling: the fit file
# has no aggregate), and the slow rank is their outlier too. A malformed
# value is exit 2.
# First, golden: tests/data/driver/gpu_members (such a run with rank 1 2x
# slower) must give exactly the committed ceilings.csv and the rooflines of
# each GPU (roofline-gpu0, roofline-gpu1: gpu1's own ceilings, half of
# gpu0's) and of the GPUs together (roofline-gpus); the report shows all three.
# The golden part runs everywhere; the rest skips (77) without the stand-in
# (configure --with-cuda) or MPI.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
export GNUPLOT=/nonexistent/gnuplot
data=$top_srcdir/tests/data/driver/gpu_members
gold=$tmp/golden
copy_run "$gold" "$data"/*.csv "$data"/*.json
"$RFL" ceilings "$gold" >/dev/null 2>"$tmp/err" || fail "golden: rfl ceilings: exit $?: $(cat "$tmp/err")"
"$RFL" plot "$gold" --no-render >/dev/null 2>"$tmp/err" || fail "golden: rfl plot: exit $?: $(cat "$tmp/err")"
for f in ceilings.csv roofline-gpu0.gp roofline-gpu1.gp roofline-gpus.gp; do
    check_golden "$data/expected/$f" "$gold/$f"
done
[ ! -e "$gold/roofline-gpu2.gp" ] || fail "golden: a roofline of a GPU the run did not have"
grep -q "^# 'device memory 2.46 GB/s" "$gold/roofline-gpu1.gp" ||
    fail "golden: gpu1's roofline is not its own (half of gpu0's): $(grep "^# '" "$gold/roofline-gpu1.gp")"
"$RFL" report "$gold" >/dev/null 2>"$tmp/err" || fail "golden: rfl report: exit $?: $(cat "$tmp/err")"
for chart in roofline-gpu0 roofline-gpu1 roofline-gpus; do
    grep -q "\`$chart.gp\`" "$gold/report.md" || fail "golden: the report does not show $chart"
done

fake=$top_builddir/tests/gpu_fake_bandwidth
micro=$top_builddir/tests/gpu_fake_micro
require_cuda_program "$fake" "$top_builddir/tests/gpu_fake_flops" "$top_builddir/tests/gpu_fake_gemm" "$micro"
require_mpi
export RFL_FAKE_DEVICES=2
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
"$RFL" plot "$dir" --no-render >/dev/null 2>"$tmp/err" || fail "rfl plot: exit $?: $(cat "$tmp/err")"
for chart in roofline-gpu0 roofline-gpu1 roofline-gpus; do
    [ -s "$dir/$chart.gp" ] || fail "rfl plot wrote no $chart.gp: $(ls "$dir")"
done
(cd "$dir" && run_mpi 2 "$top_builddir/tests/gpu_fake_gemm" --mode gemm -k cublas -p fp64 -t nn --sizes 256 --no-tune \
    -e 2 -m 0.001 -o gemm.csv) >/dev/null 2>"$tmp/err" || fail "gemm, 2 ranks: exit $?: $(tail -n 5 "$tmp/err")"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (gemm): exit $?: $(cat "$tmp/err")"
# the tensor roof's members: the same GEMM on each GPU
[ "$(csv_count "$dir/ceilings.csv" '$col["name"] == "fp64 tensor" && $col["rank"] == 0 && $col["device"] == "gpu0"')" -eq 1 ] &&
    [ "$(csv_count "$dir/ceilings.csv" '$col["name"] == "fp64 tensor" && $col["rank"] == 1 && $col["device"] == "gpu1" && $col["value"] > 0')" -eq 1 ] ||
    fail "the fp64 tensor roof has not one member per GPU: $(grep tensor "$dir/ceilings.csv")"
"$RFL" plot "$dir" --no-render >/dev/null 2>"$tmp/err" || fail "rfl plot (gemm): exit $?: $(cat "$tmp/err")"
grep -q "^# 'fp64 tensor " "$dir/roofline-gpu1.gp" || fail "gpu1's roofline has no fp64 tensor roof"
# the host link's members: each GPU's own pinned fit
margs="--quick -M transfer --transfer-sizes 4K:64M -e 2 -m 0.001"
(cd "$dir" && run_mpi 2 "$micro" $margs) >/dev/null 2>"$tmp/err" || fail "gpu_micro, 2 ranks: exit $?: $(tail -n 5 "$tmp/err")"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (gpu_micro): exit $?: $(cat "$tmp/err")"
for d in h2d d2h; do
    [ "$(csv_count "$dir/ceilings.csv" '$col["name"] == "host link '$d'" && $col["rank"] == "" && $col["device"] == "gpu0"')" -eq 1 ] &&
        [ "$(csv_count "$dir/ceilings.csv" '$col["name"] == "host link '$d'" && $col["rank"] == 0 && $col["device"] == "gpu0" && $col["host"] != ""')" -eq 1 ] &&
        [ "$(csv_count "$dir/ceilings.csv" '$col["name"] == "host link '$d'" && $col["rank"] == 1 && $col["device"] == "gpu1" && $col["host"] != "" && $col["value"] > 0')" -eq 1 ] &&
        [ "$(csv_count "$dir/ceilings.csv" '$col["name"] == "host link '$d'"')" -eq 3 ] ||
        fail "the host link $d has not one member per GPU: $(grep 'host link' "$dir/ceilings.csv")"
done
"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report (gpu_micro): exit $?: $(cat "$tmp/err")"
grep -q '^| [^|]* | 1 | gpu1 | host link h2d |' "$dir/report.md" || fail "report: no gpu1 host link member"
"$RFL" plot "$dir" --no-render >/dev/null 2>"$tmp/err" || fail "rfl plot (gpu_micro): exit $?: $(cat "$tmp/err")"
grep -q "^# 'host link " "$dir/roofline-gpu1.gp" || fail "gpu1's roofline has no host link"
# a member's bad fit (rank 1's pinned h2d, line 3) is bad input: exit 2, one line, no ceilings.csv
mkdir "$tmp/run"
cp "$dir"/gpu_micro_transfer_fit.csv "$dir"/gpu_micro_transfer_fit.json "$tmp/run/"
[ "$(sed -n 3p "$tmp/run/gpu_micro_transfer_fit.csv" | cut -d, -f1,3,4)" = "1,h2d,pinned" ] ||
    fail "line 3 of gpu_micro_transfer_fit.csv is not rank 1's pinned h2d fit: $(cat "$tmp/run/gpu_micro_transfer_fit.csv")"
set_field 3 9 -1 "$dir/gpu_micro_transfer_fit.csv" >"$tmp/run/gpu_micro_transfer_fit.csv"
expect_input_error "rank 1's fit -1 GB/s" \
    "gpu_micro_transfer_fit.csv:3: column 'bandwidth_gbytes_per_s': must be positive, got '-1'"

slow=$tmp/slow
mkdir "$slow"
(cd "$slow" && RFL_TEST_SLOW_RANK=1:50 run_mpi 2 "$fake" $args -o gpu_bandwidth.csv) >/dev/null 2>"$tmp/err" ||
    fail "2 ranks, rank 1 slow: exit $?: $(tail -n 5 "$tmp/err")"
(cd "$slow" && RFL_TEST_SLOW_RANK=1:50 run_mpi 2 "$micro" $margs) >/dev/null 2>"$tmp/err" ||
    fail "gpu_micro, 2 ranks, rank 1 slow: exit $?: $(tail -n 5 "$tmp/err")"
"$RFL" ceilings "$slow" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (slow): exit $?: $(cat "$tmp/err")"
for d in h2d d2h; do
    [ "$(csv_count "$slow/ceilings.csv" '$col["name"] == "host link '$d'" && $col["rank"] == 1 && $col["device"] == "gpu1" && $col["outlier"] == 1')" -eq 1 ] &&
        [ "$(csv_count "$slow/ceilings.csv" '$col["name"] == "host link '$d'" && $col["rank"] == 0 && $col["outlier"] == 0')" -eq 1 ] ||
        fail "the slow GPU is not the host link $d outlier: $(grep 'host link' "$slow/ceilings.csv")"
done
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
