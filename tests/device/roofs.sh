#!/usr/bin/env bash
# Issue 14's bandwidth roofs on the device machine, in one call of about 4 minutes: build
# (tests/device/gpu.sh build, into /tmp/rfl-build-gpu), then rfl_gpu_bandwidth on just the new
# configurations: l1_set (L1 bytes/clock/SM), l2_chunks beside global_stream (L2 GB/s, near
# and far half of the L2), global_inside/global_stream/l2_chunks read, write and copy past the
# L2 (device memory), each folder through `rfl ceilings`; then compute-sanitizer memcheck on
# a tiny run of the new kernels and accesses. One part failing does not stop the others.
#
# Usage (repository root, device machine): bash tests/device/roofs.sh
#   RFL_BUILD_CMD: the build step (default: bash tests/device/gpu.sh build); RFL_GPU_BUILD: the
#   build folder (default /tmp/rfl-build-gpu); RFL_ROOFS_SMALL=1: small working sets (a smoke
#   test against the CUDA stand-in); RFL_SANITIZER: compute-sanitizer's path, "none" to skip it.
#   Results: $OUT (default /tmp/rfl-roofs):
#   summary.txt, and the runs' CSV, sidecars, ceilings and logs in roofs.tgz.
set -uo pipefail
. tests/device/env.sh
results roofs
t0=$SECONDS
# part NAME CMD...: runs CMD (stdout and stderr into $res/NAME.log), says its exit status and time.
part()
{
    local name=$1 t=$SECONDS rc
    shift
    "$@" >"$res/$name.log" 2>&1
    rc=$?
    say "$name: exit $rc, $((SECONDS - t)) s"
    [ $rc -eq 0 ] || tail -n 5 "$res/$name.log" | sed 's/^/    /' | tee -a "$summary"
    return $rc
}

say "roofs.sh on $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null | head -n 1), $(date -u +%FT%TZ)"
part build ${RFL_BUILD_CMD:-bash tests/device/gpu.sh build}
bw=$build/rfl_gpu_bandwidth
rfl=$build/rfl
if [ ! -x "$bw" ] || [ ! -x "$rfl" ]; then
    say "no $bw or $rfl: nothing to run"
    exit 1
fi

# The figures of one run folder: L1 (l1_set, per SM), L2 (l2_chunks and l2_own near/far, global_stream),
# device memory per kernel and access, and the evidence and ceilings rfl wrote.
report='import csv, json, sys
d = sys.argv[1]
rows = [r for r in csv.DictReader(open(d + "/gpu_bandwidth.csv")) if r["scope"] == "gpu" and r["verified"] == "1"]
meta = json.load(open(d + "/gpu_bandwidth.json"))
dev = meta["gpus"][0]["device"]
l2 = dev["l2_bytes"]
f = lambda r, k: float(r[k]) if r[k] not in ("", "nan") else 0.0
def best(sel, key="gbytes_per_s"):
    sel = list(sel)
    return max(sel, key=lambda r: f(r, key)) if sel else None
def show(label, r, key="gbytes_per_s"):
    if r is None:
        print("  %-34s -" % label); return
    print("  %-34s %9.1f GB/s %7.1f B/clk/SM at %7.0f MHz  %s %s %s %sx%s wss %s" % (label, f(r, "gbytes_per_s"),
          f(r, "bytes_per_clock_per_sm"), f(r, "sm_clock_mhz"), r["kernel"], r["access"], r["precision"],
          r["blocks_per_grid"], r["threads_per_block"], r["wss_bytes"]))
k = lambda name: [r for r in rows if r["kernel"] == name]
if k("l1_set"):
    show("L1 l1_set (best B/clk/SM)", best((r for r in k("l1_set") if r["level"] == "l1"), "bytes_per_clock_per_sm"),
         "bytes_per_clock_per_sm")
