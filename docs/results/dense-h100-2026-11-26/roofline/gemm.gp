# Written by rfl plot; render with: gnuplot 'gemm.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output 'gemm.png'
set encoding utf8
set label 1001 'GEMM: vm gpu0 (NVIDIA H100 80GB HBM3)' at screen 0.5,0.9611111 center font "sans,14"
set label 1002 'C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel' at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:15:02Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
# 'volkov fp64 nn, square: size, GFLOP/s, model bound'
256 625.7968 8059.84
512 2689.68 16119.68
1024 10646.98 16119.68
2048 11212.96 16119.68
4096 12041.01 16506.55
8192 11007.69 16606.19
16384 10256.75 16622.91


# 'volkov fp64 nn, rectangular: size, GFLOP/s, model bound'
4096 12288.19 16606.19
5160.637 11099.31 16572.84
6501.995 12073.57 16506.55


# 'tiled fp64 nn, square: size, GFLOP/s, model bound'
256 1021.053 1668.047
512 4537.868 6672.187
1024 19153.27 26688.75
2048 22508.11 27384.54
4096 22948.96 27384.54
8192 23797.34 27384.54
16384 23960.34 28041.77


# 'tiled fp64 nn, rectangular: size, GFLOP/s, model bound'
4096 22955.34 27384.54
5160.637 23358.72 27384.54
6501.995 23679.03 27384.54


# 'dmma fp64 nn, square: size, GFLOP/s, model bound'
256 734.1898 4015.677
512 4545.504 16062.71
1024 25499.41 64250.83
2048 44722.47 64250.83
4096 51911.08 64250.83
8192 55899.21 65270.68
16384 47222.85 66057.08


# 'dmma fp64 nn, rectangular: size, GFLOP/s, model bound'
4096 43830.67 65270.68
5160.637 52642.79 64250.83
6501.995 53670.65 64250.83


# 'cublas fp64 nn, square: size, GFLOP/s, model bound'
256 3873.007 NaN
512 21106.33 NaN
1024 48053.99 NaN
2048 59440.98 NaN
4096 60937.94 NaN
8192 60486.21 NaN
16384 57283.24 NaN


# 'cublas fp64 nn, rectangular: size, GFLOP/s, model bound'
4096 59362.93 NaN
5160.637 60582.94 NaN
6501.995 58473.31 NaN


# 'volkov fp64 nt, square: size, GFLOP/s, model bound'
256 632.1347 8059.84
512 2756.181 16119.68
1024 10824.8 16119.68
2048 11422.06 16119.68
4096 13027.21 16506.55
8192 11715.56 16606.19
16384 10743.38 16622.91


# 'volkov fp64 nt, rectangular: size, GFLOP/s, model bound'
4096 13325.41 16606.19
5160.637 11853.12 16572.84
6501.995 13222.83 16506.55


# 'tiled fp64 nt, square: size, GFLOP/s, model bound'
256 1026.019 1668.047
512 4536.06 6672.187
1024 19113.55 26688.75
2048 22880.95 27384.54
4096 23122.67 27384.54
8192 23540.24 27384.54
16384 23978.65 28041.77


# 'tiled fp64 nt, rectangular: size, GFLOP/s, model bound'
4096 22783.64 27384.54
5160.637 23412.2 27384.54
6501.995 23569.39 27384.54


# 'dmma fp64 nt, square: size, GFLOP/s, model bound'
256 729.8249 4015.677
512 4483.994 16062.71
1024 25014.08 64250.83
2048 44563.47 64250.83
4096 51267.89 64250.83
8192 53408.04 65270.68
16384 47462.06 66057.08


# 'dmma fp64 nt, rectangular: size, GFLOP/s, model bound'
4096 43535.66 65270.68
5160.637 52503.47 64250.83
6501.995 55064.39 64250.83


