# Text from data never runs or breaks anything: a run directory whose every
# string field (each text column of the CSVs, the sidecars' host, CPU model,
# GPU name and command line, the config's machine name, an --app file's
# point names) holds a backquoted command, a newline followed by a gnuplot
# command, quotes, a '|', '<b>' and an invalid UTF-8 byte goes through
# rfl ceilings, plot (rendered when gnuplot is there) and report: no command
# runs, every exit is 0, the scripts parse, the HTML escapes the markup, the
# Markdown table rows keep their cell counts, and roofline.json is valid and
# holds as many ceilings, curves and points as a clean run. Where the input
# is really invalid (a sidecar that is not UTF-8, so not JSON; an
# application level that names no level) the error is one clean line.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"

require_program "$RFL"

# The payloads, richest first: each field gets the first that fits its
# length (the loaders bound each name) with the field's own value after it,
# so distinct names stay distinct. The commands are relative: gnuplot runs
# in a scratch folder of the run directory, so anything they made would be
# found under $tmp.
bq='`touch x`'
marks=$(printf '\047"|<b>\377')
P1=$(printf '%s\nsystem("touch y") %s' "$bq" "$marks")
P2=$(printf '%s\n!touch y %s' "$bq" "$marks")
P3=$(printf '%s\047"|\377' "$bq")
P4=$(printf '\047"|\n\377')
P5=$(printf '\047"\n')
export P1 P2 P3 P4 P5

# hostile_csv IN OUT COLUMN:SIZE...: OUT is IN with every non-empty value of
# each named COLUMN replaced by payload + value, quoted for CSV, within
# SIZE - 1 bytes (the loader's buffer). A COLUMN of '*' SIZE sets the size
# for every other text column (values that are not numbers).
hostile_csv()
{
    _in=$1
    _out=$2
    shift 2
    LC_ALL=C awk -F, -v spec="$*" '
        function payload(limit, value,    i, p) {
            for (i = 1; i <= 5; i++) {
                p = ENVIRON["P" i]
                if (length(p) + length(value) <= limit - 1)
                    return p value
            }
            return value
        }
        function quoted(s) { gsub(/"/, "\"\"", s); return "\"" s "\"" }
        BEGIN { n = split(spec, parts, " "); for (i = 1; i <= n; i++) { split(parts[i], kv, ":"); size[kv[1]] = kv[2] } }
        NR == 1 { for (i = 1; i <= NF; i++) name[i] = $i; print; next }
        {
            line = ""
            for (i = 1; i <= NF; i++) {
                v = $i
                lim = (name[i] in size) ? size[name[i]] : 0
                if (!lim && ("*" in size) && v != "" && v !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ && v != "nan" && v != "inf")
                    lim = size["*"]
                if (lim && v != "")
                    v = quoted(payload(lim, v))
                line = line (i > 1 ? "," : "") v
            }
            print line
        }' "$_in" >"$_out" || hard_error "awk on $_in"
}

# hostile_json IN OUT FROM...: OUT is IN with every JSON string "FROM"
# replaced by the payload (JSON-escaped, without the invalid byte: a
# sidecar must be JSON, and JSON is UTF-8) + FROM.
hostile_json()
{
    _in=$1
    _out=$2
    shift 2
    LC_ALL=C awk -v froms="$*" '
        BEGIN {
            p = "`touch x`\\nsystem(\\\"touch y\\\") '"'"'\\\"|<b>"
            n = split(froms, from, "\n")
        }
        {
            for (k = 1; k <= n; k++) {
                needle = "\"" from[k] "\""
                out = ""
                rest = $0
                while ((i = index(rest, needle)) > 0) {
                    out = out substr(rest, 1, i) p from[k] "\""
                    rest = substr(rest, i + length(needle))
                }
                $0 = out rest
            }
            print
        }' "$_in" >"$_out" || hard_error "awk on $_in"
}

