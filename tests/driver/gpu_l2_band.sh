# The L2 ceiling is the best row of the kernels that skip L1 with a data set in
# the band past L2/8 and within L2/2 (schema/kernels.h; issue 14): l2_own rows
# as a recorded H200 run might read them are added to the synthetic H200 run
# (L2 60M): bogus ones below the band (30 TB/s at 1M and 4M: L1-hit speed),
# in the far half (12 TB/s at 40M), and past the L2 (12.4 TB/s at 64M, as
# l2_chunks read on the H100), none of which may set the ceiling, and band
# rows (8M .. 30M) whose best, 12100 at 16M, must.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
dir=$tmp/run
golden_gpu_row "$dir" 'gpu,0,0,1,global_stream,-,read,fp64,256,1056,max,16777216,'
for point in 1048576:30000 4194304:30500 8388608:12000 12582912:12050 16777216:12100 25165824:12080 \
    31457280:12060 41943040:12200 50331648:11000 67108864:12400; do
    echo "$row" | awk -F, -v OFS=, -v w="${point%%:*}" -v g="${point##*:}" \
        '{ $5 = "l2_own"; $12 = w; $13 = (w <= 62914560 ? "l2" : "device_memory"); $15 = w; $21 = g; $22 = g; print }'
done >>"$dir/gpu_bandwidth.csv"

"$RFL" ceilings "$dir" >"$tmp/out" 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
l2=$(grep '^gpu0,bandwidth,L2,' "$dir/ceilings.csv") || fail "no L2 ceiling: $(cat "$dir/ceilings.csv")"
value=$(echo "$l2" | cut -d, -f4)
[ "$value" = 12100 ] || fail "L2 ceiling $value GB/s, expected l2_own's 12100 at 16M (a point outside L2/8 .. L2/2 set it?): $l2"
case $l2 in
*',l2_own read 1056x256,'*) ;;
*) fail "the L2 ceiling is not l2_own's: $l2" ;;
esac
# Its working sets lie in the band: 7.5M .. 30M.
wmin=$(echo "$l2" | cut -d, -f18) wmax=$(echo "$l2" | cut -d, -f19)
[ "$wmin" -gt 7864320 ] && [ "$wmax" -le 31457280 ] || fail "the L2 ceiling spans $wmin .. $wmax, outside the band"
grep -q 'note: gpu0 L2: the ceiling is the band of data sets past L2/8' "$tmp/err" || fail "no note on the L2 band: $(cat "$tmp/err")"
# The device-memory ceiling stays global_stream's (rows past 4 x L2), not l2_own's 12.4 TB/s at 64M.
dm=$(grep '^gpu0,bandwidth,device memory,' "$dir/ceilings.csv") || fail "no device-memory ceiling"
case $dm in
*',global_stream read '*) ;;
*) fail "the device-memory ceiling moved off global_stream: $dm" ;;
esac
exit 0