# 'cublas fp64 nt, square: size, GFLOP/s, model bound'
256 2635.32 NaN
512 20560.86 NaN
1024 47774.44 NaN
2048 57251.47 NaN
4096 57907.07 NaN
8192 55545.25 NaN
16384 60123.3 NaN


# 'cublas fp64 nt, rectangular: size, GFLOP/s, model bound'
4096 58311.96 NaN
5160.637 58083.27 NaN
6501.995 56978.3 NaN


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
  33454.08 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title 'peak fp64 33454', \
  66908.16 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title 'peak fp64 tensor 66908', \
  $g0 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 9 ps 1.1 lc rgb "#d95f02" title 'volkov fp64 nn', \
  $g0 index 1 using 1:2 with points pt 9 ps 1.1 lc rgb "#d95f02" notitle, \
  $g0 index 0 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g0 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 5 ps 1.1 lc rgb "#1f4e9c" title 'tiled fp64 nn', \
  $g0 index 3 using 1:2 with points pt 5 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g0 index 2 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g0 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 13 ps 1.1 lc rgb "#1b9e77" title 'dmma fp64 nn', \
  $g0 index 5 using 1:2 with points pt 13 ps 1.1 lc rgb "#1b9e77" notitle, \
  $g0 index 4 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1b9e77" notitle, \
  $g0 index 6 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp64 nn', \
  $g0 index 7 using 1:2 with points pt 7 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g0 index 6 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  $g0 index 8 using 1:2 with linespoints dt 2 lw 1.8 pt 8 ps 1.1 lc rgb "#d95f02" title 'volkov fp64 nt', \
  $g0 index 9 using 1:2 with points pt 8 ps 1.1 lc rgb "#d95f02" notitle, \
  $g0 index 8 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g0 index 10 using 1:2 with linespoints dt 2 lw 1.8 pt 4 ps 1.1 lc rgb "#1f4e9c" title 'tiled fp64 nt', \
  $g0 index 11 using 1:2 with points pt 4 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g0 index 10 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g0 index 12 using 1:2 with linespoints dt 2 lw 1.8 pt 12 ps 1.1 lc rgb "#1b9e77" title 'dmma fp64 nt', \
  $g0 index 13 using 1:2 with points pt 12 ps 1.1 lc rgb "#1b9e77" notitle, \
  $g0 index 12 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1b9e77" notitle, \
  $g0 index 14 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp64 nt', \
  $g0 index 15 using 1:2 with points pt 6 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g0 index 14 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN with points pt 1 ps 1.1 lc rgb "#404040" title "points alone: m, n, k not all equal", \
  NaN notitle
# panel 1: FP32: CUDA cores (FFMA; cuBLAS with TF32 off)
$g1 << EOD
# 'volkov fp32 nn, square: size, GFLOP/s, model bound'
256 728.4729 15164.79
512 3133.293 30329.58
1024 13103.66 30329.58
2048 21157.47 30329.58
4096 21689.23 31057.49
8192 21516.13 31244.96
16384 21329.43 31276.42


# 'volkov fp32 nn, rectangular: size, GFLOP/s, model bound'
4096 22221.71 31244.96
5160.637 21132.13 31182.22
6501.995 21310.32 31057.49


# 'tiled fp32 nn, square: size, GFLOP/s, model bound'
256 1098.321 1709.887
512 4951.24 6839.548
1024 20408.69 27358.19
2048 45450.67 54716.39
4096 49501.72 54716.39
8192 51028.43 54716.39
16384 51813.86 55584.9


# 'tiled fp32 nn, rectangular: size, GFLOP/s, model bound'
4096 48631.26 54716.39
5160.637 49657.97 54716.39
6501.995 49603.49 54716.39


# 'cublas fp32 nn, square: size, GFLOP/s, model bound'
256 2768.856 NaN
512 15910.35 NaN
1024 33438.87 NaN
2048 49666.25 NaN
4096 51341.43 NaN
8192 51745.74 NaN
16384 54030.36 NaN


