# An input's kind comes from its sidecar's "program" (issue 27): rfl_bandwidth
# -o bw.csv writes bw.csv and bw.json, and rfl ceilings takes it as bandwidth
# whatever its name; a companion (NAME_fit.csv) from its main file's sidecar.
# The name decides only without a sidecar. Every program's --help names the
# sidecar it really writes (NAME.json for -o NAME.csv).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"

# A real run under a name of the user's choice.
mkdir -p "$tmp/real" || hard_error "mkdir"
"$RFL_BANDWIDTH" --threads 1 -k sum -p fp64 --wss 8K:64K --min-time 0.0002 --experiments 2 \
    -o "$tmp/real/bw.csv" >/dev/null 2>"$tmp/err" || fail "rfl_bandwidth -o bw.csv: exit $?: $(cat "$tmp/err")"
[ -s "$tmp/real/bw.json" ] || fail "rfl_bandwidth -o bw.csv wrote no bw.json: $(ls "$tmp/real")"
"$RFL" ceilings "$tmp/real" >/dev/null 2>"$tmp/err" || fail "rfl ceilings of bw.csv: exit $?: $(cat "$tmp/err")"
grep -q '"bw.csv"' "$tmp/real/roofline.json" || fail "roofline.json does not name bw.csv"

# The golden files under misleading names: bandwidth rows named flops_x.csv,
# flops rows named bandwidth_y.csv.
mkdir -p "$tmp/swapped" || hard_error "mkdir"
cp "$golden/bandwidth.csv" "$tmp/swapped/flops_x.csv" && cp "$golden/bandwidth.json" "$tmp/swapped/flops_x.json" &&
    cp "$golden/flops.csv" "$tmp/swapped/bandwidth_y.csv" && cp "$golden/flops.json" "$tmp/swapped/bandwidth_y.json" ||
    hard_error "cp"
"$RFL" ceilings "$tmp/swapped" >/dev/null 2>"$tmp/err" || fail "swapped names: exit $?: $(cat "$tmp/err")"
grep -q '^cpu,bandwidth,' "$tmp/swapped/ceilings.csv" && grep -q '^cpu,compute,' "$tmp/swapped/ceilings.csv" ||
    fail "swapped names: not both kinds of ceiling: $(cut -d, -f1-3 "$tmp/swapped/ceilings.csv")"

# A companion: rfl_network -o net.csv writes net.csv, net_fit.csv, net.json.
net=$top_srcdir/tests/data/driver/network
mkdir -p "$tmp/net" || hard_error "mkdir"
cp "$net/network.csv" "$tmp/net/net.csv" && cp "$net/network_fit.csv" "$tmp/net/net_fit.csv" &&
    cp "$net/network.json" "$tmp/net/net.json" || hard_error "cp"
"$RFL" ceilings "$tmp/net" >/dev/null 2>"$tmp/err" || fail "net.csv + net_fit.csv: exit $?: $(cat "$tmp/err")"
grep -q '^network,' "$tmp/net/ceilings.csv" || fail "no network ceiling from net_fit.csv: $(cat "$tmp/net/ceilings.csv")"

# No sidecar: the name still decides, and the missing sidecar is named.
rm "$tmp/swapped/bandwidth_y.json"
expect_exit 2 "no sidecar" "$RFL" ceilings "$tmp/swapped"
grep -q 'bandwidth_y.csv: no sidecar' "$tmp/err" || fail "no sidecar: $(cat "$tmp/err")"

# The help names the sidecar as the program writes it.
for p in "$RFL_BANDWIDTH" "$RFL_FLOPS" "$top_builddir/rfl_network" "$top_builddir/rfl_dense" "$RFL_GEMM" \
    "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS" "$RFL_UM" "$top_builddir/rfl_gpu_link"; do
    [ -x "$p" ] || continue
    "$p" --help >"$tmp/help" 2>&1 || fail "$p --help: exit $?"
    grep -q 'FILE\.json' "$tmp/help" && fail "$p --help names FILE.json, but -o FILE writes FILE.json only without .csv"
    grep -q -- '--output=NAME\.csv' "$tmp/help" && grep -q 'NAME\.json' "$tmp/help" ||
        fail "$p --help does not say -o NAME.csv writes NAME.json: $(grep -A2 -- --output "$tmp/help")"
done
exit 0