nl='
'
sidecar_strings="golden${nl}Synthetic CPU 4000${nl}NVIDIA H200 (synthetic)${nl}--quick"
cd "$tmp" || hard_error "cd $tmp"
found_files()
{
    find "$tmp" \( -name x -o -name y \) -print
}
no_command_ran()
{
    [ -z "$(found_files)" ] || fail "$1 ran a command from the data: $(found_files)"
}

# counts DIR: what roofline.json holds, one number a line.
counts()
{
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g = d["gpu"] or {}
print("ceilings", len(d["ceilings"]), "curves", len(d["bandwidth_curves"]),
      "points", sum(c["points"] for c in d["bandwidth_curves"]), "applications", len(d["applications"]),
      "inputs", len(d["inputs"]), "levels", len(d["levels"]), "gpu curves", len(g.get("bandwidth_curves", [])),
      "gemm", len(g.get("gemm", [])), "fits", len(g.get("transfer_fits", [])),
      "reuse", len(g.get("reuse_to_half_device", [])))' "$1/roofline.json"
}

# check_run WHAT DIR CHARTS ARGS...: rfl ceilings, plot and report on DIR
# (ARGS: --config, --app) exit 0 and run nothing; roofline.json parses; the
# scripts CHARTS are written, hold no line that a name began, and (with
# gnuplot) render, rfl plot's and each alone; the report escapes the names.
check_run()
{
    what=$1
    dir=$2
    charts=$3
    shift 3
    "$RFL" ceilings "$dir" "$@" >/dev/null 2>"$tmp/err" || fail "$what: rfl ceilings: exit $?: $(cat "$tmp/err")"
    no_command_ran "$what: rfl ceilings"
    if have_python3; then
        python3 -m json.tool "$dir/roofline.json" >/dev/null 2>"$tmp/err" ||
            fail "$what: roofline.json is not valid JSON: $(cat "$tmp/err")"
    fi
    "$RFL" plot "$dir" --no-render "$@" >/dev/null 2>"$tmp/err" || fail "$what: rfl plot --no-render: exit $?: $(cat "$tmp/err")"
    for chart in $charts; do
        [ -s "$dir/$chart.gp" ] || fail "$what: no $chart.gp"
        # A newline in a name would start a line with the payload's command.
        ! grep -an '^system\|^!' "$dir/$chart.gp" >"$tmp/lines" ||
            fail "$what: $chart.gp: a name broke a line: $(cat "$tmp/lines")"
    done
    no_command_ran "$what: rfl plot"
    if [ -n "$gnuplot" ]; then
        "$RFL" plot "$dir" "$@" >/dev/null 2>"$tmp/err" || fail "$what: rfl plot: exit $?: $(cat "$tmp/err")"
        for chart in $charts; do
            check_png "$dir/$chart.png"
            # The script alone, as a user would run it: gnuplot parses it
            # without a word.
            alone=$tmp/alone-$what-$chart
            mkdir "$alone" && cp "$dir/$chart.gp" "$alone/" || hard_error "cp"
            (cd "$alone" && "$gnuplot" "$chart.gp") >"$tmp/out" 2>"$tmp/err" ||
                fail "$what: gnuplot $chart.gp: exit $?: $(cat "$tmp/err")"
            [ -s "$alone/$chart.png" ] || fail "$what: gnuplot $chart.gp drew nothing"
            [ ! -s "$tmp/err" ] || fail "$what: gnuplot $chart.gp said: $(head -c 600 "$tmp/err")"
        done
        no_command_ran "$what: gnuplot"
    fi
    "$RFL" report "$dir" "$@" >/dev/null 2>"$tmp/err" || fail "$what: rfl report: exit $?: $(cat "$tmp/err")"
    no_command_ran "$what: rfl report"
    html=$dir/report.html
    md=$dir/report.md
    grep -q '&lt;b&gt;' "$html" || fail "$what: report.html: the names' <b> is not escaped"
    ! grep -n '<b>' "$html" >"$tmp/bad" || fail "$what: report.html: a name's <b> is markup: $(head -n 3 "$tmp/bad")"
    grep -q '&#39;' "$html" || fail "$what: report.html: the names' ' is not escaped"
    ! LC_ALL=C grep -q "$(printf '\377')" "$html" "$md" || fail "$what: the report holds an invalid UTF-8 byte"
    grep -q 'touch x' "$md" || fail "$what: report.md: the names are gone"
    # No name's backquote opens code, no '<b>' is markup (the report's own
    # code spans, such as the script names, are not the names').
    ! LC_ALL=C grep -n '[^\\]`touch\|^`touch\|[^\\]<b' "$md" >"$tmp/bad" ||
        fail "$what: report.md: an unescaped backquote or '<': $(head -n 3 "$tmp/bad")"
    # Every table row has its header's cell count (an escaped \| is no separator).
    LC_ALL=C awk '
        function cells(s) { gsub(/\\\\/, "", s); gsub(/\\\|/, "", s); return gsub(/\|/, "|", s) }
        /^\|/ { n = cells($0); if (!intable) { want = n; intable = 1 } else if (n != want) { print NR ": " n " cells, header " want; exit } next }
        { intable = 0 }' "$md" >"$tmp/bad"
    [ ! -s "$tmp/bad" ] || fail "$what: report.md: a table row lost its shape: line $(cat "$tmp/bad")"
}

