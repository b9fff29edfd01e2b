#!/usr/bin/env bash
# Issue 13's whole-run evidence on the device machine's 16-core host with its GPU: `rfl run
# --quick` three times (wall of each, median), `rfl run --full` once, `rfl compare` of each quick
# run against the full one, the quick tensor roofs against the same run's best cuBLAS rate at
# 8192^3, and what the report says of the FMA units; peers (bench/peer_probe.sh) before
# each run tell how much the host itself moved. The full run outlasts one device command,
# so it runs in its own process session (setsid) and a later call waits for it.
# Usage (repository root, device machine, jansson/cmocka carried in .devdeps):
#   bash bench/run_budget.sh build,quick,full-start      # ends while the full run goes on
#   bash bench/run_budget.sh full-wait,compare           # the next call, at once
# Stages: build, quick, full-start, full-wait, compare (comma list). Results: $OUT/summary.txt
# and $OUT/run-budget.tgz (run directories, logs); the runs stay in /tmp/rfl-run-budget.
# Results of 2026-11-26: docs/results/run-budget-2026-11-26/.
set -uo pipefail
stages=${1:?stages}
. tests/device/env.sh
R=/tmp/rfl-run-budget
mkdir -p "$R"
summary=$R/summary.txt
say() { echo "$*" | tee -a "$summary"; }
has() { case ",$stages," in *,"$1",*) return 0 ;; esac; return 1; }
rfl=$build/rfl
deadline=$((SECONDS + ${RFL_CALL_SECONDS:-570}))

if has build; then
    say "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); $(nproc) CPUs; $(lscpu | sed -n 's/^Model name: *//p')"
    t0=$SECONDS
    bash tests/device/gpu.sh build >"$R/build.log" 2>&1 || { tail -n 30 "$R/build.log"; exit 1; }
    say "build: $((SECONDS - t0)) s"
fi

# wall NAME ARGS...: rfl run ARGS into $R/NAME; says the wall time and exit status.
wall() {
    local name=$1 t0 t1 rc
    shift
    rm -rf "${R:?}/$name"
    t0=$(date +%s.%N)
    "$rfl" run "$@" -o "$R/$name" >"$R/$name.out" 2>"$R/$name.log"
    rc=$?
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" -v n="$name" -v rc="$rc" 'BEGIN { printf "%s: wall %.1f s, exit %d\n", n, b - a, rc }' |
        tee -a "$R/walls.txt" | tee -a "$summary"
}

if has quick; then
    "$rfl" run --quick --dry-run -o "$R/dry" >"$R/quick-dry.txt" 2>&1
    for i in 1 2 3; do
        bash bench/peer_probe.sh "before quick$i" | tee -a "$R/peers.txt" | tee -a "$summary"
        wall quick$i --quick
    done
    say "quick median: $(sed -n 's/^quick[0-9]: wall \([0-9.]*\) s.*/\1/p' "$R/walls.txt" | sort -n | sed -n 2p) s"
fi

if has full-start; then
    rm -f "$R/full.done"
    bash bench/peer_probe.sh "before full" | tee -a "$R/peers.txt" | tee -a "$summary"
    # The full run is the only work on the machine while it runs.
    setsid bash -c "$(declare -f wall say); R=$R rfl=$rfl summary=$summary; wall full --full; touch $R/full.done" \
        </dev/null >/dev/null 2>&1 &
    say "full run started $(date -u +%TZ)"
    while [ ! -e "$R/full.done" ] && [ $SECONDS -lt $deadline ]; do sleep 5; done
fi

if has full-wait; then
    while [ ! -e "$R/full.done" ] && [ $SECONDS -lt $deadline ]; do sleep 5; done
    [ -e "$R/full.done" ] || { say "full run still running at $(date -u +%TZ): $(tail -n 2 "$R/full.log")"; exit 3; }
fi

if has compare; then
    bash bench/peer_probe.sh "after full" | tee -a "$R/peers.txt" | tee -a "$summary"
    for i in 1 2 3; do
        "$rfl" compare "$R/full" "$R/quick$i" -o "$R/compare-quick$i" --no-render >"$R/compare-quick$i.md" 2>&1
        say "rfl compare full quick$i: exit $? ($(grep -c -i 'differ' "$R/compare-quick$i.md") lines say differ)"
    done
    "$rfl" compare "$R/quick1" "$R/quick2" "$R/quick3" >"$R/compare-quicks.md" 2>&1
    say "rfl compare quick1 quick2 quick3: exit $?"
    # The quick tensor roofs against the same run's best cuBLAS rate at 8192^3.
    for i in 1 2 3; do
        python3 - "$R/quick$i" <<'PY' | tee -a "$summary"
import csv, sys
d = sys.argv[1]
roofs = {r["name"]: float(r["value"]) for r in csv.DictReader(open(d + "/ceilings.csv"))
         if r["device"].startswith("gpu") and r["name"].endswith("tensor")}
best = {}
for r in csv.DictReader(open(d + "/gemm.csv")):
    if r.get("kernel") == "cublas" and r.get("m") == "8192" and r.get("n") == "8192" and r.get("k") == "8192":
        u = r["unit"]
        if not u.endswith("_tensor"):
            continue
        name = (r["precision"] if u == "fp16_tensor" else u[:-7]) + " tensor"
        best[name] = max(best.get(name, 0.0), float(r["gflops_per_s"]))
for name, v in sorted(roofs.items()):
    b = best.get(name)
    print("%s %-12s roof %9.0f GFLOP/s, cuBLAS 8192^3 %s: ratio %s" % (d.rsplit("/", 1)[1], name, v,
          "%.0f" % b if b else "-", "%.4f" % (v / b) if b else "-"))
PY
    done
    say "FMA units in the report: $(grep -i -m 3 -E 'FMA unit|physical core|hardware thread' "$R/full/report.md" | tr '\n' ' ')"
    if [ -n "${OUT:-}" ]; then
        cp "$summary" "$OUT/summary.txt"
        tar czf "$OUT/run-budget.tgz" -C "$R" --exclude='*.bin' quick1 quick2 quick3 full walls.txt \
            compare-quick1 compare-quick2 compare-quick3 compare-quick1.md compare-quick2.md compare-quick3.md \
            compare-quicks.md quick1.log quick2.log quick3.log full.log quick-dry.txt build.log peers.txt 2>/dev/null
    fi
fi
[ -n "${OUT:-}" ] && cp "$summary" "$OUT/summary.txt"
exit 0
