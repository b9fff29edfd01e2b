# rfl_unified_memory's sweep logic without a GPU: tests/um_fake_cuda is the
# same program linked against a test double of the CUDA runtime (host
# memory everywhere, the GPU pass a CPU loop; gpu/fake_cuda.c, unified_memory/fake_kernels.c).
# Checked: every mechanism x working set x reuse gives a whole, verified row
# matching docs/FORMAT.md and the effective-bytes formula; the memory guard
# refuses managed arrays past the free memory (and the double aborts if one
# got through); allocation failures and missing features skip points and
# the run goes on; the time limit skips and cuts points (by its contract:
# no wall time is judged); a wrong value (injected, or a lost GPU pass) ends
# the run with exit 3; MPI ranks.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_cuda_program "$RFL_UM_FAKE"
fake=$RFL_UM_FAKE
unset RFL_FAKE_DEVICES RFL_FAKE_FREE RFL_FAKE_FREE_AFTER RFL_FAKE_FREE_LATER RFL_FAKE_MALLOC_MAX \
    RFL_FAKE_PASS_S_PER_GB RFL_FAKE_NO_CONCURRENT RFL_FAKE_LOSE_PASS RFL_FAKE_LOG
export OMP_NUM_THREADS=2
small="--wss 4K:1M --growth 4 --reuse 1,2,8 --min-time 0.0005 --experiments 2"

# 1. A whole small sweep.
expect_exit 0 "small sweep" "$fake" $small -o "$tmp/um.csv"
[ ! -s "$tmp/out" ] || fail "the sweep wrote to stdout"
check_header "$tmp/um.csv" unified-memory unified_memory.csv
check_unified_memory_rows "$tmp/um.csv"
rows=$(csv_rows "$tmp/um.csv" | wc -l)
[ "$rows" -eq $((6 * 5 * 3)) ] || fail "expected 90 rows (6 mechanisms x 5 working sets x 3 reuses), got $rows"
[ "$(csv_count "$tmp/um.csv" '$col["status"] != "ok"')" -eq 0 ] || fail "a row of the small sweep is not ok"
for m in pageable pinned_register pinned_alloc zero_copy managed managed_prefetch; do
    [ "$(csv_count "$tmp/um.csv" '$col["mechanism"] == "'$m'"')" -eq 15 ] || fail "not 15 rows for $m"
done
# Copies and prefetches report a transfer rate; zero-copy and managed do not.
[ "$(csv_count "$tmp/um.csv" '($col["mechanism"] ~ /^(pageable|pinned_|managed_prefetch)/) != ($col["transfer_gbytes_per_s"] != "")')" -eq 0 ] ||
    fail "transfer_gbytes_per_s is set for the wrong mechanisms"
grep -q ",zero_copy,c," "$tmp/um.csv" && grep -q ",managed,d," "$tmp/um.csv" && grep -q ",pageable,a," "$tmp/um.csv" ||
    fail "fig7_panel is not a/c/d for pageable/zero_copy/managed"
grep -q "evidence: reference_device_pass" "$tmp/err" || fail "no evidence lines on stderr"
grep -q "evidence: zero_copy_reuse_gain" "$tmp/err" || fail "no zero-copy evidence"
check_sidecar "$tmp/um.json" rfl_unified_memory cuda gpus sweep mechanisms kernel reference reuse_to_half_device skipped \
    evidence
if have_python3; then
    [ "$(json_eval "$tmp/um.json" 'd["sweep"]["reuse"]')" = "[1, 2, 8]" ] || fail "sidecar sweep.reuse"
    [ "$(json_eval "$tmp/um.json" 'len(d["mechanisms"])')" = 6 ] || fail "sidecar mechanisms"
    [ "$(json_eval "$tmp/um.json" 'd["reference"][0]["device_pass_gbytes_per_s"] > 0')" = True ] || fail "sidecar reference"
fi

# 2. CSV on stdout, no sidecar.
"$fake" --wss 4K:4K --reuse 1 -m pageable -o - >"$tmp/stdout.csv" 2>"$tmp/err" || fail "-o -: exit $?"
[ "$(head -n 1 "$tmp/stdout.csv" | cut -d, -f1-3)" = "rank,device,mechanism" ] || fail "-o -: no CSV on stdout"
[ ! -e "$tmp/-.json" ] && [ ! -e "./-.json" ] || fail "-o - wrote a sidecar"