# same_as_clean WHAT CLEAN DIR: as many table rows in report.md and as many
# ceilings, curves, points ... in roofline.json as the clean run.
same_as_clean()
{
    [ "$(grep -c '^|' "$2/report.md")" = "$(grep -c '^|' "$3/report.md")" ] ||
        fail "$1: report.md has $(grep -c '^|' "$3/report.md") table rows, the clean run $(grep -c '^|' "$2/report.md")"
    if have_python3; then
        [ "$(counts "$2")" = "$(counts "$3")" ] ||
            fail "$1: roofline.json holds $(counts "$3"); the clean run $(counts "$2")"
    else
        note "no python3: roofline.json not parsed"
    fi
}

gnuplot=$(gnuplot_path) || { gnuplot=; note "no gnuplot: the scripts are checked but not rendered"; }
unset GNUPLOT
[ -z "$gnuplot" ] || GNUPLOT=$gnuplot && export GNUPLOT

# CPU: every text column of both CSVs, the sidecars, the machine name and
# the application points.
clean=$tmp/clean
cpu=$tmp/cpu
copy_golden "$clean" "$golden/applications.csv"
mkdir "$cpu" || hard_error "mkdir"
hostile_csv "$golden/bandwidth.csv" "$cpu/bandwidth.csv" kernel:32 precision:16 isa:16 '*:16'
hostile_csv "$golden/flops.csv" "$cpu/flops.csv" variant:32 precision:16 isa:16 '*:16'
for f in bandwidth flops; do
    hostile_json "$golden/$f.json" "$cpu/$f.json" "$sidecar_strings"
done
# The application points: names hostile; level and precision must name a
# level and fp64/fp32 (the error cases below).
app_row()
{
    printf '"%s",%s\n' "$(printf '%s%s' "$P1" "$1" | sed 's/"/""/g')" "$2"
}
{
    echo 'name,arithmetic_intensity,gflops_per_s,level,precision'
    app_row stencil 0.25,5.5,DRAM,fp64
    app_row 'solver, sparse' 0.12,2.1,,
    app_row 'dense GEMM' 16,70,L2,fp64
} >"$tmp/app.csv"
{
    grep -v '^machine' "$golden/spec.conf"
    printf 'machine = %s\047"|<b>\377 machine\n' "$bq"
} >"$tmp/cpu.conf"
# clean_run DIR ARGS...: ceilings, plot --no-render and report of a clean run.
clean_run()
{
    for step in ceilings "plot --no-render" report; do
        "$RFL" $step "$@" >/dev/null 2>"$tmp/err" || fail "clean run: rfl $step: exit $?: $(cat "$tmp/err")"
    done
}
clean_run "$clean" --config "$golden/spec.conf"
check_run cpu "$cpu" "roofline bandwidth flops" --config "$tmp/cpu.conf" --app "$tmp/app.csv"
same_as_clean cpu "$clean" "$cpu"
if have_python3; then
    # The names are kept: the invalid byte replaced (U+FFFD), the rest as it was.
    json_eval "$cpu/roofline.json" 'd["applications"][0]["name"]' >"$tmp/name"
    grep -q '`touch x`' "$tmp/name" && grep -q 'system("touch y")' "$tmp/name" &&
        grep -q "$(printf '\357\277\275')stencil" "$tmp/name" ||
        fail "roofline.json: the application name is not kept: $(cat "$tmp/name")"
    [ "$(json_eval "$cpu/roofline.json" 'd["machine"].endswith("\ufffd machine")')" = True ] ||
        fail "roofline.json: the machine name is not kept: $(json_eval "$cpu/roofline.json" 'd["machine"]')"
