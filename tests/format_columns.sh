# docs/FORMAT.md against the schemas: for every schema/KIND.def, the table of
# KIND.csv in FORMAT.md lists the same columns, in the same order, with the
# same units. The bandwidth kernel names in schema/schema.h are those of
# bandwidth/kernels.c. And the driver's test inputs under tests/data hold, in
# every column, a value of the type the schema declares (or nothing: "not
# measured").
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
    bandwidth | flops | gemm) echo "$1 $1.csv " ;;
    gemm_*) echo "gemm $1.csv " ;;
    ceilings) echo "driver ceilings.csv " ;;
    applications) echo "driver Application points " ;;
    gpu_*) echo "gpu $1.csv " ;;
    unified_memory) echo "unified-memory $1.csv " ;;
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

# The kernel names the reader takes from the schema are rfl_bandwidth's own
# (tests/unit/test_schema checks the built tables; this, the sources, also
# without cmocka).
sed -n '/rfl_bw_kernel_names\[.*\] = {/,/};/p' "$top_srcdir/bandwidth/kernels.c" |
    grep -o '"[a-z0-9_]*"' | tr -d '"' >"$tmp/program_kernels"
sed -n 's/^#define RFL_SCHEMA_BANDWIDTH_KERNELS(X) //p' "$top_srcdir/schema/schema.h" |
    grep -o 'X([a-z0-9_]*)' | sed 's/^X(\(.*\))$/\1/' >"$tmp/schema_kernels"
[ -s "$tmp/program_kernels" ] || hard_error "bandwidth/kernels.c: no rfl_bw_kernel_names table found"
diff -u "$tmp/program_kernels" "$tmp/schema_kernels" >"$tmp/diff" ||
    fail "the bandwidth kernel names differ (- bandwidth/kernels.c, + schema/schema.h):
$(cat "$tmp/diff")"

# The inputs of the driver's tests: every column known, every value of its type.
n=0
for csv in "$top_srcdir"/tests/data/driver/*/*.csv "$top_srcdir"/tests/data/driver/*/expected/*.csv; do
    file=$(basename "$csv" .csv)
    kind=$file
    [ -r "$top_srcdir/schema/$kind.def" ] || continue
    def_types "$kind" >"$tmp/types"
    awk -F, -v file="${csv#"$top_srcdir"/}" '
        NR == FNR { split($0, f, " "); type[f[1]] = f[2]; next }
        FNR == 1 {
            for (i = 1; i <= NF; i++) {
                if (!($i in type)) { print file ": column " $i " is not in the schema"; bad = 1 }
                col[i] = $i
            }
            next
        }
        /"/ { next }   # a quoted field: text, and commas inside; not worth splitting here
        {
            for (i = 1; i <= NF; i++) {
                v = $i; t = type[col[i]]
                if (v == "" || t == "text") continue
                # The fixture draws whole cycle counts as fractions; rfl_gpu_micro writes whole ones.
                if (file ~ /gpu_micro_pipeline[.]csv$/ && col[i] == "cycles") t = "real"
                if (t == "flag") ok = v ~ /^[01]$/
                else if (t == "int") ok = v ~ /^-?[0-9]+$/
                else if (t == "u64") ok = v ~ /^[0-9]+$/
                else ok = v ~ /^-?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
                if (!ok) { print file ":" FNR ": column " col[i] ": \"" v "\" is not " t; bad = 1 }
            }
        }
        END { exit bad }
    ' "$tmp/types" "$csv" >"$tmp/bad" || fail "$(head -20 "$tmp/bad")"
    n=$((n + 1))
done
[ $n -ge 15 ] || fail "expected the driver test inputs under tests/data/driver, checked only $n"
exit 0
