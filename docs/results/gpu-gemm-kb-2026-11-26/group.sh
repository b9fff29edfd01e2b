# experiment: the tiled SGEMM's block order, groups of G tile rows (tile_of_block<G>), against cuBLAS
. tests/device/env.sh
bash tests/device/gemm.sh build > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
g=/tmp/rfl-build-gemm/rfl_gemm
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
for G in 16 8 4 32 16; do
  sed -i "s/tile_of_block<[0-9]*>/tile_of_block<$G>/" gemm/tiled.cuh
  (cd /tmp/rfl-build-gemm && make -j16 rfl_gemm > $OUT/build_$G.log 2>&1) || { echo "build G=$G failed"; tail -5 $OUT/build_$G.log; continue; }
  for t in nn nt; do
    f=/tmp/g_${G}_$t.csv
    timeout 120 $g -k tiled,cublas -p fp32 -t $t -M gemm -s 4096,8192 --no-tune --config "${t}_256x128x16_w64x64" -o $f > /dev/null 2>/tmp/err.log || { echo "G=$G $t: exit $?"; tail -2 /tmp/err.log; }
    python3 - $f $G $t <<'PY'
import csv,sys
rows=list(csv.DictReader(open(sys.argv[1])))
out=[]
for n in ("4096","8192"):
    ti=[r for r in rows if r["kernel"]=="tiled" and r["m"]==n]
    cb=[r for r in rows if r["kernel"]=="cublas" and r["m"]==n and r["precision"]=="fp32"]
    if ti and cb:
        a=float(ti[0]["gflops_per_s"]); b=float(cb[0]["gflops_per_s"])
        out.append(f"{n}: {a:.0f}/{b:.0f}={a/b:.3f} v{ti[0]['verified']}")
print(f"G={sys.argv[2]:2s} {sys.argv[3]} " + "  ".join(out))
PY
  done
done
