# experiment: nn tiled SGEMM with B k-major in shared memory (_rb) against the transposing copy, and cuBLAS
. tests/device/env.sh
bash tests/device/gemm.sh build,sass > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
grep -E "f32_nn" $OUT/build.log | head -20
g=/tmp/rfl-build-gemm/rfl_gemm
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
for c in nn_256x128x16_w64x64_rb nn_128x128x8_w64x32_rb; do
  $cs --tool memcheck --error-exitcode 10 $g -k tiled -p fp32 -t nn -M gemm -s 256,512x256x128 --no-tune --config $c --l2 warm -e 1 -m 0.0001 -o /tmp/mc.csv > /tmp/mc.log 2>&1; echo "memcheck $c: exit $? $(grep -o 'ERROR SUMMARY: [0-9]* error' /tmp/mc.log | tail -1) verified=$(cut -d, -f32 /tmp/mc.csv | tail -n +2 | tr '\n' ' ')"
done
for round in 1 2 3; do
for c in nn_256x128x16_w64x64 nn_256x128x16_w64x64_rb nn_128x128x8_w64x32 nn_128x128x8_w64x32_rb nt_256x128x16_w64x64; do
  t=${c%%_*}
  f=$OUT/r${round}_$c.csv
  timeout 120 $g -k tiled,cublas -p fp32 -t $t -M gemm -s 4096,8192 --no-tune --config "$c" -o $f > /dev/null 2>$OUT/err.log || { echo "$c: exit $?"; tail -2 $OUT/err.log; }
  python3 - $f $round $c <<'PY'
import csv,sys
rows=list(csv.DictReader(open(sys.argv[1])))
out=[]
for n in ("4096","8192"):
    ti=[r for r in rows if r["kernel"]=="tiled" and r["m"]==n and r["config"] and (sys.argv[3].endswith("_rb")==("kb" in r["config"]) or True)]
    cb=[r for r in rows if r["kernel"]=="cublas" and r["m"]==n and r["precision"]=="fp32"]
    if ti and cb:
        a=float(ti[0]["gflops_per_s"]); b=float(cb[0]["gflops_per_s"])
        out.append(f"{n}: {a:.0f}/{b:.0f}={a/b:.3f} v{ti[0]['verified']} bound/ach {ti[0]['bound_over_achieved']}")
print(f"r{sys.argv[2]} {sys.argv[3]:28s} " + "  ".join(out))
PY
  rm -f $OUT/r${round}_$c.json
done
done
