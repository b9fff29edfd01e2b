#!/usr/bin/env bash
# Issue 26's CPU evidence on a device host, in one call: the CPU programs built without CUDA
# (the carried jansson and likwid), the node's topology (hwloc's default and CPUID discovery),
# three quick runs and one full run of the CPU programs, a run of RANKS ranks with every
# layout (--layouts), the ceilings against likwid-bench and a STREAM triad in the same call,
# and rfl compare of the runs. Everything lands in $OUT/node.tgz and $OUT/summary.txt.
#
# Usage (repository root, device machine; carry .devdeps):
#   bash tests/device/node.sh [RANKS] [STAGES]
#   RANKS: ranks of the layouts run (default 2); STAGES: comma list of
#   build,topo,quick,full,layouts,peers,compare,repeat (default all but repeat). QUICK_BUDGET, FULL_BUDGET:
#   seconds of the CPU programs' quick and full runs (default 30 and 100: about what they get of an
#   rfl run --quick and --full on these hosts, docs/results/device-host/budget-2026-11-26);
#   PEER_RUNS: the runs held against the peers (default quick1); REPS: peer runs (default 1);
#   ROUNDS: rounds of the repeat stage (bench/cpu_repeatability.sh, default 5).
set -uo pipefail
ranks=${1:-2}
stages=${2:-build,topo,quick,full,layouts,peers,compare}
. tests/device/env.sh
work=/tmp/rfl-node
out=${OUT:-$work}
build=/tmp/rfl-build-cpu
qb=${QUICK_BUDGET:-30} fb=${FULL_BUDGET:-100}
mkdir -p "$work" "$out"
has() { case ",$stages," in *,"$1",*) return 0;; esac; return 1; }
log() { printf '\n=== %s (%s)\n' "$*" "$(date -u +%T)" | tee -a "$work/summary.txt"; }
pack() { cp "$work/summary.txt" "$out/summary.txt" 2>/dev/null
         [ "$out" = "$work" ] || tar czf "$out/node.tgz" --exclude='*.o' -C "$work" . 2>/dev/null; }
trap pack EXIT
L=/tmp/rfl-likwid
if [ ! -x "$L/usr/bin/likwid-bench" ]; then
    for deb in .devdeps/likwid-debs/*.deb; do dpkg -x "$deb" "$L" 2>/dev/null; done
fi
export PATH="$L/usr/bin:$L/usr/sbin:$PATH" LD_LIBRARY_PATH="$L/usr/lib/x86_64-linux-gnu:$LD_LIBRARY_PATH"
export LUA_PATH="$L/usr/share/lua/5.3/?.lua;$L/usr/share/lua/?.lua;;"
rfl=$build/rfl

if has build; then
    log "build (CPU programs, no CUDA)"
    (./autogen.sh >/dev/null 2>&1 && mkdir -p $build && cd $build &&
     "$root/configure" -q --with-mpi=yes --without-cuda CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib/x86_64-linux-gnu" &&
     make -j"$(nproc)" >/dev/null) >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
    echo "built at $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo +changes)" | tee -a "$work/summary.txt"
fi
if has topo; then
    log "topology"
    { uptime; nproc; lscpu; } >"$work/lscpu.txt" 2>&1
    lstopo-no-graphics --of console >"$work/hwloc.txt" 2>&1
    HWLOC_COMPONENTS=-linux lstopo-no-graphics --of console >"$work/hwloc-cpuid.txt" 2>&1
    grep -E "^(Model name|CPU\(s\)|Thread|Core|Socket|NUMA node)" "$work/lscpu.txt" | tee -a "$work/summary.txt"
    grep -cE "NUMANode" "$work/hwloc.txt" | sed 's/^/hwloc NUMA domains: /' | tee -a "$work/summary.txt"
fi
ceil() { # DIR: the CPU ceilings, one line
    python3 - "$1/ceilings.csv" <<'PY'
import csv, sys
try:
    rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["device"] == "cpu" and not r.get("rank")]
except OSError:
    rows = []
print("  ".join("%s %.0f%s" % (r["name"], float(r["value"]), "s" if r.get("synchronised_value") else "") for r in rows))
PY
}
run() { # NAME ARGS...: one rfl run, its wall time and its CPU ceilings in the summary
    local name=$1; shift
    local t0=$SECONDS
    timeout 300 "$rfl" run "$@" -o "$work/$name" >"$work/$name.log" 2>&1
    echo "$name: exit $?, $((SECONDS - t0)) s: $(ceil "$work/$name")" | tee -a "$work/summary.txt"
    grep -h "warning" "$work/$name.log" | head -5 | tee -a "$work/summary.txt"
}
if has quick; then
    log "three quick runs of the CPU programs (budget $qb s)"
    for i in 1 2 3; do run quick$i --quick --budget "$qb" -p bandwidth,flops; done
fi
if has full; then
    log "one full run of the CPU programs (budget $fb s)"
    run full --full --budget "$fb" -p bandwidth,flops
fi
if has layouts; then
    log "$ranks ranks, every layout (quick, budget $qb s a pass)"
    run layouts --quick --budget "$qb" --ranks "$ranks" --layouts -p bandwidth,flops
    python3 - "$work/layouts" <<'PY' | tee -a "$work/summary.txt"
import json, os, sys
d = sys.argv[1]
for f in ("bandwidth.json", "flops.json"):
    try:
        m = json.load(open(os.path.join(d, f)))
    except OSError:
        continue
    l = m.get("layout") or {}
    print(f, "%s x %s:" % (m.get("ranks"), m.get("threads_per_rank")),
          "; ".join("rank %s CPUs %s NUMA %s (%s)" % (r["rank"], r["cpus"], r["numa"], r["source"]) for r in l.get("ranks", [])))
PY
    for sub in "$work"/layouts/layouts/*/; do [ -d "$sub" ] && echo "layout $(basename "$sub"): $(ceil "$sub")" | tee -a "$work/summary.txt"; done
fi
if has peers; then
    log "ceilings against likwid-bench and STREAM in the same call"
    for name in ${PEER_RUNS:-quick1}; do
        [ -s "$work/$name/ceilings.csv" ] || continue
        REPS=${REPS:-1} timeout 300 bash bench/cpu_ceilings_peers.sh "$work/$name" "$work/peers-$name" >"$work/peers-$name.md" 2>"$work/peers-$name.log"
        echo "--- $name" | tee -a "$work/summary.txt"; tee -a "$work/summary.txt" <"$work/peers-$name.md"
    done
fi
if has compare; then
    log "rfl compare"
    for pair in "quick1 full" "quick2 full" "quick3 full" "quick1 layouts"; do
        set -- $pair
        [ -s "$work/$1/ceilings.csv" ] && [ -s "$work/$2/ceilings.csv" ] || continue
        "$rfl" compare "$work/$1" "$work/$2" -o "$work/cmp-$1-$2" --no-render >"$work/cmp-$1-$2.md" 2>&1
        echo "--- $1 (A) vs $2 (B): exit $?" | tee -a "$work/summary.txt"
        grep -E "^\| cpu|ceilings: |^Machine noise" "$work/cmp-$1-$2.md" | tee -a "$work/summary.txt"
    done
fi
if has repeat; then
    log "repeatability: ${ROUNDS:-5} rounds of a quick run and likwid-bench beside it"
    timeout 560 bash bench/cpu_repeatability.sh "$rfl" "$work/repeat" "${ROUNDS:-5}" 2>&1 | tee "$work/repeat.md" | tee -a "$work/summary.txt"
fi
exit 0
