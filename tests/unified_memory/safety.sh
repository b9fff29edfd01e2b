# rfl_unified_memory's safety rules on a GPU (skips without one): a memory
# limit past 90% of the free device memory and a working set past the limit
# are refused (exit 2) before anything is allocated; a bad option is
# refused before any CUDA call; the per-point time limit skips the points
# that would pass it (a zero-copy sweep to reuse 1000), by its contract.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_gpu "$RFL_UM"

"$RFL_UM" --mem-limit 100000G -o "$tmp/x.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--mem-limit" "$tmp/err" || fail "--mem-limit past the free memory: exit $rc: $(cat "$tmp/err")"
"$RFL_UM" --wss 4K:2G --mem-limit 1G -o "$tmp/x.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--wss" "$tmp/err" || fail "--wss past --mem-limit: exit $rc: $(cat "$tmp/err")"
[ ! -e "$tmp/x.csv" ] || fail "a refused run left a CSV"
"$RFL_UM" --reuse 0 --wss 1G:1G >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "--reuse 0: exit $rc"

# Managed points within a small limit run; the limit also bounds them.
"$RFL_UM" --wss 1M:4M --growth 4 --reuse 1,2 --mem-limit 4M -m managed,managed_prefetch --no-reference \
    -o "$tmp/m.csv" >/dev/null 2>"$tmp/err" || fail "managed within --mem-limit: exit $?: $(tail -n 3 "$tmp/err")"
check_unified_memory_rows "$tmp/m.csv"
[ "$(csv_count "$tmp/m.csv" '$col["status"] == "ok"')" -eq 8 ] || fail "managed within --mem-limit: not 8 rows ok"

# The time limit by its contract, not the clock: reuse 1000 reads 64 MiB
# over the host link 1000 times a trial (seconds at any link speed), so it
# is predicted past 0.5 s and skipped with every larger point.
"$RFL_UM" --wss 64M:256M --growth 4 --reuse 1,10,100,1000 --point-timeout 0.5 -m zero_copy --no-reference \
    -o "$tmp/zc.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "zero-copy with a time limit: exit $rc: $(tail -n 3 "$tmp/err")"
check_unified_memory_rows "$tmp/zc.csv"
check_time_limit "$tmp/zc.csv" "$tmp/zc.json"
[ "$(csv_count "$tmp/zc.csv" '$col["reuse"] == 1000 && $col["status"] != "skipped_timeout"')" -eq 0 ] ||
    fail "zero-copy at reuse 1000 was not skipped: $(cat "$tmp/zc.csv")"
exit 0
