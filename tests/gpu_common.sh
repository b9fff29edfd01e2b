# Helpers of the GPU tests (sourced after tests/lib.sh). Every GPU test
# skips (77) when the GPU programs are not built (configure without
# --with-cuda) or when no CUDA device answers; anything else is a failure.

# (tests/gpu/fake.sh points these at the test doubles)
: "${RFL_GPU_BANDWIDTH:=$top_builddir/rfl_gpu_bandwidth}"
: "${RFL_GPU_FLOPS:=$top_builddir/rfl_gpu_flops}"
: "${RFL_GPU_MICRO:=$top_builddir/rfl_gpu_micro}"

# CUDA maps memory where AddressSanitizer's shadow gap would be, and the
# driver keeps allocations until exit: only matters in --enable-sanitizers builds.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}protect_shadow_gap=0:detect_leaks=0"
export ASAN_OPTIONS

# require_gpu_build: skips unless the three programs were built.
require_gpu_build()
{
    for _rfl_p in "$RFL_GPU_BANDWIDTH" "$RFL_GPU_FLOPS" "$RFL_GPU_MICRO"; do
        [ -x "$_rfl_p" ] || skip "${_rfl_p##*/} not built (configure --with-cuda to build the GPU programs)"
    done
}

# require_gpu: skips unless a CUDA device answers (the programs say
# "no CUDA device: REASON" and exit 1 when none does).
require_gpu()
{
    require_gpu_build
    _rfl_out=$("$RFL_GPU_MICRO" --list-devices 2>&1)
    _rfl_rc=$?
    if [ $_rfl_rc -ne 0 ]; then
        case $_rfl_out in
        *"no CUDA device"*) skip "no GPU here: $(echo "$_rfl_out" | head -n 1)" ;;
        *) fail "rfl_gpu_micro --list-devices: exit $_rfl_rc: $_rfl_out" ;;
        esac
    fi
    note "GPU: $(echo "$_rfl_out" | head -n 1)"
}

# check_header CSV FILE_NAME: the CSV's header equals the FORMAT.md table of FILE_NAME.
check_header()
{
    csv_columns_from_format gpu "$2" >"$tmp/format_columns"
    [ -s "$tmp/format_columns" ] || fail "docs/FORMAT.md: no table for $2 in section 'gpu'"
    csv_header "$1" >"$tmp/header"
    diff -u "$tmp/format_columns" "$tmp/header" >"$tmp/header.diff" ||
        fail "$1: the header differs from docs/FORMAT.md (- FORMAT.md, + CSV):
$(cat "$tmp/header.diff")"
}

# check_verified CSV: whole rows, at least one, every one verified.
check_verified()
{
    csv_check_rectangular "$1"
    _rfl_bad=$(csv_column "$1" verified | grep -v -x 1 | head -n 1)
    [ -z "$_rfl_bad" ] || fail "$1: a row has verified = '$_rfl_bad'"
}

# check_positive CSV COLUMN...: every value a positive number written with '.'.
check_positive()
{
    _rfl_csv=$1
    shift
    for _rfl_col in "$@"; do
        _rfl_bad=$(csv_column "$_rfl_csv" "$_rfl_col" | awk '!($0 ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && $0 + 0 > 0) { print; exit }')
        [ -z "$_rfl_bad" ] || fail "$_rfl_csv: column $_rfl_col has the value '$_rfl_bad' (expected a positive number)"
    done
}

# check_sidecar JSON PROGRAM KEY...: parses, names the program, is complete, has the keys.
check_sidecar()
{
    [ -s "$1" ] || fail "no sidecar $1"
    have_python3 || return 0
    json_valid "$1" || fail "$1 does not parse as JSON"
    [ "$(json_eval "$1" 'd["program"]')" = "$2" ] || fail "$1: program is not $2"
    [ "$(json_eval "$1" 'd["status"]')" = complete ] || fail "$1: status is not complete"
    _rfl_json=$1
    shift 2
    for _rfl_key in "$@"; do
        [ "$(json_eval "$_rfl_json" "'$_rfl_key' in d")" = True ] || fail "$_rfl_json: no key '$_rfl_key'"
    done
    [ "$(json_eval "$_rfl_json" 'all("nvml_start" in g and "nvml_end" in g and "device" in g for g in d["gpus"])')" = True ] ||
        fail "$_rfl_json: a gpus[] entry lacks device, nvml_start or nvml_end"
}
