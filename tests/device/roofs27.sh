#!/usr/bin/env bash
# Issue 27's GPU roofs on the device machine, in one call of at most about 8 minutes:
#   1. build rfl, rfl_gpu_micro and rfl_gemm with CUDA into /tmp/rfl-build-gpu (configured as
#      tests/device/gpu.sh does; only those three, to keep within the time);
#   2. rfl_gpu_micro --quick ten times in a row, each run's folder through `rfl ceilings`: per
#      run and direction the pinned fit's verdict (fit_check, attempts, the fit and the largest
#      copy) and the host link ceiling it gave, and whether a failed fit became a ceiling (it
#      must not: "FAILED FIT AS CEILING" marks one);
#   3. rfl_gemm's tensor roofs: cuBLAS, cuBLASLt (the heuristic's top 8) and dmma in FP64,
#      TF32, BF16 and FP16 at 4096^3, 8192^3 and 16384x16384x4096 (nn), BF16 and FP16 of both
#      libraries with C in FP32 and in the input type (config "... C bf16"), through `rfl
#      ceilings`: each tensor roof (the best sample of any row) with its library, algorithm,
#      C type and shape, and every row's rate.
# One part failing does not stop the others; each is time-boxed.
#
# Usage (repository root, device machine): bash tests/device/roofs27.sh
#   RFL_GPU_BUILD: the build folder (default /tmp/rfl-build-gpu); RFL_CUDA_ARCH (default sm_90);
#   RFL_SKIP_BUILD=1: use the binaries already there; RFL_ROOFS27_SIZES: rfl_gemm's sizes (a
#   smoke test against the CUDA stand-in). Results in $OUT (default /tmp/rfl-roofs27):
#   summary.txt, and the runs' CSV, sidecars, ceilings and logs in roofs27.tgz.
set -uo pipefail
. tests/device/env.sh
results roofs27
arch=${RFL_CUDA_ARCH:-sm_90}
t0=$SECONDS
# left: seconds of the 8 minutes still to spend (less a margin for packing the results).
left() { echo $((460 - (SECONDS - t0))); }

say "roofs27.sh on $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null | head -n 1), $(date -u +%FT%TZ)"

# ---- 1. build -------------------------------------------------------------------------
built=yes
if [ "${RFL_SKIP_BUILD:-0}" != 1 ]; then
    t=$SECONDS
    if command -v autoreconf >/dev/null 2>&1; then
        ./autogen.sh >"$res/autogen.log" 2>&1 || built=no
    fi
    if [ $built = yes ] && (rm -rf "$build" && mkdir -p "$build" && cd "$build" &&
        "$root/configure" -q --with-cuda --with-cuda-arch="$arch" CPPFLAGS="-I$P/include" \
            LDFLAGS="-L$P/lib/x86_64-linux-gnu" &&
        timeout 300 make -j"$(nproc)" rfl rfl_gpu_micro rfl_gemm) >"$res/build.log" 2>&1; then
        say "build: ok, $((SECONDS - t)) s"
    else
        built=no
        say "build: FAILED after $((SECONDS - t)) s"
        tail -n 20 "$res/build.log" | sed 's/^/    /' | tee -a "$summary"
    fi
fi
rfl=$build/rfl
micro=$build/rfl_gpu_micro
gemm=$build/rfl_gemm

