# --time-budget in the five GPU programs, through the CUDA runtime stand-in
# (gpu/fake_cuda.c and each program's fake_kernels.c), judged by its
# contract and never by the clock: a bad value is one line and exit 2; a
# budget far below the sweep ends with exit 0, whole verified rows, no
# partial point (the rows are the points the sidecar says ran) and the
# sidecar's "budget" object saying what was cut; rfl_unified_memory's
# --point-timeout still holds under a budget with time to spare. Also what
# the quick GPU pass is made of: rfl_gpu_bandwidth's working sets have
# points inside every level's window of the device (L1: 4 SMs x 256 KiB,
# L2 4 MiB here), and rfl_gemm --quick sweeps 8192^3 (the tensor roofs).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
BW=$top_builddir/tests/gpu_fake_bandwidth
FL=$top_builddir/tests/gpu_fake_flops
MI=$top_builddir/tests/gpu_fake_micro
UM=$top_builddir/tests/um_fake_cuda
GE=$top_builddir/tests/gpu_fake_gemm
require_cuda_program "$BW" "$FL" "$MI" "$UM" "$GE"
have_python3 || skip "python3 is needed to read the sidecars"
unset RFL_FAKE_DEVICES RFL_FAKE_FREE RFL_FAKE_FREE_AFTER RFL_FAKE_FREE_LATER RFL_FAKE_MALLOC_MAX \
    RFL_FAKE_PASS_S_PER_GB RFL_FAKE_NO_CONCURRENT RFL_FAKE_LOSE_PASS RFL_FAKE_LOG RFL_FAKE_L2
export OMP_NUM_THREADS=2

# 1. Bad values: one line naming the option and the value, exit 2, no file.
for prog in "$BW" "$FL" "$MI" "$UM" "$GE"; do
    EXPECT_PROGRAM=$prog
    for v in 0 -1 0.01 abc 1e7 nan; do
        expect_bad_value --time-budget "$v"
    done
    "$prog" --help | grep -q -- "--time-budget=SECONDS" || fail "${prog##*/} --help does not list --time-budget"
done

# budget_keys JSON: the sidecar's budget object has its keys, and prints
# "RUN CUT BUDGET" (points run, points cut, the budget or None).
budget_keys()
{
    _rfl_b=$(json_eval "$1" '" ".join(k for k in ("time_budget_s", "used_s", "spent", "points_run", "points_cut", "cut", "samples") if k not in d.get("budget", {}))')
    [ -z "$_rfl_b" ] || fail "$1: the budget object lacks: $_rfl_b"
    json_eval "$1" '"%d %d %s" % (d["budget"]["points_run"], d["budget"]["points_cut"], d["budget"]["time_budget_s"])'
}

# 2. rfl_gpu_bandwidth: the default kernels over 4K:256M take a minute here.
expect_exit 0 "bandwidth under 0.5 s" "$BW" --wss 4K:256M --time-budget 0.5 -o "$tmp/bw.csv"
check_header "$tmp/bw.csv" gpu gpu_bandwidth.csv
csv_check_rectangular "$tmp/bw.csv"
check_verified "$tmp/bw.csv"
check_sidecar "$tmp/bw.json" rfl_gpu_bandwidth budget sweep
set -- $(budget_keys "$tmp/bw.json")
[ "$3" = 0.5 ] || fail "bandwidth: time_budget_s is $3"
[ "$2" -gt 0 ] || fail "bandwidth: nothing was cut from a minute's sweep in 0.5 s"
[ "$(csv_rows "$tmp/bw.csv" | wc -l)" -eq "$1" ] || fail "bandwidth: $(csv_rows "$tmp/bw.csv" | wc -l) rows for $1 points run"
[ "$(json_eval "$tmp/bw.json" 'sum(c["points"] for c in d["budget"]["cut"])')" -eq "$2" ] ||
    fail "bandwidth: the cut list does not add up to points_cut"
[ "$(json_eval "$tmp/bw.json" 'd["budget"]["spent"]')" = True ] || fail "bandwidth: spent is not true"
# The samples came down to fit, and the sweep says what they were.
[ "$(json_eval "$tmp/bw.json" 'd["budget"]["samples"]["min_time_s"]["planned"] == d["sweep"]["min_time_s"] < 0.005')" = True ] ||
    fail "bandwidth: min_time_s was not planned down: $(json_eval "$tmp/bw.json" 'd["budget"]["samples"]')"
# Without a budget: none recorded, nothing cut.
expect_exit 0 "bandwidth without a budget" "$BW" --wss 64K:64K -k global_inside -a read -p fp32 -t 256 -e 2 -m 0.0005 -o "$tmp/nb.csv"
set -- $(budget_keys "$tmp/nb.json")
[ "$2" -eq 0 ] && [ "$3" = None ] || fail "bandwidth without a budget: cut $2, budget $3"