# 3. The memory guard. Another process takes the device's memory after the
# start: managed arrays past 90% of what is free are skipped, never allocated.
RFL_FAKE_LOG=$tmp/alloc.log RFL_FAKE_FREE_AFTER=1 RFL_FAKE_FREE_LATER=300000 \
    "$fake" --wss 64K:1M --growth 4 --reuse 1,2 --min-time 0.0005 --no-reference -m managed,managed_prefetch,pinned_alloc \
    -o "$tmp/mem.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "memory guard run: exit $rc: $(tail -n 5 "$tmp/err")"
check_unified_memory_rows "$tmp/mem.csv"
# 300000 x 0.9 = 270000: 64K and 256K fit, 1M does not.
[ "$(csv_count "$tmp/mem.csv" '$col["status"] == "skipped_memory" && $col["wss_bytes"] == 1048576 && $col["mechanism"] ~ /^managed/')" -eq 4 ] ||
    fail "the 1M managed points are not skipped_memory: $(grep managed "$tmp/mem.csv")"
[ "$(csv_count "$tmp/mem.csv" '$col["status"] == "ok" && $col["wss_bytes"] == 262144 && $col["mechanism"] ~ /^managed/')" -eq 4 ] ||
    fail "the 256K managed points did not run"
[ "$(csv_count "$tmp/mem.csv" '$col["mechanism"] == "pinned_alloc" && $col["status"] == "ok"')" -eq 6 ] ||
    fail "pinned_alloc (no managed memory) was skipped"
grep -q "skipped_memory" "$tmp/err" && grep -q "free on the device" "$tmp/err" || fail "no message for the skipped managed points"
awk '$1 == "cudaMallocManaged" && $2 > 262144 { bad = 1 } END { exit bad }' "$tmp/alloc.log" ||
    fail "a managed allocation past the free memory was made: $(cat "$tmp/alloc.log")"
have_python3 && { [ "$(json_eval "$tmp/mem.json" 'sum(s["status"] == "skipped_memory" for s in d["skipped"])')" = 2 ] ||
    fail "sidecar: skipped lacks the two skipped_memory working sets"; }

# --mem-limit past 90% of the free memory, and --wss past the limit: exit 2
# before anything is allocated.
RFL_FAKE_LOG=$tmp/alloc2.log RFL_FAKE_FREE=1000000000 "$fake" --mem-limit 950000000 -o "$tmp/x.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--mem-limit" "$tmp/err" && grep -q "hang" "$tmp/err" ||
    fail "--mem-limit past 90% of free: exit $rc: $(cat "$tmp/err")"
RFL_FAKE_LOG=$tmp/alloc2.log RFL_FAKE_FREE=1000000000 "$fake" --wss 4K:1G --mem-limit 100M -o "$tmp/x.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--wss" "$tmp/err" || fail "--wss past --mem-limit: exit $rc: $(cat "$tmp/err")"
! grep -q cudaMallocManaged "$tmp/alloc2.log" || fail "a refused run allocated managed memory"
[ ! -e "$tmp/x.csv" ] || fail "a refused run left a CSV"
# The default range stops at half the free memory.
RFL_FAKE_FREE=4000000 "$fake" --quick --reuse 1 --no-reference -m pinned_alloc -o "$tmp/clamp.csv" >/dev/null 2>"$tmp/err" ||
    fail "default range, little free memory: exit $?: $(tail -n 3 "$tmp/err")"
grep -q "the working set stops at" "$tmp/err" || fail "no message for the clamped range"
max=$(csv_column "$tmp/clamp.csv" wss_bytes | sort -n | tail -n 1)
[ "$max" -le 2000000 ] || fail "default range not clamped to half the free memory: $max"

# 4. Allocation failures and missing features skip points; the run goes on.
RFL_FAKE_MALLOC_MAX=300000 RFL_FAKE_NO_CONCURRENT=1 "$fake" --wss 64K:1M --growth 4 --reuse 1,2 --min-time 0.0005 \
    -o "$tmp/fail.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "allocation failures: exit $rc: $(tail -n 5 "$tmp/err")"
check_unified_memory_rows "$tmp/fail.csv"
for m in pageable pinned_register pinned_alloc zero_copy; do
    [ "$(csv_count "$tmp/fail.csv" '$col["mechanism"] == "'$m'" && $col["wss_bytes"] == 1048576 && $col["status"] == "alloc_failed"')" -eq 2 ] ||
        fail "$m at 1M is not alloc_failed"
done
[ "$(csv_count "$tmp/fail.csv" '$col["mechanism"] == "managed_prefetch" && $col["status"] == "unsupported"')" -eq 6 ] ||
    fail "managed_prefetch is not unsupported without concurrent managed access"
