# Written by rfl plot; render with: gnuplot gemm.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output "gemm.png"
set encoding utf8
set label 1001 "GEMM: vm gpu0 (NVIDIA H200)" at screen 0.5,0.9611111 center font "sans,14"
set label 1002 "C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel" at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:31:47Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set logscale xy
set format y "%.0f"
set grid xtics ytics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set mxtics 1
set xlabel "size n (m = n = k; otherwise the cube root of m n k)" font "sans,10"
set key bottom right vertical Left reverse samplen 3 spacing 1.15 font "sans,9" box opaque
set multiplot
# panel 0: FP64: CUDA cores (DFMA) and FP64 tensor cores
$g0 << EOD
# volkov fp64 nn, square: size, GFLOP/s, model bound
256 643.6136 16503.52
512 2798.166 16629.5
1024 10787.67 16629.5
2048 11158.89 16377.54
4096 11918.43 13983.9
8192 10815.34 14991.75
16384 10472.17 13731.94


# volkov fp64 nn, rectangular: size, GFLOP/s, model bound
4096 12170.36 16125.58
5160.637 10826 14235.86
6501.995 11359.04 15495.67


# tiled fp64 nn, square: size, GFLOP/s, model bound
256 1031.798 20915.22
512 4571.366 21074.88
1024 19357.68 21074.88
2048 22696.53 27323.19
4096 22732.96 27323.19
8192 23465.04 27114.62
16384 22847.98 25446.03


# tiled fp64 nn, rectangular: size, GFLOP/s, model bound
4096 22602.74 27323.19
5160.637 23037.16 27323.19
6501.995 23230.57 26906.05


# dmma fp64 nn, square: size, GFLOP/s, model bound
256 752.9556 66265.74
512 4574.263 66265.74
1024 25407.73 66265.74
2048 44057.68 66265.74
4096 46657.44 58233.53
8192 46075.18 63253.66
16384 45207.91 48193.26


# dmma fp64 nn, rectangular: size, GFLOP/s, model bound
4096 41639.17 61245.6
5160.637 47118.79 65763.72
6501.995 48832.06 57229.5


# cublas fp64 nn, square: size, GFLOP/s, model bound
256 5122.338 NaN
512 21618.08 NaN
1024 49081.34 NaN
2048 53257.55 NaN
4096 53846.24 NaN
8192 53111.82 NaN
16384 52361.73 NaN


# cublas fp64 nn, rectangular: size, GFLOP/s, model bound
4096 50667.8 NaN
5160.637 52305.89 NaN
6501.995 51450.8 NaN


# volkov fp64 nt, square: size, GFLOP/s, model bound
256 647.018 16503.52
512 2809.705 16629.5
1024 10911.76 16629.5
2048 11434.3 15999.6
4096 13062.55 16251.56
8192 11431.22 13731.94
16384 10987.44 12850.07


# volkov fp64 nt, rectangular: size, GFLOP/s, model bound
4096 13293.16 15873.62
5160.637 11862.81 11968.2
6501.995 12680.43 13983.9


# tiled fp64 nt, square: size, GFLOP/s, model bound
256 1055.026 20915.22
512 4580.287 21074.88
1024 18999.11 21074.88
2048 22909.24 27323.19
4096 22842.59 27323.19
8192 23375.24 26906.05
16384 23397.35 26280.32


# tiled fp64 nt, rectangular: size, GFLOP/s, model bound
4096 22655.62 27323.19
5160.637 23252.43 23568.86
6501.995 23403.04 27323.19


# dmma fp64 nt, square: size, GFLOP/s, model bound
256 745.1924 66265.74
512 4508.309 66265.74
1024 24884.92 66265.74
2048 43733.44 65261.71
4096 45722.7 55221.45
8192 49443.67 57229.5
16384 43315.14 47691.25


# dmma fp64 nt, rectangular: size, GFLOP/s, model bound
4096 41562.9 61245.6
5160.637 48750.16 62751.64
6501.995 49144.03 65763.72