if k("l2_chunks") or k("global_stream") or k("l2_own"):
    within = lambda r: int(r["wss_bytes"]) <= l2
    near = lambda r: 2 * int(r["wss_bytes"]) <= l2
    show("L2 l2_chunks near (<= L2/2)", best(r for r in k("l2_chunks") if near(r)))
    show("L2 l2_chunks far (L2/2 .. L2)", best(r for r in k("l2_chunks") if within(r) and not near(r)))
    show("L2 global_stream (<= L2)", best(r for r in k("global_stream") if within(r)))
    show("L2 l2_own near (<= L2/2)", best(r for r in k("l2_own") if near(r)))
    show("L2 l2_own far (L2/2 .. L2)", best(r for r in k("l2_own") if within(r) and not near(r)))
    med = sorted(f(r, "gbytes_per_s") for r in k("l2_chunks") if (2 << 20) <= int(r["wss_bytes"]) and near(r))
    if med:
        print("  %-34s %9.1f GB/s (median over 2 MiB .. L2/2, as gpu-l2-cache reports)" % ("L2 l2_chunks median", med[len(med) // 2]))
for acc in ("read", "write", "copy") if any(int(r["wss_bytes"]) >= 4 * l2 for r in rows) else ():
    show("device memory %s (>= 4 x L2)" % acc, best(r for r in rows if r["access"] == acc and int(r["wss_bytes"]) >= 4 * l2))
for e in meta.get("evidence", []):
    print("  evidence %-34s %s %s %s %s" % (e.get("name"), e.get("measured"), e.get("unit"), e.get("verdict"), e.get("note", "")))
try:
    for r in csv.DictReader(open(d + "/ceilings.csv")):
        if r["device"].startswith("gpu") and r["kind"] == "bandwidth" and not r["name"].startswith("host"):
            print("  ceiling %-14s %10s GB/s spread %5s%%  %s %s  wss %s..%s" % (r["name"], r["value"], r["spread_percent"],
                  r["kernel"], r["precision"], r["wss_min_bytes"], r["wss_max_bytes"]))
except OSError:
    print("  (no ceilings.csv)")'
# run NAME ARGS...: rfl_gpu_bandwidth ARGS into $res/NAME, then rfl ceilings and the figures.
run()
{
    local name=$1
    shift
    mkdir -p "$res/$name"
    part "$name" "$bw" "$@" -o "$res/$name/gpu_bandwidth.csv"
    [ -s "$res/$name/gpu_bandwidth.csv" ] || return 0
    "$rfl" ceilings "$res/$name" >"$res/$name/ceilings.log" 2>&1 || say "  rfl ceilings $name: exit $?"
    python3 -c "$report" "$res/$name" 2>&1 | tee -a "$summary"
}

l2_wss=1M:48M dram_wss=256M:1G
[ "${RFL_ROOFS_SMALL:-0}" = 1 ] && l2_wss=64K:1M dram_wss=4M:8M
# 1. L1: one set per SM, 16K .. 256K (and the anchors at 1/4, 1/2, 3/4 of one SM's L1).
run l1 -k l1_set -a read -p fp32,fp64 -t 256,512,1024 --wss 16K:256K -g 2 -e 5 -m 0.005
# 2. L2: l2_chunks, global_stream and l2_own from 1 MiB to just under the L2 (H100/H200: 50 MiB), x1.41.
run l2 -k l2_chunks,global_stream,l2_own -a read -p fp32,fp64 -t 256,1024 --wss "$l2_wss" -g 1.41 -e 5 -m 0.005
# 3. Device memory: read, write and copy past 4 x the L2.
run dram -k global_inside,global_stream,l2_chunks -a read,write,copy -p fp32,fp64 -t 256,1024 --wss "$dram_wss" -g 2 \
    -e 5 -m 0.005
# 4. compute-sanitizer memcheck on a tiny run of the new kernels and accesses.
cs=${RFL_SANITIZER:-$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer \
    /usr/local/cuda/compute-sanitizer/compute-sanitizer 2>/dev/null | head -n 1)}
if [ -n "$cs" ] && [ "$cs" != none ]; then
    part memcheck "$cs" --tool memcheck --error-exitcode 99 "$bw" -k l1_set,l2_chunks,l2_own,global_inside,global_stream \
        -a read,write,copy -p fp32,fp64 -t 256 --wss 64K:1M -g 4 -e 1 -m 0.0001 -o "$res/memcheck.csv"
    say "  memcheck: $(grep -E 'ERROR SUMMARY' "$res/memcheck.log" | tail -n 1)"
else
    say "memcheck: skipped (compute-sanitizer not found, or RFL_SANITIZER=none)"
fi
say "wall: $((SECONDS - t0)) s"
tar -czf "$out/roofs.tgz" -C "$res" . 2>/dev/null || say "tar of the results failed"
exit 0
