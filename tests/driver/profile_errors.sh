# rfl profile on bad input: every broken Nsight Compute or likwid-perfctr file, a broken
# profile.csv read back, and every bad command line is one line on stderr naming the file, the
# line and (where one applies) the kernel or region and the metric, exit 2, nothing written and
# the run directory's profile.csv as it was. A kernel name made to break a gnuplot script or
# the report is drawn and written as text.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"
data=$top_srcdir/tests/data/profile
bw=$data/ncu-h100-rfl_gpu_bandwidth.csv
lk=$data/likwid-icx-triad.csv

dir=$tmp/run
copy_gpu_golden "$dir" "$golden"/bandwidth.* "$golden"/flops.*
"$RFL" profile --run "$dir" --ncu-csv "$bw" --no-render >/dev/null 2>"$tmp/err" ||
    fail "rfl profile on the recorded file: exit $?: $(cat "$tmp/err")"
cp "$dir/profile.csv" "$tmp/good.csv"

# bad WHAT PATTERN OPTION FILE: rfl profile --run DIR OPTION FILE exits 2 with one line matching
# PATTERN (an extended regular expression) and leaves profile.csv as it was.
bad()
{
    _what=$1
    _pattern=$2
    shift 2
    expect_input_error "$_what" "$_pattern" "$RFL" profile --run "$dir" --no-render "$@"
    cmp -s "$tmp/good.csv" "$dir/profile.csv" || fail "$_what: profile.csv changed"
}

# edit FILE SED-SCRIPT: FILE edited into $tmp/in.csv.
edit()
{
    sed "$2" "$1" >"$tmp/in.csv" || hard_error "sed $2"
}

# metric LINE METRIC VALUE: the recorded bandwidth file with METRIC of LINE (its units row: 4)
# set to VALUE, into $tmp/in.csv (fields are "..." joined by ",": the thousands separators
# inside stay).
metric()
{
    awk -v line="$1" -v name="$2" -v value="$3" 'BEGIN { FS = OFS = "\",\"" }
        /^"ID",/ { for (i = 1; i <= NF; i++) if ($i == name) c = i }
        NR == line { $c = value }
        { print }' "$bw" >"$tmp/in.csv"
    grep -q "\"$3\"" "$tmp/in.csv" || hard_error "metric $*: not set"
}

# --- Nsight Compute ------------------------------------------------------------------------
edit "$bw" 's/"gpu__time_duration\.sum"/"gpu__time_duration.summ"/'
bad "no time metric" "in\.csv:3: no column for metric 'gpu__time_duration\.sum' \(ncu was run without it, and without a time" \
    --ncu-csv "$tmp/in.csv"
metric 4 l1tex__t_bytes.sum Kibyte
bad "a unit rfl does not know" "in\.csv:4: metric 'l1tex__t_bytes\.sum': unit 'Kibyte' is not one rfl knows \(byte, Kbyte, Mbyte, Gbyte, Tbyte\)" \
    --ncu-csv "$tmp/in.csv"
metric 6 dram__bytes.sum n/a
bad "a value that is not a number" "in\.csv:6: kernel 'void <unnamed>::k_global<float, 0, 1>\(.*\.\.\.': metric 'dram__bytes\.sum' \(column 183\): 'n/a' is not a number" \
    --ncu-csv "$tmp/in.csv"
metric 6 sm__sass_thread_inst_executed_op_dadd_pred_on.sum -2,282,280
bad "a negative count" "in\.csv:6: kernel 'void <unnamed>::k_global.*': metric 'sm__sass_thread_inst_executed_op_dadd_pred_on\.sum' \(column [0-9]+\): '-2,282,280' is not a number" \
    --ncu-csv "$tmp/in.csv"
metric 6 gpu__time_duration.sum 0
bad "a launch without time" "in\.csv:6: kernel 'void <unnamed>::k_global.*': metric 'gpu__time_duration\.sum' is 0 \(no time" \
    --ncu-csv "$tmp/in.csv"
