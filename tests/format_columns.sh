# docs/FORMAT.md and the programs against the schemas. For every
# schema/KIND.def: FORMAT.md's table of KIND.csv lists the same columns, in
# the same order, with the same units; the .def is built and distributed.
# Every kernel of schema/bandwidth_kernels.inc and schema/gpu_kernels.inc is in FORMAT.md.
# What the programs write (tiny runs; the GPU programs through their test
# doubles) has the schema's header, and every value of the declared type (or
# nothing: "not measured"); so do the driver's test inputs and golden output.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

format=$top_srcdir/docs/FORMAT.md
[ -r "$format" ] || hard_error "$format: not readable"

# def_columns KIND: "name|unit" per line, from schema/KIND.def.
def_columns()
{
    sed -n 's/^RFL_COLUMN(\([a-z0-9_]*\), *[a-z0-9]*, *"\([^"]*\)", *[a-z]*)$/\1|\2/p' "$top_srcdir/schema/$1.def"
}

# def_types KIND: "name type" per line.
def_types()
{
    sed -n 's/^RFL_COLUMN(\([a-z0-9_]*\), *\([a-z0-9]*\),.*/\1 \2/p' "$top_srcdir/schema/$1.def"
}

# format_columns SECTION HEADING: "name|unit" per line from the first table
# after the "### HEADING..." line in FORMAT.md's section SECTION ("—": no unit).
format_columns()
{
    awk -v section="$1" -v heading="### $2" '
        $0 == "<!-- section: " section " -->" { inside = 1; next }
        $0 == "<!-- end section: " section " -->" { inside = 0; next }
        !inside || done { next }
        /^#/ { if (in_table) done = 1; else wanted = index($0, heading) == 1; next }
        wanted && /^[ \t]*[|]/ {
            in_table = 1
            n = split($0, cell, "|")
            if (n < 4 || !match(cell[2], /`[^`]*`/)) next   # the header and rule rows
            name = substr(cell[2], RSTART + 1, RLENGTH - 2)
            unit = cell[3]
            gsub(/^[ \t]+|[ \t]+$/, "", unit)
            if (unit == "—") unit = ""
            print name "|" unit
            next
        }
        in_table { done = 1 }
    ' "$format"
}

# The section and heading of each kind's table in FORMAT.md.
where()
{
    case $1 in
    bandwidth | flops | gemm | dense) echo "$1 $1.csv " ;;
    gemm_*) echo "gemm $1.csv " ;;
    ceilings) echo "driver ceilings.csv " ;;
    compare) echo "driver compare.csv " ;;
    noise) echo "driver noise.csv " ;;
    applications) echo "driver Application points " ;;
    profile) echo "driver profile.csv " ;;
    gpu_*) echo "gpu $1.csv " ;;
    unified_memory) echo "unified-memory $1.csv " ;;
    network | network_fit) echo "network $1.csv " ;;
    *) return 1 ;;
    esac
}

n=0
for def in "$top_srcdir"/schema/*.def; do
    kind=$(basename "$def" .def)
    place=$(where "$kind") || fail "schema/$kind.def: no FORMAT.md table known for it (add it to where() here)"
    section=${place%% *}
    heading=${place#* }
    def_columns "$kind" >"$tmp/schema"
    [ "$(wc -l <"$tmp/schema")" -eq "$(grep -c '^RFL_COLUMN(' "$def")" ] ||
        fail "schema/$kind.def: a RFL_COLUMN line this test cannot read"
    format_columns "$section" "$heading" >"$tmp/format"
    [ -s "$tmp/format" ] || fail "docs/FORMAT.md: no table headed '### $heading' in section '$section'"
    diff -u "$tmp/format" "$tmp/schema" >"$tmp/diff" ||
        fail "$kind: docs/FORMAT.md and schema/$kind.def differ (- FORMAT.md, + schema; name|unit):
$(cat "$tmp/diff")"
    n=$((n + 1))
done
[ $n -gt 0 ] || hard_error "no schema/*.def found"

# Every .def is built and distributed, and every kind schema.h names has one.
for def in "$top_srcdir"/schema/*.def; do
    kind=$(basename "$def" .def)
    grep -q "^    X($kind)" "$top_srcdir/schema/schema.h" || fail "schema/$kind.def: not in RFL_SCHEMA_KINDS (schema.h)"
    grep -q "^#include \"schema/$kind.def\"" "$top_srcdir/schema/schema.h" ||
        fail "schema/$kind.def: no column count in schema.h"
    grep -q "^#define RFL_SCHEMA_DEF \"schema/$kind.def\"" "$top_srcdir/schema/schema.c" ||
        fail "schema/$kind.def: no tables in schema.c"
    grep -q "schema/$kind.def" "$top_srcdir/schema/local.mk" || fail "schema/$kind.def: not in schema/local.mk"
done
sed -n 's/^    X(\([a-z0-9_]*\)).*/\1/p' "$top_srcdir/schema/schema.h" >"$tmp/kinds"
[ "$(wc -l <"$tmp/kinds")" -eq $n ] || fail "RFL_SCHEMA_KINDS names $(wc -l <"$tmp/kinds") kinds, schema/ has $n .def files"

# Every kernel of the kernel tables (schema/bandwidth_kernels.inc, schema/gpu_kernels.inc: the
# programs, the reader and the charts all take them from there) is named in FORMAT.md's
# `kernel` row of its CSV's table.
for table in "bandwidth_kernels bandwidth bandwidth.csv " "gpu_kernels gpu gpu_bandwidth.csv "; do
    set -- $table
    sed -n 's/^RFL_[A-Z_]*KERNEL([A-Z0-9_]*, *\([a-z0-9_]*\),.*/\1/p' "$top_srcdir/schema/$1.inc" >"$tmp/kernels"
    [ -s "$tmp/kernels" ] || hard_error "schema/$1.inc: no rows found"
    awk -v section="$2" -v heading="### $3" '
        $0 == "<!-- section: " section " -->" { inside = 1; next }
        $0 == "<!-- end section: " section " -->" { inside = 0; next }
        inside && /^#/ { wanted = index($0, heading) == 1; next }
        inside && wanted && /^[|] `kernel` [|]/ { print; exit }
    ' "$format" >"$tmp/kernel_row"
    [ -s "$tmp/kernel_row" ] || fail "docs/FORMAT.md: no \`kernel\` row in the table of $3"
    while read -r k; do
        grep -q "\`$k\`" "$tmp/kernel_row" || fail "docs/FORMAT.md: $3's \`kernel\` row does not name $k (schema/$1.inc)"
    done <"$tmp/kernels"
done

# check_csv KIND CSV [exact]: every column of CSV is in schema/KIND.def (with
# "exact", the header is the schema's columns, in order), and every value is of
# the column's type or empty. Quoted rows (text with commas) are not split.
check_csv()
{
    def_types "$1" >"$tmp/types"
    awk -F, -v file="${2#"$top_srcdir"/}" -v exact="${3:-}" '
        NR == FNR { split($0, f, " "); type[f[1]] = f[2]; order[++n] = f[1]; next }
        FNR == 1 {
            if (exact && NF != n) { print file ": " NF " columns, the schema has " n; bad = 1 }
            for (i = 1; i <= NF; i++) {
                if (!($i in type)) { print file ": column " $i " is not in the schema"; bad = 1 }
                else if (exact && $i != order[i]) { print file ": column " i " is " $i ", the schema says " order[i]; bad = 1 }
                col[i] = $i
            }
            next
        }
        /"/ { next }
        {
            for (i = 1; i <= NF; i++) {
                v = $i; t = type[col[i]]
                if (v == "" || t == "text") continue
                # The fixture draws whole cycle counts as fractions; rfl_gpu_micro writes whole ones.
                if (file ~ /^tests\/data\/.*gpu_micro_pipeline[.]csv$/ && col[i] == "cycles") t = "real"
                if (t == "flag") ok = v ~ /^[01]$/
                else if (t == "int") ok = v ~ /^-?[0-9]+$/
                else if (t == "u64") ok = v ~ /^[0-9]+$/
                else ok = v ~ /^-?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
                if (!ok) { print file ":" FNR ": column " col[i] ": \"" v "\" is not " t; bad = 1 }
            }
        }
        END { exit bad }
    ' "$tmp/types" "$2" >"$tmp/bad" || fail "$(head -n 20 "$tmp/bad")"
}

# The programs' own output: tiny runs of the CPU programs, and of the GPU
# programs' test doubles where the build has them (no GPU needed); rfl_gemm
# has no double, its files are checked through the driver's inputs below.
[ -x "$RFL_BANDWIDTH" ] && [ -x "$top_builddir/rfl_flops" ] || hard_error "rfl_bandwidth and rfl_flops: not built"
export OMP_NUM_THREADS=2
out=$tmp/out
mkdir "$out" || hard_error "mkdir $out"
"$RFL_BANDWIDTH" --quick --wss 16K:256K --min-time 0.0002 --experiments 2 -k sum,triad -p fp64 --threads 1 \
    -o "$out/bandwidth.csv" >/dev/null 2>"$tmp/err" || fail "rfl_bandwidth: exit $?: $(tail -n 3 "$tmp/err")"
"$top_builddir/rfl_flops" --fpe 1,2,7 --unroll 1,8 --min-time 0.0002 --experiments 2 --threads 1 \
    -o "$out/flops.csv" >/dev/null 2>"$tmp/err" || fail "rfl_flops: exit $?: $(tail -n 3 "$tmp/err")"
doubles=$top_builddir/tests
if [ -x "$doubles/gpu_fake_bandwidth" ] && [ -x "$doubles/gpu_fake_flops" ] && [ -x "$doubles/gpu_fake_micro" ] &&
    [ -x "$doubles/um_fake_cuda" ]; then
    unset RFL_FAKE_DEVICES RFL_FAKE_FREE RFL_FAKE_MALLOC_MAX RFL_FAKE_PASS_S_PER_GB
    "$doubles/gpu_fake_bandwidth" --wss 64K:1M --experiments 1 --min-time 0.0001 -o "$out/gpu_bandwidth.csv" \
        >/dev/null 2>"$tmp/err" || fail "gpu_fake_bandwidth: exit $?: $(tail -n 3 "$tmp/err")"
    "$doubles/gpu_fake_flops" --fpe 1,2,64 --chains 1,8 --experiments 1 --min-time 0.0001 -o "$out/gpu_flops.csv" \
        >/dev/null 2>"$tmp/err" || fail "gpu_fake_flops: exit $?: $(tail -n 3 "$tmp/err")"
    "$doubles/gpu_fake_micro" --quick --experiments 2 --min-time 0.0002 --launches 200 --transfer-sizes 1:4M \
        --chase-sizes 1K:4M --chase-strides 128,4K --chase-steps 256 --copy-bytes 1M --barriers 50 \
        -o "$out/gpu_micro" >/dev/null 2>"$tmp/err" || fail "gpu_fake_micro: exit $?: $(tail -n 3 "$tmp/err")"
    "$doubles/um_fake_cuda" --wss 4K:64K --growth 4 --reuse 1,2 --min-time 0.0005 --experiments 2 \
        -o "$out/unified_memory.csv" >/dev/null 2>"$tmp/err" || fail "um_fake_cuda: exit $?: $(tail -n 3 "$tmp/err")"
else
    note "no GPU test doubles in this build: the GPU programs' own output is not checked"
fi
if [ -x "$doubles/gpu_fake_link" ]; then
    RFL_FAKE_DEVICES=2 "$doubles/gpu_fake_link" --sizes 4:4K --experiments 2 --min-time 0.0001 \
        -o "$out/gpu_link.csv" >/dev/null 2>"$tmp/err" || fail "gpu_fake_link: exit $?: $(tail -n 3 "$tmp/err")"
fi
for csv in "$out"/*.csv; do
    kind=$(basename "$csv" .csv)
    [ -r "$top_srcdir/schema/$kind.def" ] || fail "$kind.csv: written, but there is no schema/$kind.def"
    [ "$(wc -l <"$csv")" -ge 2 ] || fail "$kind.csv: no rows"
    check_csv "$kind" "$csv" exact
done

# The inputs of the driver's tests (every kind, gemm's included) and its
# golden output: every column known, every value of its type.
n=0
for csv in "$top_srcdir"/tests/data/driver/*/*.csv "$top_srcdir"/tests/data/driver/*/expected/*.csv \
    "$top_srcdir"/tests/data/profile/expected/*/*.csv; do
    kind=$(basename "$csv" .csv)
    [ -r "$top_srcdir/schema/$kind.def" ] || continue
    check_csv "$kind" "$csv"
    n=$((n + 1))
done
[ $n -ge 15 ] || fail "expected the driver test inputs under tests/data/driver, checked only $n"
exit 0
