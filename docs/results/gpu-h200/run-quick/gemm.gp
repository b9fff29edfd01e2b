# Written by rfl plot; render with: gnuplot gemm.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output "gemm.png"
set encoding utf8
set label 1001 "GEMM: vm gpu0 (NVIDIA H200)" at screen 0.5,0.9611111 center font "sans,14"
set label 1002 "C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel" at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:03:00Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
256 620.7148 16628.77
1024 10578.95 16628.77
4096 12004.76 16628.77


# volkov fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp64 nn, square: size, GFLOP/s, model bound
256 1021.636 21071.53
1024 19363.39 21071.53
4096 21908.29 21071.53


# tiled fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# dmma fp64 nn, square: size, GFLOP/s, model bound
256 731.8369 66179.82
1024 25048.1 66179.82
4096 52160.95 66179.82


# dmma fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp64 nn, square: size, GFLOP/s, model bound
256 5484.717 NaN
1024 49419.77 NaN
4096 60430.93 NaN


# cublas fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# volkov fp64 nt, square: size, GFLOP/s, model bound
256 625.6383 16502.79
1024 10723.8 16628.77
4096 13422.7 16628.77


# volkov fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp64 nt, square: size, GFLOP/s, model bound
256 1022.942 20911.89
1024 19301.57 21071.53
4096 22485.92 21071.53


# tiled fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# dmma fp64 nt, square: size, GFLOP/s, model bound
256 728.3775 66179.82
1024 24659.77 66179.82
4096 50368.25 66179.82


# dmma fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp64 nt, square: size, GFLOP/s, model bound
256 5493.53 NaN
1024 49273.45 NaN
4096 57150.41 NaN


# cublas fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


EOD
set lmargin at screen 0.05952381
set rmargin at screen 0.3382937
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP64: CUDA cores (DFMA) and FP64 tensor cores" font "sans,11"
set xrange [128:8192]
set yrange [100:200000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192)
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
  NaN notitle
# panel 1: FP32: CUDA cores (FFMA; cuBLAS with TF32 off)
$g1 << EOD
# volkov fp32 nn, square: size, GFLOP/s, model bound
256 723.7659 31284.1
1024 12995.89 31284.1
4096 21545.51 31284.1


# volkov fp32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp32 nn, square: size, GFLOP/s, model bound
256 1056.312 56434.79
1024 20064.52 56434.79
4096 46581.39 56434.79


# tiled fp32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp32 nn, square: size, GFLOP/s, model bound
256 3221.9 NaN
1024 32741.55 NaN
4096 50735.35 NaN


# cublas fp32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# volkov fp32 nt, square: size, GFLOP/s, model bound
256 969.2621 31284.1
1024 17611.1 31284.1
4096 24434.18 31284.1


# volkov fp32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp32 nt, square: size, GFLOP/s, model bound
256 1140.129 56434.79
1024 21418.63 56434.79
4096 50335.98 56434.79


# tiled fp32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp32 nt, square: size, GFLOP/s, model bound
256 3929.643 NaN
1024 38285.41 NaN
4096 51362.72 NaN


# cublas fp32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


EOD
set lmargin at screen 0.3829365
set rmargin at screen 0.6617063
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "FP32: CUDA cores (FFMA; cuBLAS with TF32 off)" font "sans,11"
set xrange [128:8192]
set yrange [100:200000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192)
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
  NaN notitle
# panel 2: Tensor-core types (cuBLAS, FP32 accumulation)
$g2 << EOD
# cublas tf32 nn, square: size, GFLOP/s, model bound
256 4351.169 NaN
1024 142341.2 NaN
4096 372499.4 NaN


# cublas tf32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas tf32 nt, square: size, GFLOP/s, model bound
256 4378.201 NaN
1024 101109.9 NaN
4096 246694 NaN


# cublas tf32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas bf16 nn, square: size, GFLOP/s, model bound
256 6740.55 NaN
1024 247986.9 NaN
4096 639744.9 NaN


# cublas bf16 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas bf16 nt, square: size, GFLOP/s, model bound
256 6738.322 NaN
1024 250153.4 NaN
4096 642971.2 NaN


# cublas bf16 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp16 nn, square: size, GFLOP/s, model bound
256 6841.563 NaN
1024 246211 NaN
4096 621926.7 NaN


# cublas fp16 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp16 nt, square: size, GFLOP/s, model bound
256 6846.547 NaN
1024 248516.3 NaN
4096 621120 NaN


# cublas fp16 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


EOD
set lmargin at screen 0.7063492
set rmargin at screen 0.985119
set tmargin at screen 0.8472222
set bmargin at screen 0.09722222
set title "Tensor-core types (cuBLAS, FP32 accumulation)" font "sans,11"
set xrange [128:8192]
set yrange [1000:2000000]
set xtics ("128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192)
set mxtics 1
unset ylabel
plot \
  519045.1 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "peak tf32 tensor 519045", \
  1062420 with lines dt 4 lw 1.5 lc rgb "#8c8c8c" title "peak fp16 tensor 1062420", \
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
  NaN notitle
unset multiplot
