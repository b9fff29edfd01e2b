# rfl plot --format png,pdf,svg on the golden run: every chart in every
# format (a whole PNG, a PDF with its %%EOF, an SVG that parses as XML), the
# script alone redraws the PDF, the PNG is the one a PNG-only plot draws, the
# report links the vector files; the config's `format` key; a bad format is
# exit 2 with one line naming the option or FILE:LINE and the value, and
# nothing written (plot, run, compare, profile); a gnuplot without pdfcairo
# skips the PDFs with one line; a gnuplot failing on the SVG replaces no
# earlier file and leaves no temporary one; rfl compare -o --format.
# Skipped (77) without gnuplot.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
require_gnuplot
charts="roofline bandwidth flops"

# snapshot DIR FILE: the checksums of DIR's files (temporary ones included).
snapshot()
{
    (cd "$1" && find . -type f | LC_ALL=C sort | xargs cksum) >"$2"
}
# no_charts DIR WHAT: DIR holds no script, chart or temporary file.
no_charts()
{
    _left=$(cd "$1" && ls -A | grep -E '\.(gp|png|pdf|svg)$|^\.' || true)
    [ -z "$_left" ] || fail "$2: files written: $_left"
}

# 1. Every chart in every format.
dir=$tmp/run
copy_golden "$dir" "$golden/applications.csv"
"$RFL" plot "$dir" --config "$golden/spec.conf" --format png,pdf,svg >/dev/null 2>"$tmp/err" ||
    fail "rfl plot --format png,pdf,svg: exit $?: $(cat "$tmp/err")"
for chart in $charts; do
    check_png "$dir/$chart.png"
    [ "$(head -c 5 "$dir/$chart.pdf")" = "%PDF-" ] || fail "$chart.pdf does not start with %PDF-"
    tail -c 64 "$dir/$chart.pdf" | grep -q '%%EOF' || fail "$chart.pdf is not whole (no %%EOF at its end)"
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$dir/$chart.svg" <<'EOF' || fail "$chart.svg does not parse as an SVG document"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
sys.exit(0 if root.tag.endswith('svg') and root.get('width') else 1)
EOF
    else
        tail -c 64 "$dir/$chart.svg" | grep -q '</svg>' || fail "$chart.svg is not whole"
    fi
    grep -q "wrote $dir/$chart.pdf" "$tmp/err" || fail "no line for $chart.pdf: $(cat "$tmp/err")"
done
ls -A "$dir" | grep -q '^\.' && fail "temporary files left: $(ls -A "$dir" | grep '^\.')"

# The script alone draws each format: the PNG by default, the PDF with rfl_format.
mkdir "$tmp/alone" && cp "$dir/roofline.gp" "$tmp/alone/" || hard_error "cp"
(cd "$tmp/alone" && "$GNUPLOT" roofline.gp && "$GNUPLOT" -e "rfl_format='pdf'" roofline.gp) 2>"$tmp/err" ||
    fail "roofline.gp alone: $(cat "$tmp/err")"
check_png "$tmp/alone/roofline.png"
[ "$(head -c 5 "$tmp/alone/roofline.pdf")" = "%PDF-" ] || fail "roofline.gp alone with rfl_format='pdf' drew no PDF"

# A PNG-only plot: the script as before formats (no switch), the same PNG.
png=$tmp/png
copy_golden "$png" "$golden/applications.csv"
"$RFL" plot "$png" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl plot: exit $?: $(cat "$tmp/err")"
grep -q rfl_format "$png/roofline.gp" && fail "a PNG-only script switches on rfl_format"
[ ! -e "$png/roofline.pdf" ] && [ ! -e "$png/roofline.svg" ] || fail "a PNG-only plot drew a vector file"
cmp -s "$png/roofline.png" "$dir/roofline.png" || note "roofline.png differs in bytes between the two plots (fonts?)"

# The report embeds the PNGs as before and links the vector files.
"$RFL" report "$dir" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
n=$(grep -c 'src="data:image/png;base64,iVBORw0KGgo' "$dir/report.html")
[ "$n" -eq 3 ] || fail "report.html embeds $n PNGs, expected 3"
for chart in $charts; do
    for ext in pdf svg; do
        grep -qF "[$chart.$ext]($chart.$ext)" "$dir/report.md" || fail "report.md does not link $chart.$ext"
        grep -qF "<a href=\"$chart.$ext\">" "$dir/report.html" || fail "report.html does not link $chart.$ext"
    done
done

# 2. A bad format: exit 2, one line naming the option and the value, nothing written.
bad=$tmp/bad
copy_golden "$bad"
"$RFL" plot "$bad" --format png,jpg >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "rfl plot --format png,jpg: exit $rc, expected 2"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "--format.*'png,jpg'" "$tmp/err" ||
    fail "rfl plot --format png,jpg: not one line naming --format and the value: $(cat "$tmp/err")"
