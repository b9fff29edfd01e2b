# rfl_unified_memory end to end on a GPU (skips without one): a small sweep
# of every mechanism; the CSV matches docs/FORMAT.md, every measured row is
# verified with positive rates, the sidecar is complete with its reference
# measurements and evidence; a wrong value after timing ends the run with
# exit 3.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_gpu "$RFL_UM"

small="--wss 64K:16M --growth 4 --reuse 1,4,32 --min-time 0.002 --experiments 2 --point-timeout 2"
expect_exit 0 "small sweep" "$RFL_UM" $small -o "$tmp/um.csv"
[ ! -s "$tmp/out" ] || fail "the sweep wrote to stdout"
check_header "$tmp/um.csv" unified-memory unified_memory.csv
check_unified_memory_rows "$tmp/um.csv"
for m in pageable pinned_register pinned_alloc zero_copy managed managed_prefetch; do
    [ "$(csv_count "$tmp/um.csv" '$col["mechanism"] == "'$m'" && ($col["status"] == "ok" || $col["status"] == "timeout")')" -ge 1 ] ||
        fail "no measured row for $m: $(grep ",$m," "$tmp/um.csv" | head -n 3)"
done
# Nothing this small may be refused, fail to allocate or time out before it runs.
[ "$(csv_count "$tmp/um.csv" '$col["status"] ~ /^(skipped_memory|alloc_failed|unsupported)$/')" -eq 0 ] ||
    fail "points skipped: $(grep -e skipped_memory -e alloc_failed -e unsupported "$tmp/um.csv" | head -n 3)"
check_sidecar "$tmp/um.json" rfl_unified_memory cuda gpus sweep mechanisms kernel reference reuse_to_half_device skipped \
    evidence
if have_python3; then
    [ "$(json_eval "$tmp/um.json" 'all(r["memcpy_h2d_gbytes_per_s"] > 0 and r["device_pass_gbytes_per_s"] > 0 for r in d["reference"])')" = True ] ||
        fail "the sidecar lacks the reference rates"
fi
grep -q "evidence: pinned_alloc_copy_vs_memcpy" "$tmp/err" || fail "no evidence lines on stderr"

for m in pinned_alloc managed_prefetch zero_copy; do
    "$RFL_UM" --wss 64K:64K --reuse 2 -m $m --no-reference --inject-fault -o "$tmp/f.csv" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 3 ] && grep -q "verification failed" "$tmp/err" || fail "--inject-fault $m: exit $rc: $(tail -n 3 "$tmp/err")"
done
exit 0
