# Hostile inputs never crash, hang or hit an arbitrary cap (issue 12):
# huge, negative and non-numeric counts and sizes in the count columns of
# every kind of CSV; a FIFO or a directory where an input should be (CSV,
# sidecar, application points, config, roofline.png, run.json); a file past
# the input cap; application points at intensity 1e308, 1e-300, 1e-308,
# inf, nan, 0, -1, and one whose intensity x bandwidth overflows in a run
# without flops.csv; a curve of more than 1,024 points and one past
# RFL_LEVELS_MAX_POINTS; dangling and looping symbolic links. Every command
# runs under `timeout 20`: a hang fails the test instead of stalling it.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
command -v timeout >/dev/null 2>&1 || skip "no timeout(1) to bound the commands"

# bounded WHAT CMD...: CMD under timeout 20, stdout in $tmp/out and stderr
# in $tmp/err; fails on a hang (124) or a crash (a signal: 128 and above);
# returns CMD's status.
bounded()
{
    _what=$1
    shift
    timeout 20 "$@" >"$tmp/out" 2>"$tmp/err"
    _rc=$?
    [ $_rc -ne 124 ] || fail "$_what: still running after 20 s (a hang)"
    [ $_rc -lt 128 ] || fail "$_what: killed by a signal (exit $_rc): $(tail -n 5 "$tmp/err")"
    return $_rc
}

# refused WHAT PATTERN CMD...: bounded CMD exits 2 with one line on stderr
# matching PATTERN (an extended regular expression).
refused()
{
    _what=$1
    _pattern=$2
    shift 2
    bounded "$_what" "$@"
    _rc=$?
    [ $_rc -eq 2 ] || fail "$_what: exit $_rc, expected 2 (stderr: $(head -n 3 "$tmp/err"))"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$_what: expected one line on stderr, got: $(head -n 5 "$tmp/err")"
    grep -Eq -- "$_pattern" "$tmp/err" || fail "$_what: message does not match '$_pattern': $(cat "$tmp/err")"
}

cpu_run()
{
    rm -rf "$tmp/run"
    copy_golden "$tmp/run"
}

gpu_run()
{
    rm -rf "$tmp/run"
    copy_gpu_golden "$tmp/run"
}

# column_index CSV NAME: the field number of column NAME.
column_index()
{
    _i=$(csv_header "$1" | awk -v name="$2" '$0 == name { print NR; exit }')
    [ -n "$_i" ] || hard_error "$1: no column $2"
    echo "$_i"
}

# bad_counts SETUP FILE COLUMN...: each COLUMN of FILE's first data row set
# to each hostile value is refused, naming FILE:2 and the column.
bad_counts()
{
    _setup=$1
    _file=$2
    shift 2
    for _col in "$@"; do
        for _value in 9223372036854775807 99999999999999999999 -1 lots 1e999; do
            $_setup
            _field=$(column_index "$tmp/run/$_file" "$_col")
            set_field 2 "$_field" "$_value" "$tmp/run/$_file" >"$tmp/rewritten" && mv "$tmp/rewritten" "$tmp/run/$_file"
            refused "$_file $_col = $_value" "$_file:2: column '$_col': .*'$_value'" "$RFL" ceilings "$tmp/run"
            [ ! -e "$tmp/run/ceilings.csv" ] || fail "$_file $_col = $_value: wrote ceilings.csv anyway"
        done
    done
}

# --- crashes: counts and sizes in every kind of CSV ---------------------
bad_counts cpu_run bandwidth.csv ranks threads_per_rank wss_bytes wss_bytes_per_thread nontemporal
bad_counts cpu_run flops.csv ranks threads_per_rank wss_bytes unroll
bad_counts gpu_run gpu_bandwidth.csv threads_per_block blocks_per_grid wss_bytes
bad_counts gpu_run gpu_flops.csv chains_per_thread threads_per_block blocks_per_grid wss_bytes
bad_counts gpu_run unified_memory.csv wss_bytes reuse
bad_counts gpu_run gemm.csv m n k
bad_counts gpu_run gemm_model.csv m n k fma_instructions lds_instructions
bad_counts gpu_run gpu_micro_transfer.csv bytes
bad_counts gpu_run gpu_micro_transfer_fit.csv points bytes_min bytes_max
bad_counts gpu_run gpu_micro_chase.csv array_bytes stride_bytes
bad_counts gpu_run gpu_micro_launch.csv blocks threads_per_block
bad_counts gpu_run gpu_micro_barrier.csv blocks blocks_per_sm
bad_counts gpu_run gpu_micro_pipeline.csv threads_per_block chains_per_thread
bad_counts gpu_run gpu_micro_stride.csv word_bytes stride_words

# Each count in range, their product not: the job's threads, a GEMM's matrices.
cpu_run
set_field 2 5 65536 "$golden/bandwidth.csv" | set_field 2 6 65536 /dev/stdin >"$tmp/run/bandwidth.csv"
refused "ranks x threads" "bandwidth.csv:2: column 'threads_per_rank': 65536 ranks x '65536' threads" \
    "$RFL" ceilings "$tmp/run"
