# A tiny sweep of rfl_flops end to end: the CSV matches docs/FORMAT.md,
# every row is whole, verified and positive, the dispatch picked the widest
# ISA this CPU has, the sidecar is complete, the peak and model columns
# hang together, the curve has the expected shape (explicit SIMD at high
# FPE beats low FPE and beats compiled C), and numbers keep '.' decimals
# under a comma locale.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_FLOPS"

tiny="--fpe 1,2,7,64,256 --unroll 1,8,16 --min-time 0.0005 --experiments 2"

# check_rows CSV: rows whole and verified, every time and rate a positive number.
check_rows()
{
    check_verified "$1"
    check_positive "$1" time_min_s time_median_s time_max_s gflops_per_s gflops_per_s_median gflops_per_s_worst \
        gbytes_per_s
}

# The ISA the dispatch must pick here.
want_isa=
case $(uname -m) in
x86_64)
    if has_cpu_flag avx512f; then
        want_isa=avx512
    elif has_cpu_flag avx2 && has_cpu_flag fma; then
        want_isa=avx2
    else
        want_isa=sse2
    fi
    ;;
aarch64) want_isa=neon ;;
esac

# 1. Both variants, both precisions, the default ISA.
out=$tmp/smoke.csv
expect_exit 0 "tiny sweep" "$RFL_FLOPS" $tiny -o "$out"
[ ! -s "$tmp/out" ] || fail "tiny sweep wrote to stdout (diagnostics belong on stderr)"
check_header "$out" flops
check_rows "$out"

simd_rows=0
[ -n "$want_isa" ] && simd_rows=$((2 * 3 * 5))
rows=$(csv_rows "$out" | wc -l)
[ "$rows" -eq $((2 * 5 + simd_rows)) ] || fail "tiny sweep: $rows rows, expected $((2 * 5 + simd_rows))"
[ "$(awk -F, 'NR > 1 && $1 == "ref" { print $2 }' "$out" | sort -u)" = c ] || fail "ref rows are not labelled isa c"
if [ -n "$want_isa" ]; then
    got=$(awk -F, 'NR > 1 && $1 == "simd" { print $2 }' "$out" | sort -u | tr '\n' ' ')
    [ "$got" = "$want_isa " ] || fail "dispatch: simd rows ran '$got', expected the widest ISA here, $want_isa"
fi
for prec in fp64 fp32; do
    grep -q "^ref,c,$prec," "$out" || fail "tiny sweep: no ref rows for $prec"
done

# Peak, fraction and flag agree; the model never exceeds the machine's
# issue rate at FPE 1 (store-bound) ... and every row has a model and clock.
if [ "$(uname -m)" = x86_64 ] || [ "$(uname -m)" = aarch64 ]; then
    problem=$(awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            g = $c["gflops_per_s"]; p = $c["peak_gflops_per_s"]; f = $c["fraction_of_peak"]
            m = $c["model_gflops_per_s"]; a = $c["above_peak"]
            if (p + 0 <= 0) { print "line " NR ": no peak"; exit }
            if (m + 0 <= 0) { print "line " NR ": no model"; exit }
            if ($c["clock_ghz"] + 0 < 0.2) { print "line " NR ": clock " $c["clock_ghz"]; exit }
            if ((f - g / p) > 1e-6 * f || (g / p - f) > 1e-6 * f) { print "line " NR ": fraction " f " != " g "/" p; exit }
            if (a != (g > p && g > m)) { print "line " NR ": above_peak " a " for " g " (peak " p ", model " m ")"; exit }
            if ($c["flops_per_elem"] == 1 && m >= p) { print "line " NR ": model at FPE 1 not below the peak"; exit }
            if ($c["arithmetic_intensity"] * $c["bytes_per_elem"] != $c["flops_per_elem"]) { print "line " NR ": intensity"; exit }
        }' "$out")
    [ -z "$problem" ] || fail "tiny sweep: $problem"
fi

sidecar=$tmp/smoke.json
check_sidecar "$sidecar" rfl_flops program rfl_version host date_utc command_line build status ranks threads_per_rank \
    thread_counts rank_placement binding topology cpu fma_units clock peak model verification kernels sweep \
    barrier_overhead above_peak_rows
