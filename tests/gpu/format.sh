# Every CSV the GPU programs write has the columns docs/FORMAT.md lists, in
# order (the programs print their headers with --print-columns: no GPU needed).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
. "$top_srcdir/tests/gpu_common.sh"

require_gpu_build

n=0
for prog in "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS" "$RFL_GPU_MICRO"; do
    "$prog" --print-columns >"$tmp/columns" 2>"$tmp/err" || fail "${prog##*/} --print-columns: exit $?"
    while read -r file cols; do
        csv_columns_from_format gpu "$file" >"$tmp/format_columns"
        [ -s "$tmp/format_columns" ] || fail "docs/FORMAT.md: no table headed '### $file' in section 'gpu'"
        echo "$cols" | tr ',' '\n' >"$tmp/program_columns"
        diff -u "$tmp/format_columns" "$tmp/program_columns" >"$tmp/diff" ||
            fail "$file: ${prog##*/} and docs/FORMAT.md differ (- FORMAT.md, + program):
$(cat "$tmp/diff")"
        n=$((n + 1))
    done <"$tmp/columns"
done
[ $n -eq 9 ] || fail "expected 9 CSV files from the three programs, got $n"
exit 0
