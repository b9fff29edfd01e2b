# rfl_dense's GPU methods on a GPU (skips, 77, without CUDA or a GPU): cuSOLVER's three
# factorizations, the blocked LU, Cholesky and QR with their panels on the CPU (hybrid) and on the
# GPU (gpu_panel), LU and Cholesky by halves (recursive), in FP64 and FP32 at small sizes, each verified by its backward error, beside cuBLAS's GEMM at each n
# (verified, the rows' reference); the hybrid's time split; a corrupted factor exits 3. Shapes
# and contracts only, never rates.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_DENSE=$top_builddir/rfl_dense
require_program "$RFL_DENSE"
require_gpu "$RFL_GPU_FLOPS"
out=$tmp/dense.csv
"$RFL_DENSE" --sizes 256,1000 --block 64 -m cusolver,hybrid,gpu_panel,recursive --experiments 2 -o "$out" 2>"$tmp/err" ||
    fail "rfl_dense: exit $?: $(cat "$tmp/err")"
check_header "$out" dense dense.csv
check_verified "$out"
# ((cusolver, hybrid, gpu_panel) x 3 factorizations + recursive x LU and Cholesky + cuBLAS's GEMM
# reference) x 2 precisions x 2 sizes (no host GEMM: lapack did not run)
[ "$(csv_count "$out" 1)" = 48 ] || fail "$(csv_count "$out" 1) rows, expected 48"
[ "$(csv_count "$out" '$col["method"] == "recursive" && $col["factorization"] == "qr"')" = 0 ] || fail "a recursive QR row"
[ "$(csv_count "$out" '$col["factorization"] == "gemm" && $col["method"] == "cublas" && $col["verified"] == 1')" = 4 ] ||
    fail "not 4 verified cuBLAS GEMM rows"
# each factorization row's reference is the GEMM row of its precision and n
awk -F, 'NR > 1 && $3 == "gemm" { g[$5 "," $6] = $14 } NR > 1 && $3 != "gemm" && $16 != g[$5 "," $6] { print $3, $4, $5, $6 }' \
    "$out" >"$tmp/unlinked"
[ ! -s "$tmp/unlinked" ] || fail "rows whose gemm_gflops_per_s is not their GEMM row's: $(cat "$tmp/unlinked")"
[ "$(csv_count "$out" '$col["device"] !~ /^gpu[0-9]+$/')" = 0 ] || fail "a row not on gpuN"
[ "$(csv_count "$out" '$col["method"] == "hybrid" && !($col["panel_s"] > 0 && $col["update_s"] >= 0 && $col["transfer_s"] > 0)')" = 0 ] ||
    fail "a hybrid row without its time split"
[ "$(csv_count "$out" '$col["method"] == "hybrid" && $col["block"] != 64')" = 0 ] || fail "a hybrid row without block 64"
[ "$(csv_count "$out" '($col["method"] == "gpu_panel" || $col["method"] == "recursive") && !($col["panel_s"] > 0 && $col["update_s"] > 0 && $col["transfer_s"] == 0)')" = 0 ] ||
    fail "a gpu_panel or recursive row without its GPU time split"
[ "$(csv_count "$out" '$col["method"] == "recursive" && !($col["panel_s"] + $col["update_s"] <= $col["time_max_s"] * 1.05)')" = 0 ] ||
    fail "a recursive row (one stream) whose parts exceed its time"
# An LU whose interchanges span more than one chunk of the row-swap kernel (1024 pivots: the
# recursion's first half of 2500 has 1280), and a panel width that does not divide n.
"$RFL_DENSE" --sizes 2500 -f lu -m recursive,gpu_panel -p fp64 --block 96 --experiments 1 -o "$tmp/wide.csv" \
    2>"$tmp/err" || fail "rfl_dense -n 2500 -f lu: exit $?: $(cat "$tmp/err")"
