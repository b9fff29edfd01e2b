# rfl ceilings, plot and report on rfl_dense's CSV: the synthetic run of tests/data/driver/dense
# (make_dense.py) beside the golden CPU and GPU run directories must give exactly the committed
# dense.gp and rooflines with the factorizations as points (the GPU methods on the GPU's, the
# host's LAPACK on the CPU's), their points in roofline.json and the report's table. dense.gp:
# the orders as plain numbers, each precision and device's GEMM curve from the gemm rows as the
# roof, a colour per method, a marker per precision, a line per factorization, a key naming each.
# The report: the GEMM rows, each factorization's % of its GEMM, a row above it flagged. A broken
# dense.csv is refused with one line naming the file, the line and the value. After an intended
# change, refresh expected/ with the commands in the failure message and review the diff.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
dense=$top_srcdir/tests/data/driver/dense
expected=$dense/expected

run_inputs()
{
    copy_golden "$1" "$gpu_golden"/*.csv "$gpu_golden"/*.json "$dense/dense.csv" "$dense/dense.json"
}
fresh
dir=$tmp/run
"$RFL" ceilings "$dir" >"$tmp/out" 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
"$RFL" plot "$dir" --no-render >"$tmp/out" 2>"$tmp/err" || fail "rfl plot --no-render: exit $?: $(cat "$tmp/err")"
for chart in dense roofline roofline-gpu0; do
    [ -s "$dir/$chart.gp" ] || fail "rfl plot wrote no $chart.gp"
    check_golden "$expected/$chart.gp" "$dir/$chart.gp"
done
# n is a count: plain numbers on the axis, no byte suffix (it read "1K 2K ...", "256B" below 1024).
grep -qx 'set xtics ("1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384, "32768" 32768)' "$dir/dense.gp" ||
    fail "dense.gp: the orders are not plain numbers: $(grep '^set xtics' "$dir/dense.gp")"
# The roofs: each precision and device's GEMM at each n, from the gemm rows (one number from
# another size or library let a factorization sit above it).
awk '/^\$gemm << EOD/ { on = 1; next } on && /^EOD/ { exit } on && NF' "$dir/dense.gp" >"$tmp/gemm"
cat >"$tmp/want" <<'EOF'
# host fp64 GEMM (host BLAS): n, GFLOP/s
1024 180
4096 200
# GPU fp64 GEMM (cuBLAS): n, GFLOP/s
1024 20000
4096 48000
16384 52000
# host fp32 GEMM (host BLAS): n, GFLOP/s
1024 360
4096 400
# GPU fp32 GEMM (cuBLAS): n, GFLOP/s
1024 18000
4096 40000
16384 45000
EOF
diff "$tmp/want" "$tmp/gemm" >"$tmp/diff" || fail "dense.gp: the GEMM curves: $(cat "$tmp/diff")"
[ "$(grep -c '^  \$gemm index [0-3] with linespoints .* title .*GEMM.*same n.*the roof' "$dir/dense.gp")" = 4 ] ||
    fail "dense.gp: not 4 GEMM roofs in the plot"
# A colour per method, a marker per precision, a line per factorization, the key saying which:
# the series' blocks ("# lu lapack fp64") against their plot entries, in the same order.
awk '
    BEGIN { n = 0 }
    /^\$dense << EOD/ { on = 1; next }
    on && /^EOD/ { on = 0; next }
    on && /^# [a-z]+ [a-z_]+ fp[0-9]+: / { f[n] = $2; m[n] = $3; p[n] = substr($4, 1, length($4) - 1); n++ }
    /^  \$dense index [0-9]+ with / {
        i = $3
        match($0, /pt [0-9]+/); pt = substr($0, RSTART + 3, RLENGTH - 3)
        match($0, /dt [0-9]+/); dt = substr($0, RSTART + 3, RLENGTH - 3)
        match($0, /lc rgb "[^"]*"/); lc = substr($0, RSTART + 8, RLENGTH - 9)
        if ((m[i] in colour && colour[m[i]] != lc) || (p[i] in marker && marker[p[i]] != pt) ||
            (f[i] in line && line[f[i]] != dt))
            bad = bad " series " i
        colour[m[i]] = lc; marker[p[i]] = pt; line[f[i]] = dt; entries++
    }
    /title .colour: / || /title .marker: / || /title .line: / { keyed++ }
    END {
        for (a in colour) for (b in colour) if (a < b && colour[a] == colour[b]) bad = bad " colour " a "=" b
        for (a in marker) for (b in marker) if (a < b && marker[a] == marker[b]) bad = bad " marker " a "=" b
        for (a in line) for (b in line) if (a < b && line[a] == line[b]) bad = bad " line " a "=" b
        # 4 methods + 2 precisions + 3 factorizations in the key
        if (entries != n || n != 22 || keyed != 9) bad = bad " " entries " entries, " n " series, " keyed " keyed"
        print bad
    }' "$dir/dense.gp" >"$tmp/styles"
[ -z "$(cat "$tmp/styles")" ] || fail "dense.gp: colours, markers or key:$(cat "$tmp/styles")"

if have_python3; then
    j=$dir/roofline.json
    json_valid "$j" || fail "roofline.json is not valid JSON"
    # One point per factorization, method and precision, at its largest n: 8 GPU and 3 host ones a precision.
    [ "$(json_eval "$j" 'len(d["dense"])')" = 22 ] || fail "roofline.json: $(json_eval "$j" 'len(d["dense"])') dense points, expected 22"
    [ "$(json_eval "$j" '[(p["device"], p["level"], p["bound"]) for p in d["dense"] if p["name"] == "LU hybrid fp64 n=16384"]')" = \
        "[('gpu', 'device memory', 'fp64 tensor peak')]" ] || fail "roofline.json: the hybrid LU point: $(json_eval "$j" 'd["dense"]')"
    [ "$(json_eval "$j" '[(p["device"], p["level"]) for p in d["dense"] if p["name"] == "QR lapack fp32 n=4096"]')" = \
        "[('cpu', 'DRAM')]" ] || fail "roofline.json: the host QR point"
    # The byte model (docs/FORMAT.md): LU fp64, n = 16384, panels of 256: 2 x 8 x sum_k (n - 256 k)^2
    # plus the hybrid's panels to the host and back, 2 x 8 x (n^2/2 + 256 n/2).
    [ "$(json_eval "$j" '[int(p["bytes"]) for p in d["dense"] if p["name"] in ("LU cusolver fp64 n=16384", "LU hybrid fp64 n=16384")]')" = \
        "[$(python3 -c 'n=16384; s=sum((n-256*k)**2 for k in range(64)); print("%d, %d" % (16*s, 16*s + 16*(n*n//2 + 128*n)))')]" ] ||
        fail "roofline.json: bytes of the LU points: $(json_eval "$j" '[p["bytes"] for p in d["dense"]][:6]')"
fi

"$RFL" report "$dir" >/dev/null 2>"$tmp/err" || fail "rfl report: exit $?: $(cat "$tmp/err")"
has_line "$dir/report.md" '^## Dense factorizations' "no dense section"
has_line -F "$dir/report.md" '| 2 | fp64 | 16384 | LU | hybrid | 40560 | 78% | 0.022 / 16 | 72.3 ms | 21.7 ms / 44.8 ms / 5.78 ms |' \
    "the hybrid LU row" '16384 | LU'
has_line -F "$dir/report.md" '| - | fp64 | 16384 | GEMM | cublas | 52000 | roof | 0.0012 / 16 | 169 ms | - |' \
    "the GPU's fp64 GEMM row at 16384" '16384 | GEMM'
has_line -F "$dir/report.md" '| - | fp64 | 4096 | GEMM | blas | 200 | roof |' "the host's fp64 GEMM row at 4096" '4096 | GEMM'
# 60 factorization rows and 10 GEMM rows; none above its GEMM, so none flagged
[ "$(grep -c '^| [-0-9]* | fp[0-9]* | [0-9]* | ' "$dir/report.md")" = 70 ] || fail "report.md: not 70 dense rows"
! grep -q 'above its GEMM' "$dir/report.md" || fail "report.md: a row flagged above its GEMM: $(grep 'above its GEMM' "$dir/report.md")"
has_line "$dir/report.html" '<h2>Dense factorizations</h2>' "no dense section"

# A broken dense.csv: one line naming the file, the line and the value; no ceilings.csv.
broken_input "a method rfl_dense does not have" "dense\.csv:3: column 'method': 'magic' is not one of lapack" \
    dense.csv set_field 3 4 magic
broken_input "a negative rate" "dense\.csv:5: column 'gflops_per_s': must be positive, got '-3'" \
    dense.csv set_field 5 14 -3
broken_input "a size that is not a number" "dense\.csv:2: column 'n'.*'1e99x'" dense.csv set_field 2 6 1e99x
broken_input "a negative panel time" "dense\.csv:4: column 'panel_s': '-1' is negative" dense.csv set_field 4 18 -1
broken_input "a GEMM row that names a method" "dense\.csv:2: column 'method': 'lapack' is not a GEMM library \(blas or cublas\)" \
    dense.csv set_field 2 4 lapack
broken_input "a factorization by a GEMM library" "dense\.csv:4: column 'method': 'blas' is a GEMM library" \
    dense.csv set_field 4 4 blas
# Factorizations above the GEMM of their n (the GPU's fp64 GEMM at 16384, line 28, read 40000):
# each is flagged with its percentage, and the caption says what it means.
fresh
set_field 28 14 40000 "$dir/dense.csv" >"$tmp/d" && mv "$tmp/d" "$dir/dense.csv"
[ "$(sed -n 28p "$dir/dense.csv" | cut -d, -f2-6)" = "gpu0,gemm,cublas,fp64,16384" ] || hard_error "line 28 is not the GEMM row"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" && "$RFL" report "$dir" >/dev/null 2>>"$tmp/err" ||
    fail "a GEMM below its factorizations: exit $?: $(cat "$tmp/err")"
grep -qF '| 2 | fp64 | 16384 | LU | hybrid | 40560 | 101% (above its GEMM) |' "$dir/report.md" ||
    fail "report.md: the hybrid LU above its GEMM: $(grep '16384 | LU' "$dir/report.md")"
[ "$(grep -c '^| [-0-9]* | fp64 | 16384 | .* (above its GEMM) |' "$dir/report.md")" = 6 ] ||
    fail "report.md: not the 6 rows above 40000 flagged: $(grep 'above its GEMM' "$dir/report.md")"
grep -q '6 rows ran above the GEMM of the same n and library' "$dir/report.md" ||
    fail "report.md: no sentence on the rows above their GEMM"
# The GPU's fp64 tensor roof is the best verified DGEMM: rfl_gemm's (60802 in the golden run)
# unless rfl_dense's cuBLAS GEMM ran faster (line 28 read 65000, median 64000), then that one.
fresh
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
[ "$(grep '^gpu0,compute,fp64 tensor,' "$dir/ceilings.csv" | cut -d, -f4,12)" = "60802,rfl_gemm" ] ||
    fail "the fp64 tensor roof is not rfl_gemm's: $(grep 'fp64 tensor' "$dir/ceilings.csv")"
set_field 28 14 65000 "$dir/dense.csv" >"$tmp/d" && set_field 28 15 64000 "$tmp/d" >"$dir/dense.csv"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "a DGEMM over rfl_gemm's: exit $?: $(cat "$tmp/err")"
[ "$(grep '^gpu0,compute,fp64 tensor,' "$dir/ceilings.csv" | cut -d, -f4,5,12,13,28)" = \
    "65000,64000,rfl_dense,cublas gemm 16384x16384x16384,dense.csv" ] ||
    fail "the fp64 tensor roof is not rfl_dense's faster DGEMM: $(grep 'fp64 tensor' "$dir/ceilings.csv")"
grep -q "fp64 tensor: the best of .* verified GEMMs, rfl_dense's cublas gemm n=16384" "$tmp/err" ||
    fail "no note naming the DGEMM the roof came from: $(cat "$tmp/err")"
# An unverified row is left out with a note, never drawn.
fresh
set_field 2 23 0 "$dir/dense.csv" >"$tmp/d" && mv "$tmp/d" "$dir/dense.csv"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "an unverified row: exit $?: $(cat "$tmp/err")"
grep -q 'dense.csv:2: skipped a row whose result was not verified' "$tmp/err" || fail "no note of the unverified row: $(cat "$tmp/err")"
exit 0