grep '^==PROF==' "$bw" >"$tmp/in.csv"
bad "no header" "in\.csv: not Nsight Compute CSV: no header line" --ncu-csv "$tmp/in.csv"
: >"$tmp/in.csv"
bad "an empty file" "in\.csv: not Nsight Compute CSV" --ncu-csv "$tmp/in.csv"
head -n 4 "$bw" >"$tmp/in.csv"
bad "no kernel rows" "in\.csv: no kernels: ncu profiled no launch" --ncu-csv "$tmp/in.csv"
head -n 3 "$bw" >"$tmp/in.csv"
bad "no units row" "in\.csv:3: the header is not followed by ncu's units row" --ncu-csv "$tmp/in.csv"
awk 'NR == 6 { sub(/,"[^"]*"$/, "") } { print }' "$bw" >"$tmp/in.csv"
bad "a short row" "in\.csv:6: 512 fields, the header has 513" --ncu-csv "$tmp/in.csv"
awk 'NR == 6 { sub(/"$/, "") } { print }' "$bw" >"$tmp/in.csv"
bad "an open quote" "in\.csv:6: a quoted field that does not end" --ncu-csv "$tmp/in.csv"
printf 'x\0y\n' >"$tmp/in.csv"
bad "a binary file" "in\.csv: not a text file" --ncu-csv "$tmp/in.csv"
bad "no such file" "nothing\.csv: cannot read the Nsight Compute CSV" --ncu-csv "$tmp/nothing.csv"

# Numbers as ncu writes them, nothing else (issue 28): thousands separators only between whole
# groups of three, no hex, no blanks, no sign; each refused with file, line, metric and value.
for v in '1.234,5' ',123' '123,' '1,,234' '12,34' '1,2345' '1234,567' '0x10' ' 123' '123 ' '+5' '1.' 'inf'; do
    metric 6 dram__bytes.sum "$v"
    q=$(printf '%s' "$v" | sed 's/[.+]/\\&/g')
    bad "ncu value '$v'" "in\.csv:6: kernel '.*': metric 'dram__bytes\.sum' \(column [0-9]+\): '$q' is not a number" \
        --ncu-csv "$tmp/in.csv"
done

# ncu output rfl could read but profile.csv could not hold (issue 28): refused before anything is
# written, naming the line and the value. A minimal recording: name and time are all it needs.
# mini ROW...: a recording of these launch rows ("NAME","TIME ns","DFMA","DRAM bytes").
mini()
{
    {
        printf '"ID","Process ID","Kernel Name","gpu__time_duration.sum","%s","dram__bytes.sum"\n' \
            sm__sass_thread_inst_executed_op_dfma_pred_on.sum
        printf '"","","","nsecond","inst","byte"\n'
        _id=0
        for _row in "$@"; do
            printf '"%d","1",%s\n' $_id "$_row"
            _id=$((_id + 1))
        done
    } >"$tmp/in.csv"
}
big=100$(awk 'BEGIN { for (i = 0; i < 102; i++) printf ",000" }') # 1e308, as ncu groups it
mini '"k","1,000","5","'$big'"' '"k","1,000","5","'$big'"'
bad "a sum over launches past the largest number" \
    "in\.csv:4: kernel 'k': metric 'dram__bytes\.sum': '100,000,.*' makes its sum over 2 launches too large a number" \
    --ncu-csv "$tmp/in.csv"
mini '"k","1e-300","5","64"'
bad "a denormal duration" "in\.csv:3: kernel 'k': metric 'gpu__time_duration\.sum': '1e-300' is too small a number" \
    --ncu-csv "$tmp/in.csv"
mini '"k","1,000","1e300","1e-300"'
bad "an intensity past the largest number" "in\.csv:3: kernel 'k': column 'ai_dram': 'inf' is no finite number" \
    --ncu-csv "$tmp/in.csv"
mini '"","1,000","5","64"'
bad "an empty kernel name" "in\.csv:3: column 'Kernel Name' is empty" --ncu-csv "$tmp/in.csv"

