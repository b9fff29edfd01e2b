# rfl run --budget SECONDS (issue 13): the budget is shared among the steps
# that run here, each program gets its share as --time-budget and the
# shares fit the budget (--dry-run, with every GPU program through
# stand-ins); the config's `budget` and the modes' defaults (quick 60, full
# 600, standard none); bad values are one line and exit 2; a run on a tiny
# budget finishes every step, its sidecars record the budget and what was
# cut, run.json records the budget, each step's share and the noise probes
# (noise.csv), and the report says both. No wall time is asserted.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL" "$RFL_BANDWIDTH" "$RFL_FLOPS"
have_python3 || skip "python3 is not installed"
tiny=$top_srcdir/tests/data/driver/tiny.conf
export GNUPLOT=/nonexistent/gnuplot

# Every program of the table: the CPU ones and stand-ins of the GPU ones and rfl_dense.
bin=$tmp/bin
mkdir "$bin" || hard_error "mkdir"
ln -s "$RFL_BANDWIDTH" "$bin/rfl_bandwidth" && ln -s "$RFL_FLOPS" "$bin/rfl_flops" || hard_error "ln"
for p in rfl_gpu_bandwidth rfl_gpu_flops rfl_gpu_micro rfl_unified_memory rfl_gemm rfl_dense; do
    printf '#!/bin/sh\nexit 0\n' >"$bin/$p" && chmod +x "$bin/$p" || hard_error "stand-in"
done

# shares FILE: the --time-budget of each command line of a dry run, one a line.
shares()
{
    sed -n 's/.* --time-budget \([0-9.]*\) .*/\1/p' "$1"
}

# check_dry WHAT BUDGET PROGRAMS ARGS...: rfl run ARGS --dry-run gives each
# of PROGRAMS commands a --time-budget, and they add up to at most BUDGET.
check_dry()
{
    _what=$1 _budget=$2 _programs=$3
    shift 3
    RFL_PROGRAM_DIR=$bin RFL_GPU_PRESENT=1 "$RFL" run "$@" --dry-run >"$tmp/dry" 2>"$tmp/err" ||
        fail "$_what: exit $?: $(cat "$tmp/err")"
    [ "$(wc -l <"$tmp/dry")" -eq "$_programs" ] || fail "$_what: not $_programs commands: $(cat "$tmp/dry")"
    [ "$(shares "$tmp/dry" | wc -l)" -eq "$_programs" ] ||
        fail "$_what: a command without --time-budget: $(cat "$tmp/dry")"
    _sum=$(shares "$tmp/dry" | awk '{ s += $1 } END { print s + 0 }')
    awk -v s="$_sum" -v b="$_budget" 'BEGIN { exit !(s > 0 && s <= b) }' ||
        fail "$_what: the shares add up to $_sum s, not within the budget of $_budget s: $(cat "$tmp/dry")"
    shares "$tmp/dry" | awk '$1 <= 0 { exit 1 }' || fail "$_what: a share is not positive: $(cat "$tmp/dry")"
}

# 1. Shares within the budget: the quick default, --budget, the config's.
printf 'programs = all\nmode = quick\n' >"$tmp/all.conf"
check_dry "quick, 8 programs" 60 8 --config "$tmp/all.conf"
check_dry "--budget 30, 8 programs" 30 8 --config "$tmp/all.conf" --budget 30
check_dry "--budget 5 on tiny.conf" 5 2 --config "$tiny" --budget 5
check_dry "--budget 1" 1 8 --config "$tmp/all.conf" --budget 1
printf 'programs = bandwidth,flops\nmode = full\n' >"$tmp/full.conf"
check_dry "full" 600 2 --config "$tmp/full.conf"
# the bandwidth sweep costs more than flops here: it gets the larger share
[ "$(shares "$tmp/dry" | head -n 1 | cut -d. -f1)" -ge "$(shares "$tmp/dry" | tail -n 1 | cut -d. -f1)" ] ||
    fail "full: bandwidth's share is below flops's: $(cat "$tmp/dry")"
