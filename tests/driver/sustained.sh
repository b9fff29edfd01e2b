# Sustained rates (threads at their own pace, summed) against the levels they may lift: the golden
# run (4 threads; L1 and L2 one per core, L3 shared) with every row's sustained rate set to twice
# its synchronised one. L1 and L2 take the sustained rate; L3 and DRAM, shared by the threads,
# keep the synchronised one (a sum of own-pace rates counts a shared bandwidth once per thread
# that ran while others waited: 64 uneven threads read DRAM at 297 GB/s sustained, 172
# synchronised, beside a STREAM triad of 169).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
copy_golden "$tmp/plain"
"$RFL" ceilings "$tmp/plain" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "plain: $(cat "$tmp/err")"
copy_golden "$tmp/lifted"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gbytes_per_s") r = i; print $0, "gbytes_per_s_sustained", "gbytes_per_s_sustained_median"; next }
    { print $0, $r * 2, $r * 2 }' "$golden/bandwidth.csv" >"$tmp/lifted/bandwidth.csv"
"$RFL" ceilings "$tmp/lifted" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "lifted: $(cat "$tmp/err")"
value() { grep "^cpu,bandwidth,$2," "$tmp/$1/ceilings.csv" | cut -d, -f4; }
for level in L1 L2 L3 DRAM; do
    a=$(value plain $level) b=$(value lifted $level)
    [ -n "$a" ] && [ -n "$b" ] || fail "$level: no ceiling ($a, $b)"
    case $level in
    L1 | L2) want=2 ;;
    *) want=1 ;;
    esac
    awk -v a="$a" -v b="$b" -v w="$want" 'BEGIN { exit !(b / a > w * 0.999 && b / a < w * 1.001) }' ||
        fail "$level: $b with the sustained rates, $a without: expected $want x"
done
exit 0