# 'cublas fp32 nn, rectangular: size, GFLOP/s, model bound'
4096 47677.89 NaN
5160.637 51248.01 NaN
6501.995 51523.58 NaN


# 'volkov fp32 nt, square: size, GFLOP/s, model bound'
256 973.5517 15164.79
512 4424.307 30329.58
1024 17903.16 30329.58
2048 23276.77 30329.58
4096 24433.49 31057.49
8192 23236.78 31244.96
16384 22775.95 31276.42


# 'volkov fp32 nt, rectangular: size, GFLOP/s, model bound'
4096 25091.38 31244.96
5160.637 22935.05 31182.22
6501.995 24255.38 31057.49


# 'tiled fp32 nt, square: size, GFLOP/s, model bound'
256 1127.337 1709.887
512 5109.96 6839.548
1024 21350.36 27358.19
2048 48410.36 54716.39
4096 50760.74 54716.39
8192 52725.51 54716.39
16384 53687.02 55584.9


# 'tiled fp32 nt, rectangular: size, GFLOP/s, model bound'
4096 50433.5 54716.39
5160.637 52155.35 54716.39
6501.995 50646.86 54716.39


# 'cublas fp32 nt, square: size, GFLOP/s, model bound'
256 3242.268 NaN
512 16006.21 NaN
1024 37535.61 NaN
2048 50905.47 NaN
4096 51092.24 NaN
8192 53116.5 NaN
16384 54251.61 NaN


# 'cublas fp32 nt, rectangular: size, GFLOP/s, model bound'
4096 49110.6 NaN
5160.637 51322.1 NaN
6501.995 52392.51 NaN


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
  66908.16 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title 'peak fp32 66908', \
  $g1 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 9 ps 1.1 lc rgb "#d95f02" title 'volkov fp32 nn', \
  $g1 index 1 using 1:2 with points pt 9 ps 1.1 lc rgb "#d95f02" notitle, \
  $g1 index 0 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g1 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 5 ps 1.1 lc rgb "#1f4e9c" title 'tiled fp32 nn', \
  $g1 index 3 using 1:2 with points pt 5 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g1 index 2 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g1 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp32 nn', \
  $g1 index 5 using 1:2 with points pt 7 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g1 index 4 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  $g1 index 6 using 1:2 with linespoints dt 2 lw 1.8 pt 8 ps 1.1 lc rgb "#d95f02" title 'volkov fp32 nt', \
  $g1 index 7 using 1:2 with points pt 8 ps 1.1 lc rgb "#d95f02" notitle, \
  $g1 index 6 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g1 index 8 using 1:2 with linespoints dt 2 lw 1.8 pt 4 ps 1.1 lc rgb "#1f4e9c" title 'tiled fp32 nt', \
  $g1 index 9 using 1:2 with points pt 4 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g1 index 8 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g1 index 10 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp32 nt', \
  $g1 index 11 using 1:2 with points pt 6 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g1 index 10 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN with points pt 1 ps 1.1 lc rgb "#404040" title "points alone: m, n, k not all equal", \
  NaN notitle
# panel 2: Tensor-core types (cuBLAS, FP32 accumulation)
$g2 << EOD
# 'cublas tf32 nn, square: size, GFLOP/s, model bound'
256 4346.69 NaN
512 25297.52 NaN
1024 122509.1 NaN
2048 307197.5 NaN
4096 377076.8 NaN
8192 406706 NaN
16384 393355.9 NaN


# 'cublas tf32 nn, rectangular: size, GFLOP/s, model bound'
4096 249721.9 NaN
5160.637 377701.3 NaN
6501.995 421835.1 NaN


# 'cublas tf32 nt, square: size, GFLOP/s, model bound'
256 3065.864 NaN
512 24859.64 NaN
1024 102555.1 NaN
2048 209953.6 NaN
4096 251693.9 NaN
8192 266232.8 NaN
16384 233009.2 NaN


