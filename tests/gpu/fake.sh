# The GPU programs' host code without a GPU: tests/gpu_fake_* are the three
# programs linked against a test double of the CUDA runtime and kernels
# (gpu/fake_cuda.c, PROGRAM/fake_kernels.c), and the GPU tests run against them: sweeps,
# calibration, verification (and its failures), CSV, sidecars, evidence and
# MPI, everything but the kernels themselves.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_GPU_BANDWIDTH=$top_builddir/tests/gpu_fake_bandwidth
RFL_GPU_FLOPS=$top_builddir/tests/gpu_fake_flops
RFL_GPU_MICRO=$top_builddir/tests/gpu_fake_micro
require_cuda_program "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS" "$RFL_GPU_MICRO"
export RFL_GPU_BANDWIDTH RFL_GPU_FLOPS RFL_GPU_MICRO

ran=0
for t in gpu/cli gpu_bandwidth/gpu gpu_flops/gpu gpu_micro/gpu gpu/mpi; do
    log=$tmp/$(echo "$t" | tr / -).log
    "${SHELL:-sh}" "$top_srcdir/tests/$t.sh" >"$log" 2>&1
    rc=$?
    case $rc in
    0) ran=$((ran + 1)) ;;
    77) note "$t skipped: $(grep '^SKIP' "$log" | head -n 1)" ;;
    *) fail "$t against the test double: exit $rc:
$(tail -n 20 "$log")" ;;
    esac
done
[ $ran -ge 4 ] || fail "only $ran of the GPU tests ran against the test double"
# No device: the programs say so and exit 1, and the GPU tests skip.
RFL_FAKE_DEVICES=0 "$RFL_GPU_BANDWIDTH" --list-devices >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "no CUDA device" "$tmp/err" || fail "no device: exit $rc: $(cat "$tmp/err")"
RFL_FAKE_DEVICES=0 "${SHELL:-sh}" "$top_srcdir/tests/gpu_flops/gpu.sh" >"$tmp/skip.log" 2>&1
rc=$?
[ $rc -eq 77 ] || fail "no device: gpu_flops/gpu.sh exit $rc, expected 77 (skip)"
exit 0