grep -q "cudaErrorMemoryAllocation" "$tmp/err" || fail "the allocation failure is not reported"
grep -q "reference measurements skipped" "$tmp/err" || fail "the failed reference allocation is not reported"

# 5. The time limit, judged by its contract and never by the clock: a GPU
# pass of 1 MiB sleeps 10 ms here, so the larger reuses cannot fit 0.3 s
# and are predicted past it; what is skipped takes the larger points with
# it, the first point of each mechanism runs, the sidecar lists every
# skipped point with its reason, and the rows are whole.
RFL_FAKE_PASS_S_PER_GB=10 "$fake" --wss 256K:1M --growth 4 --reuse 1,4,16,64,256 --point-timeout 0.3 --min-time 0.005 \
    --no-reference -m pinned_alloc,zero_copy -o "$tmp/time.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "time limit run: exit $rc: $(tail -n 5 "$tmp/err")"
check_unified_memory_rows "$tmp/time.csv"
check_time_limit "$tmp/time.csv" "$tmp/time.json"
# A limit below one pass (0.15 s sleeps per pass, limit 0.1 s): the first
# point of each mechanism runs and stops on the limit after one sample
# (timeout); every other point is predicted past it and skipped.
RFL_FAKE_PASS_S_PER_GB=600 "$fake" --wss 256K:1M --growth 4 --reuse 1,4 --point-timeout 0.1 --min-time 0.005 \
    --experiments 3 --no-reference -m pinned_alloc,zero_copy -o "$tmp/tiny.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "limit below one pass: exit $rc: $(tail -n 5 "$tmp/err")"
check_unified_memory_rows "$tmp/tiny.csv"
check_time_limit "$tmp/tiny.csv" "$tmp/tiny.json"
[ "$(csv_count "$tmp/tiny.csv" '$col["wss_bytes"] == 262144 && $col["reuse"] == 1 && $col["status"] == "timeout" && $col["experiments"] == 1')" -eq 2 ] ||
    fail "limit below one pass: the first points did not stop after one sample: $(grep ',1,' "$tmp/tiny.csv" | head -n 2)"
[ "$(csv_count "$tmp/tiny.csv" '$col["status"] == "skipped_timeout"')" -eq 6 ] ||
    fail "limit below one pass: not every later point was skipped: $(cut -d, -f1-6 "$tmp/tiny.csv")"
grep -q "skipped: predicted" "$tmp/err" || fail "no message for skipped points"

# 6. Wrong values end the run with exit 3: injected after timing, a lost
# GPU pass, a corrupted reference.
"$fake" --wss 64K:64K --reuse 1 -m pinned_register --no-reference --inject-fault -o "$tmp/f.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] && grep -q "verification failed" "$tmp/err" || fail "--inject-fault: exit $rc: $(tail -n 3 "$tmp/err")"
have_python3 && { [ "$(json_eval "$tmp/f.json" 'd["status"]')" = verification_failed ] || fail "sidecar status after a mismatch"; }
for m in pageable zero_copy managed managed_prefetch; do
    RFL_FAKE_LOSE_PASS=7 "$fake" --wss 64K:64K --reuse 1,4 -m $m --no-reference -o "$tmp/l.csv" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 3 ] && grep -q "wrong values" "$tmp/err" || fail "a lost GPU pass ($m): exit $rc: $(tail -n 3 "$tmp/err")"
done
"$fake" --wss 64K:64K --reuse 1 -m pageable --inject-fault -o "$tmp/r.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] && grep -q "reference passes" "$tmp/err" || fail "a corrupted reference: exit $rc: $(tail -n 3 "$tmp/err")"

# 7. Two MPI ranks: one row per rank and point.
if [ -n "$MPIEXEC" ] && [ -x "$MPIEXEC" ] && build_has_mpi; then
    run_mpi 2 "$fake" --wss 4K:16K --growth 4 --reuse 1,2 --min-time 0.0005 -m pinned_alloc,managed \
        -o "$tmp/mpi.csv" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] || fail "2 ranks: exit $rc: $(tail -n 5 "$tmp/err")"
    check_unified_memory_rows "$tmp/mpi.csv"
    for r in 0 1; do
        [ "$(csv_count "$tmp/mpi.csv" '$col["rank"] == '$r)" -eq 8 ] || fail "2 ranks: not 8 rows of rank $r"
    done
    [ "$(json_eval "$tmp/mpi.json" 'len(d["reference"])')" = 2 ] || fail "2 ranks: the sidecar lacks a reference per rank"
else
    note "no mpiexec or no MPI build: the 2-rank part is not run"
fi
exit 0