printf 'programs = bandwidth,flops\nmode = standard\nbudget = 20\n' >"$tmp/conf20"
check_dry "config budget = 20" 20 2 --config "$tmp/conf20"
check_dry "--budget over the config's" 8 2 --config "$tmp/conf20" --budget 8
# standard mode without a budget: no --time-budget at all
printf 'programs = bandwidth,flops\nmode = standard\n' >"$tmp/std.conf"
RFL_PROGRAM_DIR=$bin "$RFL" run --config "$tmp/std.conf" --dry-run >"$tmp/dry" 2>"$tmp/err" || fail "standard: exit $?"
grep -q -- '--time-budget' "$tmp/dry" && fail "standard mode without a budget passed --time-budget: $(cat "$tmp/dry")"

# 2. Bad values: one line, exit 2, nothing made.
EXPECT_PROGRAM=$RFL
for v in 0 -1 abc 1e300 0.5 '' nan inf 5s; do
    expect_error 2 "--budget" "'$v'" -- run --budget "$v" --dry-run
done
for v in -1 abc 1e300 nan; do
    printf 'budget = %s\n' "$v" >"$tmp/bad.conf"
    expect_error 2 "bad.conf:1" "$v" -- run --config "$tmp/bad.conf" --dry-run
done

# 3. A tiny budget: every step finishes, and the run says what it gave and cut.
run=$tmp/run
"$RFL" run --config "$tiny" --budget 5 --output "$run" >"$tmp/out" 2>"$tmp/err" ||
    fail "rfl run --budget 5: exit $?: $(tail -n 20 "$tmp/err")"
grep -q '^rfl: \[1/5\] bandwidth (budget [0-9]* s; [0-9]* s used, [0-9]* s left): ' "$tmp/err" ||
    fail "no budget in the progress line: $(grep '\[1/5\]' "$tmp/err")"
grep -q '^rfl: \[2/5\] flops: done in [0-9.]* s (budget [0-9]* s; [0-9]* s used, [0-9]* s left)$' "$tmp/err" ||
    fail "no budget in the done line: $(grep '\[2/5\]' "$tmp/err")"
[ "$(json_eval "$run/run.json" '[s["status"] for s in d["steps"]]')" = "['done', 'done', 'done', 'done', 'done']" ] ||
    fail "not every step done: $(json_eval "$run/run.json" '[s["status"] for s in d["steps"]]')"
[ "$(json_eval "$run/run.json" 'd["budget"]["seconds"] == 5 and d["budget"]["source"] == "--budget"')" = True ] ||
    fail "run.json: budget $(json_eval "$run/run.json" 'd["budget"]')"
# each share fits what was left of the budget when it was given (time a
# step leaves unused goes to the steps after it), or is the least share
# (RFL_RUN_BUDGET_MIN_SHARE_S, 0.1 s) where a loaded machine left nothing
[ "$(json_eval "$run/run.json" 'all(0 < s["budget_s"] <= max(5 - s["started_s"], 0.1) + 1e-6 for s in d["steps"][:2])')" = True ] ||
    fail "run.json: the steps' shares: $(json_eval "$run/run.json" '[s.get("budget_s") for s in d["steps"]]')"
[ "$(json_eval "$run/run.json" 'all(isinstance(s["cuts"], list) and s["started_s"] >= 0 for s in d["steps"][:2])')" = True ] ||
    fail "run.json: steps without cuts or start: $(json_eval "$run/run.json" 'd["steps"][:2]')"
# the hypervisor's share of the CPUs while each program ran (Linux: /proc/stat's steal)
if [ -r /proc/stat ]; then
    [ "$(json_eval "$run/run.json" 'all(0 <= s["cpu_steal_percent"] <= 100 for s in d["steps"][:2])')" = True ] ||
        fail "run.json: no steal share: $(json_eval "$run/run.json" '[s.get("cpu_steal_percent") for s in d["steps"]]')"
    grep -q '^CPU time taken by the hypervisor (steal) while each program ran: bandwidth [0-9.]*%; flops [0-9.]*%' "$run/report.md" ||
        fail "report.md: no steal line: $(grep -i steal "$run/report.md")"
