#!/usr/bin/env bash
# rfl_gemm on the device machine (H100 or H200; CUDA 13; jansson and cmocka carried as
# unpacked .debs under $RFL_DEPS_PREFIX): bootstrap, configure with CUDA, build rfl_gemm
# only, the main-loop SASS counts, its tests (tests/gemm/: they run there, not skip),
# compute-sanitizer memcheck on a small size of every kernel and configuration, the evidence
# run (the default sweep: about 3 minutes on an H200), and a short summary table last.
#
# Usage (from the repository root): bash tests/device/gemm.sh [STAGES]
#   STAGES: comma list of build,sass,test,sanitize,evidence (default: all, in that order)
# Environment: RFL_DEPS_PREFIX (default $PWD/.devdeps/usr), RFL_CUDA_ARCH (default sm_90),
#   RFL_GEMM_BUILD (build directory, default /tmp/rfl-build-gemm), RFL_GEMM_ARGS (options of
#   the evidence run instead of the default sweep), RFL_GEMM_TIMEOUT (seconds after which the
#   evidence run is interrupted, keeping its rows; default none), OUT (the device tool's folder).
# Results: CSV, JSON, logs and SASS in results/gpu-gemm-<host>/ (git-ignored), or, when $OUT is
# set (the device tool returns at most 8 files), packed into the one archive $OUT/gemm.tgz. The
# run of 2026-11-21 on an H200: docs/results/gpu-gemm/.
set -uo pipefail
stages=${1:-build,sass,test,sanitize,evidence}
. tests/device/env.sh
host=$(hostname)
if [ -n "${OUT:-}" ]; then
    res=/tmp/rfl-gemm-results
    rm -rf "$res"
else
    res=$root/results/gpu-gemm-$host
fi
mkdir -p "$res"
summary=$res/summary.txt
: >"$summary"

arch=${RFL_CUDA_ARCH:-sm_90}
build=${RFL_GEMM_BUILD:-/tmp/rfl-build-gemm}
jobs=$(nproc)
gemm=$build/rfl_gemm
has() { case ",$stages," in *,"$1",*) return 0 ;; esac; return 1; }
log() { printf '\n=== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
t_start=$(date +%s)
declare -A line

main()
{
log "device"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
    --format=csv 2>&1 | tee "$res/nvidia-smi.csv"
nvcc --version 2>&1 | tail -n 1
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)

build_ok=no
if has build; then
    log "build: autogen, configure --with-cuda --with-cuda-arch=$arch, make -j$jobs rfl_gemm"
    t0=$SECONDS
    if (./autogen.sh && rm -rf "$build" && mkdir -p "$build" && cd "$build" &&
        "$root/configure" -q --with-cuda --with-cuda-arch="$arch" CPPFLAGS="-I$P/include" \
            LDFLAGS="-L$P/lib/x86_64-linux-gnu" &&
        make -j"$jobs" rfl_gemm) >"$res/build.log" 2>&1; then
        build_ok=yes
        grep -E "CUDA \.|NVML \." "$res/build.log"
        grep -i "warning" "$res/build.log" | head -n 10
    else
        tail -n 40 "$res/build.log"
    fi
    line[build]="$build_ok ($((SECONDS - t0)) s)"
elif [ -x "$gemm" ]; then
    build_ok=yes
    line[build]="prebuilt $gemm"
fi
[ "$build_ok" = yes ] || { line[build]="FAILED (see build.log)"; return; }

if has sass; then
    log "main-loop SASS counts (cuobjdump at build time; rfl_gemm --list-kernels)"
    "$gemm" --list-kernels >"$res/sass_counts.txt" 2>&1
    cp "$build/gemm/gemm.sass" "$res/gemm.sass" 2>/dev/null
    grep -E "^main-loop|^function|^rfl_gemm_(volkov|tiled_f32_nn_|dmma_nn)" "$res/sass_counts.txt" | grep -v " family "
fi

if has test; then
    log "tests: tests/gemm/cli.sh, gpu.sh, mpi.sh"
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    mpiexec=$(command -v mpiexec || command -v mpirun)
    for t in gemm_cli gemm_gpu gemm_mpi; do
        t0=$SECONDS
        top_srcdir=$root top_builddir=$build MPIEXEC=$mpiexec bash "$root/tests/gemm/${t#gemm_}.sh" >"$res/test-$t.log" 2>&1
        rc=$?
        case $rc in 0) v=PASS ;; 77) v=SKIP ;; *) v="FAIL ($rc)" ;; esac
        echo "$t: $v ($((SECONDS - t0)) s)"
        [ $rc -eq 0 ] || tail -n 15 "$res/test-$t.log"
        line[test-$t]=$v
    done
fi

