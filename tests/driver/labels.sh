# No two labels of a chart overlap: each script records the box of every
# label, key and note it placed ("# box CX CY HW HH ANGLE 'text'", plot/
# chart.h), and no two of them may intersect. Checked in the golden charts
# (CPU, and GPU where its data are) and in a crowded synthetic run made here
# from the golden CSVs: 20 roofs (compute roofs of many ISAs, some within a
# few percent of each other, every spec line) and 30 application points
# clustered along the roofs, and rfl compare's chart of it and the golden run.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

# check_boxes GP: every label of the placement pass (the fixed titles of the
# multi-panel charts are not) has its box, and no two boxes overlap
# (separating-axis test of the oriented rectangles; 0.05 px for the
# rounding of the recorded numbers).
check_boxes()
{
    nlabels=$(grep -Ec '^set label [0-9]+ .* front textcolor rgb ' "$1")
    nboxes=$(grep -c '^# box ' "$1")
    [ "$nboxes" -ge "$nlabels" ] || fail "${1##*/}: $nlabels labels but $nboxes boxes recorded"
    awk '
        function abs(v) { return v < 0 ? -v : v }
        function apart(i, j,   k, ux, uy, ra, rb) {
            for (k = 0; k < 4; k++) {
                if (k == 0) { ux = c[i]; uy = s[i] } else if (k == 1) { ux = -s[i]; uy = c[i] }
                else if (k == 2) { ux = c[j]; uy = s[j] } else { ux = -s[j]; uy = c[j] }
                ra = hw[i] * abs(c[i] * ux + s[i] * uy) + hh[i] * abs(-s[i] * ux + c[i] * uy)
                rb = hw[j] * abs(c[j] * ux + s[j] * uy) + hh[j] * abs(-s[j] * ux + c[j] * uy)
                if (abs((x[j] - x[i]) * ux + (y[j] - y[i]) * uy) >= ra + rb - 0.05)
                    return 1
            }
            return 0
        }
        $1 == "#" && $2 == "box" {
            n++; x[n] = $3; y[n] = $4; hw[n] = $5; hh[n] = $6
            a = $7 * 3.14159265358979 / 180; c[n] = cos(a); s[n] = sin(a)
            t = $0; sub(/^# box [^ ]+ [^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", t); text[n] = t
        }
        END {
            bad = 0
            for (i = 1; i <= n; i++)
                for (j = i + 1; j <= n; j++)
                    if (!apart(i, j)) {
                        print "overlap: " text[i] " and " text[j]
                        bad = 1
                    }
            exit bad
        }' "$1" >"$tmp/overlaps" || fail "${1##*/}: labels overlap:
$(head -n 20 "$tmp/overlaps")"
}

# The golden CPU charts.
dir=$tmp/golden
copy_golden "$dir" "$golden/applications.csv"
"$RFL" ceilings "$dir" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: $(cat "$tmp/err")"
"$RFL" plot "$dir" --no-render --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "rfl plot: $(cat "$tmp/err")"
for gp in "$dir"/*.gp; do
    check_boxes "$gp"
done
grep -q "^# box .* 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)'$" "$dir/roofline.gp" ||
    fail "roofline.gp: the fp64 avx2 label: $(grep "^# box .*fp64 avx2" "$dir/roofline.gp")"

# The golden GPU charts.
g=$tmp/gpu
copy_gpu_golden "$g"
"$RFL" ceilings "$g" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (GPU): $(cat "$tmp/err")"
"$RFL" plot "$g" --no-render >/dev/null 2>"$tmp/err" || fail "rfl plot (GPU): $(cat "$tmp/err")"
for gp in "$g"/*.gp; do
    check_boxes "$gp"
done

# The crowded run: besides avx2 and c, the ISAs neon, sse, avx, avx512, avx10 (2%
# above avx512), amx (7% above it) and c_o3 (6% above c) in both precisions,
# and fp16; every spec line; 30 points along the roofs, 8% apart.
crowd=$tmp/crowd
copy_run "$crowd" "$golden/bandwidth.csv" "$golden/bandwidth.json" "$golden/flops.json"
awk -F, -v OFS=, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
    function scaled(isa, prec, f) {
        $col["isa"] = isa; $col["precision"] = prec
        $col["gflops_per_s"] *= f; $col["gflops_per_s_median"] *= f; $col["gflops_per_s_worst"] *= f
        print
    }
    { print; row = $0 }
    $col["isa"] == "avx2" {
        n = split("neon:0.3 sse:0.5 avx:0.74 avx512:1.9 avx10:1.94 amx:2.04", v, " ")
        for (i = 1; i <= n; i++) { split(v[i], p, ":"); $0 = row; scaled(p[1], $col["precision"], p[2]) }
        if ($col["precision"] == "fp32") { $0 = row; scaled("avx512", "fp16", 3.6) }
    }
    $col["isa"] == "c" { $0 = row; scaled("c_o3", $col["precision"], 1.06) }' "$golden/flops.csv" >"$crowd/flops.csv" ||
    hard_error awk
awk 'BEGIN {
    print "name,arithmetic_intensity,gflops_per_s,level,precision"
    for (i = 0; i < 30; i++) {
        ai = 0.05 * exp(i * 0.27)
        printf "kernel-%02d solver step,%.4g,%.4g,,%s\n", i, ai, (ai * 28 < 150 ? ai * 20 : 120) * (0.8 + 0.01 * (i % 7)),
            i % 2 ? "fp64" : "fp32"
    } }' >"$crowd/applications.csv" || hard_error awk
{ cat "$golden/spec.conf" && printf 'spec.l2_gbytes_per_s = 250\nspec.l3_gbytes_per_s = 180\n'; } >"$tmp/crowd.conf" ||
    hard_error cat
"$RFL" ceilings "$crowd" --config "$tmp/crowd.conf" >/dev/null 2>"$tmp/err" || fail "rfl ceilings (crowded): $(cat "$tmp/err")"
"$RFL" plot "$crowd" --no-render --config "$tmp/crowd.conf" >/dev/null 2>"$tmp/err" ||
    fail "rfl plot (crowded): $(cat "$tmp/err")"
nroofs=$(awk '/^\$ceilings << EOD/ { on = 1; next } /^EOD/ { on = 0 } on && /^# /' "$crowd/roofline.gp" | wc -l)
[ "$nroofs" -ge 20 ] || fail "the crowded roofline has $nroofs roofs, not 20"
[ "$(grep -c '^# box .*kernel-' "$crowd/roofline.gp")" -ge 30 ] || fail "the crowded roofline: not 30 points labelled"
for gp in "$crowd"/*.gp; do
    check_boxes "$gp"
done
# Every roof a point is held against is drawn: each precision's best.
for roof in 'fp64 amx' 'fp32 amx' 'fp16 avx512'; do
    grep -q "^# '$roof " "$crowd/roofline.gp" || fail "the crowded roofline does not draw $roof"
done

# A profile of 300 kernels over the golden GPU run (PyTorch's recorded rows under new names):
# the key names the 40 that took the longest and says how many more the table numbers, only
# those 40 are labelled, and no labels overlap.
if have_python3; then
    p=$tmp/profile300
    copy_gpu_golden "$p"
    python3 - "$top_srcdir/tests/data/profile/ncu-h100-torch.csv" >"$tmp/ncu300.csv" <<'PY' || hard_error "python3"
import csv, io, sys
rows = list(csv.reader(io.StringIO("".join(l for l in open(sys.argv[1]) if not l.startswith("==")))))
head, units, data = rows[0], rows[1], rows[2:]
w = csv.writer(sys.stdout, quoting=csv.QUOTE_ALL, lineterminator="\n")
w.writerow(head)
w.writerow(units)
for i in range(300):
    r = list(data[i % len(data)])
    r[head.index("ID")], r[head.index("Kernel Name")] = str(i), "kernel_%03d" % i
    w.writerow(r)
PY
    "$RFL" ceilings "$p" >/dev/null 2>&1 || fail "rfl ceilings (profile300)"
    "$RFL" profile --run "$p" --ncu-csv "$tmp/ncu300.csv" --no-render >/dev/null 2>"$tmp/err" ||
        fail "rfl profile of 300 kernels: $(tail -n 3 "$tmp/err")"
    named=$(grep -c 'title .[0-9]* kernel_[0-9]*' "$p/roofline-gpu0.gp")
    [ "$named" -eq 40 ] || fail "the key names $named kernels of 300, not 40"
    grep -q '260 more, by number in the table' "$p/roofline-gpu0.gp" || fail "the key does not say how many more"
    labelled=$(grep -c "^# box .* '[0-9]*'\$" "$p/roofline-gpu0.gp")
    [ "$labelled" -le 40 ] || fail "$labelled kernels labelled, more than the key's 40"
    check_boxes "$p/roofline-gpu0.gp"
fi

# rfl compare's chart of the two runs.
"$RFL" compare "$dir" "$crowd" -o "$tmp/cmp" --no-render >/dev/null 2>"$tmp/err"
[ -s "$tmp/cmp/compare-cpu.gp" ] || fail "rfl compare wrote no chart: $(cat "$tmp/err")"
check_boxes "$tmp/cmp/compare-cpu.gp"
grep -q "'L1: A 535.6 (median 509.8), B 535.6 (median 509.8) GB/s'" "$tmp/cmp/compare-cpu.gp" ||
    fail "compare-cpu.gp: the L1 label: $(grep -m1 "'L1:" "$tmp/cmp/compare-cpu.gp")"
exit 0
