# The charts render: rfl plot on the golden run directory makes three PNGs
# (magic bytes, a non-trivial size), next to their .gp scripts, and
# report.html embeds them. Skipped (77) without gnuplot; also checks that
# without gnuplot the scripts are written and the PNGs skipped.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
dir=$tmp/run
copy_golden "$dir" "$golden/applications.csv"

# No gnuplot: scripts only, a warning, exit 0.
GNUPLOT=/nonexistent/gnuplot "$RFL" plot "$dir" >/dev/null 2>"$tmp/err" || fail "plot without gnuplot: exit $?"
grep -q "gnuplot not found" "$tmp/err" || fail "no message about the missing gnuplot: $(cat "$tmp/err")"
[ -s "$dir/roofline.gp" ] || fail "no roofline.gp without gnuplot"
[ ! -e "$dir/roofline.png" ] || fail "a PNG without gnuplot"

require_gnuplot

"$RFL" plot "$dir" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl plot: exit $?: $(cat "$tmp/err")"
for chart in roofline bandwidth flops; do
    check_png "$dir/$chart.png"
    [ -s "$dir/$chart.gp" ] || fail "no $chart.gp beside $chart.png"
done
# The scripts are self-contained: gnuplot redraws a chart from the script alone.
mkdir "$tmp/alone" && cp "$dir/roofline.gp" "$tmp/alone/" || hard_error "cp"
(cd "$tmp/alone" && "$GNUPLOT" roofline.gp) 2>"$tmp/err" || fail "roofline.gp alone: $(cat "$tmp/err")"
cmp -s "$tmp/alone/roofline.png" "$dir/roofline.png" || note "roofline.png redrawn alone differs in bytes (fonts?)"
[ -s "$tmp/alone/roofline.png" ] || fail "roofline.gp alone drew nothing"

"$RFL" report "$dir" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
n=$(grep -c 'src="data:image/png;base64,iVBORw0KGgo' "$dir/report.html")
[ "$n" -eq 3 ] || fail "report.html embeds $n PNGs, expected 3"
grep -q '!\[Roofline\](roofline.png)' "$dir/report.md" || fail "report.md does not link roofline.png"
exit 0
