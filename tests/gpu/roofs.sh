# Issue 27's GPU roofs, without a GPU.
# 1. A host-link fit that fails its check (its bandwidth not within 5% of the
#    largest copy's rate; an H100's first quick run fitted 37.3 GB/s where the
#    largest copy read 49.3) is no ceiling: rfl ceilings takes the best long
#    copy with a note, or no ceiling with a note, as the file's verdict says
#    (files from before the verdict are checked from their numbers); and
#    rfl_gpu_micro, against the stand-in's made-up host link (RFL_FAKE_LINK),
#    measures a failing fit again, records attempts, verdict and the figure
#    the ceiling takes.
# 2. The tensor roofs: rfl_gemm's cuBLASLt rows (the heuristic's algorithms,
#    verified like every row) beside cuBLAS's, BF16 and FP16 of both also
#    with C in the input type, and the roof the best sample of them all over
#    every shape.
# 3. A GPU roof whose row has no spec of its own takes one from the table of
#    ceilings/gpu_device.c (SMs x clock x flops per clock).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
g=$gpu_golden
# The stand-in programs as tests/lib.sh's cuda_sanitizer_options has them (in a sanitizer
# build), rfl itself with every check on.
fake_env="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}protect_shadow_gap=0:detect_leaks=0"

# ceiling NAME COLUMN: that column of the gpu0 ceiling NAME in $tmp/run/ceilings.csv.
ceiling()
{
    awk -F, -v n="$1" -v c="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { gsub(/"[^"]*"/, "q") }
        $1 == "gpu0" && $3 == n { print $col[c] }' "$tmp/run/ceilings.csv"
}

fresh_micro()
{
    rm -rf "$tmp/run"
    copy_run "$tmp/run" "$g"/gpu_micro_transfer.csv "$g"/gpu_micro_transfer.json "$g"/gpu_micro_transfer_fit.json
}

# --- 1a. A file without the verdict: the numbers are checked here.
fresh_micro
awk -F, -v OFS=, 'NR == 2 { $9 = 37.31; $11 = 0.52; $13 = 49.33; $14 = 0.756 } { print }' \
    "$g/gpu_micro_transfer_fit.csv" >"$tmp/run/gpu_micro_transfer_fit.csv"
expect_exit 0 "rfl ceilings (a failed fit, no verdict column)" "$RFL" ceilings "$tmp/run"
[ "$(ceiling "host link h2d" value)" = 49.33 ] ||
    fail "a fit of 37.31 GB/s not within 5% of its largest copy (49.33) became a ceiling: $(grep 'host link' "$tmp/run/ceilings.csv")"
grep -q '"cudaMemcpy pinned, best copy"' "$tmp/run/ceilings.csv" || fail "the host link does not say it is the best copy"
grep -q "host link h2d: the pinned fit (37.3 GB/s, max error 52%) is not within 5% of the largest copy (49.3 GB/s), so it is no ceiling; the ceiling is the best long copy, 49.3 GB/s" "$tmp/err" ||
    fail "no note on the failed fit: $(cat "$tmp/err")"
# The fit that passed is still the ceiling.
[ "$(ceiling "host link d2h" value)" = 55.4 ] || fail "the passing d2h fit is not the ceiling"
grep -q "host link d2h: " "$tmp/err" && fail "a note on the d2h fit, which passed"

# --- 1b. The program's verdict: fail with no long copy is no ceiling; fail
# with the best long copy is that copy; a pass whose numbers fail is no pass.
verdict()
{
    awk -F, -v OFS=, -v v1="$1" -v v2="$2" '
        NR == 1 { $15 = "attempts,fit_check,ceiling_gbytes_per_s,ceiling_from," $15 }
        NR == 2 { $9 = 37.31; $13 = 49.33; $14 = 0.756; $15 = v1 "," $15 }
        NR > 2 { $15 = "1,pass," $9 ",fit," $15 }
        NR == 3 { $15 = v2 ",1" }
        { print }' "$g/gpu_micro_transfer_fit.csv"
}
fresh_micro
verdict "3,fail,,none" "1,pass,55.4,fit" >"$tmp/run/gpu_micro_transfer_fit.csv"
expect_exit 0 "rfl ceilings (fail, none)" "$RFL" ceilings "$tmp/run"
[ -z "$(ceiling "host link h2d" value)" ] || fail "a failed fit with no long copy still gave a host link h2d ceiling"
grep -q "host link h2d: the pinned fit (37.3 GB/s, max error 2%) is not within 5% of the largest copy (49.3 GB/s) after 3 measurements, so it is no ceiling; no copy was long enough" "$tmp/err" ||
    fail "no note on the missing host link: $(cat "$tmp/err")"