# 'cublas tf32 nt, rectangular: size, GFLOP/s, model bound'
4096 201938.7 NaN
5160.637 245244.5 NaN
6501.995 268712.6 NaN


# 'cublas bf16 nn, square: size, GFLOP/s, model bound'
256 4200.083 NaN
512 33241.93 NaN
1024 226326.5 NaN
2048 426489.2 NaN
4096 657869.5 NaN
8192 773484.7 NaN
16384 807410.1 NaN


# 'cublas bf16 nn, rectangular: size, GFLOP/s, model bound'
4096 327081.1 NaN
5160.637 665205.7 NaN
6501.995 802172.9 NaN


# 'cublas bf16 nt, square: size, GFLOP/s, model bound'
256 4155.531 NaN
512 33195.8 NaN
1024 232539.5 NaN
2048 427363.1 NaN
4096 656341.4 NaN
8192 773615.3 NaN
16384 802263.4 NaN


# 'cublas bf16 nt, rectangular: size, GFLOP/s, model bound'
4096 308804.4 NaN
5160.637 662221.1 NaN
6501.995 777932.8 NaN


# 'cublas fp16 nn, square: size, GFLOP/s, model bound'
256 4240.289 NaN
512 33832.41 NaN
1024 228704.4 NaN
2048 419387.1 NaN
4096 644202.2 NaN
8192 748048.5 NaN
16384 770477.6 NaN


# 'cublas fp16 nn, rectangular: size, GFLOP/s, model bound'
4096 303261.2 NaN
5160.637 649516.3 NaN
6501.995 764784.7 NaN


# 'cublas fp16 nt, square: size, GFLOP/s, model bound'
256 4223.573 NaN
512 31382.9 NaN
1024 215253.5 NaN
2048 422154.4 NaN
4096 643257.7 NaN
8192 748374.4 NaN
16384 775374.2 NaN


# 'cublas fp16 nt, rectangular: size, GFLOP/s, model bound'
4096 293308 NaN
5160.637 633906.1 NaN
6501.995 765727.8 NaN


EOD
set lmargin at screen 0.7063492
set rmargin at screen 0.985119
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "Tensor-core types (cuBLAS, FP32 accumulation)" font "sans,11"
set xrange [128:32768]
set yrange [500:2000000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384, "32768" 32768)
set mxtics 1
unset ylabel
plot \
  535265.3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title 'peak tf32 tensor 535265', \
  1070531 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title 'peak fp16 tensor 1070531', \
  $g2 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#00838f" title 'cublas tf32 nn', \
  $g2 index 1 using 1:2 with points pt 7 ps 1.1 lc rgb "#00838f" notitle, \
  $g2 index 2 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#00838f" title 'cublas tf32 nt', \
  $g2 index 3 using 1:2 with points pt 6 ps 1.1 lc rgb "#00838f" notitle, \
  $g2 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#d95f02" title 'cublas bf16 nn', \
  $g2 index 5 using 1:2 with points pt 7 ps 1.1 lc rgb "#d95f02" notitle, \
  $g2 index 6 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#d95f02" title 'cublas bf16 nt', \
  $g2 index 7 using 1:2 with points pt 6 ps 1.1 lc rgb "#d95f02" notitle, \
  $g2 index 8 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#8e24aa" title 'cublas fp16 nn', \
  $g2 index 9 using 1:2 with points pt 7 ps 1.1 lc rgb "#8e24aa" notitle, \
  $g2 index 10 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#8e24aa" title 'cublas fp16 nt', \
  $g2 index 11 using 1:2 with points pt 6 ps 1.1 lc rgb "#8e24aa" notitle, \
  NaN with points pt 1 ps 1.1 lc rgb "#404040" title "points alone: m, n, k not all equal", \
  NaN notitle
unset multiplot
