#!/usr/bin/env bash
# Issue 27's profile evidence on the device machine: rfl run --quick's GPU roofs, then rfl
# profile of a small PyTorch workload (tests/device/torch_mix.py: GEMMs in FP32, TF32, BF16 and
# FP16 at two shapes, element-wise operations, a softmax) recorded with the command rfl profile
# --help prints. Every kernel must sit under its roof: the report flags one above it.
# Usage (repository root, device machine; carry .devdeps): bash tests/device/profile27.sh
# Results in $OUT (or /tmp/rfl-profile27): summary.txt, profile.csv, the chart, the report.
set -uo pipefail
. tests/device/env.sh
results profile27
[ -x "$build/rfl" ] || bash tests/device/gpu.sh build >"$res/build.log" 2>&1 || { tail -20 "$res/build.log"; exit 1; }
rfl=$build/rfl
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
say "$("$ncu" --version | tail -n 1); $(nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader)"
run=$res/run
timeout 260 "$rfl" run --quick --budget 150 -p gpu_bandwidth,gpu_flops,gemm -o "$run" >"$res/run.log" 2>&1
say "rfl run --quick: exit $? in $SECONDS s"
say "roofs: $(awk -F, 'NR > 1 && $1 ~ /^gpu/ { printf "%s %.0f; ", $3, $4 }' "$run/ceilings.csv")"
keep=$(ncu_metrics "$rfl" "$ncu")
timeout 200 "$ncu" --csv --page raw --target-processes all --clock-control none --metrics "$keep" \
    python3 "$(pwd)/tests/device/torch_mix.py" >"$res/ncu-torch.csv" 2>"$res/ncu-torch.log"
say "ncu torch_mix: exit $?"
"$rfl" profile --run "$run" --ncu-csv "$res/ncu-torch.csv" >"$res/profile.out" 2>"$res/profile.log"
say "rfl profile --ncu-csv: exit $?"
tee -a "$summary" <"$res/profile.out" | head -60
grep -i "warning\|above\|too low\|missing" "$res/profile.log" | head -20 | tee -a "$summary"
"$rfl" report "$run" >/dev/null 2>&1
grep -i "too low\|above its roof" "$run/report.md" | head -20 | tee -a "$summary"
cp "$run/profile.csv" "$run/ceilings.csv" "$run/report.md" "$out/" 2>/dev/null
# the run directory (no gnuplot here): rfl plot renders its charts where gnuplot is
tar czf "$out/run.tgz" -C "$res" run 2>/dev/null
exit 0
