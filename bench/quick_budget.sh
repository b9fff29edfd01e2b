#!/bin/sh
# rfl run --quick, wall time: RUNS runs (default 3) of each build directory
# given, interleaved (A B A B ...) so that the builds share the machine's
# state, each in a fresh run directory. Prints one line per run (wall time,
# the bandwidth and flops steps from run.json, the load average before it)
# and a table of the medians for docs/PERFORMANCE.md.
#
#   bench/quick_budget.sh [-n RUNS] [-a 'ARGS'] BUILD_DIR [BUILD_DIR...]
#
# e.g. bench/quick_budget.sh -n 3 /tmp/b-before /tmp/b-after; -a adds
# arguments to rfl run (e.g. -a '--budget 30').
set -u
runs=3
args=
while [ $# -gt 0 ]; do
    case $1 in
    -n) runs=$2; shift 2 ;;
    -a) args=$2; shift 2 ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: $0 [-n RUNS] [-a ARGS] BUILD_DIR..." >&2; exit 2; }
for b in "$@"; do
    [ -x "$b/rfl" ] || { echo "$0: $b/rfl: not built" >&2; exit 2; }
done
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
GNUPLOT=${GNUPLOT:-gnuplot}
export GNUPLOT
work=$(mktemp -d "${TMPDIR:-/tmp}/quick_budget.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

# step_s RUN_JSON STEP: the step's wall time from run.json.
step_s()
{
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print("%.1f" % sum(s["elapsed_s"] for s in d["steps"] if s["step"] == sys.argv[2]))' "$1" "$2" 2>/dev/null || echo "?"
}

i=0
while [ $i -lt "$runs" ]; do
    i=$((i + 1))
    k=0
    for b in "$@"; do
        k=$((k + 1))
        dir=$work/run$k-$i
        load=$(cut -d' ' -f1 /proc/loadavg)
        start=$(date +%s.%N)
        # shellcheck disable=SC2086
        "$b/rfl" run --quick $args --output "$dir" >/dev/null 2>"$work/err"
        rc=$?
        end=$(date +%s.%N)
        wall=$(echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }')
        echo "$b run $i: ${wall} s (exit $rc; bandwidth $(step_s "$dir/run.json" bandwidth) s, flops $(step_s "$dir/run.json" flops) s; load $load)"
        echo "$k $wall" >>"$work/times"
    done
done

echo
echo "| build | runs (s) | median (s) |"
echo "|---|---|---|"
k=0
for b in "$@"; do
    k=$((k + 1))
    all=$(awk -v k=$k '$1 == k { print $2 }' "$work/times" | tr '\n' ' ')
    median=$(awk -v k=$k '$1 == k { print $2 }' "$work/times" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    echo "| $b | $all| $median |"
done
