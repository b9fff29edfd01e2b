#!/usr/bin/env bash
# GPU evidence on the device machine (H100 or H200; CUDA 13, Open MPI, hwloc; jansson and
# cmocka carried as unpacked .debs under $RFL_DEPS_PREFIX): bootstrap, configure with CUDA,
# build, make check (the GPU tests run there, not skip), the evidence sweep of each GPU
# program, compute-sanitizer memcheck on a small run of each, and a summary table last.
#
# Usage (from the repository root): bash tests/device/gpu.sh [STAGES]
#   STAGES: comma list of build,check,bandwidth,grid,l2,flops,micro,tlb,sanitize (default: all)
# Environment: RFL_DEPS_PREFIX (default $PWD/.devdeps/usr), RFL_CUDA_ARCH (default sm_90),
#   RFL_GPU_BUILD (build directory, default /tmp/rfl-build-gpu), OUT (the device tool's folder).
# Exit status: 1 when the build, make check or a memcheck failed (the summary says which), else 0.
# Results: CSV, JSON, logs and disassembly in docs/results/gpu-<host>/, or, when $OUT is set
# (the device tool returns at most 8 files), packed into $OUT/gpu-results.tgz beside
# $OUT/summary.txt and $OUT/run-all.log.
set -uo pipefail
stages=${1:-build,check,bandwidth,grid,l2,flops,micro,tlb,sanitize}
root=$(pwd)
host=$(hostname)
[ -f "$root/configure.ac" ] && [ -d "$root/gpu" ] || { echo "tests/device/gpu.sh: run it from the repository root" >&2; exit 2; }
if [ -n "${OUT:-}" ]; then
    res=/tmp/rfl-gpu-results
    rm -rf "$res"
else
    res=$root/docs/results/gpu-$host
fi
mkdir -p "$res"
summary=$res/summary.txt
: >"$summary"

P=${RFL_DEPS_PREFIX:-$root/.devdeps/usr}
export LD_LIBRARY_PATH="$P/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# NVLink multicast stays off on shared hosts (see the device notes); nothing here uses it.
export NCCL_NVLS_ENABLE=0
export PATH="$PATH:/usr/local/cuda/bin"
arch=${RFL_CUDA_ARCH:-sm_90}
build=${RFL_GPU_BUILD:-/tmp/rfl-build-gpu}
jobs=$(nproc)
has() { case ",$stages," in *,"$1",*) return 0 ;; esac; return 1; }
log() { printf '\n=== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
# measure NAME CMD...: CMD with its stdout in $res/NAME.out and its stderr in $res/NAME.log;
# says its exit status and wall time.
measure() { local name=$1 t0=$SECONDS; shift; "$@" >"$res/$name.out" 2>"$res/$name.log"; echo "exit $?, $((SECONDS - t0)) s"; }
t_start=$(date +%s)
bw=$build/rfl_gpu_bandwidth
fl=$build/rfl_gpu_flops
mi=$build/rfl_gpu_micro

main()
{
failed=0 # a failed build, make check or memcheck: the script's exit status
# ---------------------------------------------------------------------------
log "device"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
    --format=csv 2>&1 | tee "$res/nvidia-smi.csv"
nvidia-smi -q >"$res/nvidia-smi-q.txt" 2>&1
nvcc --version 2>&1 | tail -n 2
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)

# ---------------------------------------------------------------------------
build_ok=no
if has build; then
    log "build: autogen, configure --with-cuda --with-cuda-arch=$arch, make -j$jobs"
    # Without autotools on the machine, a configure generated elsewhere (carried) will do.
    if command -v autoreconf >/dev/null 2>&1; then
        ./autogen.sh >"$res/autogen.log" 2>&1 || { tail -n 20 "$res/autogen.log"; return 1; }
    elif [ ! -x ./configure ]; then
        echo "autoreconf is not installed and there is no ./configure: run ./autogen.sh elsewhere and carry" \
            "configure, Makefile.in, aclocal.m4, config.h.in and build-aux/"
        return 1
    fi
    if (rm -rf "$build" && mkdir -p "$build" && cd "$build" &&
        "$root/configure" -q --with-cuda --with-cuda-arch="$arch" CPPFLAGS="-I$P/include" \
            LDFLAGS="-L$P/lib/x86_64-linux-gnu" &&
        make -j"$jobs") >"$res/build.log" 2>&1; then
        build_ok=yes
        sed -n "/^rfl .* configured for/,/NVML/p" "$res/build.log"
        grep -i "warning" "$res/build.log" | head -n 10
    else
        failed=1
        tail -n 40 "$res/build.log"
    fi
elif [ -x "$bw" ] && [ -x "$fl" ] && [ -x "$mi" ]; then
    build_ok=yes
fi
if [ "$build_ok" = yes ]; then
    # The instruction mix the kernels are meant to have (cuobjdump works here).
    for p in rfl_gpu_bandwidth rfl_gpu_flops rfl_gpu_micro; do
        cuobjdump -sass "$build/$p" >"$res/sass-$p.txt" 2>&1
    done
    awk '/Function :/ { f = $3 } /LDG.E.*128/ { n[f]++ } END { for (k in n) print n[k], k }' \
        "$res/sass-rfl_gpu_bandwidth.txt" | sort -k2 >"$res/sass-bandwidth-ldg128.txt"
    awk '/Function :/ { if (f != "") print fma, all, f; f = $3; fma = 0; all = 0; next }
         /^ +\/\*[0-9a-f][0-9a-f][0-9a-f][0-9a-f]\*\// { all++; if ($0 ~ /[ ](FFMA|DFMA|HFMA2)[ .]/ && $0 !~ /-RZ, RZ/) fma++ }
         END { print fma, all, f }' "$res/sass-rfl_gpu_flops.txt" | grep "k_flops" | sort -k3 >"$res/sass-flops-fma.txt"
fi

# ---------------------------------------------------------------------------
check_line="not run"
if has check && [ "$build_ok" = yes ]; then
    log "make check"
    (cd "$build" && make -j"$(( jobs < 8 ? jobs : 8 ))" check) >"$res/check.log" 2>&1
    rc=$?
    grep -E "^(PASS|FAIL|SKIP|ERROR|XPASS|XFAIL):" "$res/check.log" | sort | uniq -c | awk '{print $2}' | sort | uniq -c
    grep -E "^(FAIL|ERROR|XPASS):" "$res/check.log"
    grep -E "^(SKIP): tests/gpu" "$res/check.log"
    for f in "$build"/tests/*/*.log; do
        case $(tail -n 1 "$f" 2>/dev/null) in *FAIL*|*ERROR*) echo "--- $f"; tail -n 15 "$f" ;; esac
    done
    (cd "$build" && cp --parents tests/gpu*/*.log "$res/") 2>/dev/null
    [ $rc -eq 0 ] || failed=1
    check_line="exit $rc: $(grep -E '^# (PASS|FAIL|SKIP|ERROR)' "$res/check.log" | tr -s ' ' | tr '\n' ' ')"