# cublas fp64 nt, square: size, GFLOP/s, model bound
256 5260.31 NaN
512 22424.54 NaN
1024 49037.35 NaN
2048 51630.16 NaN
4096 49523.47 NaN
8192 50718.1 NaN
16384 57385.07 NaN


# cublas fp64 nt, rectangular: size, GFLOP/s, model bound
4096 48395.91 NaN
5160.637 49885.68 NaN
6501.995 46168.42 NaN


EOD
set lmargin at screen 0.05952381
set rmargin at screen 0.3382937
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP64: CUDA cores (DFMA) and FP64 tensor cores" font "sans,11"
set xrange [128:32768]
set yrange [100:200000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384, "32768" 32768)
set mxtics 1
set ylabel "GFLOP/s" font "sans,10"
plot \
  33454.08 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "peak fp64 33454", \
  66908.16 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title "peak fp64 tensor 66908", \
  $g0 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 9 ps 1.1 lc rgb "#d95f02" title "volkov fp64 nn", \
  $g0 index 1 using 1:2 with points pt 9 ps 1.1 lc rgb "#d95f02" notitle, \
  $g0 index 0 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g0 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 5 ps 1.1 lc rgb "#1f4e9c" title "tiled fp64 nn", \
  $g0 index 3 using 1:2 with points pt 5 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g0 index 2 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g0 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 13 ps 1.1 lc rgb "#1b9e77" title "dmma fp64 nn", \
  $g0 index 5 using 1:2 with points pt 13 ps 1.1 lc rgb "#1b9e77" notitle, \
  $g0 index 4 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1b9e77" notitle, \
  $g0 index 6 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#1a1a1a" title "cublas fp64 nn", \
  $g0 index 7 using 1:2 with points pt 7 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g0 index 6 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  $g0 index 8 using 1:2 with linespoints dt 2 lw 1.8 pt 8 ps 1.1 lc rgb "#d95f02" title "volkov fp64 nt", \
  $g0 index 9 using 1:2 with points pt 8 ps 1.1 lc rgb "#d95f02" notitle, \
  $g0 index 8 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g0 index 10 using 1:2 with linespoints dt 2 lw 1.8 pt 4 ps 1.1 lc rgb "#1f4e9c" title "tiled fp64 nt", \
  $g0 index 11 using 1:2 with points pt 4 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g0 index 10 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g0 index 12 using 1:2 with linespoints dt 2 lw 1.8 pt 12 ps 1.1 lc rgb "#1b9e77" title "dmma fp64 nt", \
  $g0 index 13 using 1:2 with points pt 12 ps 1.1 lc rgb "#1b9e77" notitle, \
  $g0 index 12 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1b9e77" notitle, \
  $g0 index 14 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#1a1a1a" title "cublas fp64 nt", \
  $g0 index 15 using 1:2 with points pt 6 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g0 index 14 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN with points pt 1 ps 1.1 lc rgb "#404040" title "points alone: m, n, k not all equal", \
  NaN notitle
# panel 1: FP32: CUDA cores (FFMA; cuBLAS with TF32 off)
$g1 << EOD
# volkov fp32 nn, square: size, GFLOP/s, model bound
256 748.5286 31291.53
512 3179.333 31291.53
1024 13401.77 31291.53
2048 20971.34 31291.53
4096 21571.39 31291.53
8192 21670.08 30343.31
16384 21263.42 27498.62


# volkov fp32 nn, rectangular: size, GFLOP/s, model bound
4096 22097.09 31054.48
5160.637 21673.01 31291.53
6501.995 21436.71 31291.53


# tiled fp32 nn, square: size, GFLOP/s, model bound
256 1109.988 56448.43
512 4951.41 56448.43
1024 20402.64 56448.43
2048 45499.43 56448.43
4096 50056.29 55066.09
8192 50408.34 54648.92
16384 51950.42 54648.92


# tiled fp32 nn, rectangular: size, GFLOP/s, model bound
4096 48898.55 54648.92
5160.637 50002.82 54648.92
6501.995 50380.16 55066.09