fi
grep -q -- '--time-budget' "$run/run.conf" && fail "run.conf holds a program argument it should not"
grep -q '^budget = 5$' "$run/run.conf" || fail "run.conf does not keep the budget: $(grep budget "$run/run.conf")"
for p in bandwidth flops; do
    check_verified "$run/$p.csv"
    [ "$(json_eval "$run/$p.json" 'd["status"]')" = complete ] || fail "$p.json: status $(json_eval "$run/$p.json" 'd["status"]')"
    [ "$(json_eval "$run/$p.json" '0 < d["budget"]["seconds"] <= 5 and isinstance(d["budget"]["cuts"], list) and d["budget"]["used_s"] > 0')" = True ] ||
        fail "$p.json: budget $(json_eval "$run/$p.json" 'd["budget"]')"
    [ "$(json_eval "$run/$p.json" 'len(d["noise_probe"]["probes"]) >= 2')" = True ] ||
        fail "$p.json: fewer than 2 noise probes: $(json_eval "$run/$p.json" 'd["noise_probe"]')"
done
# the noise probes on one time line
[ "$(csv_header "$run/noise.csv" | tr '\n' ,)" = "step,time_s,gbytes_per_s,gbytes_per_s_median,gbytes_per_s_worst," ] ||
    fail "noise.csv: header $(head -n 1 "$run/noise.csv")"
check_header "$run/noise.csv" driver "### noise.csv"
[ "$(csv_count "$run/noise.csv" '$col["step"] == "bandwidth"')" -ge 2 ] || fail "noise.csv: no bandwidth probes"
[ "$(csv_count "$run/noise.csv" '$col["step"] == "flops"')" -ge 2 ] || fail "noise.csv: no flops probes"
check_positive "$run/noise.csv" time_s gbytes_per_s gbytes_per_s_median gbytes_per_s_worst
csv_column "$run/noise.csv" time_s | awk 'NR > 1 && $1 + 0 < prev { exit 1 } { prev = $1 + 0 }' ||
    fail "noise.csv: the probes are not in time order"
[ "$(json_eval "$run/run.json" 'd["noise"]["probes"] == '"$(csv_rows "$run/noise.csv" | wc -l)"' and d["noise"]["cv"] >= 0 and d["noise"]["verdict"] in ("steady", "somewhat noisy", "noisy")')" = True ] ||
    fail "run.json: noise $(json_eval "$run/run.json" 'd["noise"]')"
grep -q '^Time budget: 5 s (--budget)' "$run/report.md" || fail "the report does not state the budget"
grep -q '^How steady the machine was: ' "$run/report.md" || fail "the report does not say how steady the machine was"
grep -q 'Time budget: 5 s' "$run/report.html" || fail "report.html does not state the budget"
# rfl ceilings takes noise.csv as a file of the run (not a measurement)
"$RFL" ceilings "$run" >/dev/null 2>"$tmp/err" || fail "rfl ceilings on a run with noise.csv: $(cat "$tmp/err")"

# 4. --resume keeps the steps' shares and cuts in run.json; the steps it
#    redoes get new ones.
rm "$run/.steps/flops.done"
"$RFL" run --resume "$run" >/dev/null 2>"$tmp/err" || fail "resume: exit $?: $(tail -n 5 "$tmp/err")"
[ "$(json_eval "$run/run.json" 'd["steps"][0].get("resumed") and d["steps"][0]["budget_s"] > 0 and isinstance(d["steps"][0]["cuts"], list)')" = True ] ||
    fail "resume: the kept step lost its share: $(json_eval "$run/run.json" 'd["steps"][0]')"
[ "$(json_eval "$run/run.json" 'd["steps"][1]["budget_s"] > 0 and "resumed" not in d["steps"][1]')" = True ] ||
    fail "resume: the redone step: $(json_eval "$run/run.json" 'd["steps"][1]')"

# 5. No budget (standard mode): none in run.json, none in the sidecars.
run=$tmp/std
sed 's/^mode = quick$/mode = standard/; s/^bandwidth.quick_args/bandwidth.standard_args/; s/^flops.quick_args/flops.standard_args/' \
    "$tiny" >"$tmp/tiny_std.conf"
"$RFL" run --config "$tmp/tiny_std.conf" --output "$run" >/dev/null 2>"$tmp/err" || fail "standard run: exit $?: $(tail -n 5 "$tmp/err")"
[ "$(json_eval "$run/run.json" 'd["budget"] is None and "budget_s" not in d["steps"][0]')" = True ] ||
    fail "standard run: a budget in run.json: $(json_eval "$run/run.json" 'd["budget"]')"
[ "$(json_eval "$run/bandwidth.json" 'd["budget"] is None')" = True ] || fail "standard run: a budget in bandwidth.json"
grep -q '^Time budget' "$run/report.md" && fail "standard run: the report states a budget"
exit 0
