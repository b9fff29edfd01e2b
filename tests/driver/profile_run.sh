# rfl profile -- COMMAND: the run path, through stand-ins for ncu and likwid-perfctr on PATH that
# answer as the real tools do (ncu: --query-metrics, then the recorded CSV into --log-file;
# likwid-perfctr: -a, the probe, one group a run into -o FILE). Without the tool: one line naming
# the package, exit 1. Where the counters cannot be read (this VM's likwid-perfctr, or a stand-in
# failing as it does): one line saying why, exit 1, nothing written.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
data=$top_srcdir/tests/data/profile
expected=$data/expected
bin=$tmp/bin
mkdir "$bin" "$tmp/nothing" || hard_error "mkdir"

# The metrics this stand-in GPU has: the recorded list, without FP8 (so rfl must leave it out).
sed -n 's/^\(.*\)\.[a-z]*$/\1 Counter description/p' "$data/ncu-metrics.txt" | grep -v '_src_fp8 ' >"$tmp/query.txt"
cat >"$bin/ncu" <<'EOF'
#!/bin/sh
# Nsight Compute's stand-in (tests/driver/profile_run.sh).
echo "$*" >>"$FAKE_NCU_ARGS"
for a in "$@"; do
    if [ "$a" = --query-metrics ]; then
        cat "$FAKE_NCU_QUERY"
        exit "${FAKE_NCU_QUERY_EXIT:-0}"
    fi
done
log=
while [ $# -gt 0 ]; do
    case $1 in
    --log-file) log=$2; shift 2 ;;
    --metrics | --page | --target-processes | --clock-control) shift 2 ;;
    --csv) shift ;;
    *) break ;;
    esac
done
"$@"
rc=$?
cat "$FAKE_NCU_CSV" >"$log"
exit "${FAKE_NCU_EXIT:-$rc}"
EOF
chmod +x "$bin/ncu"
export FAKE_NCU_ARGS=$tmp/ncu-args FAKE_NCU_QUERY=$tmp/query.txt FAKE_NCU_CSV=$data/ncu-h100-rfl_gpu_bandwidth.csv

run_inputs()
{
    copy_gpu_golden "$1" "$golden"/bandwidth.* "$golden"/flops.*
    rm -f "$FAKE_NCU_ARGS"
}

# runs EXIT PATTERN CMD...: CMD exits EXIT with one line on stderr matching PATTERN and writes
# no profile.csv.
runs()
{
    _want=$1
    _pattern=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    _rc=$?
    [ $_rc -eq "$_want" ] || fail "$*: exit $_rc, expected $_want: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: not one line on stderr: $(cat "$tmp/err")"
    grep -Eq -- "$_pattern" "$tmp/err" || fail "$*: the message does not match '$_pattern': $(cat "$tmp/err")"
    [ ! -e "$tmp/run/profile.csv" ] || fail "$*: wrote profile.csv"
}

# --- no ncu --------------------------------------------------------------------------------
fresh
if [ -x /usr/local/cuda/bin/ncu ]; then
    note "/usr/local/cuda/bin/ncu is installed: the 'ncu not found' case is not tried"
else
    runs 1 '^rfl: error: ncu not found: install Nsight Compute \(CUDA toolkit package nsight-compute\)$' \
        env PATH="$tmp/nothing" "$RFL" profile --run "$tmp/run" -- true
fi

# --- the stand-in ncu: the same points as --ncu-csv, with the program run under it ----------
fresh
PATH="$bin:$PATH" "$RFL" profile --run "$tmp/run" --no-render -- sh -c 'echo ran >"$0"' "$tmp/ran" \
    >"$tmp/out" 2>"$tmp/err" || fail "rfl profile -- COMMAND: exit $?: $(cat "$tmp/err")"
[ -s "$tmp/ran" ] || fail "the command did not run under ncu"
cmp -s "$tmp/run/profile.csv" "$expected/rfl_gpu_bandwidth/profile.csv" ||
    fail "profile.csv differs from --ncu-csv's: $(diff "$expected/rfl_gpu_bandwidth/profile.csv" "$tmp/run/profile.csv" | head -n 5)"
[ -s "$tmp/run/roofline-gpu0.gp" ] && [ -s "$tmp/run/report.md" ] || fail "no chart or report after rfl profile -- COMMAND"
sed -n 2p "$FAKE_NCU_ARGS" >"$tmp/args"
metrics=$("$RFL" profile --help | sed -n 's/^  \(gpu__time_duration\.sum,.*\)$/\1/p' | sed 's/,sm__ops_path_tensor_src_fp8\.sum//')
[ -n "$metrics" ] || fail "rfl profile --help prints no metric list"
grep -qF -- "--csv --page raw --target-processes all --clock-control none --metrics $metrics --log-file " "$tmp/args" ||
    fail "ncu ran with '$(cat "$tmp/args")', expected the options and metrics of rfl profile --help less FP8"
grep -qF -- " sh -c echo ran" "$tmp/args" || fail "ncu was not given the command: $(cat "$tmp/args")"

# A GPU whose ncu lacks the time (any other metric it lacks is left out: a partial recording), an
# ncu that cannot query, a command that fails.
fresh
grep -v '^gpu__time_duration ' "$tmp/query.txt" >"$tmp/query-less.txt"
runs 1 "ncu --query-metrics lists no metric 'gpu__time_duration\.sum' \(this GPU or Nsight Compute lacks it\)" \
    env PATH="$bin:$PATH" FAKE_NCU_QUERY="$tmp/query-less.txt" "$RFL" profile --run "$tmp/run" -- true
