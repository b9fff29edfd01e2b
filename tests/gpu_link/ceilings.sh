# rfl ceilings, plot and report on rfl_gpu_link's files (tests/data/driver/gpu_link,
# made-up data: its README.md): the GPU link roofs, device "gpu_link", one per
# ordered pair one way and per pair both ways (cudaMemcpyPeer's fitted
# bandwidth, the latency in the provenance, the spread from the rows), the
# lowest and the median over the one-way pairs; ceilings.csv and the matrix
# chart gpu_link.gp exactly the committed ones; the report's GPU links
# section with the matrix; a bad cell is one line, exit 2, nothing written.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
data=$top_srcdir/tests/data/driver/gpu_link
expected=$data/expected

run_inputs()
{
    copy_run "$1" "$data"/gpu_link.csv "$data"/gpu_link_fit.csv "$data"/gpu_link.json
}

fresh
expect_exit 0 "rfl ceilings" "$RFL" ceilings "$tmp/run"
c=$tmp/run/ceilings.csv
check_golden "$expected/ceilings.csv" "$c"
[ "$(csv_count "$c" '$col["device"] == "gpu_link"')" -eq 11 ] || fail "expected 6 + 3 + 2 gpu_link ceilings: $(cat "$c")"
[ "$(csv_count "$c" '$col["name"] == "0 -> 1" && $col["value"] == 50 && $col["points"] == 4 &&
    $col["wss_min_bytes"] == 1024 && $col["wss_max_bytes"] == 268435456 && $col["program"] == "rfl_gpu_link" &&
    $col["file"] == "gpu_link_fit.csv" && $col["spread_points"] == 4 && $col["samples"] == 20 &&
    $col["spread_percent"] > 0.97 && $col["spread_percent"] < 0.99')" -eq 1 ] || fail "the 0 -> 1 roof: $(cat "$c")"
[ "$(csv_count "$c" '$col["name"] == "0 <-> 1" && $col["value"] == 95')" -eq 1 ] || fail "the 0 <-> 1 roof: $(cat "$c")"
[ "$(csv_count "$c" '$col["name"] == "min over pairs" && $col["value"] == 20')" -eq 1 ] || fail "min over pairs: $(cat "$c")"
[ "$(csv_count "$c" '$col["name"] == "median over pairs" && $col["value"] == 40')" -eq 1 ] || fail "median: $(cat "$c")"
grep -q 'cudaMemcpyPeer fit (latency 10 us), no P2P' "$c" && grep -q 'cudaMemcpyPeer fit, pair 1 -> 2' "$c" ||
    fail "the provenance: $(cat "$c")"
grep -q "GPU link: 6 one-way pairs of 3 GPUs, cudaMemcpyPeer from 20 GB/s (pair 1 -> 2) to median 40 GB/s" "$tmp/err" ||
    fail "no note: $(cat "$tmp/err")"

# The matrix chart: exactly the committed script (its PNG only where gnuplot is).
expect_exit 0 "rfl plot" "$RFL" plot "$tmp/run" --no-render
check_golden "$expected/gpu_link.gp" "$tmp/run/gpu_link.gp"
[ "$(sed -n '/^\$matrix << EOD/,/^EOD/p' "$tmp/run/gpu_link.gp" | grep -c '^NaN 50.0 40.0$')" -eq 1 ] ||
    fail "gpu_link.gp: row 0 of the matrix is not 'NaN 50.0 40.0'"

# The report: the GPU links section with the matrix and every pair.
expect_exit 0 "rfl report" "$RFL" report "$tmp/run"
r=$tmp/run/report.md
grep -q "^## GPU links" "$r" || fail "report.md: no GPU links section"
grep -q "^| GPU 1 | 50.0 | - | 20.0 (no P2P) |$" "$r" || fail "report.md: matrix row of GPU 1: $(grep '^| GPU 1 |' "$r")"
grep -q "^| GPU 1 | GPU 2 | no | 20.0 | 10.00 | 38.0 | - | 10.0 |$" "$r" ||
    fail "report.md: pair 1 -> 2: $(grep '^| GPU 1 | GPU 2' "$r")"
grep -q "<td>20.0 (no P2P)</td>" "$tmp/run/report.html" || fail "report.html: no matrix"
grep -q "| gpu_link | median over pairs | 40.0" "$r" || fail "report.md: no gpu_link roof row"

# An unverified fit row: no roof for that series, a note; a bad method: one line, exit 2, nothing written.
fresh
sed -i '2s/,1$/,0/' "$tmp/run/gpu_link_fit.csv"
expect_exit 0 "unverified fit" "$RFL" ceilings "$tmp/run"
[ "$(csv_count "$tmp/run/ceilings.csv" '$col["name"] == "0 -> 1"')" -eq 0 ] || fail "unverified fit: a 0 -> 1 roof"
grep -q "gpu_link_fit.csv:2: skipped a row whose result was not verified" "$tmp/err" || fail "unverified: $(cat "$tmp/err")"
broken_input "bad method" "gpu_link.csv:3: method 'dma' is not one rfl_gpu_link writes" gpu_link.csv \
    sed '3s/memcpy_peer/dma/'
broken_input "same device" "gpu_link_fit.csv:5: src_device and dst_device are both 1" gpu_link_fit.csv \
    sed '5s/^1,2,/1,1,/'
broken_input "negative bandwidth" "gpu_link_fit.csv:2" gpu_link_fit.csv sed '2s/,2,50,/,2,-50,/'
broken_input "bad device" "gpu_link.csv:2" gpu_link.csv sed '2s/^0,1,/-1,1,/'
exit 0