gpu_run
set_field 2 9 2147483647 "$gpu_golden/gemm.csv" | set_field 2 10 2147483647 /dev/stdin |
    set_field 2 11 2147483647 /dev/stdin >"$tmp/run/gemm.csv"
refused "gemm m x n x k" "gemm.csv:2: columns 'm', 'n', 'k': .*more than 1 EiB" "$RFL" ceilings "$tmp/run"

# --- application points -------------------------------------------------
app()
{
    printf 'name,arithmetic_intensity,gflops_per_s\n%s\n' "$1" >"$tmp/app.csv"
}
cpu_run
for bad in 'x,1e-308,1' 'x,inf,1' 'x,nan,1' 'x,0,1' 'x,-1,1' 'x,1,inf' 'x,1e999,1'; do
    app "$bad"
    refused "app point $bad" "app.csv:2: (column 'arithmetic_intensity'|column 'gflops_per_s'|arithmetic_intensity and gflops_per_s must be positive)" \
        "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv"
done

# Extreme but finite points: every command ends, the scripts are finite.
for point in 'far right,1e308,10' 'near max,1.7e308,10' 'far left,1e-300,1e-290' 'big,1e30,1e30'; do
    cpu_run
    app "$point"
    bounded "ceilings with $point" "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv" ||
        fail "ceilings with $point: exit $?: $(cat "$tmp/err")"
    bounded "plot with $point" "$RFL" plot "$tmp/run" --no-render || fail "plot with $point: exit $?: $(cat "$tmp/err")"
    ! grep -Eqw 'inf|nan' "$tmp/run/roofline.gp" || fail "plot with $point: roofline.gp holds inf or nan"
    tics=$(grep '^set xtics (' "$tmp/run/roofline.gp" | tr ',' '\n' | wc -l)
    [ "$tics" -le 48 ] || fail "plot with $point: $tics x tics"
    if GNUPLOT=$(gnuplot_path); then
        export GNUPLOT
        bounded "rendering $point" "$RFL" plot "$tmp/run" || fail "rendering $point: exit $?: $(tail -n 3 "$tmp/err")"
    fi
    bounded "report with $point" "$RFL" report "$tmp/run" || fail "report with $point: exit $?: $(cat "$tmp/err")"
done

# No flops.csv: no peak. A point is bounded by bandwidth alone; one whose
# intensity x bandwidth overflows is refused by every command (it made
# ceilings, plot and report dereference a NULL peak).
cpu_run
rm "$tmp/run/flops.csv" "$tmp/run/flops.json"
app 'bounded,0.5,10'
bounded "no peak" "$RFL" ceilings "$tmp/run" --app "$tmp/app.csv" || fail "no peak: exit $?: $(cat "$tmp/err")"
grep -q '"bound": "DRAM bandwidth"' "$tmp/run/roofline.json" || fail "no peak: the point is not bounded by DRAM bandwidth"
rm -f "$tmp/run/applications.csv"
app 'overflow,1e308,10'
for cmd in ceilings plot report; do
    refused "no peak, $cmd with an overflowing point" \
        "app.csv:2: column 'arithmetic_intensity': '1e308' x the DRAM bandwidth overflows" \
        "$RFL" $cmd "$tmp/run" --app "$tmp/app.csv"
done

# --- hangs: FIFOs and directories where inputs should be ----------------
if mkfifo "$tmp/fifo-probe" 2>/dev/null; then
    for target in bandwidth.csv bandwidth.json run.conf; do
        for cmd in ceilings plot report; do
            cpu_run
            rm -f "$tmp/run/$target"
            mkfifo "$tmp/run/$target"
            refused "$target as a FIFO ($cmd)" "run/$target: not a regular file" "$RFL" $cmd "$tmp/run"
        done
    done
    cpu_run
    mkfifo "$tmp/app.fifo" "$tmp/conf.fifo"
    refused "--app FIFO" "app.fifo: not a regular file" "$RFL" ceilings "$tmp/run" --app "$tmp/app.fifo"
    refused "--config FIFO" "conf.fifo: not a regular file" "$RFL" plot "$tmp/run" --config "$tmp/conf.fifo"
    # rfl_gemm --sass reads a SASS listing (built with --with-cuda).
    if [ -x "$RFL_GEMM" ]; then
        refused "rfl_gemm --sass FIFO" "option --sass: '.*sass.fifo': not a regular file" \
            sh -c 'mkfifo "$1" && exec "$2" --sass "$1"' sh "$tmp/sass.fifo" "$RFL_GEMM"
    fi
    # The report's own reads: a warning, and the report without them.
    cpu_run
    bounded "plot for the report" "$RFL" plot "$tmp/run" --no-render || fail "plot: exit $?"
    rm -f "$tmp/run/roofline.png"
    mkfifo "$tmp/run/roofline.png" "$tmp/run/run.json"
    bounded "report with FIFOs" "$RFL" report "$tmp/run" || fail "report with FIFOs: exit $?: $(cat "$tmp/err")"
    grep -q "roofline.png: not a regular file" "$tmp/err" || fail "report with FIFOs: no warning for roofline.png"
    grep -q "run.json: not a regular file" "$tmp/err" || fail "report with FIFOs: no warning for run.json"
