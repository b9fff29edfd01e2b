# Sourced by the device scripts (run from the repository root on the device machine): the
# repository root, the GPU build directory that tests/device/gpu.sh build makes, the carried
# jansson/cmocka prefix on the library path, Open MPI as root, NVLink multicast off, nvcc.
root=$(pwd)
[ -f "$root/configure.ac" ] || { echo "run it from the repository root" >&2; exit 2; }
build=${RFL_GPU_BUILD:-/tmp/rfl-build-gpu}
P=${RFL_DEPS_PREFIX:-$root/.devdeps/usr}
export LD_LIBRARY_PATH="$P/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
export PATH="$PATH:/usr/local/cuda/bin"
# ncu_metrics RFL NCU: the metrics `rfl profile --help` records with, those this ncu knows, by commas.
ncu_metrics() {
    local m keep=
    for m in $("$1" profile --help | sed -n 's/^  \(gpu__time_duration\.sum,.*\)$/\1/p' | tr ',' ' '); do
        "$2" --query-metrics 2>/dev/null | grep -q "^${m%.*} " && keep="$keep,$m"
    done
    echo "${keep#,}"
}
# results NAME: a measuring script's folders: $res (/tmp/rfl-NAME-results, emptied: its logs
# and runs) and $out ($OUT, else /tmp/rfl-NAME: what comes back), $summary begun there; say
# prints a line and adds it to the summary.
results() {
    out=${OUT:-/tmp/rfl-$1}
    res=/tmp/rfl-$1-results
    rm -rf "$res" && mkdir -p "$res" "$out" || exit 1
    summary=$out/summary.txt
    : >"$summary"
}
say() { echo "$*" | tee -a "$summary"; }
