# The x... shapes were TiledCfg entries added to gemm/kernels_tiled_f32_{nn,nt}.cu for this run only (not committed):
#   x256x128x16_w64x64_s4 <256,128,16,64,64,4,4>, x256x128x32_w64x64 <256,128,32,64,64,4,3>, x128x256x16_w64x64 <128,256,16,64,64,8,3>,
#   x256x128x16_w64x64_s2 <256,128,16,64,64,4,2>, x256x128x16_w64x64_l8 <256,128,16,64,64,8,3>, x256x128x8_w64x64_s4 <256,128,8,64,64,4,4>; launch bounds 1 block/SM.
# experiment: extra tiled SGEMM shapes against cuBLAS, side by side
. tests/device/env.sh
bash tests/device/gemm.sh build > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
g=/tmp/rfl-build-gemm/rfl_gemm
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
for round in 1 2; do
for c in 256x128x16_w64x64 x256x128x16_w64x64_s4 x256x128x32_w64x64 x128x256x16_w64x64 x256x128x16_w64x64_s2 x256x128x16_w64x64_l8 x256x128x8_w64x64_s4; do
 for t in nn nt; do
  f=$OUT/r${round}_${t}_$c.csv
  timeout 120 $g -k tiled,cublas -p fp32 -t $t -M gemm -s 4096,8192 --no-tune --config "${t}_$c" -o $f > /dev/null 2>$OUT/err_${t}_$c.log || { echo "$c $t: exit $?"; tail -2 $OUT/err_${t}_$c.log; }
  python3 - $f $round $t $c <<'PY'
import csv,sys
rows=list(csv.DictReader(open(sys.argv[1])))
out=[]
for n in ("4096","8192"):
    ti=[r for r in rows if r["kernel"]=="tiled" and r["m"]==n]
    cb=[r for r in rows if r["kernel"]=="cublas" and r["m"]==n and r["precision"]=="fp32"]
    if ti and cb:
        a=float(ti[0]["gflops_per_s"]); b=float(cb[0]["gflops_per_s"])
        out.append(f"{n}: {a:.0f}/{b:.0f}={a/b:.3f} v{ti[0]['verified']}")
print(f"r{sys.argv[2]} {sys.argv[3]} {sys.argv[4]:28s} " + "  ".join(out))
PY
 done
done
done