# 3. rfl_gpu_flops: the quick sweep takes most of a minute here.
expect_exit 0 "flops under 0.5 s" "$FL" --quick --time-budget 0.5 -o "$tmp/fl.csv"
check_header "$tmp/fl.csv" gpu gpu_flops.csv
csv_check_rectangular "$tmp/fl.csv"
check_verified "$tmp/fl.csv"
check_sidecar "$tmp/fl.json" rfl_gpu_flops budget sweep
set -- $(budget_keys "$tmp/fl.json")
[ "$2" -gt 0 ] && [ "$3" = 0.5 ] || fail "flops: cut $2, budget $3"
[ "$(csv_rows "$tmp/fl.csv" | wc -l)" -eq "$1" ] || fail "flops: $(csv_rows "$tmp/fl.csv" | wc -l) rows for $1 points run"

# 4. rfl_gpu_micro: every mode writes its files (rows or not), each sidecar
# the budget as it stood; the last one's count of points run is every
# mode's rows.
expect_exit 0 "micro under 0.5 s" "$MI" --quick --time-budget 0.5 -o "$tmp/m"
rows=0
for mode in launch transfer chase pipeline stride barrier; do
    [ -f "$tmp/m_$mode.csv" ] || fail "micro: no m_$mode.csv"
    check_sidecar "$tmp/m_$mode.json" rfl_gpu_micro budget
    budget_keys "$tmp/m_$mode.json" >/dev/null
    [ "$(csv_rows "$tmp/m_$mode.csv" | wc -l)" -eq 0 ] || csv_check_rectangular "$tmp/m_$mode.csv"
    rows=$((rows + $(csv_rows "$tmp/m_$mode.csv" | wc -l)))
done
check_verified "$tmp/m_transfer.csv"
set -- $(budget_keys "$tmp/m_chase.json") # chase runs last under a budget
[ "$2" -gt 0 ] && [ "$1" -eq "$rows" ] || fail "micro: $1 points run and $2 cut, $rows rows"

# 5. rfl_unified_memory: a GPU pass of 1 MiB sleeps 10 ms. Under a budget
# the points that do not fit are skipped_budget rows, the others whole.
RFL_FAKE_PASS_S_PER_GB=10 "$UM" --wss 256K:4M --growth 4 --reuse 1,4,16,64,256 --point-timeout 5 --min-time 0.005 \
    --no-reference -m pinned_alloc,zero_copy --time-budget 0.5 -o "$tmp/um.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "unified_memory under 0.5 s: exit $rc: $(tail -n 3 "$tmp/err")"
check_unified_memory_rows "$tmp/um.csv"
check_sidecar "$tmp/um.json" rfl_unified_memory budget
set -- $(budget_keys "$tmp/um.json")
skipped=$(csv_count "$tmp/um.csv" '$col["status"] == "skipped_budget"')
measured=$(csv_count "$tmp/um.csv" '$col["status"] == "ok" || $col["status"] == "timeout"')
[ "$skipped" -gt 0 ] && [ "$skipped" -eq "$2" ] && [ "$measured" -eq "$1" ] ||
    fail "unified_memory: $1 run, $2 cut; rows $measured measured, $skipped skipped_budget"
[ "$(csv_count "$tmp/um.csv" '$col["status"] == "skipped_timeout"')" -eq 0 ] ||
    fail "unified_memory: a point skipped for --point-timeout (5 s) under a 0.5 s budget"
# With time to spare the budget changes nothing: --point-timeout keeps its
# contract (tests/unified_memory/fake.sh, part 5) and nothing is skipped_budget.
RFL_FAKE_PASS_S_PER_GB=10 "$UM" --wss 256K:1M --growth 4 --reuse 1,4,16,64,256 --point-timeout 0.3 --min-time 0.005 \
    --no-reference -m pinned_alloc,zero_copy --time-budget 1000 -o "$tmp/ut.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "unified_memory with a long budget: exit $rc: $(tail -n 3 "$tmp/err")"
check_unified_memory_rows "$tmp/ut.csv"
check_time_limit "$tmp/ut.csv" "$tmp/ut.json"
[ "$(csv_count "$tmp/ut.csv" '$col["status"] == "skipped_timeout"')" -gt 0 ] || fail "unified_memory: --point-timeout skipped nothing"
[ "$(csv_count "$tmp/ut.csv" '$col["status"] == "skipped_budget"')" -eq 0 ] || fail "unified_memory: skipped_budget with 1000 s to spare"