# Scaled units (ncu writes Kbyte, usecond ... where asked to): the same points.
copy_gpu_golden "$tmp/scaled"
# gpu__time_duration in usecond (351,648 ns -> 351.648), dram__bytes in Kbyte.
awk 'BEGIN { FS = OFS = "\",\"" }
     /^"ID",/ { for (i = 1; i <= NF; i++) { if ($i == "gpu__time_duration.sum") t = i; if ($i == "dram__bytes.sum") d = i }
                print; getline; $t = "usecond"; $d = "Kbyte"; print; next }
     /^"/ && t { v = $t; gsub(/,/, "", v); $t = sprintf("%.3f", v / 1000)
                 v = $d; gsub(/,/, "", v); $d = sprintf("%.3f", v / 1000) }
     { print }' "$bw" >"$tmp/in.csv"
grep -q '"usecond"' "$tmp/in.csv" && grep -q '"351.648"' "$tmp/in.csv" || hard_error "the scaled file was not made"
"$RFL" profile --run "$tmp/scaled" --ncu-csv "$tmp/in.csv" --no-render >/dev/null 2>"$tmp/err" ||
    fail "scaled units: exit $?: $(cat "$tmp/err")"
cmp -s "$tmp/scaled/profile.csv" "$tmp/good.csv" ||
    fail "scaled units give other points: $(diff "$tmp/good.csv" "$tmp/scaled/profile.csv" | head -n 6)"

# --- likwid-perfctr ------------------------------------------------------------------------
# groups G...: only the runs (STRUCT blocks) of those groups; -v: all but them.
groups()
{
    awk -v keep="$1" -v invert="${2:-0}" '
        function flush() { if (block != "" && ((index(" " keep " ", " " g " ") > 0) != invert)) printf "%s", block; block = "" }
        /^STRUCT,/ { flush() }
        /^TABLE,/ { n = split($0, f, ","); while (n && f[n] == "") n--; g = f[n - 1] }
        { block = block $0 "\n" }
        END { flush() }' "$lk"
}
groups "L2 L3 MEM" >"$tmp/in.csv"
bad "no flops group" "in\.csv: no flops: no metric 'DP \[MFLOP/s\]' or 'SP \[MFLOP/s\]' \(add a run of likwid-perfctr -g FLOPS_DP" \
    --likwid "$tmp/in.csv"
groups "FLOPS_DP" >"$tmp/in.csv"
bad "no memory group" "in\.csv: no bytes: no metric 'L2 data volume', 'L3 data volume' or 'Memory data volume'" --likwid "$tmp/in.csv"
edit "$lk" 's/^DP \[MFLOP\/s\],/DP [TFLOP\/s],/'
bad "a likwid unit rfl does not know" "in\.csv:[0-9]+: region 'init': metric 'DP \[TFLOP/s\]': its unit is not one rfl knows \(FLOP/s, KFLOP/s, MFLOP/s, GFLOP/s\)" \
    --likwid "$tmp/in.csv"
edit "$lk" '0,/^DP \[MFLOP\/s\],0,0/s//DP [MFLOP\/s],nan,0/'
bad "a likwid value that is not a number" "in\.csv:[0-9]+: region 'init': metric 'DP \[MFLOP/s\]': 'nan' \(hardware thread 0\) is not a number" \
    --likwid "$tmp/in.csv"
# the strict grammar of every input: no hex, no blank before a number (issue 28)
for v in 0x10 ' 5'; do
    edit "$lk" "0,/^DP \\[MFLOP\\/s\\],0,0/s//DP [MFLOP\\/s],$v,0/"
    bad "a likwid value '$v'" "in\\.csv:[0-9]+: region 'init': metric 'DP \\[MFLOP/s\\]': '$v' \\(hardware thread 0\\) is not a number" \
        --likwid "$tmp/in.csv"
done
edit "$lk" 's/^RDTSC Runtime \[s\],0\.201874,0\.202315,/RDTSC Runtime [s],0.000000,0.000000,/'
bad "a region without time" "in\.csv:[0-9]+: region 'triad': metric 'Runtime \(RDTSC\) \[s\]' is 0 \(no time\)" --likwid "$tmp/in.csv"
awk '/^TABLE,Region triad,Group 1 Metric,FLOPS_DP/ { t = 1 } t && /^DP \[MFLOP\/s\],/ { sub(/^DP \[MFLOP\/s\],[^,]*/, "DP [MFLOP/s],1e308"); t = 0 }
     { print }' "$lk" >"$tmp/in.csv"
