# Written by rfl plot; render with: gnuplot 'gemm.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output 'gemm.png'
set encoding utf8
set label 1001 'GEMM: golden gpu0 (NVIDIA H200 (synthetic))' at screen 0.5,0.9611111 center font "sans,14"
set label 1002 'C = alpha A B + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel' at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1024 6205.5 8164.8
2048 10231.2 13063.68
4096 12815.6 16692.48
8192 14070 16800


# 'volkov fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp64 nn, square: size, GFLOP/s, model bound'
1024 13208.62 15454.8
2048 21346.2 24727.68
4096 26597.2 31596.48
8192 30090 31800


# 'tiled fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'dmma fp64 nn, square: size, GFLOP/s, model bound'
1024 22838.62 27702
2048 35632.8 44323.2
4096 47389.2 56635.2
8192 50500 57000


# 'dmma fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp64 nn, square: size, GFLOP/s, model bound'
1024 27631.8 NaN
2048 43344 NaN
4096 54830.16 NaN
8192 60802 NaN


# 'cublas fp64 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


EOD
set lmargin at screen 0.05952381
set rmargin at screen 0.3382937
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP64: CUDA cores (DFMA) and FP64 tensor cores" font "sans,11"
set xrange [512:16384]
set yrange [1000:200000]
set xtics ("512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384)
set mxtics 1
set ylabel "GFLOP/s" font "sans,10"
plot \
  33454.08 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title 'peak fp64 33454', \
  66908.16 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title 'peak fp64 tensor 66908', \
  $g0 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 9 ps 1.1 lc rgb "#d95f02" title 'volkov fp64', \
  $g0 index 1 using 1:2 with points pt 9 ps 1.1 lc rgb "#d95f02" notitle, \
  $g0 index 0 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g0 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 5 ps 1.1 lc rgb "#1f4e9c" title 'tiled fp64', \
  $g0 index 3 using 1:2 with points pt 5 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g0 index 2 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g0 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 13 ps 1.1 lc rgb "#1b9e77" title 'dmma fp64', \
  $g0 index 5 using 1:2 with points pt 13 ps 1.1 lc rgb "#1b9e77" notitle, \
  $g0 index 4 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1b9e77" notitle, \
  $g0 index 6 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp64', \
  $g0 index 7 using 1:2 with points pt 7 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g0 index 6 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN notitle
# panel 1: FP32: CUDA cores (FFMA; cuBLAS with TF32 off)
$g1 << EOD
# 'volkov fp32 nn, square: size, GFLOP/s, model bound'
1024 9900 12393
2048 15602.4 19828.8
4096 20543.6 25336.8
8192 21890 25500


# 'volkov fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'tiled fp32 nn, square: size, GFLOP/s, model bound'
1024 21695.62 25272
2048 34029 40435.2
4096 43918.5 51667.2
8192 46550 52000


# 'tiled fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp32 nn, square: size, GFLOP/s, model bound'
1024 22711.5 NaN
2048 37821.6 NaN
4096 47380 NaN
8192 50985 NaN


# 'cublas fp32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


EOD
set lmargin at screen 0.3829365
set rmargin at screen 0.6617063
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP32: CUDA cores (FFMA; cuBLAS with TF32 off)" font "sans,11"
set xrange [512:16384]
set yrange [2000:200000]
set xtics ("512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384)
set mxtics 1
unset ylabel
plot \
  66908.16 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title 'peak fp32 66908', \
  $g1 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 9 ps 1.1 lc rgb "#d95f02" title 'volkov fp32', \
  $g1 index 1 using 1:2 with points pt 9 ps 1.1 lc rgb "#d95f02" notitle, \
  $g1 index 0 using 1:3 with lines dt 3 lw 1.8 lc rgb "#d95f02" notitle, \
  $g1 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 5 ps 1.1 lc rgb "#1f4e9c" title 'tiled fp32', \
  $g1 index 3 using 1:2 with points pt 5 ps 1.1 lc rgb "#1f4e9c" notitle, \
  $g1 index 2 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1f4e9c" notitle, \
  $g1 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#1a1a1a" title 'cublas fp32', \
  $g1 index 5 using 1:2 with points pt 7 ps 1.1 lc rgb "#1a1a1a" notitle, \
  $g1 index 4 using 1:3 with lines dt 3 lw 1.8 lc rgb "#1a1a1a" notitle, \
  NaN with lines dt 3 lw 1.8 lc rgb "#404040" title "model bound (Lai & Seznec)", \
  NaN notitle
# panel 2: Tensor-core types (cuBLAS, FP32 accumulation)
$g2 << EOD
# 'cublas tf32 nn, square: size, GFLOP/s, model bound'
1024 171450 NaN
2048 271576.8 NaN
4096 354025.2 NaN
8192 381000 NaN


# 'cublas tf32 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas bf16 nn, square: size, GFLOP/s, model bound'
1024 321651 NaN
2048 525038.4 NaN
4096 664240 NaN
8192 711170 NaN


# 'cublas bf16 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


# 'cublas fp16 nn, square: size, GFLOP/s, model bound'
1024 334057.5 NaN
2048 529200 NaN
4096 666057 NaN
8192 746025 NaN


# 'cublas fp16 nn, rectangular: size, GFLOP/s, model bound'
NaN NaN NaN


EOD
set lmargin at screen 0.7063492
set rmargin at screen 0.985119
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "Tensor-core types (cuBLAS, FP32 accumulation)" font "sans,11"
set xrange [512:16384]
set yrange [20000:2000000]
set xtics ("512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384)
set mxtics 1
unset ylabel
plot \
  535265.3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title 'peak tf32 tensor 535265', \
  1070531 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title 'peak fp16 tensor 1070531', \
  $g2 index 0 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#00838f" title 'cublas tf32', \
  $g2 index 1 using 1:2 with points pt 7 ps 1.1 lc rgb "#00838f" notitle, \
  $g2 index 2 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#d95f02" title 'cublas bf16', \
  $g2 index 3 using 1:2 with points pt 7 ps 1.1 lc rgb "#d95f02" notitle, \
  $g2 index 4 using 1:2 with linespoints dt 1 lw 1.8 pt 7 ps 1.1 lc rgb "#8e24aa" title 'cublas fp16', \
  $g2 index 5 using 1:2 with points pt 7 ps 1.1 lc rgb "#8e24aa" notitle, \
  NaN notitle
unset multiplot