# 6. rfl_gemm: two sizes of every kernel take seconds here.
expect_exit 0 "gemm under 0.3 s" "$GE" --sizes 256,512 --model-size 256 --tune-size 256 --time-budget 0.3 -o "$tmp/g.csv"
check_format()
{
    check_header "$1" gemm "### $2"
}
check_format "$tmp/g.csv" gemm.csv
csv_check_rectangular "$tmp/g.csv"
check_verified "$tmp/g.csv"
check_sidecar "$tmp/g.json" rfl_gemm budget gemm
set -- $(budget_keys "$tmp/g.json")
[ "$2" -gt 0 ] && [ "$3" = 0.3 ] || fail "gemm: cut $2, budget $3"
# Every point cut is named in the list, and no row is one of them.
json_eval "$tmp/g.json" '"\n".join(c["what"] for c in d["budget"]["cut"])' >"$tmp/cut.txt"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $c["kernel"] " " $c["precision"] " n" $c["transb"] " " $c["m"] "x" $c["n"] "x" $c["k"] }' "$tmp/g.csv" >"$tmp/ran.txt"
! grep -qxFf "$tmp/ran.txt" "$tmp/cut.txt" || fail "gemm: a point both ran and was cut: $(grep -xFf "$tmp/ran.txt" "$tmp/cut.txt" | head -n 1)"

# 7. The quick pass. rfl_gpu_bandwidth: with L2 4 MiB and 1 MiB of L1 in
# all, a x4 sweep from 64K (64K, 256K, 1M, 4M, 16M, 64M) has one working set
# in the top half of L1 and one between L1 and L2; the device's sizes add
# the points every plateau needs.
RFL_FAKE_L2=4194304 "$BW" -k global_inside,global_stream -a read -p fp32 -t 256 --wss 64K:64M --growth 4 -e 2 -m 0.0005 \
    -o "$tmp/ws.csv" >/dev/null 2>"$tmp/err" || fail "working sets: exit $?: $(tail -n 3 "$tmp/err")"
l1=1048576
l2=4194304
for k in global_inside global_stream; do
    top_l1=$(csv_count "$tmp/ws.csv" '$col["kernel"] == "'$k'" && $col["wss_bytes"] > '$l1' / 2 && $col["wss_bytes"] <= '$l1)
    l1_l2=$(csv_count "$tmp/ws.csv" '$col["kernel"] == "'$k'" && $col["wss_bytes"] > '$l1' && $col["wss_bytes"] <= '$l2)
    in_l2=$(csv_count "$tmp/ws.csv" '$col["kernel"] == "'$k'" && $col["wss_bytes"] >= 0.3 * '$l2' && $col["wss_bytes"] <= '$l2)
    dram=$(csv_count "$tmp/ws.csv" '$col["kernel"] == "'$k'" && $col["wss_bytes"] >= 4 * '$l2)
    [ "$top_l1" -ge 2 ] && [ "$l1_l2" -ge 3 ] && [ "$in_l2" -ge 3 ] && [ "$dram" -ge 3 ] ||
        fail "working sets of $k: $top_l1 in (L1/2, L1], $l1_l2 in (L1, L2], $in_l2 in [0.3 L2, L2], $dram at 4 x L2 and more: $(csv_column "$tmp/ws.csv" wss_bytes | sort -un | tr '\n' ' ')"
done
[ "$(csv_count "$tmp/ws.csv" '$col["kernel"] == "global_inside" && $col["wss_bytes"] > '$l1' && $col["wss_bytes"] <= '$l2' && $col["level"] != "l1_l2"')" -eq 0 ] ||
    fail "working sets: an L1-allocating row between the aggregate L1 and the L2 is not l1_l2 (partly L1 hits, no level)"
# rfl_gemm --quick: 8192^3 is in its sweep and is the model size (--mode
# mix runs no GEMM; the settings are in the sidecar all the same).
expect_exit 0 "gemm --quick --mode mix" "$GE" --quick --mode mix -o "$tmp/q.csv"
[ "$(json_eval "$tmp/q.json" '[8192, 8192, 8192] in d["gemm"]["sizes"] and d["gemm"]["model_size"] == 8192')" = True ] ||
    fail "gemm --quick: no 8192^3: $(json_eval "$tmp/q.json" 'd["gemm"]["sizes"], d["gemm"]["model_size"]')"

# 8. Under MPI rank 0's clock decides for every rank: each point run has
# both ranks' rows and the aggregate, and the samples agree.
if [ -n "$MPIEXEC" ] && [ -x "$MPIEXEC" ] && build_has_mpi; then
    expect_exit 0 "mpi bandwidth under 0.5 s" run_mpi 2 "$BW" --wss 4K:256M -k global_inside,global_stream -a read \
        -p fp32 --time-budget 0.5 -o "$tmp/mpi.csv"
    check_verified "$tmp/mpi.csv"
    set -- $(budget_keys "$tmp/mpi.json")
    [ "$(grep -c "^gpu,0," "$tmp/mpi.csv")" -eq "$1" ] && [ "$(grep -c "^gpu,1," "$tmp/mpi.csv")" -eq "$1" ] &&
        [ "$(grep -c "^aggregate," "$tmp/mpi.csv")" -eq "$1" ] || fail "mpi bandwidth: rows are not $1 points x (2 GPUs + aggregate)"
    [ "$(csv_column "$tmp/mpi.csv" experiments | sort -u | wc -l)" -eq 1 ] || fail "mpi bandwidth: the ranks took different samples"
else
    note "no mpiexec or no MPI build: the budget under MPI is not tested"
fi
exit 0