grep -q '1e308' "$tmp/in.csv" || hard_error "likwid: the huge rate was not put in"
bad "a likwid sum past the largest number" \
    "in\.csv:[0-9]+: region 'triad': metric 'DP \[MFLOP/s\]': its sum over 2 hardware threads, each rate x its runtime, is too large a number" \
    --likwid "$tmp/in.csv"
head -n 34 "$lk" >"$tmp/in.csv"
bad "a metric table cut short" "in\.csv:34: region 'init': the table ends after [0-9]+ of its 10 metrics" --likwid "$tmp/in.csv"
printf 'CPU name:\tsomething\nhello\n' >"$tmp/in.csv"
bad "not likwid output" "in\.csv: not likwid-perfctr CSV: no metric table" --likwid "$tmp/in.csv"

# --- profile.csv read back by rfl plot -----------------------------------------------------
back()
{
    cp "$tmp/in.csv" "$dir/profile.csv"
    expect_input_error "$1" "$2" "$RFL" plot "$dir" --no-render
    cp "$tmp/good.csv" "$dir/profile.csv"
}
sed '3s/,gpu,ncu,/,tpu,ncu,/' "$tmp/good.csv" >"$tmp/in.csv"
back "profile.csv: a device rfl does not know" "profile\.csv:3: column 'device': 'tpu' is not cpu or gpu"
sed '3s/,1\.07374182e+09,/,-5,/' "$tmp/good.csv" >"$tmp/in.csv"
back "profile.csv: negative flops" "profile\.csv:3: column 'flops_fp32': '-5' is negative"
awk -F, -v OFS=, 'NR == 1 { $4 = "tools" } { print }' "$tmp/good.csv" >"$tmp/in.csv"
back "profile.csv: a required column missing" "profile\.csv:1: missing column 'tool'"

# --- the command line ----------------------------------------------------------------------
EXPECT_PROGRAM=$RFL
expect_error 2 "nothing to profile: give --ncu-csv FILE, --likwid FILE or -- COMMAND" -- profile
expect_error 2 "one of --ncu-csv FILE, --likwid FILE or -- COMMAND, not several" -- profile --ncu-csv "$bw" --likwid "$lk"
expect_error 2 "one of --ncu-csv FILE" -- profile --ncu-csv "$bw" -- true
expect_error 2 "--cpu runs a COMMAND" -- profile --cpu --likwid "$lk"
expect_error 2 "--markers goes with --cpu" -- profile --markers -- true
expect_error 2 "'$tmp/none' is not a directory" -- profile --run "$tmp/none" --ncu-csv "$bw"
expect_error 2 "unknown option '--bogus'" -- profile --bogus
mkdir "$tmp/empty" || hard_error "mkdir"
expect_error 2 "no measurements" -- profile --run "$tmp/empty" --ncu-csv "$bw"
[ ! -e "$tmp/empty/profile.csv" ] || fail "profile.csv written into a directory without measurements"

# --- a kernel name made to break the script or the report: drawn and written as text --------
evil="k|@macro'\`touch\${IFS}pwned1\`'\$(touch\${IFS}pwned2)&x"
q=$(printf '%s' "$evil" | sed 's/"/""/g; s/[\\/&]/\\&/g')
sed "s/\"void <unnamed>::k_check<float>([^\"]*)\"/\"$q\"/" "$bw" >"$tmp/in.csv"
grep -q 'pwned1' "$tmp/in.csv" || hard_error "the hostile name was not put in"
copy_gpu_golden "$tmp/evil"
if gnuplot_path >/dev/null; then render=; else render=--no-render; fi
(cd "$tmp/evil" && "$RFL" profile --run . --ncu-csv "$tmp/in.csv" $render >/dev/null 2>"$tmp/err") ||
    fail "a hostile kernel name: exit $?: $(cat "$tmp/err")"
