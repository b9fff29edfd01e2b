#!/usr/bin/env bash
# Issue 18's evidence on a device machine with 2 or more GPUs (nvidia-h200-x2 ...), one section
# per part:
#   ranks: rfl run --quick -p gpu_bandwidth,gpu_flops on one GPU (CUDA_VISIBLE_DEVICES=0), then
#         rfl run --quick --ranks 2 -p gpu_bandwidth,gpu_flops,gpu_link on both (one rank per GPU):
#         each GPU's ceilings (members gpu0, gpu1), the GPUs together (device gpus) and the link
#         roofs; run directories under $OUT/ranks-one, $OUT/ranks-two.
#   all:  every GPU program under rfl run --quick: on one GPU (CUDA_VISIBLE_DEVICES=0, no
#         gpu_link), then --ranks 2 on both: the members of every GPU ceiling (bandwidth, CUDA-core
#         compute, tensor roofs, host links), the GPUs together, and per-GPU and node rooflines
#         (the .gp scripts; render them with rfl plot where gnuplot is); run directories under
#         $OUT/all-one, $OUT/all-two.
#   link: the GPU topology (nvidia-smi topo -m), rfl_gpu_link --full (every ordered pair: peer
#         access, cudaMemcpyPeer one way and both ways, the peer-reading kernel), its matrix
#         through rfl ceilings, plot and report, compute-sanitizer memcheck on a small run, and
#         make check's gpu_link tests there. Results: $OUT/summary.txt, gpu_link.csv,
#         gpu_link_fit.csv, gpu_link.json, ceilings.csv, gpu_link.png, report.md (or /tmp/rfl-multi-gpu).
# Usage (repository root, device machine): bash tests/device/multi_gpu.sh [SECTIONS]  (default: all)
set -uo pipefail
. tests/device/env.sh
sections=${1:-ranks,link}
res=${OUT:-/tmp/rfl-multi-gpu}
mkdir -p "$res"
has() { case ",$sections," in *,"$1",*) return 0 ;; esac; return 1; }
say() { echo "$*" | tee -a "$res/summary.txt"; }
[ -x "$build/rfl_gpu_link" ] || bash tests/device/gpu.sh build >"$res/build.log" 2>&1 || { tail -n 20 "$res/build.log"; exit 1; }
say "$(nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tr '\n' ';') $(nproc) CPUs"

if has link; then
    nvidia-smi topo -m >"$res/topo.txt" 2>&1
    say "nvidia-smi topo -m:"
    sed -n '1,12p' "$res/topo.txt" | tee -a "$res/summary.txt"
    work=/tmp/rfl-multi-gpu-link
    rm -rf "$work" && mkdir -p "$work"
    t0=$SECONDS
    "$build/rfl_gpu_link" --full -o "$work/gpu_link.csv" 2>"$work/gpu_link.log"
    rc=$?
    say "rfl_gpu_link --full: exit $rc, $((SECONDS - t0)) s (77: fewer than 2 GPUs)"
    grep -E 'evidence|peer|error' "$work/gpu_link.log" | tee -a "$res/summary.txt"
    if [ $rc -eq 0 ]; then
        "$build/rfl" ceilings "$work" >"$work/ceilings.log" 2>&1
        "$build/rfl" plot "$work" >>"$work/ceilings.log" 2>&1
        "$build/rfl" report "$work" >>"$work/ceilings.log" 2>&1
        say "rfl ceilings/plot/report: $(grep -c '' "$work/ceilings.log") lines of log"
        grep '^gpu_link,' "$work/ceilings.csv" | cut -d, -f3,4,7,13 | tee -a "$res/summary.txt"
        sed -n '/^## GPU links/,/^## /p' "$work/report.md" | grep '^|' | tee -a "$res/summary.txt"
        for f in gpu_link.csv gpu_link_fit.csv gpu_link.json ceilings.csv gpu_link.png report.md; do
            [ -e "$work/$f" ] && cp "$work/$f" "$res/"
        done
    fi
    compute-sanitizer --tool memcheck --error-exitcode 9 "$build/rfl_gpu_link" --sizes 4:1M --min-time 0.0005 \
        --experiments 2 -o /tmp/gpu_link-memcheck.csv >"$res/memcheck.log" 2>&1
    say "compute-sanitizer memcheck: exit $? ($(grep -c 'ERROR SUMMARY: 0 errors' "$res/memcheck.log") clean summaries)"
    (cd "$build" && make check TESTS='tests/gpu_link/cli.sh tests/gpu_link/fake.sh tests/gpu_link/ceilings.sh tests/gpu_link/driver.sh' 2>&1 |
        grep -E '^(PASS|FAIL|SKIP|ERROR)') | tee -a "$res/summary.txt"
fi

if has all; then
    progs=gpu_bandwidth,gpu_flops,gpu_micro,unified_memory,gemm,dense
    for n in one two; do
        work=/tmp/rfl-multi-gpu-all-$n
        rm -rf "$work"
        t0=$SECONDS
        if [ $n = one ]; then
            CUDA_VISIBLE_DEVICES=0 "$build/rfl" run --quick -p "$progs" -o "$work" >"$res/all-$n.log" 2>&1
        else
            "$build/rfl" run --quick --ranks 2 -p "$progs,gpu_link" -o "$work" >"$res/all-$n.log" 2>&1
        fi
        say "rfl run --quick, every GPU program ($n GPU): exit $?, $((SECONDS - t0)) s"
        grep -E '^gpu' "$work/ceilings.csv" | awk -F, '$2 == "bandwidth" || $2 == "compute"' |
            awk -F, -v OFS=, '{ print $1, $3, $4, $7, $(NF-3), $(NF-2), $(NF-1), $NF }' | tee -a "$res/summary.txt"
        python3 -c "
import json, sys
r = json.load(open('$work/run.json'))
for s in r.get('steps', []):
    print('  step %-15s %-10s %6.1f s  %s' % (s.get('step'), s.get('status'), s.get('elapsed_s') or 0, s.get('reason', '')))
" 2>/dev/null | tee -a "$res/summary.txt"
        mkdir -p "$res/all-$n"
        (cd "$work" && tar czf "$res/all-$n/run.tgz" --exclude='*.png' .)
    done
fi

if has ranks; then
    for n in one two; do
        work=/tmp/rfl-multi-gpu-$n
        rm -rf "$work"
        t0=$SECONDS
        if [ $n = one ]; then
            CUDA_VISIBLE_DEVICES=0 "$build/rfl" run --quick -p gpu_bandwidth,gpu_flops -o "$work" >"$res/ranks-$n.log" 2>&1
        else
            "$build/rfl" run --quick --ranks 2 -p gpu_bandwidth,gpu_flops,gpu_link -o "$work" >"$res/ranks-$n.log" 2>&1
        fi
        say "rfl run ($n GPU): exit $?, $((SECONDS - t0)) s"
        grep -E '^gpu' "$work/ceilings.csv" | awk -F, '$2 == "bandwidth" || $2 == "compute"' |
            awk -F, -v OFS=, '{ print $1, $3, $4, $7, $(NF-3), $(NF-2), $(NF-1), $NF }' | tee -a "$res/summary.txt"
        mkdir -p "$res/ranks-$n"
        for f in ceilings.csv run.json report.md roofline.json members.gp gpu_link.csv gpu_link_fit.csv gpu_bandwidth.csv gpu_flops.csv; do
            [ -e "$work/$f" ] && cp "$work/$f" "$res/ranks-$n/"
        done
    done
fi
