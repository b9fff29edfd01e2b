# rfl run with GPU programs, on any machine: stand-ins of the GPU programs
# (shell scripts that write the synthetic GPU files of tests/data/driver/gpu
# the way the real ones do: gpu_micro's -o PREFIX, gemm's companions) run
# beside the real CPU programs, with RFL_GPU_PRESENT=1. Every output lands in
# the run directory; a GPU program that fails (exit 1, exit 3) leaves nothing
# half-written and costs no CPU result: ceilings, charts and report are made
# from what the others measured, and rfl run exits with the first failure.
# RFL_GPU_PRESENT=0 skips the GPU programs.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
export GNUPLOT=/nonexistent/gnuplot # charts are driver/gpu_png.sh's business

bin=$tmp/bin
mkdir "$bin" || hard_error "mkdir"
for p in rfl_bandwidth rfl_flops; do
    [ -x "$top_builddir/$p" ] && ln -s "$top_builddir/$p" "$bin/$p"
done
host=$(hostname)
# A stand-in: copies the golden files named by its -o argument, with this
# host in the sidecars (one run directory holds one machine).
cat >"$bin/standin" <<EOS
#!/bin/sh
prog=\${0##*/}
out=
while [ \$# -gt 0 ]; do
    case \$1 in -o) out=\$2; shift ;; esac
    shift
done
copy() { cp "$gpu_golden/\$1" "\$2" || exit 1; }
side() { sed 's/"host": "golden"/"host": "$host"/' "$gpu_golden/\$1" >"\$2" || exit 1; }
case \$prog in
rfl_gpu_flops) side gpu_flops.json "\${out%.csv}.json"; copy gpu_flops.csv "\$out" ;;
rfl_gpu_micro)
    for m in launch transfer transfer_fit chase pipeline stride barrier; do
        side gpu_micro_\$m.json "\${out}_\$m.json"; copy gpu_micro_\$m.csv "\${out}_\$m.csv"
    done ;;
rfl_gemm)
    side gemm.json "\${out%.csv}.json"; copy gemm.csv "\$out"
    copy gemm_mix.csv "\${out%.csv}_mix.csv"; copy gemm_model.csv "\${out%.csv}_model.csv" ;;
rfl_gpu_bandwidth) echo partial >"\$out"; echo "\$prog: failed on purpose" >&2; exit 1 ;;
rfl_unified_memory) echo partial >"\$out"; echo "\$prog: a result did not verify" >&2; exit 3 ;;
esac
echo "\$prog: wrote \$out" >&2
exit 0
EOS
chmod +x "$bin/standin" || hard_error "chmod"
for p in rfl_gpu_bandwidth rfl_gpu_flops rfl_gpu_micro rfl_unified_memory rfl_gemm; do
    ln -s standin "$bin/$p" || hard_error "ln"
done
cat >"$tmp/gpu.conf" <<'EOC'
programs = all
mode = quick
bandwidth.quick_args = --quick --wss 16K:4M --min-time 0.0002 --experiments 2 -k sum,triad -p fp64
flops.quick_args = --quick --fpe 1,16,256 --min-time 0.0002 --experiments 2 -p fp64 -u 4
EOC

run=$tmp/run
RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=1 "$RFL" run --config "$tmp/gpu.conf" --output "$run" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "a GPU program failed: exit $rc, expected 1 (the first failure): $(tail -n 20 "$tmp/err")"
grep -q 'gpu_bandwidth: rfl_gpu_bandwidth exited with status 1' "$tmp/err" || fail "no message for the failure"
grep -q 'unified_memory: rfl_unified_memory exited with status 3 (a result did not verify' "$tmp/err" ||
    fail "no message for the verification failure: $(cat "$tmp/err")"
for f in bandwidth.csv bandwidth.json gpu_flops.csv gpu_flops.json gemm.csv gemm.json gemm_mix.csv gemm_model.csv \
    gpu_micro_launch.csv gpu_micro_launch.json gpu_micro_transfer.csv gpu_micro_transfer_fit.csv \
    gpu_micro_transfer_fit.json gpu_micro_chase.csv gpu_micro_pipeline.csv gpu_micro_stride.csv \
    gpu_micro_barrier.csv ceilings.csv roofline.json roofline.gp roofline-gpu0.gp gpu_flops.gp gemm.gp \
    gpu_latency.gp gpu_transfer.gp report.md report.html .steps/gpu_micro.done .steps/gemm.done .steps/report.done; do
    [ -s "$run/$f" ] || fail "rfl run left no $f"
done
for f in gpu_bandwidth.csv unified_memory.csv .steps/gpu_bandwidth.done .steps/unified_memory.done gpu_micro.csv; do
    [ ! -e "$run/$f" ] || fail "rfl run left $f"
done
ls "$run" | grep -q 'csv_' && fail "an output named after '-o FILE.csv' with a suffix: $(ls "$run")"
ls -a "$run" | grep -q '^\.partial$' && fail "the run left its .partial directory"
grep -q '^cpu,bandwidth,L1,' "$run/ceilings.csv" || fail "the CPU ceilings are lost: $(cat "$run/ceilings.csv")"
grep -q '^gpu0,compute,fp64,' "$run/ceilings.csv" || fail "no GPU fp64 ceiling"
grep -q '^gpu0,bandwidth,host link h2d,' "$run/ceilings.csv" || fail "no host link ceiling"
grep -q '^gpu0,compute,fp16 tensor,' "$run/ceilings.csv" || fail "no tensor ceiling"
grep -q '^## GPU: ' "$run/report.md" || fail "report.md has no GPU section"
grep -q '| gpu_bandwidth | failed |' "$run/report.md" || fail "report.md does not show the failed step"
# (network: skipped, it needs rfl run --ranks 2 or more; gpu_link and dense: not built in the stand-ins' folder.)
if have_python3; then
    [ "$(json_eval "$run/run.json" '[s["status"] for s in d["steps"]]')" = \
        "['done', 'done', 'failed', 'done', 'done', 'failed', 'done', 'skipped', 'skipped', 'skipped', 'done', 'done', 'done']" ] ||
        fail "run.json steps: $(json_eval "$run/run.json" '[s["status"] for s in d["steps"]]')"
fi
# Resume: the failed GPU steps run again (and fail again), the rest is kept.
RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=1 "$RFL" run --resume "$run" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "resume: exit $rc, expected 1"
grep -q 'gpu_micro: done earlier' "$tmp/err" || fail "resume redid gpu_micro: $(cat "$tmp/err")"
grep -q 'gemm: done earlier' "$tmp/err" || fail "resume redid gemm"
grep -q 'gpu_bandwidth: .*rfl_gpu_bandwidth' "$tmp/err" || fail "resume did not retry gpu_bandwidth"

# No GPU: the GPU programs are skipped, the run succeeds on the CPU's.
run2=$tmp/run2
RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=0 "$RFL" run --config "$tmp/gpu.conf" --output "$run2" >/dev/null 2>"$tmp/err" ||
    fail "no GPU: exit $?: $(tail -n 5 "$tmp/err")"
grep -q 'gpu_flops: skipped (no NVIDIA GPU here)' "$tmp/err" || fail "no skip message: $(cat "$tmp/err")"
[ ! -e "$run2/gemm.csv" ] || fail "a GPU program ran without a GPU"
grep -q '^gpu0' "$run2/ceilings.csv" && fail "GPU ceilings without a GPU"
exit 0
