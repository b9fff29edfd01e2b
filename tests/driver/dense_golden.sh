# rfl ceilings, plot and report on rfl_dense's CSV: the synthetic run of tests/data/driver/dense
# (make_dense.py) beside the golden CPU and GPU run directories must give exactly the committed
# dense.gp and rooflines with the factorizations as points (the GPU methods on the GPU's, the
# host's LAPACK on the CPU's), their points in roofline.json and the report's table. A broken
# dense.csv is refused with one line naming the file, the line and the value. After an intended
# change, refresh expected/ with the commands in the failure message and review the diff.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
dense=$top_srcdir/tests/data/driver/dense
expected=$dense/expected

fresh()
{
    rm -rf "$tmp/run"
    copy_golden "$tmp/run" "$gpu_golden"/*.csv "$gpu_golden"/*.json "$dense/dense.csv" "$dense/dense.json"
}
fresh
dir=$tmp/run
"$RFL" ceilings "$dir" >"$tmp/out" 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
"$RFL" plot "$dir" --no-render >"$tmp/out" 2>"$tmp/err" || fail "rfl plot --no-render: exit $?: $(cat "$tmp/err")"
for chart in dense roofline roofline-gpu0; do
    [ -s "$dir/$chart.gp" ] || fail "rfl plot wrote no $chart.gp"
    diff -u "$expected/$chart.gp" "$dir/$chart.gp" >"$tmp/diff" ||
        fail "$chart.gp differs from the golden one (- expected, + now):
$(head -n 60 "$tmp/diff")
(to accept: cp $dir/$chart.gp $expected/)"
done
grep -q "GPU fp64 GEMM 60802 GFLOP/s (gemm.csv)" "$dir/dense.gp" || fail "dense.gp: no GPU roof from gemm.csv"
grep -q "host fp64 GEMM 200.0 GFLOP/s (dense.csv)" "$dir/dense.gp" || fail "dense.gp: no host roof from dense.csv"

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
grep -q '^## Dense factorizations' "$dir/report.md" || fail "report.md: no dense section"
grep -qF '| 2 | fp64 | 16384 | LU | hybrid | 40560 | 78% | 0.022 / 16 | 72.3 ms | 21.7 ms / 44.8 ms / 5.78 ms |' "$dir/report.md" ||
    fail "report.md: the hybrid LU row: $(grep '16384 | LU' "$dir/report.md")"
[ "$(grep -c '^| [-0-9]* | fp[0-9]* | [0-9]* | ' "$dir/report.md")" = 60 ] || fail "report.md: not 60 dense rows"
grep -q '<h2>Dense factorizations</h2>' "$dir/report.html" || fail "report.html: no dense section"

# A broken dense.csv: one line naming the file, the line and the value; no ceilings.csv.
broken_input "a method rfl_dense does not have" "dense\.csv:3: column 'method': 'magic' is not one of lapack" \
    dense.csv set_field 3 4 magic
broken_input "a negative rate" "dense\.csv:5: column 'gflops_per_s': must be positive, got '-3'" \
    dense.csv set_field 5 14 -3
broken_input "a size that is not a number" "dense\.csv:2: column 'n'.*'1e99x'" dense.csv set_field 2 6 1e99x
broken_input "a negative panel time" "dense\.csv:4: column 'panel_s': '-1' is negative" dense.csv set_field 4 18 -1
# An unverified row is left out with a note, never drawn.
fresh
set_field 2 23 0 "$dir/dense.csv" >"$tmp/d" && mv "$tmp/d" "$dir/dense.csv"
"$RFL" ceilings "$dir" >/dev/null 2>"$tmp/err" || fail "an unverified row: exit $?: $(cat "$tmp/err")"
grep -q 'dense.csv:2: skipped a row whose result was not verified' "$tmp/err" || fail "no note of the unverified row: $(cat "$tmp/err")"
exit 0
