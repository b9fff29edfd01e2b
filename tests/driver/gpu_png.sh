# The GPU charts render: rfl plot on the synthetic GPU run directory makes
# eight PNGs (magic bytes, a non-trivial size) beside their .gp scripts, each
# script redraws its chart alone, and report.html embeds them. Skipped (77)
# without gnuplot.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
dir=$tmp/run
copy_gpu_golden "$dir"
charts="roofline-gpu0 gpu_bandwidth gpu_flops gemm unified_memory unified_memory_reuse gpu_latency gpu_transfer"

require_gnuplot

"$RFL" plot "$dir" >/dev/null 2>"$tmp/err" || fail "rfl plot: exit $?: $(cat "$tmp/err")"
for chart in $charts; do
    check_png "$dir/$chart.png"
    [ -s "$dir/$chart.gp" ] || fail "no $chart.gp beside $chart.png"
    mkdir "$tmp/alone-$chart" && cp "$dir/$chart.gp" "$tmp/alone-$chart/" || hard_error "cp"
    (cd "$tmp/alone-$chart" && "$GNUPLOT" "$chart.gp") 2>"$tmp/err" || fail "$chart.gp alone: $(cat "$tmp/err")"
    [ -s "$tmp/alone-$chart/$chart.png" ] || fail "$chart.gp alone drew nothing"
done
# gnuplot warns about nothing in them (ranges, undefined values, fonts aside).
for chart in $charts; do
    (cd "$tmp/alone-$chart" && "$GNUPLOT" "$chart.gp" 2>&1) | grep -v -i 'font' >"$tmp/warn"
    [ ! -s "$tmp/warn" ] || fail "$chart.gp: gnuplot says: $(head -n 5 "$tmp/warn")"
done

"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
n=$(grep -c 'src="data:image/png;base64,iVBORw0KGgo' "$dir/report.html")
[ "$n" -eq 8 ] || fail "report.html embeds $n PNGs, expected 8"
grep -q '!\[GPU roofline, GEMM kernels as points\](roofline-gpu0.png)' "$dir/report.md" ||
    fail "report.md does not link roofline-gpu0.png"
exit 0