# field CSV ROW_CONDITION COLUMN: COLUMN of the first data row of CSV where the awk condition
# (columns by name through c["name"]) holds.
field()
{
    awk -F, -v want="$3" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { gsub(/"[^"]*"/, "q") }
        '"$2"' { print $c[want]; exit }' "$1"
}

# ---- 2. ten quick rfl_gpu_micro runs ----------------------------------------------------
if [ $built = yes ] && [ -x "$micro" ]; then
    say ""
    say "rfl_gpu_micro --quick, 10 runs in a row: per run and direction the pinned fit's check and the host link"
    bad=0
    for run in 1 2 3 4 5 6 7 8 9 10; do
        [ "$(left)" -gt 200 ] || { say "run $run: not started (time box)"; break; }
        d=$res/micro-$run
        mkdir -p "$d"
        t=$SECONDS
        timeout 40 "$micro" --quick -o "$d/gpu_micro" >"$d/stdout.log" 2>"$d/stderr.log"
        rc=$?
        timeout 30 "$rfl" ceilings "$d" >"$d/ceilings.log" 2>&1
        crc=$?
        fit=$d/gpu_micro_transfer_fit.csv
        for dir in h2d d2h; do
            [ -f "$fit" ] || { say "run $run: exit $rc, no transfer_fit.csv"; break; }
            cond='$c["direction"] == "'$dir'" && $c["host_memory"] == "pinned"'
            check=$(field "$fit" "$cond" fit_check)
            attempts=$(field "$fit" "$cond" attempts)
            bw=$(field "$fit" "$cond" bandwidth_gbytes_per_s)
            big=$(field "$fit" "$cond" largest_gbytes_per_s)
            from=$(field "$fit" "$cond" ceiling_from)
            link=$(field "$d/ceilings.csv" '$c["device"] == "gpu0" && $c["name"] == "host link '$dir'"' value 2>/dev/null)
            how=$(grep "^gpu0,bandwidth,host link $dir," "$d/ceilings.csv" 2>/dev/null | grep -o '"cudaMemcpy pinned, [a-z ]*"')
            verdict=$(grep "transfer_fit_pinned_${dir}_gbytes_per_s" "$d/stderr.log" | grep -o ' PASS \| FAIL ' | head -n 1 | tr -d ' ')
            flag=""
            if [ "$check" != pass ] && [ -n "$link" ] && [ "$how" = '"cudaMemcpy pinned, fit"' ]; then
                flag="  FAILED FIT AS CEILING"
                bad=$((bad + 1))
            fi
            say "run $run $dir: exit $rc ($((SECONDS - t)) s), evidence $verdict, fit_check $check after $attempts measurement(s): fit ${bw:-none} GB/s, largest copy $big GB/s; ceiling_from $from; rfl ceilings (exit $crc): host link $dir ${link:-none} ${how}${flag}"
        done
    done
    say "failed fits reported as a ceiling: $bad"
fi

# ---- 3. the tensor roofs ------------------------------------------------------------------
if [ $built = yes ] && [ -x "$gemm" ]; then
    say ""
    budget=$(( $(left) - 60 ))
    [ $budget -gt 180 ] && budget=180
    if [ $budget -lt 30 ]; then
        say "tensor roofs: not started (time box)"
    else
        d=$res/gemm
        mkdir -p "$d"
        t=$SECONDS
        timeout $((budget + 60)) "$gemm" --quick -k cublas,cublaslt,dmma -p fp64,tf32,bf16,fp16 -t nn --mode gemm \
            --sizes "${RFL_ROOFS27_SIZES:-4096,8192,16384x16384x4096}" --time-budget "$budget" -o "$d/gemm.csv" >"$d/stdout.log" 2>"$d/stderr.log"
        rc=$?
        timeout 30 "$rfl" ceilings "$d" >"$d/ceilings.log" 2>&1
        say "rfl_gemm tensor roofs: exit $rc, $((SECONDS - t)) s (budget $budget s); rfl ceilings exit $?"
        say "every row (kernel, config, precision, shape, best GFLOP/s, median, max_rel_error / bound):"
        awk -F, 'NR > 1 { printf "    %-8s %-50s %-5s %5sx%5sx%5s %9.0f %9.0f  %.2g / %.2g\n", $3, $4, $5, $9, $10, $11, $22, $23, $30, $31 }' \
            "$d/gemm.csv" 2>/dev/null | tee -a "$summary"
        say "tensor roofs (rfl ceilings): name, value GFLOP/s, % of spec, source (library nn shape), its algorithm:"
        for name in "fp64 tensor" "tf32 tensor" "bf16 tensor" "fp16 tensor"; do
            cond='$c["device"] == "gpu0" && $c["name"] == "'"$name"'"'
            v=$(field "$d/ceilings.csv" "$cond" value 2>/dev/null)
            pct=$(field "$d/ceilings.csv" "$cond" percent_of_spec 2>/dev/null)
            src=$(field "$d/ceilings.csv" "$cond" kernel 2>/dev/null)
            set -- $src
            lib=${1:-}
            shape=${3:-}
            prec=${name%% *}
            # The roof is that library's best sample at that shape, over C in FP32 and in the input type.
            cfg=$(awk -F, -v l="$lib" -v p="$prec" -v s="$shape" 'NR > 1 && $3 == l && $5 == p && $9 "x" $10 "x" $11 == s &&
                $22 + 0 > b { b = $22 + 0; c = $4 } END { print c }' "$d/gemm.csv" 2>/dev/null)
            say "    $name: ${v:-none} ($pct% of spec) from $src: $cfg"
        done
        grep "tensor: the best of" "$d/ceilings.log" | sed 's/^/    /' | tee -a "$summary"
        say "BF16/FP16, the best sample with C in FP32 and with C in the input type, per library and shape:"
        awk -F, 'NR > 1 && ($5 == "bf16" || $5 == "fp16") {
                key = $5 " " $3 " " $9 "x" $10 "x" $11; c = $4 ~ / C (bf16|fp16)$/ ? "in" : "fp32"
                if ($22 + 0 > r[key, c]) r[key, c] = $22 + 0; keys[key] = 1 }
            END { for (k in keys) printf "    %-30s C fp32 %9.0f   C %s %9.0f\n", k, r[k, "fp32"], substr(k, 1, 4), r[k, "in"] }' \
            "$d/gemm.csv" 2>/dev/null | sort | tee -a "$summary"
    fi
fi

say ""
say "total: $((SECONDS - t0)) s"
tar -C "$res" -czf "$out/roofs27.tgz" --exclude='*.gp' . 2>/dev/null
ls -la "$out" >>"$summary"
exit 0