fi

# ---------------------------------------------------------------------------
if has bandwidth && [ "$build_ok" = yes ]; then
    log "rfl_gpu_bandwidth: kernels A, B, C, stream and memcpy D2D, 4 KiB to 4 GiB"
    measure bandwidth "$bw" -o "$res/gpu_bandwidth.csv"
    tail -n 45 "$res/bandwidth.log"
fi
if has grid && [ "$build_ok" = yes ]; then
    # Lo et al. Fig. 2d: Kernel(threads per block, blocks per grid) for A, B and C.
    log "rfl_gpu_bandwidth: threads per block x blocks per grid, rmw fp64"
    measure grid "$bw" -k global_inside,global_launch,shared_blocked -a rmw -p fp64 -t 32,64,256,1024 -b 1x,max \
        --wss 16K:4G -o "$res/gpu_bandwidth_grid.csv"
    tail -n 26 "$res/grid.log" | grep -v "evidence:"
fi
if has l2 && [ "$build_ok" = yes ]; then
    # The L2 ceiling: L2-resident working sets read by the two kernels that skip L1 (loads with
    # L1::no_allocate; bulk copies into shared memory), over grid shapes and bulk chunk sizes.
    log "rfl_gpu_bandwidth: L2 probe, global_stream and global_bulk over grids and chunks"
    measure l2 timeout 200 "$bw" -k global_stream,global_bulk,memcpy_d2d -a read -p fp32 -t 256,512,1024 -b 1x,2x,max \
        -w 4M:48M -g 1.41 -e 5 -o "$res/l2probe.csv"
    for chunk in 4K 8K 32K; do
        timeout 60 "$bw" -k global_bulk -a read -p fp32 -t 256,512 -b max -w 8M:32M -g 1.41 -e 5 --chunk "$chunk" \
            -o "$res/l2probe-chunk$chunk.csv" >/dev/null 2>"$res/l2-chunk$chunk.log"
        echo "chunk $chunk: exit $?; $(sed -n 's/^rfl_gpu_[a-z]*: evidence: l2_ceiling/l2_ceiling/p' "$res/l2-chunk$chunk.log")"
    done
    grep -v "evidence: device\|evidence: memcpy" "$res/l2.log" | tail -n 22
fi
if has flops && [ "$build_ok" = yes ]; then
    log "rfl_gpu_flops: FP64, FP32, FP16 x FPE 1..4096 x chains 1, 2, 4, 8"
    measure flops "$fl" -o "$res/gpu_flops.csv"
    tail -n 8 "$res/flops.log"
fi
if has micro && [ "$build_ok" = yes ]; then
    log "rfl_gpu_micro --mode all"
    measure micro "$mi" -o "$res/gpu_micro"
    tail -n 40 "$res/micro.log"
fi

