# rfl_dense on small matrices: every factorization x precision x size has a row, verified, its
# backward error under its bound, its GFLOP/s from the standard count and its time, the GEMM
# reference beside it; the sidecar complete. --inject-fault corrupts a factor after timing:
# exit 3, the row kept with verified 0. Shapes and contracts only, never rates.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_DENSE=$top_builddir/rfl_dense
require_program "$RFL_DENSE"
out=$tmp/dense.csv
OPENBLAS_NUM_THREADS=1 "$RFL_DENSE" --sizes 64,128 -m lapack --experiments 2 -o "$out" 2>"$tmp/err" ||
    fail "rfl_dense: exit $?: $(cat "$tmp/err")"
check_header "$out" dense dense.csv
check_verified "$out"
check_sidecar "${out%.csv}.json" rfl_dense dense status
[ "$(csv_count "$out" 1)" = 12 ] || fail "$(csv_count "$out" 1) rows, expected 3 factorizations x 2 precisions x 2 sizes"
python3 - "$out" >"$tmp/py" <<'PY' || fail "rows: $(cat "$tmp/py")"
import csv, sys
bad = []
counts = {"lu": 2 / 3, "cholesky": 1 / 3, "qr": 4 / 3}
for r in csv.DictReader(open(sys.argv[1])):
    n = int(r["n"])
    if abs(float(r["flops"]) / (counts[r["factorization"]] * n ** 3) - 1) > 1e-6:
        bad.append("flops of %s n=%d" % (r["factorization"], n))
    if not 0 <= float(r["backward_error"]) <= float(r["backward_error_bound"]):
        bad.append("backward error of %s %s n=%d" % (r["factorization"], r["precision"], n))
    t = [float(r[k]) for k in ("time_min_s", "time_median_s", "time_max_s")]
    if not 0 < t[0] <= t[1] <= t[2]:
        bad.append("times %s" % t)
    if abs(float(r["gflops_per_s"]) - float(r["flops"]) / t[0] * 1e-9) > 1e-6 * float(r["gflops_per_s"]):
        bad.append("gflops_per_s of %s" % r["factorization"])
    if not float(r["gemm_gflops_per_s"]) > 0:
        bad.append("no GEMM reference")
if bad:
    print("; ".join(bad))
    sys.exit(1)
PY
# A corrupted factor: exit 3, the row kept and marked.
OPENBLAS_NUM_THREADS=1 "$RFL_DENSE" --sizes 64 -f lu -p fp64 -m lapack --experiments 1 --inject-fault -o "$tmp/bad.csv" \
    2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] || fail "--inject-fault: exit $rc, expected 3: $(cat "$tmp/err")"
grep -q 'backward error .* above the bound' "$tmp/err" || fail "--inject-fault: no message: $(cat "$tmp/err")"
[ "$(csv_column "$tmp/bad.csv" verified)" = 0 ] || fail "--inject-fault: the row is not marked unverified"
exit 0
