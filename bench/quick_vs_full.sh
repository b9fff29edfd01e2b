#!/usr/bin/env bash
# Compares the ceilings of an `rfl run --quick` with those of an `rfl run --full` of the same
# machine: one markdown row per ceiling, with the ratio quick/full and whether it is within
# 5%. Wall times come from each run's run.json.
# Usage: bench/quick_vs_full.sh QUICK_DIR FULL_DIR [NAME_A NAME_B]
#   NAME_A, NAME_B: the two runs' names in the table (default quick, full), e.g. "quick" "quick2"
#   to compare two passes of one mode.
set -euo pipefail
quick=${1:?usage: quick_vs_full.sh QUICK_DIR FULL_DIR [NAME_A NAME_B]}
full=${2:?usage: quick_vs_full.sh QUICK_DIR FULL_DIR [NAME_A NAME_B]}
python3 - "$quick" "$full" "${3:-quick}" "${4:-full}" <<'PY'
import csv, json, os, sys
q, f, na, nb = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
def load(d):
    with open(os.path.join(d, "ceilings.csv")) as fh:
        return {(r["device"], r["kind"], r["name"]): r for r in csv.DictReader(fh)}
def wall(d):
    try:
        j = json.load(open(os.path.join(d, "run.json")))
        return j.get("elapsed_s") or sum(s.get("wall_s", 0) for s in j.get("steps", []))
    except (OSError, ValueError):
        return float("nan")
cq, cf = load(q), load(f)
print(f"wall time: {na} {wall(q):.1f} s, {nb} {wall(f):.1f} s\n")
# Compute ceilings are also compared as a percent of the spec each run derived from its
# own measured clock: on a host whose clock moves between runs, that is what shows whether
# the two sweeps found the same ceiling.
print(f"| ceiling | {na} | {nb} | unit | {na} / {nb} | within 5% | % of spec {na} / {nb} |")
print("|---|---|---|---|---|---|---|")
worst = 0.0
for key in sorted(set(cq) | set(cf)):
    a, b = cq.get(key), cf.get(key)
    name = f"{key[0]} {key[1]} {key[2]}"
    if not a or not b:
        print(f"| {name} | {a['value'] if a else '-'} | {b['value'] if b else '-'} | | missing | no | |")
        continue
    r = float(a["value"]) / float(b["value"])
    worst = max(worst, abs(r - 1))
    pct = ""
    if a.get("percent_of_spec") and b.get("percent_of_spec"):
        pct = f"{float(a['percent_of_spec']):.1f} / {float(b['percent_of_spec']):.1f}"
    print(f"| {name} | {float(a['value']):.1f} | {float(b['value']):.1f} | {a['unit']} | {r:.3f} | {'yes' if abs(r - 1) <= 0.05 else 'no'} | {pct} |")
print(f"\nlargest difference: {100 * worst:.1f}%")
PY