else
    note "mkfifo failed: the FIFO cases are not run"
fi

# A header of 300,000 columns, one repeated: found without comparing every
# pair (that took minutes).
cpu_run
awk 'BEGIN { for (i = 0; i < 300000; i++) printf "c%d,", i; print "c7"; for (i = 0; i < 300000; i++) printf "1,"; print "1" }' \
    >"$tmp/run/bandwidth.csv"
refused "300,000 columns" "bandwidth.csv:1: column 'c7' appears twice" "$RFL" ceilings "$tmp/run"

cpu_run
rm "$tmp/run/flops.json"
mkdir "$tmp/run/flops.json"
refused "sidecar directory" "flops.json: not a regular file \(a directory\)" "$RFL" ceilings "$tmp/run"

# roofline.png a directory: rfl report asked malloc for LONG_MAX bytes.
cpu_run
bounded "ceilings" "$RFL" ceilings "$tmp/run" || fail "ceilings: exit $?"
mkdir "$tmp/run/roofline.png"
bounded "report with a directory as roofline.png" "$RFL" report "$tmp/run" ||
    fail "report with a directory as roofline.png: exit $?: $(cat "$tmp/err")"
grep -q "roofline.png: not a regular file (a directory)" "$tmp/err" ||
    fail "report: no warning for the roofline.png directory: $(cat "$tmp/err")"
[ -s "$tmp/run/report.html" ] || fail "report: no report.html"

# An input past RFL_INPUT_MAX_BYTES (a sparse file: no disk used).
cpu_run
if truncate -s 1100M "$tmp/run/flops.csv" 2>/dev/null; then
    refused "a 1.1 GiB CSV" "flops.csv: larger than 1G, the most rfl reads of an input file \(RFL_INPUT_MAX_BYTES\)" \
        "$RFL" ceilings "$tmp/run"
fi

# --- caps: a curve of 1,500 points (the old limit was 1,024), and one past
# RFL_LEVELS_MAX_POINTS, generated rather than measured.
# long_curve N: bandwidth.csv with one sum curve of N points from 4K to 1G
# per thread, four plateaus by the golden topology's capacities.
long_curve()
{
    awk -F, -v OFS=, -v n="$1" '
        NR == 1 { print; next }
        NR == 2 {
            for (i = 0; i < n; i++) {
                w = 4096 * exp(i * log(262144) / n)
                $8 = sprintf("%.0f", w); $7 = sprintf("%.0f", 4 * w)
                r = w <= 32768 ? 400 : w <= 1048576 ? 200 : w <= 8388608 ? 100 : 30
                $19 = r * (1 + 0.01 * sin(i))
                print
            }
            exit
        }' "$golden/bandwidth.csv"
}
rm -rf "$tmp/run"
mkdir "$tmp/run" && cp "$golden/bandwidth.json" "$tmp/run/" || hard_error "cannot set up $tmp/run"
long_curve 1500 >"$tmp/run/bandwidth.csv"
bounded "a 1,500-point curve" "$RFL" ceilings "$tmp/run" || fail "a 1,500-point curve: exit $?: $(cat "$tmp/err")"
grep -q '^cpu,bandwidth,DRAM,' "$tmp/run/ceilings.csv" || fail "a 1,500-point curve: no DRAM ceiling"
long_curve 8193 >"$tmp/run/bandwidth.csv"
refused "an 8,193-point curve" "bandwidth.csv:8194: the sum fp64 avx2 curve has more than 8192 points \(RFL_LEVELS_MAX_POINTS" \
    "$RFL" ceilings "$tmp/run"

# --- symbolic links in a run directory ----------------------------------
cpu_run
ln -s nowhere.csv "$tmp/run/old.csv"
refused "dangling link" "run/old.csv: a dangling symbolic link \(to 'nowhere.csv'\)" "$RFL" ceilings "$tmp/run"
rm "$tmp/run/old.csv"
ln -s loop.csv "$tmp/run/loop.csv"
refused "looping link" "run/loop.csv: a symbolic link loop" "$RFL" plot "$tmp/run" --no-render
rm "$tmp/run/loop.csv"
# A link to a regular file is an input like any other.
mv "$tmp/run/flops.csv" "$tmp/flops.csv" && ln -s "$tmp/flops.csv" "$tmp/run/flops.csv"
bounded "a link to a CSV" "$RFL" ceilings "$tmp/run" || fail "a link to a CSV: exit $?: $(cat "$tmp/err")"

exit 0