# cublas fp32 nn, square: size, GFLOP/s, model bound
256 3311.969 NaN
512 16499.63 NaN
1024 33192.97 NaN
2048 49400.87 NaN
4096 50955.66 NaN
8192 51084.42 NaN
16384 53282.7 NaN


# cublas fp32 nn, rectangular: size, GFLOP/s, model bound
4096 48131.04 NaN
5160.637 51238.35 NaN
6501.995 51618.02 NaN


# volkov fp32 nt, square: size, GFLOP/s, model bound
256 1003.154 31291.53
512 4526.264 31291.53
1024 18084.55 31291.53
2048 23222.03 31291.53
4096 24475.99 31291.53
8192 24511.14 29158.02
16384 22323.18 26787.45


# volkov fp32 nt, rectangular: size, GFLOP/s, model bound
4096 25123.76 31291.53
5160.637 23182.74 28920.96
6501.995 24137.06 31291.53


# tiled fp32 nt, square: size, GFLOP/s, model bound
256 1147.721 56448.43
512 5144.517 56448.43
1024 21551.76 56448.43
2048 48534.85 56448.43
4096 51910.6 55066.09
8192 52358.18 54231.75
16384 53821.46 55066.09


# tiled fp32 nt, rectangular: size, GFLOP/s, model bound
4096 50585.03 55066.09
5160.637 51960.46 54648.92
6501.995 52072.2 54648.92


# cublas fp32 nt, square: size, GFLOP/s, model bound
256 3993.072 NaN
512 16526.23 NaN
1024 38517.6 NaN
2048 51037.24 NaN
4096 51346.41 NaN
8192 52809.79 NaN
16384 54273.85 NaN


# cublas fp32 nt, rectangular: size, GFLOP/s, model bound
4096 49518.34 NaN
5160.637 51304.45 NaN
6501.995 52834.69 NaN


EOD
set lmargin at screen 0.3829365
set rmargin at screen 0.6617063
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP32: CUDA cores (FFMA; cuBLAS with TF32 off)" font "sans,11"
set xrange [128:32768]
set yrange [100:200000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384, "32768" 32768)
set mxtics 1
unset ylabel
plot \
  66908.16 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "peak fp32 66908", \
  $g1 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 9 ps 1.1 lc rgb "#d95f02" title "volkov fp32 nn", \
  $g1 index 1 using 1:2 with points pt 9 ps 1.1 lc rgb "#d95f02" notitle, \
  $g1 index 0 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g1 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 5 ps 1.1 lc rgb "#1f4e9c" title "tiled fp32 nn", \
  $g1 index 3 using 1:2 with points pt 5 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g1 index 2 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g1 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#1a1a1a" title "cublas fp32 nn", \
  $g1 index 5 using 1:2 with points pt 7 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g1 index 4 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  $g1 index 6 using 1:2 with linespoints dt 2 lw 1.8 pt 8 ps 1.1 lc rgb "#d95f02" title "volkov fp32 nt", \
  $g1 index 7 using 1:2 with points pt 8 ps 1.1 lc rgb "#d95f02" notitle, \
  $g1 index 6 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g1 index 8 using 1:2 with linespoints dt 2 lw 1.8 pt 4 ps 1.1 lc rgb "#1f4e9c" title "tiled fp32 nt", \
  $g1 index 9 using 1:2 with points pt 4 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g1 index 8 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g1 index 10 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#1a1a1a" title "cublas fp32 nt", \
  $g1 index 11 using 1:2 with points pt 6 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g1 index 10 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN with points pt 1 ps 1.1 lc rgb "#404040" title "points alone: m, n, k not all equal", \
  NaN notitle
# panel 2: Tensor-core types (cuBLAS, FP32 accumulation)
$g2 << EOD
# cublas tf32 nn, square: size, GFLOP/s, model bound
256 4486.192 NaN
512 25815.5 NaN
1024 143465.1 NaN
2048 287373.8 NaN
4096 328828.3 NaN
8192 353418.9 NaN
16384 327293.7 NaN