fresh_micro
verdict "3,fail,52.1,largest_copies" "1,pass,55.4,fit" >"$tmp/run/gpu_micro_transfer_fit.csv"
expect_exit 0 "rfl ceilings (fail, largest copies)" "$RFL" ceilings "$tmp/run"
[ "$(ceiling "host link h2d" value)" = 52.1 ] || fail "the fallback is not the recorded best long copy: $(grep 'host link' "$tmp/run/ceilings.csv")"
fresh_micro
verdict "1,pass,37.31,fit" "1,pass,55.4,fit" >"$tmp/run/gpu_micro_transfer_fit.csv"
expect_exit 0 "rfl ceilings (a pass the numbers deny)" "$RFL" ceilings "$tmp/run"
[ "$(ceiling "host link h2d" value)" != 37.31 ] || fail "a fit marked pass but 24% off its largest copy became the ceiling"
fresh_micro
verdict "1,maybe,37.31,fit" "1,pass,55.4,fit" >"$tmp/run/gpu_micro_transfer_fit.csv"
expect_exit 2 "rfl ceilings (a verdict rfl_gpu_micro never writes)" "$RFL" ceilings "$tmp/run"
grep -q "fit_check" "$tmp/err" || fail "no message on a bad fit_check: $(cat "$tmp/err")"

# --- 1c. rfl_gpu_micro against a made-up link of 20 us and 2 GB/s.
micro=$top_builddir/tests/gpu_fake_micro
if [ -x "$micro" ]; then
    run_micro()
    {
        rm -rf "$tmp/run"
        mkdir "$tmp/run"
        env "$fake_env" RFL_FAKE_LINK=20:2 "$@" "$micro" --mode transfer --transfer-sizes 1:4M -e 2 -m 0.0002 \
            -o "$tmp/run/gpu_micro" >"$tmp/out" 2>"$tmp/err"
        [ $? -eq 0 ] || fail "rfl_gpu_micro --mode transfer ($*): $(cat "$tmp/err")"
        h2d=$(awk -F, 'NR > 1 && $3 == "h2d" && $4 == "pinned"' "$tmp/run/gpu_micro_transfer_fit.csv")
    }
    # Copies of 256 KiB to 1 MiB 1 ms slower, always: the fit fails three
    # times and the host link is the best long copy.
    run_micro RFL_FAKE_H2D_SLOW=262144:1048576:1000
    check_header "$tmp/run/gpu_micro_transfer_fit.csv" gpu "gpu_micro_transfer_fit.csv"
    echo "$h2d" | awk -F, '$15 == 3 && $16 == "fail" && $18 == "largest_copies" && $17 > 1.9 && $17 < 2.05 { f = 1 } END { exit !f }' ||
        fail "a failing fit: not 3 attempts, fail, the largest copies: $h2d"
    grep -q "transfer_fit_pinned_h2d_gbytes_per_s.*FAIL.*3 measurements; not a ceiling: the host link is the best long copy" "$tmp/err" ||
        fail "the evidence line does not say the fit is no ceiling: $(grep evidence "$tmp/err")"
    fitted=$(echo "$h2d" | cut -d, -f9)
    direct=$(echo "$h2d" | cut -d, -f17)
    expect_exit 0 "rfl ceilings on rfl_gpu_micro's failed fit" "$RFL" ceilings "$tmp/run"
    [ "$(ceiling "host link h2d" value)" = "$direct" ] && [ "$(ceiling "host link h2d" value)" != "$fitted" ] ||
        fail "host link h2d is $(ceiling "host link h2d" value), the failed fit $fitted, the best copy $direct"
    # Slow only for the first measurement's 9 copies of those sizes: the
    # second measurement passes, and the fit is the ceiling.
    run_micro RFL_FAKE_H2D_SLOW=262144:1048576:1000:9
    echo "$h2d" | awk -F, '$15 == 2 && $16 == "pass" && $18 == "fit" && $17 == $9 { f = 1 } END { exit !f }' ||
        fail "a fit that failed once: not 2 attempts, pass, fit: $h2d"
    # A steady link: one measurement.
    run_micro
    echo "$h2d" | awk -F, '$15 == 1 && $16 == "pass" { f = 1 } END { exit !f }' || fail "a steady link: $h2d"
else
    note "tests/gpu_fake_micro not built (no CUDA): rfl_gpu_micro's check not run"
fi