if has sanitize; then
    log "compute-sanitizer memcheck: every kernel and configuration at 256^3 (tuning runs them all)"
    cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer 2>/dev/null | head -n 1)
    if [ -z "$cs" ]; then
        line[memcheck]="compute-sanitizer not found"
    else
        t0=$SECONDS
        "$cs" --tool memcheck --leak-check full --error-exitcode 10 \
            "$gemm" --mode gemm --sizes 256,384x256x128 --model-size 256 --tune-size 256 --l2 warm -e 1 -m 0.0001 \
            -o /tmp/rfl-gemm-memcheck.csv >"$res/memcheck.log" 2>&1
        rc=$?
        errors=$(grep -o "ERROR SUMMARY: [0-9]* error" "$res/memcheck.log" | tail -n 1)
        line[memcheck]="exit $rc, ${errors:-no summary}, $((SECONDS - t0)) s"
        echo "${line[memcheck]}"
        [ $rc -eq 0 ] || tail -n 30 "$res/memcheck.log"
    fi
fi
if has evidence; then
    args=${RFL_GEMM_ARGS:-}
    log "rfl_gemm ${args:-(the default sweep)}"
    t0=$SECONDS
    # A run past RFL_GEMM_TIMEOUT seconds gets SIGINT: rfl_gemm keeps the rows so far (exit 130).
    limit=${RFL_GEMM_TIMEOUT:-0}
    # shellcheck disable=SC2086
    if [ "$limit" -gt 0 ]; then
        timeout -s INT -k 20 "$limit" "$gemm" $args -o "$res/gemm.csv" >"$res/gemm.out" 2>"$res/gemm.log"
    else
        "$gemm" $args -o "$res/gemm.csv" >"$res/gemm.out" 2>"$res/gemm.log"
    fi
    rc=$?
    line[evidence]="exit $rc, $((SECONDS - t0)) s"
    echo "${line[evidence]}"
    grep -E "tuned |mix:|evidence:|error|warning" "$res/gemm.log" | head -n 40
    sed -n '/upper-bound model at/,$p' "$res/gemm.log" | grep -v "evidence:" | head -n 38
    # Issue 14: the bound holds on every row (min bound_over_achieved >= 1); never stops the script.
    line[bound]=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        c["bound_over_achieved"] && $c["bound_over_achieved"] != "" { v = $c["bound_over_achieved"] + 0; n++
            if (n == 1 || v < min) { min = v; at = $c["kernel"] " " $c["precision"] " " $c["transb"] " " $c["m"] "x" $c["n"] "x" $c["k"] " at " $c["sm_clock_mhz"] " MHz" } }
        END { if (n) printf "min bound/achieved %.3f over %d rows (%s)%s", min, n, at, min < 1 ? ": BELOW 1" : ""
              else printf "no rows with a bound" }' "$res/gemm.csv" 2>/dev/null || echo "not computed")
    echo "bound: ${line[bound]}"
fi

}

summarize()
{
    echo "device: ${device:-unknown} on $host; $(nvcc --version 2>/dev/null | grep -o 'release [0-9.]*'), -arch=$arch"
    echo "build: ${line[build]:-not run}; tests: gemm_cli ${line[test-gemm_cli]:-not run}, gemm_gpu ${line[test-gemm_gpu]:-not run}, gemm_mpi ${line[test-gemm_mpi]:-not run}"
    echo "evidence run: ${line[evidence]:-not run}; memcheck: ${line[memcheck]:-not run}"
    echo "bound: ${line[bound]:-not run}"
    if [ -s "$res/gemm.csv" ]; then
        echo
        printf '%-7s %-5s %-2s %-17s %10s %8s %8s %7s  %s\n' kernel prec tb size GFLOP/s of_peak bound/ach err config
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["rank"] == 0 && $c["transb"] == "n" && $c["m"] == $c["n"] && $c["n"] == $c["k"] && $c["m"] >= 8192 {
                printf "%-7s %-5s %-2s %-17s %10.0f %8.3f %8s %7.1e  %s\n", $c["kernel"], $c["precision"], $c["transb"],
                    $c["m"] "x" $c["n"] "x" $c["k"], $c["gflops_per_s"], $c["fraction_of_peak"],
                    $c["bound_over_achieved"] == "" ? "-" : sprintf("%.3f", $c["bound_over_achieved"]),
                    $c["max_rel_error"], $c["config"] }' "$res/gemm.csv"
    fi
    echo
    sed -n 's/^rfl_gemm: evidence: //p' "$res/gemm.log" 2>/dev/null | grep -v "^device "
    echo "wall: $(( $(date +%s) - t_start )) s; results: ${OUT:+$OUT/gemm.tgz (}$res${OUT:+)}"
}

# main runs in this shell (its results feed the summary); everything printed also lands in
# run-gemm.log. The device tool returns at most 8 files, so with $OUT set the results
# travel as one archive.
exec 3>&1 4>&2
exec > >(tee "$res/run-gemm.log") 2>&1
tee_pid=$!
main
log "summary"
summarize | tee "$summary"
exec 1>&3 2>&4 3>&- 4>&-
wait "$tee_pid" 2>/dev/null
if [ -n "${OUT:-}" ]; then
    tar czf "$OUT/gemm.tgz" -C "$res" .
fi
