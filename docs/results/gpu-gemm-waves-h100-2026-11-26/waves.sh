# experiment: is the tiled SGEMM's gap to cuBLAS wave quantisation? tiled 256x128 vs cuBLAS at
# sizes whose tile count is / is not a multiple of the SM count (132 on H100 and H200).
. tests/device/env.sh
bash tests/device/gemm.sh build > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
g=/tmp/rfl-build-gemm/rfl_gemm
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
for round in 1 2; do
 for t in nn nt; do
  f=$OUT/r${round}_$t.csv
  timeout 200 $g -k tiled,cublas -p fp32 -t $t -M gemm -s 4096,2816x6144x4096,8192,8448x8192x8192 --no-tune --config "${t}_256x128x16_w64x64" -o $f > /dev/null 2>$OUT/err_$t.log || { echo "$t: exit $?"; tail -2 $OUT/err_$t.log; }
  python3 - $f $round $t <<'PY'
import csv,sys
rows=list(csv.DictReader(open(sys.argv[1])))
out=[]
for r in rows:
    if r["kernel"]!="tiled": continue
    cb=[c for c in rows if c["kernel"]=="cublas" and c["m"]==r["m"] and c["n"]==r["n"] and c["precision"]=="fp32"]
    if cb:
        a=float(r["gflops_per_s"]); b=float(cb[0]["gflops_per_s"])
        tiles=(int(r["m"])//256)*(int(r["n"])//128)
        out.append(f"{r['m']}x{r['n']}x{r['k']} tiles {tiles} ({tiles/132:.2f} waves): {a:.0f}/{b:.0f}={a/b:.3f} v{r['verified']}")
print(f"r{sys.argv[2]} {sys.argv[3]}\n  " + "\n  ".join(out))
PY
 done
done
