# Helpers of the rfl_unified_memory tests (sourced after tests/lib.sh).
# The tests skip (77) when the program is not built (configure without
# --with-cuda) and, where they need one, when no CUDA device answers.

RFL_UM=$top_builddir/rfl_unified_memory
RFL_UM_FAKE=$top_builddir/tests/um_fake_cuda

# CUDA maps memory where AddressSanitizer's shadow gap would be (only
# matters in --enable-sanitizers builds).
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}protect_shadow_gap=0:detect_leaks=0"
export ASAN_OPTIONS

require_um_build()
{
    [ -x "$RFL_UM" ] || skip "rfl_unified_memory not built (configure --with-cuda to build it)"
}

# require_um_gpu: skips unless a CUDA device answers.
require_um_gpu()
{
    require_um_build
    _rfl_out=$("$RFL_UM" --list-devices 2>&1)
    _rfl_rc=$?
    if [ $_rfl_rc -ne 0 ]; then
        case $_rfl_out in
        *"no CUDA device"*) skip "no GPU here: $(echo "$_rfl_out" | head -n 1)" ;;
        *) fail "rfl_unified_memory --list-devices: exit $_rfl_rc: $_rfl_out" ;;
        esac
    fi
    note "GPU: $(echo "$_rfl_out" | head -n 1)"
}

# um_check_header CSV: the header equals docs/FORMAT.md's table.
um_check_header()
{
    csv_columns_from_format unified-memory unified_memory.csv >"$tmp/format_columns"
    [ -s "$tmp/format_columns" ] || fail "docs/FORMAT.md: no unified_memory.csv table in section 'unified-memory'"
    csv_header "$1" >"$tmp/header"
    diff -u "$tmp/format_columns" "$tmp/header" >"$tmp/header.diff" ||
        fail "$1: the header differs from docs/FORMAT.md (- FORMAT.md, + CSV):
$(cat "$tmp/header.diff")"
}

# um_check_rows CSV: whole rows; every measured row (ok, timeout) verified,
# with positive times and rates and bytes_per_sample = 16 x elements x
# trials x (reuse + 1); every other row with its measured columns empty.
um_check_rows()
{
    csv_check_rectangular "$1"
    _rfl_bad=$(awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            st = $col["status"]
            if (st == "ok" || st == "timeout") {
                if ($col["verified"] != 1) { print NR ": not verified"; exit }
                split("time_min_s time_median_s time_max_s gbytes_per_s gbytes_per_s_median trials experiments", need, " ")
                for (k in need) if (!($col[need[k]] ~ /^[0-9.eE+-]+$/ && $col[need[k]] + 0 > 0)) { print NR ": " need[k] " = \"" $col[need[k]] "\""; exit }
                want = 16 * $col["elements"] * $col["trials"] * ($col["reuse"] + 1)
                got = $col["bytes_per_sample"] + 0
                if (got < want * 0.999999 || got > want * 1.000001) { print NR ": bytes_per_sample " got ", expected " want; exit }
                if ($col["wss_bytes"] != 8 * $col["elements"]) { print NR ": wss_bytes is not 8 x elements"; exit }
                if ($col["time_min_s"] > $col["time_max_s"]) { print NR ": time_min_s > time_max_s"; exit }
            } else if (st == "skipped_timeout" || st == "skipped_memory" || st == "alloc_failed" || st == "unsupported") {
                if ($col["gbytes_per_s"] != "" || $col["verified"] != "") { print NR ": " st " row has measurements"; exit }
            } else { print NR ": unknown status \"" st "\""; exit }
        }' "$1")
    [ -z "$_rfl_bad" ] || fail "$1: line $_rfl_bad"
}

# um_count CSV AWK_CONDITION: rows (without the header) for which the
# condition holds; columns by name through col["name"].
um_count()
{
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } '"$2"' { n++ } END { print n + 0 }' "$1"
}

# um_check_sidecar JSON PROGRAM: parses, complete, the program's keys.
um_check_sidecar()
{
    [ -s "$1" ] || fail "no sidecar $1"
    have_python3 || return 0
    json_valid "$1" || fail "$1 does not parse as JSON"
    [ "$(json_eval "$1" 'd["program"]')" = "$2" ] || fail "$1: program is not $2"
    [ "$(json_eval "$1" 'd["status"]')" = complete ] || fail "$1: status is not complete"
    for _rfl_key in cuda gpus sweep mechanisms kernel reference reuse_to_half_device skipped evidence; do
        [ "$(json_eval "$1" "'$_rfl_key' in d")" = True ] || fail "$1: no key '$_rfl_key'"
    done
}
