# A tiny sweep of rfl_flops end to end: the CSV matches docs/FORMAT.md,
# every row is whole, verified and positive, the dispatch picked the widest
# ISA this CPU has, the sidecar is complete, the peak and model columns
# hang together, the curve has the expected shape (explicit SIMD at high
# FPE beats low FPE and beats compiled C), and numbers keep '.' decimals
# under a comma locale.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

RFL_FLOPS=$top_builddir/rfl_flops
[ -x "$RFL_FLOPS" ] || hard_error "$RFL_FLOPS: not built"

tiny="--fpe 1,2,7,64,256 --unroll 1,8,16 --min-time 0.0005 --experiments 2"

# check_rows CSV: rows whole and verified, every time and rate a positive
# number written with '.' (a decimal comma would also add fields).
check_rows()
{
    csv=$1
    csv_check_rectangular "$csv"
    bad=$(csv_column "$csv" verified | grep -v -x 1 | head -n 1)
    [ -z "$bad" ] || fail "$csv: a row has verified = '$bad'"
    for col in time_min_s time_median_s time_max_s gflops_per_s gflops_per_s_median gflops_per_s_worst \
        gbytes_per_s; do
        bad=$(csv_column "$csv" "$col" | awk '!($0 ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && $0 + 0 > 0) { print; exit }')
        [ -z "$bad" ] || fail "$csv: column $col has the value '$bad' (expected a positive number)"
    done
}

# The ISA the dispatch must pick here.
want_isa=
case $(uname -m) in
x86_64)
    flags=" $(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*://') "
    has_flag() { case $flags in *" $1 "*) return 0 ;; esac; return 1; }
    if has_flag avx512f; then
        want_isa=avx512
    elif has_flag avx2 && has_flag fma; then
        want_isa=avx2
    else
        want_isa=sse2
    fi
    ;;
aarch64) want_isa=neon ;;
esac

# 1. Both variants, both precisions, the default ISA.
out=$tmp/smoke.csv
"$RFL_FLOPS" $tiny -o "$out" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "tiny sweep: exit $rc: $(tail -n 5 "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "tiny sweep wrote to stdout (diagnostics belong on stderr)"

csv_columns_from_format flops >"$tmp/format_columns"
[ -s "$tmp/format_columns" ] ||
    fail "docs/FORMAT.md: no flops table (a '### ... .csv' heading and a table of backquoted column names in section 'flops')"
csv_header "$out" >"$tmp/header"
diff -u "$tmp/format_columns" "$tmp/header" >"$tmp/header.diff" ||
    fail "the CSV header differs from docs/FORMAT.md (- FORMAT.md, + CSV):
$(cat "$tmp/header.diff")"
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
[ -s "$sidecar" ] || fail "no sidecar $sidecar"
if have_python3; then
    json_valid "$sidecar" || fail "$sidecar does not parse as JSON"
    missing=$(json_eval "$sidecar" '" ".join(k for k in "program rfl_version host date_utc command_line build status ranks threads_per_rank thread_counts rank_placement binding topology cpu clock peak model verification kernels sweep barrier_overhead above_peak_rows".split() if k not in d)')
    [ -z "$missing" ] || fail "$sidecar: missing keys: $missing"
    [ "$(json_eval "$sidecar" 'd["status"]')" = complete ] || fail "$sidecar: status is not complete"
    [ "$(json_eval "$sidecar" 'd["program"]')" = rfl_flops ] || fail "$sidecar: program is not rfl_flops"
    [ "$(json_eval "$sidecar" 'd["verification"]["tolerance"]')" = 0.0 ] || fail "$sidecar: tolerance is not 0"
    if [ -n "$want_isa" ]; then
        [ "$(json_eval "$sidecar" 'd["peak"]["isa"]')" = "$want_isa" ] || fail "$sidecar: peak.isa is not $want_isa"
    fi
    missing=$(json_eval "$sidecar" '" ".join(k for k in "vendor family model microarchitecture assumption fma_per_cycle loads_per_cycle stores_per_cycle fma_latency_cycles".split() if k not in d["cpu"])')
    [ -z "$missing" ] || fail "$sidecar: cpu lacks: $missing"
else
    note "python3 not found: the sidecar's JSON is not parsed"
    grep -q '"status": *"complete"' "$sidecar" || fail "$sidecar: status is not \"complete\""
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
        "$RFL_FLOPS" --threads 1 --fpe 1,256 --unroll 16 -p fp64 --min-time 0.002 --experiments 5 -o "$out.csv" \
            >/dev/null 2>"$tmp/err" || fail "shape sweep: exit $?: $(tail -n 5 "$tmp/err")"
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
    "$RFL_FLOPS" --variant simd --isa all --fpe 4 --unroll 4 -p fp32 --min-time 0.0002 --experiments 1 \
        -o "$out" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] || fail "--isa all: exit $rc: $(tail -n 5 "$tmp/err")"
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
"$RFL_FLOPS" --variant ref --fpe 3,1024 --min-time 0.0002 --experiments 1 --wss 32K:4M --growth 8 \
    -o "$out" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || fail "--variant ref --wss: exit $rc: $(tail -n 5 "$tmp/err")"
check_rows "$out"
[ "$(csv_column "$out" variant | sort -u)" = ref ] || fail "--variant ref: rows of another variant"
[ "$(csv_column "$out" kernel_form | sort -u | tr '\n' ' ')" = "loop unrolled " ] ||
    fail "--variant ref: kernel_form is not loop (FPE 3) and unrolled (FPE 1024)"
[ "$(csv_column "$out" wss_bytes | sort -u | wc -l)" -ge 3 ] || fail "--wss 32K:4M: fewer than 3 working sets"

# 4. Under a locale whose decimal point is a comma, numbers keep '.'.
if have_locale de_DE.UTF-8; then
    out=$tmp/locale.csv
    env LANG=C LC_ALL=de_DE.UTF-8 "$RFL_FLOPS" --fpe 2,16 --unroll 8 --min-time 0.0002 --experiments 1 \
        -o "$out" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] || fail "LC_ALL=de_DE.UTF-8: exit $rc: $(tail -n 5 "$tmp/err")"
    check_rows "$out"
    csv_header "$out" | diff -q - "$tmp/format_columns" >/dev/null || fail "LC_ALL=de_DE.UTF-8: the header changed"
else
    note "no de_DE.UTF-8 locale (locale -a): the decimal-comma check is skipped"
fi

exit 0