if has tlb && [ "$build_ok" = yes ]; then
    # TLB reach: page-sized strides keep the lines few (they stay in L2), so a rise in ld.cg
    # latency with the array size is the TLB running out. Arrays up to 85% of the device memory
    # (one allocation of it), strides of 2 MiB, 32 MiB and 512 MiB.
    mem_mib=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits 2>/dev/null | head -n 1)
    tlb_max=$(( ${mem_mib:-8192} * 85 / 100 / 1024 ))G
    log "rfl_gpu_micro --mode chase: TLB reach, 32 MiB to $tlb_max"
    measure tlb timeout 300 "$mi" --mode chase --chase-sizes 32M:"$tlb_max" --chase-strides 2M,32M,512M -o "$res/gpu_micro_tlb"
    grep "evidence: chase_tlb" "$res/tlb.log"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
             $c["memory"] == "global_cg" { printf "  stride %s: %s bytes %.0f ns\n", $c["stride_bytes"], $c["array_bytes"], $c["ns_per_access"] }' \
        "$res/gpu_micro_tlb_chase.csv" 2>/dev/null | head -n 40
    # Past the first doubling that rises: the sizes between, one point each, 2 MiB pages.
    for g in 72 80 88 96 104 112 120; do
        [ "$g" -le "${tlb_max%G}" ] || break
        timeout 60 "$mi" --mode chase --chase-sizes "${g}G:${g}G" --chase-strides 2M --chase-steps 65536 \
            -o "$res/gpu_micro_tlb_${g}G" >/dev/null 2>&1
        awk -F, -v g="$g" '$3 ~ /global_cg/ { printf "  %sG %s %.1f ns\n", g, $3, $10 }' "$res/gpu_micro_tlb_${g}G_chase.csv"
    done
fi

# ---------------------------------------------------------------------------
declare -A memcheck
if has sanitize && [ "$build_ok" = yes ]; then
    log "compute-sanitizer memcheck on small runs"
    cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer 2>/dev/null | head -n 1)
    if [ -z "$cs" ]; then
        echo "compute-sanitizer not found"
    else
        small_bw="-q --wss 64K:1M -g 4 -e 1 -m 0.0001 -t 256"
        small_fl="--fpe 1,2,64 --chains 1,8 -e 1 -m 0.0001"
        small_mi="--quick -e 1 -m 0.0001 --launches 20 --transfer-sizes 1:64K --chase-sizes 1K:64K --chase-strides 128,4K
                  --chase-steps 64 --copy-bytes 64K --barriers 5"
        for run in "bandwidth:$bw $small_bw" "flops:$fl $small_fl" "micro:$mi $small_mi"; do
            name=${run%%:*}
            cmd=${run#*:}
            "$cs" --tool memcheck --leak-check full --error-exitcode 10 $cmd -o "/tmp/rfl-memcheck-$name.csv" \
                >"$res/memcheck-$name.log" 2>&1
            rc=$?
            errors=$(grep -o "ERROR SUMMARY: [0-9]* error" "$res/memcheck-$name.log" | tail -n 1)
            memcheck[$name]="exit $rc, ${errors:-no summary}"
            echo "$name: ${memcheck[$name]}"
            [ $rc -eq 0 ] || { failed=1; tail -n 30 "$res/memcheck-$name.log"; }
        done
    fi
fi

# ---------------------------------------------------------------------------
log "summary"
{
    echo "device: ${device:-unknown} on $host; $(nvcc --version 2>/dev/null | grep -o 'release [0-9.]*'), -arch=$arch"
    echo "build: $build_ok; make check: $check_line"
    echo
    printf '%-34s %10s %-9s %-26s %-4s %s\n' "evidence" "measured" "unit" "target" "pass" "note"
    for f in bandwidth l2 flops micro tlb; do
        [ -f "$res/$f.log" ] || continue
        sed -n 's/^rfl_gpu_[a-z]*: evidence: //p' "$res/$f.log" | grep -v "^device "
    done
    echo
    if [ -s "$res/sass-bandwidth-ldg128.txt" ]; then
        echo "SASS: 128-bit global loads (LDG.E.128) in $(wc -l <"$res/sass-bandwidth-ldg128.txt") bandwidth kernels;" \
            "FMA share of the instructions in the FPE 4096, 8-chain flops kernels:"
        grep -E "Li8ELi2048ELb0" "$res/sass-flops-fma.txt" |
            awk '{ sub(/.*k_flops/, "k_flops", $3); sub(/EEvPT_.*/, "", $3); printf "  %s: %d FMA of %d instructions (static count, HFMA2.MMA included; the loop: 64 x 8 FMA + 3)\n", $3, $1, $2 }'
    fi
    for name in bandwidth flops micro; do
        [ -n "${memcheck[$name]:-}" ] && echo "compute-sanitizer memcheck $name: ${memcheck[$name]}"
    done
    echo "wall: $(( $(date +%s) - t_start )) s; results: ${OUT:+$OUT/gpu-results.tgz (}$res${OUT:+)}"
} | tee -a "$summary"
return $failed
}

# Everything printed also lands in run-all.log; the device tool returns at most 8 files,
# so with $OUT set the results travel as one archive.
main 2>&1 | tee "$res/run-all.log"
status=${PIPESTATUS[0]}
if [ -n "${OUT:-}" ]; then
    tar czf "$OUT/gpu-results.tgz" -C "$res" .
    cp "$summary" "$res/run-all.log" "$OUT/"
fi
exit "$status"