no_charts "$bad" "rfl plot --format png,jpg"
for cmd in "run --output $tmp/never" "compare $dir $dir -o $tmp/never" "profile --run $bad --ncu-csv /dev/null"; do
    # shellcheck disable=SC2086
    "$RFL" $cmd --format eps >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "rfl $cmd --format eps: exit $rc, expected 2: $(cat "$tmp/err")"
    grep -q -- "--format.*'eps'" "$tmp/err" || fail "rfl $cmd --format eps: the message names neither: $(cat "$tmp/err")"
done
[ ! -e "$tmp/never" ] || fail "a bad --format made $tmp/never"
no_charts "$bad" "rfl profile --format eps"

# 3. The config's key: a bad value names FILE:LINE and the value; a good one is used.
printf '# charts\nformat = pdf, tiff\n' >"$bad/run.conf"
"$RFL" plot "$bad" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "format = pdf, tiff: exit $rc, expected 2"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF "$bad/run.conf:2: format = 'pdf, tiff'" "$tmp/err" ||
    fail "format = pdf, tiff: not one line naming the file, line and value: $(cat "$tmp/err")"
no_charts "$bad" "format = pdf, tiff"
printf 'format = svg\n' >"$bad/run.conf"
"$RFL" plot "$bad" >/dev/null 2>"$tmp/err" || fail "format = svg: exit $?: $(cat "$tmp/err")"
[ -s "$bad/roofline.svg" ] && [ ! -e "$bad/roofline.png" ] && [ ! -e "$bad/roofline.pdf" ] ||
    fail "format = svg: not the SVGs alone: $(ls "$bad")"
"$RFL" plot "$bad" --format pdf >/dev/null 2>"$tmp/err" || fail "--format over the config: exit $?: $(cat "$tmp/err")"
[ -s "$bad/roofline.pdf" ] && [ ! -e "$bad/roofline.png" ] || fail "--format pdf did not override the config's svg"

# 4. A gnuplot without pdfcairo: one line, the PDFs skipped, the rest drawn.
cat >"$tmp/gnuplot-nopdf" <<EOF
#!/bin/sh
if [ "\$1" = -e ] && [ "\$2" = "set terminal" ]; then "$GNUPLOT" "\$@" 2>&1 | grep -v pdfcairo; exit 0; fi
exec "$GNUPLOT" "\$@"
EOF
chmod +x "$tmp/gnuplot-nopdf"
nopdf=$tmp/nopdf
copy_golden "$nopdf"
GNUPLOT=$tmp/gnuplot-nopdf "$RFL" plot "$nopdf" --format png,pdf,svg >/dev/null 2>"$tmp/err" ||
    fail "gnuplot without pdfcairo: exit $?: $(cat "$tmp/err")"
[ "$(grep -c 'no pdfcairo terminal' "$tmp/err")" -eq 1 ] || fail "not one line on the missing pdfcairo: $(cat "$tmp/err")"
[ ! -e "$nopdf/roofline.pdf" ] || fail "a PDF without pdfcairo"
check_png "$nopdf/roofline.png"
[ -s "$nopdf/flops.svg" ] || fail "no flops.svg without pdfcairo"

# 5. gnuplot fails on one chart's SVG: exit 1, the earlier files as they were, no temporary file.
cat >"$tmp/gnuplot-nosvg" <<EOF
#!/bin/sh
case "\$2\$3" in *svg*flops*) echo "gnuplot: broken on purpose" >&2; exit 3 ;; esac
exec "$GNUPLOT" "\$@"
EOF
chmod +x "$tmp/gnuplot-nosvg"
snapshot "$dir" "$tmp/before"
GNUPLOT=$tmp/gnuplot-nosvg "$RFL" plot "$dir" --config "$golden/spec.conf" --format png,pdf,svg >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "gnuplot failing on flops' SVG: exit $rc, expected 1: $(cat "$tmp/err")"
grep -q 'flops.gp: gnuplot failed (exit 3) drawing the SVG' "$tmp/err" || fail "no line naming the failure: $(cat "$tmp/err")"
snapshot "$dir" "$tmp/after"
cmp -s "$tmp/before" "$tmp/after" || fail "a failed render changed the directory: $(diff "$tmp/before" "$tmp/after")"

# 6. rfl compare -o --format: the overlay chart in each format.
"$RFL" ceilings "$png" --config "$golden/spec.conf" >/dev/null 2>&1 || hard_error "rfl ceilings"
"$RFL" compare "$png" "$png" -o "$tmp/cmp" --format svg,pdf >/dev/null 2>"$tmp/err" ||
    fail "rfl compare -o --format svg,pdf: exit $?: $(cat "$tmp/err")"
[ "$(head -c 5 "$tmp/cmp/compare-cpu.pdf")" = "%PDF-" ] || fail "no compare-cpu.pdf: $(ls "$tmp/cmp")"
[ -s "$tmp/cmp/compare-cpu.svg" ] || fail "no compare-cpu.svg"
exit 0
