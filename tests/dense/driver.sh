# rfl_dense in the pipeline, on the CPU: `rfl run` with programs = dense runs it as a step (its
# share of the run's budget as --time-budget), and ceilings, plot and report take its CSV (the
# dense chart with the orders as plain numbers on its axis, the report's table with the GEMM
# reference rows, the host's factorizations on the CPU roofline's points in roofline.json). rfl_dense --time-budget cuts the sizes that cannot fit and says so in its
# sidecar's budget; without one the budget is null.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_DENSE=$top_builddir/rfl_dense
require_program "$RFL" "$RFL_DENSE"
export OPENBLAS_NUM_THREADS=1 GNUPLOT=/nonexistent/gnuplot

# --time-budget: the first size always runs; n = 4096 (64^3 times its work) cannot fit in 1 s.
"$RFL_DENSE" --sizes 64,4096 -f lu -p fp64 -m lapack --experiments 1 --time-budget 1 -o "$tmp/b.csv" 2>"$tmp/err" ||
    fail "--time-budget 1: exit $?: $(cat "$tmp/err")"
[ "$(csv_column "$tmp/b.csv" n | sort -u)" = 64 ] ||
    fail "--time-budget 1: rows for n = $(csv_column "$tmp/b.csv" n | sort -u), expected 64 only"
grep -q 'cut to fit it:' "$tmp/err" || fail "--time-budget 1: no closing lines on the cuts: $(cat "$tmp/err")"
if have_python3; then
    j=$tmp/b.json
    [ "$(json_eval "$j" '(d["budget"]["seconds"], d["budget"]["spent"], d["budget"]["sizes_run"], d["budget"]["sizes_cut"])')" = \
        "(1.0, True, 1, 1)" ] || fail "--time-budget 1: budget $(json_eval "$j" 'd["budget"]')"
    json_eval "$j" 'd["budget"]["cuts"][0]' | grep -q '^fp64 n=4096 (1 size): its estimate' ||
        fail "--time-budget 1: cuts $(json_eval "$j" 'd["budget"]["cuts"]')"
    "$RFL_DENSE" --sizes 64 -f lu -p fp64 -m lapack --experiments 1 -o "$tmp/n.csv" 2>"$tmp/err" ||
        fail "no budget: exit $?: $(cat "$tmp/err")"
    [ "$(json_eval "$tmp/n.json" 'd["budget"]')" = None ] || fail "no budget: budget is not null"
fi
EXPECT_PROGRAM=$RFL_DENSE
expect_bad_value --time-budget 0
expect_bad_value --time-budget soon

# rfl run: the dense step, then ceilings, plot and report from dense.csv alone.
cat >"$tmp/d.conf" <<'CONF'
programs = dense
mode = quick
dense.quick_args = --quick --sizes 64,128 --experiments 1
CONF
run=$tmp/run
"$RFL" run --config "$tmp/d.conf" --output "$run" >"$tmp/out" 2>"$tmp/err" || fail "rfl run: exit $?: $(cat "$tmp/err")"
grep -q '^rfl: \[1/4\] dense (budget [0-9]* s; [0-9]* s used, [0-9]* s left): .*/rfl_dense --quick --sizes 64,128 --experiments 1 --time-budget [0-9.]* -o dense.csv$' "$tmp/err" ||
    fail "rfl run: no dense step with its budget: $(cat "$tmp/err")"
check_header "$run/dense.csv" dense dense.csv
check_verified "$run/dense.csv"
check_sidecar "$run/dense.json" rfl_dense dense budget
[ -s "$run/dense.gp" ] || fail "rfl run: no dense.gp"
# n is a count: "64", never a byte size "64B".
grep -q '^set xtics ("64" 64, "128" 128, "256" 256)$' "$run/dense.gp" ||
    fail "dense.gp: the orders are not plain numbers: $(grep '^set xtics' "$run/dense.gp")"
grep -q '^## Dense factorizations' "$run/report.md" || fail "rfl run: no dense table in the report"
grep -q '^| - | fp64 | 128 | LU | lapack | ' "$run/report.md" || fail "rfl run: no LU lapack row at n = 128 in the report"
grep -q '^| - | fp64 | 128 | GEMM | blas | [0-9.]* | roof | ' "$run/report.md" ||
    fail "rfl run: no GEMM reference row at n = 128 in the report"
if have_python3; then
    [ "$(json_eval "$run/run.json" '[(s["step"], s["status"], s["budget_s"] > 0) for s in d["steps"] if s["step"] == "dense"]')" = \
        "[('dense', 'done', True)]" ] || fail "run.json: the dense step: $(json_eval "$run/run.json" 'd["steps"]')"
    # the host's factorizations (a GPU host adds its GPU methods' points, device gpu)
    [ "$(json_eval "$run/roofline.json" 'sorted(p["name"] for p in d["dense"] if p["device"] == "cpu")')" = \
        "['Chol lapack fp32 n=128', 'Chol lapack fp64 n=128', 'LU lapack fp32 n=128', 'LU lapack fp64 n=128', 'QR lapack fp32 n=128', 'QR lapack fp64 n=128']" ] ||
        fail "roofline.json: dense points $(json_eval "$run/roofline.json" 'd["dense"]')"
fi
exit 0
