#!/usr/bin/env bash
# rfl profile at scale (issue 28): a synthetic Nsight Compute recording of N kernels (the rows of
# tests/data/profile/ncu-h100-torch.csv repeated under new names, their counts scaled so the
# points spread), profiled over the golden GPU run: the wall time with the charts, then SIGINT
# at several moments of a second run, each time how long rfl took to exit after the signal, its
# status, and whether the run directory stayed as the first run left it.
#
# Usage: bench/profile_scale.sh RFL [N] [OUT_DIR]     (N default 5000; gnuplot on PATH draws)
set -uo pipefail
rfl=${1:?usage: profile_scale.sh RFL [N] [OUT_DIR]}
n=${2:-5000}
out=${3:-/tmp/rfl-profile-scale}
here=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out" && mkdir -p "$out" || exit 2
python3 - "$here/tests/data/profile/ncu-h100-torch.csv" "$n" >"$out/ncu.csv" <<'PY' || exit 2
import csv, io, sys
lines = [l for l in open(sys.argv[1]) if not l.startswith("==")]
rows = list(csv.reader(io.StringIO("".join(lines))))
head, units, data = rows[0], rows[1], rows[2:]
name, ident = head.index("Kernel Name"), head.index("ID")
w = csv.writer(sys.stdout, quoting=csv.QUOTE_ALL, lineterminator="\n")
w.writerow(head)
w.writerow(units)
for i in range(int(sys.argv[2])):
    r = list(data[i % len(data)])
    r[ident] = str(i)
    r[name] = "synthetic_kernel_%05d" % i
    scale = 1 + (i % 97) / 10.0
    for j, u in enumerate(units):
        if j != ident and u in ("byte", "inst", "sector", "request") and r[j].replace(",", "").isdigit():
            r[j] = str(int(int(r[j].replace(",", "")) * scale))
    w.writerow(r)
PY
run=$out/run
mkdir -p "$run" && cp "$here"/tests/data/driver/gpu/*.csv "$here"/tests/data/driver/gpu/*.json "$run/" || exit 2
"$rfl" ceilings "$run" >/dev/null 2>&1
t0=$(date +%s.%N)
"$rfl" profile --run "$run" --ncu-csv "$out/ncu.csv" >"$out/first.out" 2>"$out/first.err"
rc=$?
t1=$(date +%s.%N)
printf '%d kernels: rfl profile with its charts: exit %d, %.2f s\n' "$n" "$rc" "$(echo "$t1 - $t0" | bc)"
snap() { (cd "$run" && find . -type f ! -name '*.tmp*' -print0 | sort -z | xargs -0 md5sum); }
snap >"$out/before"
for delay in 0.05 0.2 0.5 1 2; do
    "$rfl" profile --run "$run" --ncu-csv "$out/ncu.csv" >/dev/null 2>"$out/int.err" &
    pid=$!
    sleep "$delay"
    ts=$(date +%s.%N)
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
    rc=$?
    te=$(date +%s.%N)
    snap >"$out/after"
    same=intact; cmp -s "$out/before" "$out/after" || same=CHANGED
    left=$(find "$run" -name '*.tmp*' -o -name '.rfl-*' | wc -l)
    printf 'SIGINT at %s s: exit %d, %.3f s after the signal, run directory %s, %d temporary files left\n' \
        "$delay" "$rc" "$(echo "$te - $ts" | bc)" "$same" "$left"
done