check_verified "$tmp/wide.csv"
[ "$(csv_count "$tmp/wide.csv" '$col["factorization"] == "lu"')" = 2 ] || fail "not 2 LU rows at n = 2500"
# The tuning's other paths (rfl_dense --help): gpu_panel's TRSMs not inverted, recursive's inverted
# by blocks of 32, Cholesky's SYRK split into
# GEMMs, the LU panel by halves to leaves of rfl's one-kernel panel (16 and, for recursive, 32
# columns, at an n whose leaves do not divide it), the updates' cuBLAS aimed at fewer SMs, the
# side stream at the default priority; each verified, each value in the sidecar.
RFL_DENSE_INVERSE=0 RFL_DENSE_SYRK_LEAF=128 RFL_DENSE_LU_PANEL_LEAF=16 RFL_DENSE_SM_RESERVE=8 RFL_DENSE_SIDE_PRIORITY=0 \
    RFL_DENSE_TRSM_LEAF=32 "$RFL_DENSE" --sizes 1000 -m gpu_panel,recursive -p fp64,fp32 --block 64 --experiments 1 \
    -o "$tmp/tuned.csv" 2>"$tmp/err" ||
    fail "rfl_dense with the tuning changed: exit $?: $(cat "$tmp/err")"
check_verified "$tmp/tuned.csv"
[ "$(csv_count "$tmp/tuned.csv" '$col["method"] == "gpu_panel"')" = 6 ] || fail "not 6 gpu_panel rows with the tuning changed"
[ "$(csv_count "$tmp/tuned.csv" '$col["method"] == "recursive"')" = 4 ] || fail "not 4 recursive rows with the tuning changed"
for kv in '"inverse": 0' '"trsm_leaf": 32' '"syrk_leaf": 128' '"lu_panel_leaf": 16' '"sm_reserve": 8' '"side_priority": 0'; do
    grep -q "$kv" "$tmp/tuned.json" || fail "the sidecar lacks $kv: $(grep -o '"gpu_tuning"[^}]*' "$tmp/tuned.json")"
done
"$RFL_DENSE" --sizes 1000,1100 -f lu -m recursive -p fp64,fp32 --block 32 --experiments 1 -o "$tmp/leaf.csv" \
    2>"$tmp/err" || fail "rfl_dense -m recursive -b 32: exit $?: $(cat "$tmp/err")"
check_verified "$tmp/leaf.csv"
[ "$(csv_count "$tmp/leaf.csv" '$col["method"] == "recursive"')" = 4 ] || fail "not 4 recursive LU rows at leaf 32"
# Without --block: 512 for gpu_panel (its QR 1024 up to 8192), recursive's leaf n/4 within
# [4096, n/2] (n/2 here), its Cholesky's diagonal blocks of 512 inverted (the sidecar's trsm_leaf).
"$RFL_DENSE" --sizes 2048,4096 -f cholesky,qr -m recursive,gpu_panel -p fp64 --experiments 1 -o "$tmp/auto.csv" \
    2>"$tmp/err" || fail "rfl_dense without --block: exit $?: $(cat "$tmp/err")"
check_verified "$tmp/auto.csv"
grep -q '"trsm_leaf": 512' "$tmp/auto.json" || fail "trsm_leaf's default is not 512 in $tmp/auto.json"
[ "$(csv_count "$tmp/auto.csv" '($col["method"] == "gpu_panel" && $col["block"] == ($col["factorization"] == "qr" ? 1024 : 512)) || ($col["method"] == "recursive" && $col["block"] == $col["n"] / 2)')" = 6 ] ||
    fail "blocks without --block: $(cut -d, -f4,6,7 "$tmp/auto.csv" | tr '\n' ' ')"
"$RFL_DENSE" --sizes 256 -f lu -m hybrid -p fp64 --experiments 1 --inject-fault -o "$tmp/bad.csv" 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] || fail "--inject-fault: exit $rc, expected 3: $(cat "$tmp/err")"
exit 0