[ ! -e "$tmp/evil/pwned1" ] && [ ! -e "$tmp/evil/pwned2" ] || fail "a kernel name ran a command"
grep -F -q "$evil" "$tmp/evil/profile.csv" || fail "profile.csv does not keep the name as it is"
# Its label (the short name, cut at 40 bytes) in the report, escaped.
grep -q 'k|@macro&#39;`touch' "$tmp/evil/report.html" || fail "report.html: the name is not escaped: $(grep -m1 macro "$tmp/evil/report.html")"
grep -q '| 2 | k\\|@macro' "$tmp/evil/report.md" || fail "report.md: the name is not escaped: $(grep -m1 macro "$tmp/evil/report.md")"
# --- a kernel name with a newline inside its quoted field (RFC 4180): one field ---------------
awk '{ if (!done && sub(/"void <unnamed>::k_check<float>\(/, "\"void <unnamed>::k_check<float>(\n")) done = 1; print }' "$bw" >"$tmp/in.csv"
grep -q '^[^"]' "$tmp/in.csv" || hard_error "no name with a newline was made"
copy_gpu_golden "$tmp/nl"
"$RFL" profile --run "$tmp/nl" --ncu-csv "$tmp/in.csv" --no-render >/dev/null 2>"$tmp/err" ||
    fail "a kernel name with a newline: exit $?: $(cat "$tmp/err")"
grep -q '^"void <unnamed>::k_check<float>($' "$tmp/nl/profile.csv" || fail "the name with a newline is not kept whole"
"$RFL" plot "$tmp/nl" --no-render >/dev/null 2>"$tmp/err" || fail "rfl plot after a name with a newline: $(cat "$tmp/err")"

# --- interrupted (issue 28): SIGTERM while rfl profile works leaves the run directory as it was --
# (every earlier output byte for byte, no temporary file) and exits 130.
# snapshot DIR FILE: the checksums of DIR's files (temporary ones included) into FILE.
snapshot()
{
    (cd "$1" && find . -type f | LC_ALL=C sort | xargs cksum) >"$2"
}
# While gnuplot draws the charts: profile.csv is put back.
dir=$tmp/sig
copy_gpu_golden "$dir"
"$RFL" profile --run "$dir" --ncu-csv "$data/ncu-h100-rfl_gemm.csv" --no-render >/dev/null 2>&1 || hard_error "first profile"
snapshot "$dir" "$tmp/before"
printf '#!/bin/sh\nkill -TERM $PPID\nsleep 10\n' >"$tmp/gnuplot" && chmod +x "$tmp/gnuplot" || hard_error "fake gnuplot"
GNUPLOT=$tmp/gnuplot "$RFL" profile --run "$dir" --ncu-csv "$bw" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 130 ] || fail "SIGTERM while drawing: exit $rc, expected 130: $(cat "$tmp/err")"
snapshot "$dir" "$tmp/after"
cmp -s "$tmp/before" "$tmp/after" || fail "SIGTERM while drawing: the run directory changed: $(diff "$tmp/before" "$tmp/after")"
# While it prints the table of thousands of kernels (stdout a pipe it waits on): nothing written.
awk 'BEGIN { print "\"ID\",\"Process ID\",\"Kernel Name\",\"gpu__time_duration.sum\""; print "\"\",\"\",\"\",\"nsecond\""
             for (i = 0; i < 3000; i++) printf "\"%d\",\"1\",\"kernel_number_%d\",\"1,000\"\n", i, i }' >"$tmp/many.csv"
mkfifo "$tmp/pipe" || hard_error "mkfifo"
"$RFL" profile --run "$dir" --ncu-csv "$tmp/many.csv" --no-render >"$tmp/pipe" 2>"$tmp/err" &
pid=$!
exec 3<"$tmp/pipe"
head -c 100 <&3 >/dev/null # it prints the table: far more than the pipe holds, so it waits
kill -TERM $pid
cat <&3 >/dev/null
exec 3<&-
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "SIGTERM while printing the table: exit $rc, expected 130: $(cat "$tmp/err")"
grep -q 'interrupted: nothing written' "$tmp/err" || fail "SIGTERM while printing the table: $(cat "$tmp/err")"
snapshot "$dir" "$tmp/after"
cmp -s "$tmp/before" "$tmp/after" || fail "SIGTERM while printing: the run directory changed: $(diff "$tmp/before" "$tmp/after")"
exit 0
