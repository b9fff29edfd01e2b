#!/usr/bin/env bash
# The L1 ceiling (l1_set) of two builds side by side on the device machine, then from `rfl run`:
# the base revision's rfl_gpu_bandwidth, built from .peers/rfl-base.tgz (`git archive BASE`,
# git-ignored: carry `.peers`), against this tree's ($build, tests/device/gpu.sh build first),
# ROUNDS rounds, the two alternating, each an L1 sweep of 64..1024 threads per block; the best
# bytes per clock per SM at level l1 per round, build and precision, and per block size. Then
# compute-sanitizer memcheck on this tree's l1_set, and `rfl run --quick` and `rfl run --full`
# of gpu_bandwidth (the ceiling users get).
# Usage (repository root, device machine): bash tests/device/l1_ab.sh [ROUNDS] [STAGES]
#   STAGES: comma list of ab,memcheck,quick,full (default: all)
# Results: $OUT/summary.txt and $OUT/l1-ab.tgz.
set -uo pipefail
rounds=${1:-3}
stages=${2:-ab,memcheck,quick,full}
. tests/device/env.sh
R=/tmp/rfl-l1-ab
rm -rf "$R"
mkdir -p "$R"
summary=$R/summary.txt
say() { echo "$*" | tee -a "$summary"; }
has() { case ",$stages," in *,"$1",*) return 0 ;; esac; return 1; }
new=$build/rfl_gpu_bandwidth
[ -x "$new" ] || { say "no $new: run tests/device/gpu.sh build first"; exit 1; }
say "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader)"
sweep="-k l1_set -a read -p fp32,fp64 -t 64,128,256,512,1024 --wss 16K:256K -g 1.41 -e 5 -m 0.005"

# best CSV...: per file, the best B/clk/SM at level l1 for fp32 and fp64, with its point.
best() {
    python3 - "$@" <<'EOF'
import csv, sys
for f in sys.argv[1:]:
    rows = [r for r in csv.DictReader(open(f)) if r["kernel"] == "l1_set" and r["level"] == "l1"]
    out = []
    for p in ("fp32", "fp64"):
        rs = [r for r in rows if r["precision"] == p]
        if not rs:
            out.append(f"{p} none")
            continue
        b = max(rs, key=lambda r: float(r["bytes_per_clock_per_sm"]))
        out.append(f"{p} {float(b['bytes_per_clock_per_sm']):6.1f} B/clk/SM ({float(b['gbytes_per_s']):.0f} GB/s, "
                   f"{int(b['wss_bytes']) >> 10} KiB, {b['threads_per_block']} threads, {float(b['sm_clock_mhz']):.0f} MHz)")
    print(f"{f.split('/')[-2]}: " + "; ".join(out))
    # the best per block size, to show where l1_set's own (128) stands
    per = {}
    for r in rows:
        k = (r["precision"], int(r["threads_per_block"]))
        per[k] = max(per.get(k, 0), float(r["bytes_per_clock_per_sm"]))
    if len({t for _, t in per}) > 1:
        print("  by threads: " + "; ".join(f"{p} " + " ".join(f"{t}:{v:.1f}" for (q, t), v in sorted(per.items()) if q == p)
                                           for p in ("fp32", "fp64")))
EOF
}

if has ab; then
    base=$R/base-build
    if [ -f .peers/rfl-base.tgz ]; then
        mkdir -p "$R/base-src"
        tar xzf .peers/rfl-base.tgz -C "$R/base-src"
        t0=$SECONDS
        if (cd "$R/base-src" && ./autogen.sh && mkdir -p "$base" && cd "$base" &&
            "$R/base-src/configure" -q --with-cuda --with-cuda-arch="${RFL_CUDA_ARCH:-sm_90}" CPPFLAGS="-I$P/include" \
                LDFLAGS="-L$P/lib/x86_64-linux-gnu" && make -j"$(nproc)" rfl_gpu_bandwidth) >"$R/base-build.log" 2>&1; then
            say "base build ($(cat .peers/rfl-base.rev 2>/dev/null || echo '?')): $((SECONDS - t0)) s"
        else
            tail -n 20 "$R/base-build.log"
            say "base build failed: this tree alone"
        fi
    else
        say "no .peers/rfl-base.tgz: this tree alone"
    fi
    for i in $(seq 1 "$rounds"); do
        for b in base new; do
            bin=$new
            [ $b = base ] && bin=$base/rfl_gpu_bandwidth
            [ -x "$bin" ] || continue
            mkdir -p "$R/$b$i"
            "$bin" $sweep -o "$R/$b$i/gpu_bandwidth.csv" >"$R/$b$i/out.log" 2>&1 || say "$b$i: exit $?"
            [ -s "$R/$b$i/gpu_bandwidth.csv" ] && best "$R/$b$i/gpu_bandwidth.csv" | tee -a "$summary"
        done
    done
fi

if has memcheck; then
    cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -n 1)
    if [ -n "$cs" ]; then
        "$cs" --tool memcheck --error-exitcode 99 "$new" -k l1_set -a read -p fp32,fp64 -t 64,128,1024 --wss 16K:256K -g 4 \
            -e 1 -m 0.0001 -o "$R/memcheck.csv" >"$R/memcheck.log" 2>&1
        say "memcheck l1_set: exit $?, $(grep -E 'ERROR SUMMARY' "$R/memcheck.log" | tail -n 1)"
    fi
fi

# run NAME ARGS: rfl run ARGS -p gpu_bandwidth into $R/NAME; its wall time and L1 ceiling.
run() {
    local name=$1 t0=$SECONDS
    shift
    "$build/rfl" run "$@" -p gpu_bandwidth -o "$R/$name" >"$R/$name.out" 2>"$R/$name.log"
    say "rfl run $* -p gpu_bandwidth: exit $?, $((SECONDS - t0)) s"
    grep -h "^gpu[0-9]*,bandwidth,L1," "$R/$name/ceilings.csv" 2>/dev/null | head -n 4 | tee -a "$summary"
    [ -s "$R/$name/gpu_bandwidth.csv" ] && best "$R/$name/gpu_bandwidth.csv" | tee -a "$summary"
}
has quick && run quick --quick
has full && run full --full
tar czf "${OUT:-$R}/l1-ab.tgz" -C "$R" --exclude=base-src --exclude=base-build . 2>/dev/null
[ -n "${OUT:-}" ] && cp "$summary" "$OUT/summary.txt"
exit 0
