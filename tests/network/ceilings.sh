# rfl ceilings on rfl_network's files (tests/data/driver/network, made-up
# data: tests/data/driver/network/README.md): the network roofs, device
# "network", one bandwidth ceiling per class of rank pair, valued at the
# fit's bandwidth with the latency in the provenance and the spread from
# the rows, in ceilings.csv, roofline.json and the report; a roof without
# a verified fit is left out with a note; a bad cell is one line, exit 2.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
data=$top_srcdir/tests/data/driver/network

run_dir()
{
    rm -rf "$tmp/run"
    mkdir "$tmp/run" || hard_error "mkdir"
    cp "$data"/network.csv "$data"/network_fit.csv "$data"/network.json "$tmp/run/" || hard_error "cp"
}

run_dir
expect_exit 0 "rfl ceilings" "$RFL" ceilings "$tmp/run"
c=$tmp/run/ceilings.csv
[ "$(csv_count "$c" '$col["device"] == "network"')" -eq 2 ] || fail "expected 2 network ceilings: $(cat "$c")"
[ "$(csv_count "$c" '$col["device"] != "network"')" -eq 0 ] || fail "ceilings other than the network's: $(cat "$c")"
# The fit's values (the fixture's), the latency in the kernel, the spread from the rows' fastest/median (1/1.02).
[ "$(csv_count "$c" '$col["name"] == "same node" && $col["kind"] == "bandwidth" && $col["value"] == 10 && $col["points"] == 4 &&
    $col["wss_min_bytes"] == 8 && $col["wss_max_bytes"] == 1048576 && $col["program"] == "rfl_network" && $col["ranks"] == 4 &&
    $col["file"] == "network_fit.csv" && $col["spread_points"] == 4 && $col["samples"] == 20 &&
    $col["spread_percent"] > 0.97 && $col["spread_percent"] < 0.99')" -eq 1 ] || fail "the same-node roof: $(cat "$c")"
[ "$(csv_count "$c" '$col["name"] == "other node" && $col["value"] == 5 && $col["points"] == 8 && $col["spread_points"] == 8 &&
    $col["spread_percent"] > 0.97 && $col["spread_percent"] < 0.99')" -eq 1 ] || fail "the other-node roof: $(cat "$c")"
grep -q 'MPI ping-pong fit (latency 0.5 us)' "$c" && grep -q 'MPI ping-pong fit (latency 2 us)' "$c" ||
    fail "the latency is not in the roofs' provenance: $(cat "$c")"
grep -q "network other node (2 pairs of ranks): T = 2 us + bytes / 5 GB/s" "$tmp/err" || fail "no fit note: $(cat "$tmp/err")"
if have_python3; then
    [ "$(json_eval "$tmp/run/roofline.json" 'sorted(c["name"] for c in d["ceilings"] if c["device"] == "network")')" = \
        "['other node', 'same node']" ] || fail "roofline.json: the network roofs are not there"
fi
# The chart: both classes' points and fit lines in network.gp (its PNG only where gnuplot is).
GNUPLOT=/nonexistent/gnuplot expect_exit 0 "rfl plot" "$RFL" plot "$tmp/run"
gp=$tmp/run/network.gp
[ -s "$gp" ] || fail "rfl plot: no network.gp"
grep -q "fit 0.5 µs + bytes / 10.0 GB/s" "$gp" && grep -q "fit 2.00 µs + bytes / 5.00 GB/s" "$gp" &&
    grep -q "same node (1 pair)" "$gp" && grep -q "other node (2 pairs)" "$gp" || fail "network.gp: $(grep -n title "$gp")"
[ "$(sed -n '/^\$messages << EOD/,/^EOD/p' "$gp" | grep -c '^[0-9]')" -eq 12 ] || fail "network.gp: not the 12 rows' points"
expect_exit 0 "rfl report" "$RFL" report "$tmp/run"
grep -q "| network | same node | 10.0" "$tmp/run/report.md" || fail "report.md: no network roof row"

# An unverified fit row: no roof for that class, and a note saying why.
run_dir
sed -i 's/^other_node,\(.*\),1$/other_node,\1,0/' "$tmp/run/network_fit.csv"
expect_exit 0 "unverified fit" "$RFL" ceilings "$tmp/run"
[ "$(csv_count "$tmp/run/ceilings.csv" '$col["device"] == "network"')" -eq 1 ] &&
    [ "$(csv_count "$tmp/run/ceilings.csv" '$col["name"] == "same node"')" -eq 1 ] || fail "unverified fit: $(cat "$tmp/run/ceilings.csv")"
grep -q "network_fit.csv:3: skipped a row whose result was not verified" "$tmp/err" || fail "unverified fit: $(cat "$tmp/err")"

# A pair class the program never writes: one line naming file, line and value; nothing written.
run_dir
sed -i '3s/same_node/next_door/' "$tmp/run/network.csv"
expect_exit 2 "bad pair_class" "$RFL" ceilings "$tmp/run"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "network.csv:3: pair_class 'next_door'" "$tmp/err" ||
    fail "bad pair_class: $(cat "$tmp/err")"
[ ! -e "$tmp/run/ceilings.csv" ] || fail "bad pair_class: ceilings.csv written"
# A non-positive fitted bandwidth.
run_dir
sed -i '2s/,0.5,10,/,0.5,-10,/' "$tmp/run/network_fit.csv"
expect_exit 2 "negative bandwidth" "$RFL" ceilings "$tmp/run"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "network_fit.csv:2" "$tmp/err" || fail "negative bandwidth: $(cat "$tmp/err")"
exit 0
