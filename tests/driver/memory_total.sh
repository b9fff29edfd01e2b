# The node's memory is its total (issue 27): the sidecar's topology
# memory_bytes is /proc/meminfo's MemTotal, not a NUMA node's share of it
# nor a free-memory figure (under a hypervisor hwloc's nodes can hold half
# of it: "5.0 G on a 23.5 GiB machine"), and the ceilings' DRAM size says
# the same.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH"
have_python3 || skip "python3 is not installed"
[ -r /proc/meminfo ] || skip "no /proc/meminfo"
total=$(awk '$1 == "MemTotal:" && $3 == "kB" { printf "%.0f\n", $2 * 1024 }' /proc/meminfo)
[ -n "$total" ] || skip "/proc/meminfo has no MemTotal in kB"

mkdir -p "$tmp/run" || hard_error "mkdir"
"$RFL_BANDWIDTH" --threads 1 -k sum -p fp64 --wss 8K:64K --min-time 0.0002 --experiments 2 \
    -o "$tmp/run/bandwidth.csv" >/dev/null 2>"$tmp/err" || fail "rfl_bandwidth: exit $?: $(cat "$tmp/err")"
got=$(json_eval "$tmp/run/bandwidth.json" 'd["topology"]["memory_bytes"]')
[ "$got" = "$total" ] || fail "the sidecar's memory_bytes is $got, but MemTotal is $total bytes"
"$RFL" ceilings "$tmp/run" >/dev/null 2>"$tmp/err" || fail "rfl ceilings: exit $?: $(cat "$tmp/err")"
grep -q "\"size_bytes\": $total\b" "$tmp/run/roofline.json" ||
    fail "roofline.json does not give the memory as $total bytes: $(grep size_bytes "$tmp/run/roofline.json")"
exit 0
