# A tiny sweep of rfl_bandwidth end to end: the CSV matches docs/FORMAT.md,
# every row is whole, verified and positive, the sidecar is complete, the
# curve has the expected shape (caches faster than DRAM), and the output
# keeps '.' decimals under a comma locale.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"

tiny="--quick --wss 16K:4M --min-time 0.0002 --experiments 2"

# check_rows CSV: rows whole, verified, every time and rate a positive number.
check_rows()
{
    check_verified "$1"
    check_positive "$1" $(csv_header "$1" | grep -e '_s$' -e 'per_s')
}

# 1. Every kernel, both precisions, the default (widest) ISA.
out=$tmp/smoke.csv
expect_exit 0 "tiny sweep" "$RFL_BANDWIDTH" $tiny -k all -p fp64,fp32 -o "$out"
[ ! -s "$tmp/out" ] || fail "tiny sweep wrote to stdout (diagnostics belong on stderr)"
check_header "$out" bandwidth
check_rows "$out"

# Every kernel and precision has rows (the C variant has no non-temporal kernels).
isa=$(csv_column "$out" isa | sort -u)
[ "$(echo "$isa" | wc -l)" -eq 1 ] || fail "tiny sweep: several ISAs without --isa: $isa"
for kernel in sum rmw copy copy_nt triad triad_nt write write_nt; do
    case $isa.$kernel in c.*_nt) continue ;; esac
    for prec in fp64 fp32; do
        tail -n +2 "$out" | grep -q "^$kernel,$prec," || fail "tiny sweep: no rows for $kernel $prec"
    done
done

sidecar=$tmp/smoke.json
check_sidecar "$sidecar" rfl_bandwidth program rfl_version host date_utc command_line build ranks threads_per_rank \
    binding topology huge_pages barrier_overhead sweep kernels status
if have_python3; then
    [ "$(json_eval "$sidecar" 'd["ranks"]')" = "$(csv_column "$out" ranks | sort -u)" ] ||
        fail "$sidecar: ranks differs from the CSV's"
fi

# 2. The shape of the curve: an L1-sized sum streams faster than a
# DRAM-sized one (ratios only; absolute numbers depend on the machine).
# One thread, five samples, and up to three attempts: on a loaded machine a
# preempted sample can hide the L1 rate, but a real regression persists.
shape=$tmp/shape.csv
rate_at()
{
    awk -F, -v wss="$1" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["wss_bytes"] == wss && $col["gbytes_per_s"] > best { best = $col["gbytes_per_s"] }
        END { print best + 0 }' "$shape"
}
attempt=1
while timing_shapes_mean_something shape; do
    expect_exit 0 "shape sweep" "$RFL_BANDWIDTH" -k sum -p fp64 --wss 32K:256M --growth 8 --threads 1 --experiments 5 -o "$shape"
    check_rows "$shape"
    wss_min=$(csv_column "$shape" wss_bytes | sort -n | head -n 1)
    wss_max=$(csv_column "$shape" wss_bytes | sort -n | tail -n 1)
    small=$(rate_at "$wss_min")
    large=$(rate_at "$wss_max")
    awk -v s="$small" -v l="$large" 'BEGIN { exit !(s > 1.5 * l) }' && break
    [ $attempt -lt 3 ] ||
        fail "shape: sum at $wss_min bytes ($small GB/s) is not 1.5 x faster than at $wss_max bytes ($large GB/s), 3 times"
    note "shape: attempt $attempt: $small GB/s at $wss_min bytes, $large GB/s at $wss_max bytes; again"
    attempt=$((attempt + 1))
done

# 3. The plain C variant.
out=$tmp/c.csv
expect_exit 0 "--isa c" "$RFL_BANDWIDTH" $tiny --isa c -o "$out"
check_rows "$out"
[ "$(csv_column "$out" isa | sort -u)" = c ] || fail "--isa c: rows of another ISA"
! csv_column "$out" kernel | grep -q '_nt$' || fail "--isa c: rows for non-temporal kernels, which have no C variant"

# 4. Under a locale whose decimal point is a comma, numbers keep '.'.
if have_locale de_DE.UTF-8; then
    for var in LC_ALL LC_NUMERIC; do
        out=$tmp/locale_$var.csv
        expect_exit 0 "$var=de_DE.UTF-8" env LANG=C "$var=de_DE.UTF-8" "$RFL_BANDWIDTH" $tiny -k sum,triad -o "$out"
        check_rows "$out"
        check_header "$out" bandwidth
        if have_python3; then
            json_valid "${out%.csv}.json" || fail "$var=de_DE.UTF-8: the sidecar does not parse as JSON"
        fi
    done
else
    note "no de_DE.UTF-8 locale (locale -a): the decimal-comma check is skipped"
fi

exit 0