fi

# GPU: the names (launch configurations, memories, methods, patterns,
# mechanisms, panels) and the sidecars; the counts as in a clean run.
gclean=$tmp/gpu-clean
gnames=$tmp/gpu-names
gall=$tmp/gpu-all
gcharts="roofline-gpu0 gpu_bandwidth gpu_flops gemm unified_memory unified_memory_reuse gpu_latency gpu_transfer"
copy_gpu_golden "$gclean"
mkdir "$gnames" "$gall" || hard_error "mkdir"
for f in "$gpu_golden"/*.csv; do
    hostile_csv "$f" "$gnames/${f##*/}" config:64 fma_op:16 register_tile:16 memory:24 method:24 pattern:24 \
        mechanism:24 fig7_panel:4 lo_kernel:4
    # Every text column, the kinds, precisions, units and directions too:
    # rfl knows none of them then, so fewer ceilings, but no failure.
    hostile_csv "$f" "$gall/${f##*/}" kernel:16 config:64 precision:8 unit:16 transb:4 transa:4 fma_op:16 access:8 \
        direction:8 memory:24 host_memory:16 method:24 pattern:24 mechanism:24 fig7_panel:4 status:24 '*:8'
done
for f in "$gpu_golden"/*.json; do
    hostile_json "$f" "$gnames/${f##*/}" "$sidecar_strings"
    hostile_json "$f" "$gall/${f##*/}" "$sidecar_strings"
done
clean_run "$gclean"
check_run gpu-names "$gnames" "$gcharts"
same_as_clean gpu-names "$gclean" "$gnames"
check_run gpu-all "$gall" "gemm gpu_latency gpu_transfer"

# Really invalid inputs: one clean line each, nothing run.
bad=$tmp/bad-sidecar
copy_golden "$bad"
LC_ALL=C sed 's/"host": "golden"/"host": "gold\o377en"/' "$golden/flops.json" >"$bad/flops.json"
expect_exit 2 "a sidecar that is not UTF-8" "$RFL" ceilings "$bad"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'flops.json' "$tmp/err" ||
    fail "a sidecar that is not UTF-8: not one line naming flops.json: $(cat "$tmp/err")"
for column in level precision; do
    {
        echo 'name,arithmetic_intensity,gflops_per_s,level,precision'
        if [ $column = level ]; then
            printf 'x,1,1,"%s",\n' "$(printf '%s' "$P2" | sed 's/"/""/g')"
        else
            printf 'x,1,1,,"%s"\n' "$(printf '%s' "$P3" | sed 's/"/""/g')"
        fi
    } >"$tmp/bad-app.csv"
    expect_exit 2 "an application $column that is no $column" "$RFL" ceilings "$clean" --app "$tmp/bad-app.csv"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "bad-app.csv:2" "$tmp/err" ||
        fail "a hostile application $column: not one line naming the file and line: $(cat "$tmp/err")"
done
no_command_ran "the invalid inputs"
exit 0
