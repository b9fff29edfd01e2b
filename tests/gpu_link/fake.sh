# rfl_gpu_link's host code against the CUDA stand-in (gpu/fake_cuda.c),
# which fakes 2 (or RFL_FAKE_DEVICES) devices with peer access (none with
# RFL_FAKE_NO_PEER=1): every ordered pair measured, verified CSV and fits,
# the sidecar; without peer access the host-staged copy instead of the
# peer kernel; a wrong byte is exit 3 with no row written; fewer than 2
# GPUs is one line and exit 77 with no file; --time-budget cuts points and
# says so; a run under several MPI ranks is refused.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

FAKE=$top_builddir/tests/gpu_fake_link
require_cuda_program "$FAKE"
unset RFL_FAKE_NO_PEER RFL_FAKE_MALLOC_MAX
small="--sizes 4:64K --min-time 0.0001 --experiments 2"

# Two devices with peer access: 0->1 and 1->0 one way, both ways once, by cudaMemcpyPeer and the kernel.
mkdir "$tmp/two" || hard_error mkdir
RFL_FAKE_DEVICES=2 expect_exit 0 "2 devices" "$FAKE" $small -o "$tmp/two/gpu_link.csv"
c=$tmp/two/gpu_link.csv
f=$tmp/two/gpu_link_fit.csv
check_header "$c" gpu "### gpu_link.csv"
check_header "$f" gpu "### gpu_link_fit.csv"
check_verified "$c"
check_verified "$f"
check_positive "$c" time_min_s time_median_s gbytes_per_s bytes repeats
[ "$(csv_rows "$c" | wc -l)" -eq 90 ] || fail "2 devices: $(csv_rows "$c" | wc -l) rows, expected 6 series x 15 sizes"
[ "$(csv_rows "$f" | wc -l)" -eq 6 ] || fail "2 devices: $(csv_rows "$f" | wc -l) fit rows, expected 6: $(cat "$f")"
for s in "0 1 uni memcpy_peer" "1 0 uni memcpy_peer" "0 1 bidir memcpy_peer" "0 1 uni peer_kernel" \
    "1 0 uni peer_kernel" "0 1 bidir peer_kernel"; do
    set -- $s
    [ "$(csv_count "$f" '$col["src_device"] == '$1' && $col["dst_device"] == '$2' && $col["direction"] == "'$3'" &&
        $col["method"] == "'$4'" && $col["peer_access"] == 1 && $col["points"] == 15 && $col["bytes_min"] == 4 &&
        $col["bytes_max"] == 65536')" -eq 1 ] || fail "2 devices: no fit row for $s: $(cat "$f")"
done
[ "$(csv_count "$c" '$col["method"] == "host_staged"')" -eq 0 ] || fail "host-staged rows despite peer access"
grep -q "evidence: GPU 0 -> GPU 1, memcpy_peer: T = " "$tmp/err" && grep -q "GPU 0 <-> GPU 1, peer_kernel" "$tmp/err" ||
    fail "2 devices: no evidence lines: $(cat "$tmp/err")"
grep -q "90 rows in " "$tmp/err" || fail "2 devices: no closing line: $(tail -n 3 "$tmp/err")"
check_sidecar "$tmp/two/gpu_link.json" rfl_gpu_link devices peer_access bytes links budget gpus min_time_s experiments
if have_python3; then
    [ "$(json_eval "$tmp/two/gpu_link.json" '[(p["src"], p["dst"], p["possible"], p["enabled"]) for p in d["peer_access"]]')" = \
        "[(0, 1, True, True), (1, 0, True, True)]" ] || fail "sidecar peer_access: $(json_eval "$tmp/two/gpu_link.json" 'd["peer_access"]')"
    [ "$(json_eval "$tmp/two/gpu_link.json" 'len(d["devices"])')" = 2 ] || fail "sidecar: not 2 devices"
fi

# No peer access: cudaMemcpyPeer (staged by the driver) and the host-staged copy, no kernel; reported as such.
mkdir "$tmp/nopeer" || hard_error mkdir
RFL_FAKE_DEVICES=2 RFL_FAKE_NO_PEER=1 expect_exit 0 "no peer access" "$FAKE" $small -o "$tmp/nopeer/gpu_link.csv"
f=$tmp/nopeer/gpu_link_fit.csv
check_verified "$tmp/nopeer/gpu_link.csv"
[ "$(csv_count "$f" '$col["method"] == "peer_kernel"')" -eq 0 ] || fail "no peer access: a peer kernel was run"
[ "$(csv_count "$f" '$col["method"] == "host_staged" && $col["direction"] == "uni"')" -eq 2 ] ||
    fail "no peer access: not 2 host-staged series: $(cat "$f")"
[ "$(csv_count "$f" '$col["peer_access"] != 0')" -eq 0 ] || fail "no peer access: peer_access set: $(cat "$f")"
grep -q "(no peer access)" "$tmp/err" || fail "no peer access: not said: $(cat "$tmp/err")"

# Three devices: every ordered pair (6) one way, every pair (3) both ways.
mkdir "$tmp/three" || hard_error mkdir
RFL_FAKE_DEVICES=3 expect_exit 0 "3 devices" "$FAKE" --sizes 1K:4K --min-time 0.0001 --experiments 2 \
    -o "$tmp/three/gpu_link.csv"
f=$tmp/three/gpu_link_fit.csv
[ "$(csv_count "$f" '$col["method"] == "memcpy_peer" && $col["direction"] == "uni"')" -eq 6 ] &&
    [ "$(csv_count "$f" '$col["method"] == "memcpy_peer" && $col["direction"] == "bidir" && $col["src_device"] < $col["dst_device"]')" -eq 3 ] ||
    fail "3 devices: $(cat "$f")"

# A wrong byte where a copy arrived: exit 3, one line naming the pair, no row, the sidecar says so.
mkdir "$tmp/fault" || hard_error mkdir
RFL_FAKE_DEVICES=2 expect_exit 3 "--inject-fault" "$FAKE" $small --inject-fault -o "$tmp/fault/gpu_link.csv"
[ "$(grep -c 'verification failed: GPU 0 -> GPU 1, memcpy_peer uni, 4 bytes: 1 wrong bytes arrived' "$tmp/err")" -eq 1 ] ||
    fail "--inject-fault: $(cat "$tmp/err")"
[ "$(csv_rows "$tmp/fault/gpu_link.csv" | wc -l)" -eq 0 ] || fail "--inject-fault: an unverified row was written"
if have_python3; then
    [ "$(json_eval "$tmp/fault/gpu_link.json" 'd["status"]')" = verification_failed ] || fail "--inject-fault: sidecar status"
fi

# Fewer than 2 GPUs: one line, exit 77 (skipped), no file.
EXPECT_PROGRAM=$FAKE
RFL_FAKE_DEVICES=1 expect_error 77 "needs 2 or more GPUs, this process sees 1" -- $small
RFL_FAKE_DEVICES=0 expect_error 77 "needs 2 or more GPUs, this process sees 0" -- $small

# A tiny budget: the run ends, keeps the one-way copies first, and the sidecar says what it cut.
mkdir "$tmp/budget" || hard_error mkdir
RFL_FAKE_DEVICES=2 expect_exit 0 "--time-budget" "$FAKE" --sizes 4:64K --time-budget 0.1 -o "$tmp/budget/gpu_link.csv"
check_verified "$tmp/budget/gpu_link.csv"
[ "$(csv_count "$tmp/budget/gpu_link.csv" '$col["method"] == "memcpy_peer" && $col["direction"] == "uni"')" -ge 1 ] ||
    fail "--time-budget: no one-way copy kept"
if have_python3; then
    [ "$(json_eval "$tmp/budget/gpu_link.json" 'd["budget"]["points_cut"] > 0 and d["budget"]["time_budget_s"] == 0.1')" = True ] ||
        fail "--time-budget: $(json_eval "$tmp/budget/gpu_link.json" 'd["budget"]')"
fi

# Under several MPI ranks: refused in one line (it drives every GPU from one process).
if build_has_mpi && [ -n "${MPIEXEC:-}" ]; then
    mkdir "$tmp/mpi" || hard_error mkdir
    RFL_FAKE_DEVICES=2 expect_exit 2 "2 ranks" run_mpi 2 "$FAKE" $small -o "$tmp/mpi/gpu_link.csv"
    grep -q "runs in one process" "$tmp/err" || fail "2 ranks: $(cat "$tmp/err")"
    [ -z "$(ls -A "$tmp/mpi")" ] || fail "2 ranks: wrote $(ls -A "$tmp/mpi")"
fi
exit 0