# cublas tf32 nn, rectangular: size, GFLOP/s, model bound
4096 252153.4 NaN
5160.637 330174.2 NaN
6501.995 363775.8 NaN


# cublas tf32 nt, square: size, GFLOP/s, model bound
256 4320.749 NaN
512 25387.82 NaN
1024 103825.9 NaN
2048 210547.9 NaN
4096 239742.7 NaN
8192 252077.3 NaN
16384 208388.5 NaN


# cublas tf32 nt, rectangular: size, GFLOP/s, model bound
4096 204445.6 NaN
5160.637 230921.7 NaN
6501.995 260704.3 NaN


# cublas bf16 nn, square: size, GFLOP/s, model bound
256 6526.856 NaN
512 51578.82 NaN
1024 247803.5 NaN
2048 446706.7 NaN
4096 582898.1 NaN
8192 713204.8 NaN
16384 687493 NaN


# cublas bf16 nn, rectangular: size, GFLOP/s, model bound
4096 443284.9 NaN
5160.637 585878.3 NaN
6501.995 686216 NaN


# cublas bf16 nt, square: size, GFLOP/s, model bound
256 6360.299 NaN
512 52343.08 NaN
1024 254738.1 NaN
2048 452684.2 NaN
4096 597967.1 NaN
8192 670556.9 NaN
16384 729157.8 NaN


# cublas bf16 nt, rectangular: size, GFLOP/s, model bound
4096 503845.7 NaN
5160.637 596437.7 NaN
6501.995 718821.1 NaN


# cublas fp16 nn, square: size, GFLOP/s, model bound
256 6679.315 NaN
512 51584.55 NaN
1024 247611.6 NaN
2048 439180.9 NaN
4096 567409.6 NaN
8192 633660.6 NaN
16384 631294.4 NaN


# cublas fp16 nn, rectangular: size, GFLOP/s, model bound
4096 442874.6 NaN
5160.637 549735.4 NaN
6501.995 646034.3 NaN


# cublas fp16 nt, square: size, GFLOP/s, model bound
256 6157.003 NaN
512 49927.06 NaN
1024 252085 NaN
2048 438750.5 NaN
4096 561058.1 NaN
8192 632086.9 NaN
16384 675233 NaN


# cublas fp16 nt, rectangular: size, GFLOP/s, model bound
4096 460836.5 NaN
5160.637 556889 NaN
6501.995 646380.7 NaN


EOD
set lmargin at screen 0.7063492
set rmargin at screen 0.985119
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "Tensor-core types (cuBLAS, FP32 accumulation)" font "sans,11"
set xrange [128:32768]
set yrange [1000:2000000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384, "32768" 32768)
set mxtics 1
unset ylabel
plot \
  535265.3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "peak tf32 tensor 535265", \
  1070531 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title "peak fp16 tensor 1070531", \
  $g2 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#00838f" title "cublas tf32 nn", \
  $g2 index 1 using 1:2 with points pt 7 ps 1.1 lc rgb "#00838f" notitle, \
  $g2 index 2 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#00838f" title "cublas tf32 nt", \
  $g2 index 3 using 1:2 with points pt 6 ps 1.1 lc rgb "#00838f" notitle, \
  $g2 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#d95f02" title "cublas bf16 nn", \
  $g2 index 5 using 1:2 with points pt 7 ps 1.1 lc rgb "#d95f02" notitle, \
  $g2 index 6 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#d95f02" title "cublas bf16 nt", \
  $g2 index 7 using 1:2 with points pt 6 ps 1.1 lc rgb "#d95f02" notitle, \
  $g2 index 8 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#8e24aa" title "cublas fp16 nn", \
  $g2 index 9 using 1:2 with points pt 7 ps 1.1 lc rgb "#8e24aa" notitle, \
  $g2 index 10 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#8e24aa" title "cublas fp16 nt", \
  $g2 index 11 using 1:2 with points pt 6 ps 1.1 lc rgb "#8e24aa" notitle, \
  NaN with points pt 1 ps 1.1 lc rgb "#404040" title "points alone: m, n, k not all equal", \
  NaN notitle
unset multiplot