echo '==ERROR== No supported GPU found' >"$tmp/query-bad.txt"
runs 1 "ncu --query-metrics: exit 1: ==ERROR== No supported GPU found" \
    env PATH="$bin:$PATH" FAKE_NCU_QUERY="$tmp/query-bad.txt" FAKE_NCU_QUERY_EXIT=1 "$RFL" profile --run "$tmp/run" -- true
[ ! -e "$tmp/run/profile.csv" ] || fail "profile.csv after a failed query"
runs 1 "ncu exited with status 3: the command failed or ncu could not profile it" \
    env PATH="$bin:$PATH" FAKE_NCU_EXIT=3 "$RFL" profile --run "$tmp/run" -- true

# --- likwid-perfctr ------------------------------------------------------------------------
fresh
runs 1 '^rfl: error: likwid-perfctr not found: install likwid \(package likwid\)$' \
    env PATH="$tmp/nothing" "$RFL" profile --run "$tmp/run" --cpu -- true
# As on a VM without counters (likwid-perfctr 5.2.2 on this development VM says this).
cat >"$bin/likwid-perfctr" <<'EOF'
#!/bin/sh
echo --------------------------------------------------------------------------------
printf 'CPU name:\tAMD EPYC\nCPU type:\tnil\nCPU clock:\t2.60 GHz\n'
echo 'ERROR - [./src/perfmon.c:perfmon_init_maps:1262] Unsupported AMD Zen Processor' >&2
echo 'Cannot get access to MSRs. Please check permissions to the MSRs' >&2
exit 1
EOF
chmod +x "$bin/likwid-perfctr"
runs 1 'hardware counters are not readable here, so nothing was profiled \(likwid-perfctr -g FLOPS_DP: ERROR - \[\./src/perfmon\.c:perfmon_init_maps:1262\] Unsupported AMD Zen Processor\)' \
    env PATH="$bin:$PATH" "$RFL" profile --run "$tmp/run" --cpu -- true
# This machine's own likwid-perfctr, where there is one.
if command -v likwid-perfctr >/dev/null 2>&1; then
    "$RFL" profile --cpu -- true >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q 'hardware counters are not readable here' "$tmp/err"; then
        [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "the real likwid-perfctr: more than one line: $(cat "$tmp/err")"
        note "this machine's counters: $(cat "$tmp/err")"
    elif [ $rc -eq 0 ]; then
        note "this machine's likwid-perfctr reads counters: rfl profile --cpu ran"
    else
        fail "rfl profile --cpu with this machine's likwid-perfctr: exit $rc: $(cat "$tmp/err")"
    fi
fi
# Counters readable: one run per group the CPU has, each into -o FILE, read as one.
cat >"$bin/likwid-perfctr" <<'EOF'
#!/bin/sh
# likwid-perfctr's stand-in: -a lists ICX's groups; -g G [-o FILE] writes the fixture's run of G.
echo "$*" >>"$FAKE_LIKWID_ARGS"
[ "$1" = -a ] && { printf '    FLOPS_DP\tDouble Precision MFLOP/s\n        L2\tL2 cache bandwidth in MBytes/s\n        L3\tL3 cache bandwidth in MBytes/s\n       MEM\tMain memory bandwidth in MBytes/s\n'; exit 0; }
out=/dev/stdout group=
while [ $# -gt 0 ]; do
    case $1 in
    -o) out=$2; shift 2 ;;
    -g) group=$2; shift 2 ;;
    -c | -C) shift 2 ;;
    -O | -m) shift ;;
    *) break ;;
    esac
done
"$@" || exit 1
awk -v keep="$group" '
    function flush() { if (block != "" && g == keep) printf "%s", block; block = "" }
    /^STRUCT,/ { flush() }
    /^TABLE,/ { n = split($0, f, ","); while (n && f[n] == "") n--; g = f[n - 1] }
    { block = block $0 "\n" }
    END { flush() }' "$FAKE_LIKWID_CSV" >"$out"
EOF
export FAKE_LIKWID_ARGS=$tmp/likwid-args FAKE_LIKWID_CSV=$data/likwid-icx-triad.csv
PATH="$bin:$PATH" "$RFL" profile --run "$tmp/run" --config "$golden/spec.conf" --cpu --markers --no-render -- true \
    >"$tmp/out" 2>"$tmp/err" || fail "rfl profile --cpu: exit $?: $(cat "$tmp/err")"
awk -F, 'NR == 1 || $3 == "cpu"' "$tmp/run/profile.csv" >"$tmp/cpu.csv"
cmp -s "$tmp/cpu.csv" "$expected/likwid/profile.csv" ||
    fail "--cpu gives other points than --likwid: $(diff "$expected/likwid/profile.csv" "$tmp/cpu.csv" | head -n 5)"
[ "$(grep -c -- '-O -o .* -c 0-[0-9]* -g [A-Z0-9_]* -m true$' "$FAKE_LIKWID_ARGS")" = 4 ] ||
    fail "likwid-perfctr did not run once per group with -m: $(cat "$FAKE_LIKWID_ARGS")"
for g in FLOPS_DP L2 L3 MEM; do
    grep -q -- "-g $g -m true" "$FAKE_LIKWID_ARGS" || fail "no run of group $g"
done
exit 0
