# rfl_dense on small matrices: every factorization x precision x size has a row, verified, its
# backward error under its bound, its GFLOP/s from the standard count and its time; each
# precision and size has its GEMM reference row (gemm, blas: the host's BLAS at n x n x n, 2n^3
# flops, its product verified), and each factorization row's gemm_gflops_per_s is that row's rate
# and its fraction_of_gemm its rate over it; the sidecar complete. --inject-fault corrupts a factor
# and the GEMM product after timing: exit 3, the rows kept with verified 0. Shapes and contracts
# only, never rates.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_DENSE=$top_builddir/rfl_dense
require_program "$RFL_DENSE"
out=$tmp/dense.csv
OPENBLAS_NUM_THREADS=1 "$RFL_DENSE" --sizes 64,128 -m lapack --experiments 2 -o "$out" 2>"$tmp/err" ||
    fail "rfl_dense: exit $?: $(cat "$tmp/err")"
check_header "$out" dense dense.csv
check_verified "$out"
check_sidecar "${out%.csv}.json" rfl_dense dense status
[ "$(csv_count "$out" 1)" = 16 ] ||
    fail "$(csv_count "$out" 1) rows, expected (3 factorizations + the GEMM) x 2 precisions x 2 sizes"
python3 - "$out" >"$tmp/py" <<'PY' || fail "rows: $(cat "$tmp/py")"
import csv, sys
bad = []
counts = {"lu": 2 / 3, "cholesky": 1 / 3, "qr": 4 / 3, "gemm": 2}
rows = list(csv.DictReader(open(sys.argv[1])))
gemm = {}
for r in rows:
    if r["factorization"] == "gemm":
        key = (r["precision"], r["n"])
        if key in gemm or (r["device"], r["method"]) != ("cpu", "blas") or r["gemm_gflops_per_s"] or r["fraction_of_gemm"]:
            bad.append("GEMM row %s: %s" % (key, r))
        gemm[key] = float(r["gflops_per_s"])
for r in rows:
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
    if r["factorization"] == "gemm":
        continue
    g = gemm.get((r["precision"], r["n"]))
    if g is None or abs(float(r["gemm_gflops_per_s"]) / g - 1) > 1e-6:
        bad.append("%s %s n=%d: gemm_gflops_per_s %s, not its GEMM row's %s" % (r["factorization"], r["precision"], n,
                                                                           r["gemm_gflops_per_s"], g))
    elif abs(float(r["fraction_of_gemm"]) - float(r["gflops_per_s"]) / g) > 1e-6 * float(r["fraction_of_gemm"]):
        bad.append("fraction_of_gemm of %s %s n=%d" % (r["factorization"], r["precision"], n))
if len(gemm) != 4:
    bad.append("%d GEMM rows, expected one per precision and size" % len(gemm))
if bad:
    print("; ".join(bad))
    sys.exit(1)
PY
# A corrupted factor and GEMM product: exit 3, both rows kept and marked.
OPENBLAS_NUM_THREADS=1 "$RFL_DENSE" --sizes 64 -f lu -p fp64 -m lapack --experiments 1 --inject-fault -o "$tmp/bad.csv" \
    2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] || fail "--inject-fault: exit $rc, expected 3: $(cat "$tmp/err")"
grep -q 'backward error .* above the bound' "$tmp/err" || fail "--inject-fault: no message: $(cat "$tmp/err")"
grep -q 'gemm blas fp64 n=64: scaled error .* of its product above the bound' "$tmp/err" ||
    fail "--inject-fault: no message on the GEMM: $(cat "$tmp/err")"
[ "$(csv_count "$tmp/bad.csv" '$col["verified"] == 0')" = 2 ] || fail "--inject-fault: the rows are not marked unverified"
[ "$(csv_count "$tmp/bad.csv" '$col["factorization"] == "gemm"')" = 1 ] || fail "--inject-fault: no GEMM row"
# a GEMM that failed its check sets no roof: the factorization's link to it is empty
[ "$(csv_count "$tmp/bad.csv" '$col["factorization"] == "lu" && $col["gemm_gflops_per_s"] == ""')" = 1 ] ||
    fail "--inject-fault: the LU row is held against a GEMM that failed its check"
exit 0
