# The gpu_link step of rfl run: skipped, with its reason, where fewer than
# 2 GPUs are visible (RFL_GPU_COUNT stands for the device count in tests);
# with 2 (the CUDA stand-in's) it runs in one process, without mpiexec, and
# its files give the gpu_link roofs, the matrix chart and the report's GPU
# links section.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

FAKE=$top_builddir/tests/gpu_fake_link
require_program "$RFL" "$RFL_BANDWIDTH"
require_cuda_program "$FAKE"
export GNUPLOT=/nonexistent/gnuplot
bin=$tmp/bin
mkdir "$bin" && ln -s "$FAKE" "$bin/rfl_gpu_link" && ln -s "$RFL_BANDWIDTH" "$bin/rfl_bandwidth" ||
    hard_error "cannot make $bin"
# (A short bandwidth step beside it: a run where no program ran is an error.)
cat >"$tmp/link.conf" <<'EOC'
programs = bandwidth, gpu_link
mode = quick
bandwidth.quick_args = --quick --wss 16K:1M --min-time 0.0002 --experiments 2 -k sum -p fp64 --threads 1
gpu_link.quick_args = --quick --sizes 4:64K --min-time 0.0001 --experiments 2
EOC

# One GPU: skipped, saying why; nothing of it in the run directory.
RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=1 RFL_GPU_COUNT=1 RFL_FAKE_DEVICES=1 \
    expect_exit 0 "1 GPU" "$RFL" run --config "$tmp/link.conf" --output "$tmp/one"
grep -q 'gpu_link: skipped (needs 2 or more GPUs, 1 visible here)' "$tmp/err" || fail "1 GPU: $(cat "$tmp/err")"
[ ! -e "$tmp/one/gpu_link.csv" ] && [ ! -e "$tmp/one/.steps/gpu_link.done" ] || fail "1 GPU: the step ran"
if have_python3; then
    [ "$(json_eval "$tmp/one/run.json" '[(s["step"], s["status"], s.get("reason")) for s in d["steps"] if s["step"] == "gpu_link"]')" = \
        "[('gpu_link', 'skipped', 'needs 2 or more GPUs, 1 visible here')]" ] ||
        fail "1 GPU: run.json: $(json_eval "$tmp/one/run.json" 'd["steps"]')"
fi

# Two GPUs: the step runs (one process, its share of the budget), and its roofs, chart and section follow.
RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=1 RFL_GPU_COUNT=2 RFL_FAKE_DEVICES=2 \
    expect_exit 0 "2 GPUs" "$RFL" run --config "$tmp/link.conf" --output "$tmp/two"
run=$tmp/two
grep -q 'gpu_link (budget [0-9]* s.*rfl_gpu_link --quick --sizes 4:64K .*--time-budget [0-9.]* -o gpu_link.csv$' "$tmp/err" ||
    fail "2 GPUs: the step's command: $(grep gpu_link "$tmp/err")"
grep -q 'mpiexec' "$tmp/err" && fail "2 GPUs: run under mpiexec"
for f in gpu_link.csv gpu_link_fit.csv gpu_link.json .steps/gpu_link.done ceilings.csv gpu_link.gp report.md; do
    [ -s "$run/$f" ] || fail "2 GPUs: no $f"
done
check_verified "$run/gpu_link.csv"
[ "$(csv_count "$run/ceilings.csv" '$col["device"] == "gpu_link"')" -eq 5 ] &&
    [ "$(csv_count "$run/ceilings.csv" '$col["device"] == "gpu_link" && $col["name"] == "median over pairs"')" -eq 1 ] ||
    fail "2 GPUs: expected the roofs 0 -> 1, 1 -> 0, 0 <-> 1, min and median over pairs: $(cat "$run/ceilings.csv")"
grep -q "^## GPU links" "$run/report.md" && grep -q "^| GPU 0 | - | " "$run/report.md" ||
    fail "2 GPUs: the report's GPU links section: $(grep -A8 'GPU links' "$run/report.md")"

# With --ranks 2 (one rank per GPU for the other GPU programs) it still runs in one process:
# under the launcher each rank would be a second rfl_gpu_link, which refuses (exit 2).
RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=1 RFL_GPU_COUNT=2 RFL_FAKE_DEVICES=2 \
    expect_exit 0 "2 GPUs, 2 ranks" "$RFL" run --config "$tmp/link.conf" --ranks 2 --output "$tmp/ranks"
grep 'gpu_link (budget' "$tmp/err" | grep -q 'mpiexec\|srun' && fail "2 ranks: rfl_gpu_link run under the launcher: $(grep gpu_link "$tmp/err")"
[ -s "$tmp/ranks/.steps/gpu_link.done" ] || fail "2 ranks: the gpu_link step did not finish: $(grep gpu_link "$tmp/err")"
exit 0
