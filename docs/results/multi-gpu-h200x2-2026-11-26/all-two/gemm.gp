# Written by rfl plot; render with: gnuplot 'gemm.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output 'gemm.png'
set encoding utf8
set label 1001 'GEMM: vm gpu0 (NVIDIA H200)' at screen 0.5,0.9611111 center font "sans,14"
set label 1002 'C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel' at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
256 639.9051 8056.071
1024 10760.58 16112.14
8192 11247.86 16598.42


# 'volkov fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp64 nn, square: size, GFLOP/s, model bound'
256 1019.279 1667.342
1024 19287.97 26677.47
8192 22102.09 27100.92


# 'tiled fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'dmma fp64 nn, square: size, GFLOP/s, model bound'
256 745.6377 4017.241
1024 25345.92 64275.86
8192 51796.36 65296.11


# 'dmma fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp64 nn, square: size, GFLOP/s, model bound'
256 4049.734 NaN
1024 48628.89 NaN
8192 61272.32 NaN


# 'cublas fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'volkov fp64 nt, square: size, GFLOP/s, model bound'
256 646.6471 8056.071
1024 10902.99 16112.14
8192 12099.82 16598.42


# 'volkov fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp64 nt, square: size, GFLOP/s, model bound'
256 1023.702 1667.342
1024 19280.17 26677.47
8192 22320.52 27100.92


# 'tiled fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp64 nt, square: size, GFLOP/s, model bound'
256 4194.304 NaN
1024 48784.72 NaN
8192 56127.41 NaN


# 'cublas fp64 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'dmma fp64 nt, square: size, GFLOP/s, model bound'
1024 24895.48 64275.86
8192 28114.68 32323.64


# 'dmma fp64 nt, rectangular: size, GFLOP/s, model bound'
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
  $g0 index 12 using 1:2 with linespoints dt 2 lw 1.8 pt 6 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp64 nt', \
  $g0 index 13 using 1:2 with points pt 6 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g0 index 12 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  $g0 index 14 using 1:2 with linespoints dt 2 lw 1.8 pt 12 ps 1.1 lc rgb "#1b9e77" title 'dmma fp64 nt', \
  $g0 index 15 using 1:2 with points pt 12 ps 1.1 lc rgb "#1b9e77" notitle, \
  $g0 index 14 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1b9e77" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN notitle
# panel 1: FP32: CUDA cores (FFMA; cuBLAS with TF32 off)
$g1 << EOD
# 'volkov fp32 nn, square: size, GFLOP/s, model bound'
256 744.8892 15160.41
1024 13372.4 30320.82
8192 21854.34 31235.94


# 'volkov fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp32 nn, square: size, GFLOP/s, model bound'
256 1103.409 1709.159
1024 20322.16 27346.55
8192 49060.74 54693.1


# 'tiled fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp32 nn, square: size, GFLOP/s, model bound'
256 2954.194 NaN
1024 32742.61 NaN
8192 50959.94 NaN


# 'cublas fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'volkov fp32 nt, square: size, GFLOP/s, model bound'
256 998.1612 15160.41
1024 18015.8 30320.82
8192 24463.25 31235.94


# 'volkov fp32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp32 nt, square: size, GFLOP/s, model bound'
256 1139.788 1709.159
1024 21500.85 27346.55
8192 50810.88 54693.1


# 'tiled fp32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp32 nt, square: size, GFLOP/s, model bound'
256 3547.269 NaN
1024 38232.52 NaN
8192 53093.77 NaN


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
256 4378.001 NaN
1024 142295.4 NaN
8192 394671.9 NaN


# 'cublas tf32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas tf32 nt, square: size, GFLOP/s, model bound'
256 3525.942 NaN
8192 262336.1 NaN


# 'cublas tf32 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas bf16 nn, square: size, GFLOP/s, model bound'
256 3761.971 NaN
1024 226432.3 NaN
8192 750098 NaN


# 'cublas bf16 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas bf16 nt, square: size, GFLOP/s, model bound'
256 3543.453 NaN
1024 223175.5 NaN
8192 753337.8 NaN


# 'cublas bf16 nt, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp16 nn, square: size, GFLOP/s, model bound'
256 3477.979 NaN
1024 204948.7 NaN
8192 720322.4 NaN


# 'cublas fp16 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp16 nt, square: size, GFLOP/s, model bound'
256 3073.683 NaN
1024 245203.5 NaN
8192 721040.4 NaN


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
