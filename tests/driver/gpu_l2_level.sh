# The L2 ceiling comes only from kernels that skip L1 (issue 14): an
# L1-allocating kernel (global_inside) between the aggregate L1 (33M here)
# and the L2 (60M) still hits in L1, as on the H100 of 2026-11-25 (29 TB/s
# at 35-41.5 MiB, against 7.7 TB/s from global_stream). With such rows
# added to the synthetic H200 run, the L2 ceiling stays global_stream's and
# the rows' span names no level in roofline.json. l2_chunks rows (several
# blocks on each chunk: more bytes counted than the L2 served) never set it.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
dir=$tmp/run
golden_gpu_row "$dir" 'gpu,0,0,1,global_inside,A,read,fp64,1024,264,max,16777216,'
for wss in 37748736 41943040 50331648; do
    echo "$row" | awk -F, -v OFS=, -v w="$wss" '{ $12 = w; $13 = "l1_l2"; $15 = w; $21 = 19000; print }'
done >>"$dir/gpu_bandwidth.csv"
# l2_chunks rows as the H100 read them (20 TB/s where several blocks share each chunk): drawn,
# never the L2 ceiling, and the note says why.
for wss in 1048576 8388608 33554432; do
    echo "$row" | awk -F, -v OFS=, -v w="$wss" '{ $5 = "l2_chunks"; $12 = w; $13 = "l2"; $15 = w; $21 = 20000; print }'
done >>"$dir/gpu_bandwidth.csv"

"$RFL" ceilings "$dir" >"$tmp/out" 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
l2=$(grep '^gpu0,bandwidth,L2,' "$dir/ceilings.csv") || fail "no L2 ceiling: $(cat "$dir/ceilings.csv")"
case $l2 in
*',global_stream read '*) ;;
*) fail "the L2 ceiling is not global_stream's (an L1-allocating kernel's rows past the aggregate L1 are L1 hits): $l2" ;;
esac
grep -q 'note: gpu_bandwidth.csv: l2_chunks is drawn, not used for the L2 ceiling' "$tmp/err" ||
    fail "no note on l2_chunks: $(cat "$tmp/err")"
value=$(echo "$l2" | cut -d, -f4)
awk -v v="$value" 'BEGIN { exit !(v < 12000) }' || fail "L2 ceiling $value GB/s: above global_stream's 11800"
l1=$(grep '^gpu0,bandwidth,L1,' "$dir/ceilings.csv") || fail "no L1 ceiling"
case $l1 in
*',global_inside read '*) ;;
*) fail "the L1 ceiling moved off global_inside: $l1" ;;
esac
exit 0
