# The remote-memory curve (bandwidth/remote.h): --remote on where no memory
# is remote (one NUMA domain) or without the sum kernel is refused in one
# line (exit 2); on a 2-domain topology whose pages cannot move (hwloc's
# synthetic one) the run goes on, warns once and records the curve as
# unavailable; and rfl ceilings makes the `DRAM remote` roof from rows whose
# memory column says remote (planted in a real run's CSV at 0.6 x their
# local rates), below DRAM, never from the local rows.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL_BANDWIDTH"
require_program "$RFL"
have_python3 || skip "python3 is not installed"

# The sweep reaches past the last cache as the program reads it (hwloc and cpuid; a VM may report
# hundreds of MiB): 8 x that, at least 256 MiB, so the top is DRAM on any host.
expect_exit 0 probe "$RFL_BANDWIDTH" -k sum -p fp64 --wss 16M:32M --growth 2 --min-time 0.0005 --experiments 1 \
    -o "$tmp/probe.csv"
llc=$(json_eval "$tmp/probe.json" "d['sweep']['memory_plateau']['llc_hint_bytes'] or 0")
top=$((llc * 8 > 268435456 ? llc * 8 : 268435456))
small="-k sum -p fp64 --wss 16M:$top --growth 2 --min-time 0.0005 --experiments 2"
expect_exit 0 local "$RFL_BANDWIDTH" $small -o "$tmp/local.csv"
domains=$(json_eval "$tmp/local.json" "d['layout']['node']['numa_domains']")
[ "$(csv_column "$tmp/local.csv" memory | sort -u)" = local ] || fail "local run: memory column not all local"

EXPECT_PROGRAM=$RFL_BANDWIDTH
[ "$domains" -ge 2 ] || expect_error 2 "option --remote" "NUMA domain" -- $small --remote on
HWLOC_SYNTHETIC="pack:2 numa:1 core:1 pu:1"
export HWLOC_SYNTHETIC
expect_error 2 "option --remote" "sum kernel" -- -k copy --remote on
unset HWLOC_SYNTHETIC

# Two domains that cannot move pages (synthetic): the local curves stand, the remote one is unavailable.
expect_exit 0 synthetic env HWLOC_SYNTHETIC="pack:2 numa:1 core:1 pu:1" "$RFL_BANDWIDTH" $small --remote on \
    -o "$tmp/syn.csv"
[ "$(grep -c 'no remote-memory curve' "$tmp/err")" -eq 1 ] || fail "synthetic: not one warning: $(cat "$tmp/err")"
[ "$(csv_count "$tmp/syn.csv" '$col["memory"] == "remote"')" -eq 0 ] || fail "synthetic: remote rows written"
json_eval "$tmp/syn.json" "d['warnings']" | grep -q "no remote-memory curve" || fail "synthetic: warning not in the sidecar"

# The roof: the local run's rows of its plateau again as remote rows, at 0.6 x.
dir=$tmp/run
mkdir -p "$dir"
cp "$tmp/local.json" "$dir/bandwidth.json"
python3 - "$tmp/local.csv" "$dir/bandwidth.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
fields = list(rows[0].keys())
top = max(int(r["wss_bytes"]) for r in rows)
for r in list(rows):
    if r["rank"] == "" and int(r["wss_bytes"]) * 8 >= top:
        q = dict(r, memory="remote")
        for c in fields:
            if c.startswith("gbytes_per_s") and q[c]:
                q[c] = "%.9g" % (0.6 * float(q[c]))
        rows.append(q)
w = csv.DictWriter(open(sys.argv[2], "w"), fieldnames=fields, lineterminator="\n")
w.writeheader()
w.writerows(rows)
PY
expect_exit 0 ceilings "$RFL" ceilings "$dir"
problem=$(python3 - "$dir/ceilings.csv" "$dir/bandwidth.csv" <<'PY'
import csv, sys
c = {r["name"]: r for r in csv.DictReader(open(sys.argv[1])) if r["device"] == "cpu" and not r.get("rank")}
rows = [r for r in csv.DictReader(open(sys.argv[2])) if r["memory"] == "remote"]
best = max(max(float(r["gbytes_per_s"]), float(r["gbytes_per_s_sustained"] or 0)) for r in rows)
if "DRAM remote" not in c:
    print("no DRAM remote ceiling: %s" % sorted(c))
elif "DRAM" in c and not float(c["DRAM remote"]["value"]) < float(c["DRAM"]["value"]):
    print("DRAM remote %s is not below DRAM %s" % (c["DRAM remote"]["value"], c["DRAM"]["value"]))
elif float(c["DRAM remote"]["value"]) > best * 1.000001:
    print("DRAM remote %s is above every remote row (best %s)" % (c["DRAM remote"]["value"], best))
PY
)
[ -z "$problem" ] || fail "rfl ceilings: $problem"
# a memory column that is neither: one line naming file, line and value
sed -i '2s/,local,/,elsewhere,/' "$dir/bandwidth.csv"
expect_input_error "memory elsewhere" "bandwidth.csv:2: column 'memory'.*'elsewhere'" "$RFL" ceilings "$dir"
exit 0