if have_python3; then
    [ "$(json_eval "$sidecar" 'd["verification"]["tolerance"]')" = 0.0 ] || fail "$sidecar: tolerance is not 0"
    if [ -n "$want_isa" ]; then
        [ "$(json_eval "$sidecar" 'd["peak"]["isa"]')" = "$want_isa" ] || fail "$sidecar: peak.isa is not $want_isa"
    fi
    missing=$(json_eval "$sidecar" '" ".join(k for k in "vendor family model microarchitecture assumption fma_per_cycle loads_per_cycle stores_per_cycle fma_latency_cycles".split() if k not in d["cpu"])')
    [ -z "$missing" ] || fail "$sidecar: cpu lacks: $missing"
fi

# 2. The shape: explicit SIMD with enough chains is compute-bound at high
# FPE (several times its FPE-1 rate) and far above compiled C there. One
# thread, so tests running beside this one (a parallel make check) take
# cores from it less often; a busy machine can still stretch every sample
# of one point: two retries.
if [ -n "$want_isa" ]; then
    # rate CSV VARIANT FPE: the best gflops_per_s of those rows.
    rate()
    {
        awk -F, -v variant="$2" -v fpe="$3" '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["variant"] == variant && $c["flops_per_elem"] == fpe && $c["gflops_per_s"] > best { best = $c["gflops_per_s"] }
            END { print best + 0 }' "$1"
    }
    shape=
    for attempt in 1 2 3; do
        out=$tmp/shape
        expect_exit 0 "shape sweep" \
            "$RFL_FLOPS" --threads 1 --fpe 1,256 --unroll 16 -p fp64 --min-time 0.002 --experiments 5 -o "$out.csv"
        low=$(rate "$out.csv" simd 1)
        high=$(rate "$out.csv" simd 256)
        ref=$(rate "$out.csv" ref 256)
        shape=
        awk -v l="$low" -v h="$high" 'BEGIN { exit !(h > 1.5 * l) }' ||
            shape="simd at FPE 256 ($high GFLOP/s) is not 1.5 x its FPE-1 rate ($low GFLOP/s)"
        awk -v r="$ref" -v h="$high" 'BEGIN { exit !(h > 1.5 * r) }' ||
            shape="simd at FPE 256 ($high GFLOP/s) is not 1.5 x ref ($ref GFLOP/s)"
        [ -z "$shape" ] && break
        note "shape, attempt $attempt: $shape"
    done
    [ -z "$shape" ] || fail "shape: $shape"
fi

# 3. Every ISA this CPU has, ref alone, a working-set sweep.
if [ -n "$want_isa" ]; then
    out=$tmp/all.csv
    expect_exit 0 "--isa all" \
        "$RFL_FLOPS" --variant simd --isa all --fpe 4 --unroll 4 -p fp32 --min-time 0.0002 --experiments 1 -o "$out"
    check_rows "$out"
    case $want_isa in
    avx512) all="avx2 avx512 sse2 " ;;
    avx2) all="avx2 sse2 " ;;
    *) all="$want_isa " ;;
    esac
    got=$(csv_column "$out" isa | sort -u | tr '\n' ' ')
    [ "$got" = "$all" ] || fail "--isa all: ran '$got', expected every ISA this CPU has: $all"
fi
out=$tmp/ref.csv
expect_exit 0 "--variant ref --wss" \
    "$RFL_FLOPS" --variant ref --fpe 3,1024 --min-time 0.0002 --experiments 1 --wss 32K:4M --growth 8 -o "$out"
check_rows "$out"
[ "$(csv_column "$out" variant | sort -u)" = ref ] || fail "--variant ref: rows of another variant"
[ "$(csv_column "$out" kernel_form | sort -u | tr '\n' ' ')" = "loop unrolled " ] ||
    fail "--variant ref: kernel_form is not loop (FPE 3) and unrolled (FPE 1024)"
[ "$(csv_column "$out" wss_bytes | sort -u | wc -l)" -ge 3 ] || fail "--wss 32K:4M: fewer than 3 working sets"

# 4. Under a locale whose decimal point is a comma, numbers keep '.'.
if have_locale de_DE.UTF-8; then
    out=$tmp/locale.csv
    expect_exit 0 "LC_ALL=de_DE.UTF-8" \
        env LANG=C LC_ALL=de_DE.UTF-8 "$RFL_FLOPS" --fpe 2,16 --unroll 8 --min-time 0.0002 --experiments 1 -o "$out"
    check_rows "$out"
    check_header "$out" flops
else
    note "no de_DE.UTF-8 locale (locale -a): the decimal-comma check is skipped"
fi

exit 0
