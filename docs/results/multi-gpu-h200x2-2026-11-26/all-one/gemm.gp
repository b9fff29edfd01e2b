# Written by rfl plot; render with: gnuplot 'gemm.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output 'gemm.png'
set encoding utf8
set label 1001 'GEMM: vm gpu0 (NVIDIA H200)' at screen 0.5,0.9611111 center font "sans,14"
set label 1002 'C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel' at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:41:53Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
256 643.1197 8061.069
1024 10748.83 16122.14
8192 11271.98 16608.72


# 'volkov fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp64 nn, square: size, GFLOP/s, model bound'
256 1026.574 1668.65
1024 19340.95 26698.4
8192 21511.85 27122.18


# 'tiled fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'dmma fp64 nn, square: size, GFLOP/s, model bound'
256 751.866 4019.942
1024 25399.88 64319.07
8192 52557.75 65340.01


# 'dmma fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp64 nn, square: size, GFLOP/s, model bound'
256 4259.866 NaN
1024 49191.42 NaN
8192 61112.12 NaN


# 'cublas fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'volkov fp64 nt, square: size, GFLOP/s, model bound'
256 650.3876 8061.069
1024 10936.91 16122.14
8192 12731.37 16608.72


# 'volkov fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp64 nt, square: size, GFLOP/s, model bound'
256 1029.366 1668.65
1024 19287.27 26698.4
8192 22699.14 27122.18


# 'tiled fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'dmma fp64 nt, square: size, GFLOP/s, model bound'
256 743.8956 4019.942
1024 24852.26 64319.07
8192 52754.08 65340.01


# 'dmma fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp64 nt, square: size, GFLOP/s, model bound'
256 4113.245 NaN
1024 49168.7 NaN
8192 56751.12 NaN


# 'cublas fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


EOD
set lmargin at screen 0.05952381
set rmargin at screen 0.3382937
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP64: CUDA cores (DFMA) and FP64 tensor cores" font "sans,11"
set xrange [128:16384]
set yrange [100:200000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384)
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
  NaN notitle
# panel 1: FP32: CUDA cores (FFMA; cuBLAS with TF32 off)
$g1 << EOD
# 'volkov fp32 nn, square: size, GFLOP/s, model bound'
256 747.327 15165.66
1024 13423.12 30331.32
8192 21656.33 31246.75


# 'volkov fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp32 nn, square: size, GFLOP/s, model bound'
256 1109.234 1710.56
1024 20386.02 27368.96
8192 48996.86 54737.92


# 'tiled fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp32 nn, square: size, GFLOP/s, model bound'
256 2821.734 NaN
1024 33227.05 NaN
8192 50937.88 NaN


# 'cublas fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'volkov fp32 nt, square: size, GFLOP/s, model bound'
256 1004.543 15165.66
1024 18057.16 30331.32
8192 24072.67 31246.75


# 'volkov fp32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp32 nt, square: size, GFLOP/s, model bound'
256 1144.086 1710.56
1024 21552.43 27368.96
8192 50583.63 54737.92


# 'tiled fp32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp32 nt, square: size, GFLOP/s, model bound'
256 3239.662 NaN
1024 38446.78 NaN
8192 53175.77 NaN


# 'cublas fp32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


EOD
set lmargin at screen 0.3829365
set rmargin at screen 0.6617063
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP32: CUDA cores (FFMA; cuBLAS with TF32 off)" font "sans,11"
set xrange [128:16384]
set yrange [100:200000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384)
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
  NaN notitle
# panel 2: Tensor-core types (cuBLAS, FP32 accumulation)
$g2 << EOD
# 'cublas tf32 nn, square: size, GFLOP/s, model bound'
256 4478.178 NaN
1024 142864.6 NaN
8192 396644.6 NaN


# 'cublas tf32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas tf32 nt, square: size, GFLOP/s, model bound'
256 3694.89 NaN
1024 103137.6 NaN
8192 262697.2 NaN


# 'cublas tf32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas bf16 nn, square: size, GFLOP/s, model bound'
256 4916.31 NaN
1024 248243.6 NaN
8192 758459.6 NaN


# 'cublas bf16 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas bf16 nt, square: size, GFLOP/s, model bound'
256 4870.019 NaN
1024 254071.1 NaN
8192 759029.3 NaN


# 'cublas bf16 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp16 nn, square: size, GFLOP/s, model bound'
256 5030.744 NaN
1024 247860.9 NaN
8192 726007.1 NaN


# 'cublas fp16 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp16 nt, square: size, GFLOP/s, model bound'
256 4962.939 NaN
1024 254258.7 NaN
8192 725999.4 NaN


# 'cublas fp16 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


EOD
set lmargin at screen 0.7063492
set rmargin at screen 0.985119
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "Tensor-core types (cuBLAS, FP32 accumulation)" font "sans,11"
set xrange [128:16384]
set yrange [500:2000000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384)
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
  NaN notitle
unset multiplot
