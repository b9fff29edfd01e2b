# The cache sizes against the measured transition (issue 26): the golden
# run with CPUID's sizes added to its sidecar. The report says which size
# the sweep's last transition confirms, in words where they disagree, and
# roofline.json's "caches" the same; DRAM's ceiling comes from the curve,
# whatever size hwloc reports; a sweep whose memory plateau never flattens
# gives a DRAM ceiling marked unconfirmed, with a note; a malformed
# cpuid_caches is one line and exit 2.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
have_python3 || skip "python3 is not installed"

# variant NAME HWLOC_L3 CPUID_L3: the golden run, its L3 sizes set (CPUID
# none: no cpuid_caches, as an older rfl_bandwidth wrote).
variant()
{
    copy_golden "$tmp/$1"
    python3 - "$tmp/$1" "$2" "$3" <<'EOF' || hard_error "python3"
import json, sys
run, hw, cpuid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for name in ("bandwidth.json", "flops.json"):  # one machine: both sidecars say the same
    path = run + "/" + name
    d = json.load(open(path))
    t = d["topology"]
    t["caches"][-1]["size_bytes"] = hw
    t["caches_source"] = "sysfs"
    if cpuid != "none":
        t["cpuid_caches"] = [dict(c) for c in t["caches"]]
        t["cpuid_caches"][-1]["size_bytes"] = int(cpuid)
    json.dump(d, open(path, "w"), indent=1)
EOF
    "$RFL" ceilings "$tmp/$1" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" &&
        "$RFL" report "$tmp/$1" --config "$golden/spec.conf" >/dev/null 2>>"$tmp/err" ||
        fail "$1: rfl ceilings or report: $(cat "$tmp/err")"
}
caches() { json_eval "$tmp/$1/roofline.json" "d[\"caches\"][\"$2\"]"; }
dram() { grep '^cpu,bandwidth,DRAM,' "$tmp/$1/ceilings.csv" | cut -d, -f4; }
said() { grep -q -F -- "$2" "$tmp/$1/report.md" || fail "$1: the report does not say '$2': $(grep '^Caches' "$tmp/$1/report.md")"; }

M=1048576
variant same $((16 * M)) $((16 * M))
said same "Caches: hwloc (sysfs) L1d 32K, L2 1M, L3 16M; CPUID L1d 32K, L2 1M, L3 16M."
said same "it confirms hwloc's and CPUID's L3 (16M for the job's threads)"
[ "$(caches same confirms)" = both ] || fail "same sizes: confirms $(caches same confirms)"
[ "$(caches same transition_end_bytes)" -gt $((16 * M)) ] || fail "the transition ends inside the L3"
# DRAM's ceiling beside its own curve's reads of 1 GiB and more, in the same
# run (the golden sweep ends short of 1 GiB: the report says so)
grep -q -F "DRAM's curve (triad fp64) has no working set of 1G or more to check its ceiling against." "$tmp/same/report.md" ||
    fail "the report does not hold DRAM's ceiling against its 1 GiB reads: $(grep '^Caches' "$tmp/same/report.md")"
[ "$(caches same transition_step_bytes)" -le "$(caches same transition_end_bytes)" ] || fail "the step lies past the transition's end"

# CPUID's size too large (a guest told the host's L3): hwloc's is confirmed.
variant cpuid_large $((16 * M)) $((64 * M))
said cpuid_large "it confirms hwloc's L3 (16M for the job's threads), not CPUID's L3 of 64M, which lies well above the step (that cache is smaller than reported)"
[ "$(caches cpuid_large confirms)" = hwloc ] || fail "CPUID 64M: confirms $(caches cpuid_large confirms)"

# hwloc's size too large: CPUID's is confirmed, and DRAM's ceiling is the
# same as with the right size: it comes from the curve, not from the size.
variant hwloc_large $((64 * M)) $((16 * M))
said hwloc_large "it confirms CPUID's L3 (16M for the job's threads), not hwloc's L3 of 64M"
[ "$(caches hwloc_large confirms)" = cpuid ] || fail "hwloc 64M: confirms $(caches hwloc_large confirms)"
[ "$(dram hwloc_large)" = "$(dram same)" ] || fail "DRAM moved with hwloc's size: $(dram same) -> $(dram hwloc_large)"
[ "$(caches hwloc_large transition_step_bytes)" = "$(caches same transition_step_bytes)" ] ||
    fail "the step moved with hwloc's size"

# No CPUID sizes recorded.
variant none $((16 * M)) none
said none "no CPUID sizes recorded"
[ "$(caches none confirms)" = hwloc ] || fail "no CPUID: confirms $(caches none confirms)"
[ "$(caches none cpuid)" = None ] || fail "no CPUID, yet cpuid caches: $(caches none cpuid)"

# A sweep cut short past its shoulder: its tail never flattens. DRAM's
# ceiling is still there, marked unconfirmed in the notes and the report.
copy_golden "$tmp/short"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "wss_bytes_per_thread") c = i; print; next }
    $c + 0 <= 8388608' "$golden/bandwidth.csv" >"$tmp/short/bandwidth.csv" || hard_error awk
"$RFL" report "$tmp/short" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "short: $(cat "$tmp/err")"
"$RFL" ceilings "$tmp/short" --config "$golden/spec.conf" >/dev/null 2>"$tmp/err" || fail "short: $(cat "$tmp/err")"
[ -n "$(dram short)" ] || fail "a sweep cut short has no DRAM ceiling"
[ "$(json_eval "$tmp/short/roofline.json" 'any(n.startswith("DRAM: no bandwidth curve") for n in d["notes"])')" = True ] ||
    fail "no note on the unconfirmed DRAM: $(json_eval "$tmp/short/roofline.json" 'd["notes"]')"
grep -q '^| cpu | DRAM (plateau not confirmed) |' "$tmp/short/report.md" ||
    fail "the report does not mark DRAM unconfirmed: $(grep '| DRAM' "$tmp/short/report.md")"
grep -q 'plateau not confirmed' "$tmp/same/report.md" && fail "a confirmed DRAM is marked unconfirmed"

# A malformed cpuid_caches: one line naming it, exit 2.
copy_golden "$tmp/run"
python3 - "$tmp/run/bandwidth.json" <<'EOF' || hard_error "python3"
import json, sys
d = json.load(open(sys.argv[1]))
d["topology"]["cpuid_caches"] = [{"level": 3, "size_bytes": -1, "instances": 1}]
json.dump(d, open(sys.argv[1], "w"))
EOF
expect_input_error "a negative CPUID cache size" 'bandwidth.csv: topology.cpuid_caches\[0\]'
python3 - "$tmp/run/bandwidth.json" <<'EOF' || hard_error "python3"
import json, sys
d = json.load(open(sys.argv[1]))
d["topology"]["cpuid_caches"] = "64M"
json.dump(d, open(sys.argv[1], "w"))
EOF
expect_input_error "cpuid_caches not a list" 'bandwidth.csv: topology.cpuid_caches: expected a list'
exit 0