# --- 2a. rfl_gemm's cuBLASLt rows: every tensor type and FP64, each the
# fastest of the heuristic's algorithms, its id and rank recorded, verified;
# and for BF16 and FP16, of both libraries, a row with C in the input type
# (frameworks' GEMMs: another, faster kernel family than with an FP32 C),
# its config saying so, verified against its own bound.
gemm=$top_builddir/tests/gpu_fake_gemm
if [ -x "$gemm" ]; then
    expect_exit 0 "rfl_gemm -k cublas,cublaslt" env "$fake_env" "$gemm" -k cublas,cublaslt --mode gemm --sizes 256,384x256x512 -t nn \
        -e 2 -m 0.001 -o "$tmp/g.csv"
    check_verified "$tmp/g.csv"
    lt_config='^cublasLtMatmul algo 1[123] \(heuristic [123] of 3\)'
    for p in fp64 tf32 bf16 fp16; do
        for s in 256:256:256 384:256:512; do
            n=$(csv_count "$tmp/g.csv" '$col["kernel"] == "cublaslt" && $col["precision"] == "'$p'" &&
                $col["m"] ":" $col["n"] ":" $col["k"] == "'$s'" && $col["verified"] == 1 &&
                $col["config"] ~ /'"$lt_config"'$/')
            [ "$n" -eq 1 ] || fail "no verified cuBLASLt row for $p $s with its algorithm: $(grep cublaslt "$tmp/g.csv")"
            case $p in bf16 | fp16) ;; *) continue ;; esac
            n=$(csv_count "$tmp/g.csv" '$col["kernel"] == "cublaslt" && $col["precision"] == "'$p'" &&
                $col["m"] ":" $col["n"] ":" $col["k"] == "'$s'" && $col["verified"] == 1 &&
                $col["config"] ~ /'"$lt_config"' C '$p'$/ && $col["max_rel_error"] <= $col["error_bound"]')
            [ "$n" -eq 1 ] || fail "no verified cuBLASLt row for $p $s with C in $p: $(grep cublaslt "$tmp/g.csv")"
            n=$(csv_count "$tmp/g.csv" '$col["kernel"] == "cublas" && $col["precision"] == "'$p'" &&
                $col["m"] ":" $col["n"] ":" $col["k"] == "'$s'" && $col["verified"] == 1 &&
                $col["config"] == "cublasGemmEx C '$p'"')
            [ "$n" -eq 1 ] || fail "no verified cublasGemmEx row for $p $s with C in $p: $(grep "cublas," "$tmp/g.csv")"
        done
        # Held to the bound with the output's rounding: u_in 8 + u_out (1 + 8 u_in) (2^-134 or
        # 2^-25 over max |R| aside), and above the FP32-C rows' own.
        u=2048
        [ $p = bf16 ] && u=256
        case $p in bf16 | fp16)
            n=$(csv_count "$tmp/g.csv" '$col["precision"] == "'$p'" && $col["config"] ~ / C '$p'$/ &&
                !($col["error_bound"] > 8 / '$u' + (1 + 8 / '$u') / '$u' - 1e-9 && $col["error_bound"] < 8 / '$u' + (1 + 8 / '$u') / '$u' + 1e-6)')
            [ "$n" -eq 0 ] || fail "$p rows with C in $p not held to 8 u + u (1 + 8 u), u = 1/$u: $(grep " C $p," "$tmp/g.csv")" ;;
        esac
    done
    [ "$(csv_count "$tmp/g.csv" '$col["kernel"] == "cublaslt" && $col["precision"] == "fp32"')" -eq 0 ] ||
        fail "a cuBLASLt FP32 row (SGEMM is no tensor roof)"
    [ "$(csv_count "$tmp/g.csv" '$col["config"] ~ / C / && $col["config"] !~ (" C " $col["precision"] "$")')" -eq 0 ] ||
        fail "a row whose C is in a type not its input type"
    [ "$(csv_count "$tmp/g.csv" '$col["config"] ~ / C (bf16|fp16)$/')" -eq 8 ] ||
        fail "not 8 rows with C in the input type (cublas and cublaslt, bf16 and fp16, 2 sizes): $(cut -d, -f3-5 "$tmp/g.csv")"
    if have_python3; then
        [ "$(json_eval "$tmp/g.json" '(len(d["cublaslt"]) == 12 and all(len(x["algorithms"]) == 3 and
            all(a["max_rel_error"] <= 0.04 for a in x["algorithms"]) for x in d["cublaslt"]) and
            sorted(x["c_type"] for x in d["cublaslt"] if x["precision"] == "bf16") == ["bf16", "bf16", "fp32", "fp32"])')" = True ] ||
            fail "g.json: cublaslt does not list the 3 algorithms tried at each of the 12 points, with C's type"
    fi
    # An algorithm or a call that computes wrong stops the run before it can be a roof; the
    # rows with C in the input type come first, so the fault hits them.
    for kp in cublaslt:bf16 cublas:fp16 cublaslt:fp16; do
        k=${kp%:*}
        p=${kp#*:}
        expect_exit 3 "--inject-fault -k $k -p $p" env "$fake_env" "$gemm" -k "$k" -p "$p" -t nn --mode gemm --sizes 256 -e 1 \
            -m 0.0001 --inject-fault -o "$tmp/fault.csv"
        case $k in
        cublaslt) grep -q "verification failed: cublaslt algo 1[123] $p nn C $p 256x256x256" "$tmp/err" ;;
        *) grep -q "verification failed: cublas cublasGemmEx C $p $p nn 256x256x256" "$tmp/err" ;;
        esac || fail "--inject-fault -k $k -p $p: not stopped on the row with C in $p: $(cat "$tmp/err")"
    done
    # The roof from both libraries and both C types: the best sample of any row (a profiled
    # kernel is one launch), its median as value_low. Made up here so the best sample and the
    # best median are different rows: cuBLASLt with C in BF16 at 384x256x512 has the best
    # sample, cuBLAS with an FP32 C at 256^3 the best median.
    rm -rf "$tmp/run"
    copy_run "$tmp/run" "$g"/gpu_flops.json "$g"/gemm.json
    awk -F, -v OFS=, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { r = $0; gsub(/"[^"]*"/, "q", r); split(r, f, ",") }
        f[c["precision"]] == "bf16" {
            best = 1000; med = 900
            if (f[c["kernel"]] == "cublaslt" && f[c["config"]] ~ / C bf16$/ && f[c["m"]] == 384) { best = 900000; med = 500000 }
            if (f[c["kernel"]] == "cublas" && f[c["config"]] == "cublasGemmEx" && f[c["m"]] == 256) { best = 800000; med = 790000 }
            $c["gflops_per_s"] = best; $c["gflops_per_s_median"] = med
        }
        { print }' "$tmp/g.csv" >"$tmp/run/gemm.csv"
    cp "$g/gpu_flops.csv" "$tmp/run/gpu_flops.csv"
    expect_exit 0 "rfl ceilings on cuBLAS and cuBLASLt rows" "$RFL" ceilings "$tmp/run"
    [ "$(ceiling "bf16 tensor" kernel)" = "cublaslt nn 384x256x512" ] && [ "$(ceiling "bf16 tensor" value)" = 900000 ] &&
        [ "$(ceiling "bf16 tensor" value_low)" = 500000 ] ||
        fail "the bf16 tensor roof is $(ceiling "bf16 tensor" kernel) at $(ceiling "bf16 tensor" value) (low $(ceiling "bf16 tensor" value_low)), not the best sample, cublaslt with C in bf16 at 384x256x512: 900000 (median 500000)"
    # What it moves: BF16 A, B and C, (384 x 512 + 512 x 256) x 2 + 2 x 384 x 256 x 2 bytes.
    [ "$(ceiling "bf16 tensor" wss_min_bytes)" = 1048576 ] ||
        fail "the bf16 tensor roof's GEMM moves $(ceiling "bf16 tensor" wss_min_bytes) bytes, not 1048576 (C in BF16)"
    grep -q "gpu0 bf16 tensor: the best of 8 verified GEMMs, cublaslt cublasLtMatmul algo 1[123] (heuristic [123] of 3) C bf16 nn 384x256x512" "$tmp/err" ||
        fail "no note on the roof's choice: $(cat "$tmp/err")"
else
    note "tests/gpu_fake_gemm not built (no CUDA): the cuBLASLt rows not checked"
fi

# --- 3. A spec for a roof whose row carries none (no clock read): the
# architecture's table at the device's maximum clock; FP64 64 FMA/clk/SM.
rm -rf "$tmp/run"
copy_run "$tmp/run" "$g"/gpu_flops.json "$g"/gemm.json
awk -F, -v OFS=, 'NR > 1 { $24 = ""; $25 = ""; $26 = "" } { print }' "$g/gpu_flops.csv" >"$tmp/run/gpu_flops.csv"
awk -F, -v OFS=, 'NR > 1 { $24 = ""; $25 = ""; $26 = "" } { print }' "$g/gemm.csv" >"$tmp/run/gemm.csv"
expect_exit 0 "rfl ceilings (rows without a peak)" "$RFL" ceilings "$tmp/run"
for x in "fp64:33454.08:128" "fp32:66908.16:256" "fp64 tensor:66908.16:256" "bf16 tensor:1070530.56:4096"; do
    name=${x%%:*}
    rest=${x#*:}
    [ "$(ceiling "$name" spec_value)" = "${rest%%:*}" ] ||
        fail "$name: spec $(ceiling "$name" spec_value), expected ${rest%%:*} (132 SMs x 1980 MHz x ${rest#*:} flops/clk)"
    grep "^gpu0,compute,$name," "$tmp/run/ceilings.csv" | grep -q "132 SMs x 1.98 GHz max x ${rest#*:} flops/clk (sm_90 table)" ||
        fail "$name: the spec's source: $(grep "^gpu0,compute,$name," "$tmp/run/ceilings.csv")"
done
exit 0
