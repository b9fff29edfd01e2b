# Written by rfl plot; render with: gnuplot gemm.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1680,720 font "sans,11" noenhanced
set output "gemm.png"
set encoding utf8
set label 1001 "GEMM: vm gpu0 (NVIDIA H200)" at screen 0.5,0.9611111 center font "sans,14"
set label 1002 "C = alpha A op(B) + beta C; GFLOP/s against size, with the peak of each unit and the upper-bound model of each kernel" at screen 0.5,0.9277778 center font "sans,10" textcolor rgb "#404040"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:49Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
256 641.1628 16598.92
1024 10770.54 16598.92
4096 12033.35 16598.92


# volkov fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp64 nn, square: size, GFLOP/s, model bound
256 1024.083 21037.58
1024 19333.49 21037.58
4096 21858.56 21037.58


# tiled fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# dmma fp64 nn, square: size, GFLOP/s, model bound
256 747.4853 66064.09
1024 25330.13 66064.09
4096 51892.68 66064.09


# dmma fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp64 nn, square: size, GFLOP/s, model bound
256 5282.657 NaN
1024 49237.6 NaN
4096 59103.16 NaN


# cublas fp64 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# volkov fp64 nt, square: size, GFLOP/s, model bound
256 643.2455 16473.18
1024 10942.48 16598.92
4096 13165.09 16598.92


# volkov fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp64 nt, square: size, GFLOP/s, model bound
256 1023.149 21037.58
1024 19288.26 21037.58
4096 22460.52 21037.58


# tiled fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# dmma fp64 nt, square: size, GFLOP/s, model bound
256 742.0275 66064.09
1024 24857.44 66064.09
4096 51771.54 66064.09


# dmma fp64 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp64 nt, square: size, GFLOP/s, model bound
256 5278.322 NaN
1024 49189.95 NaN
4096 55983.34 NaN


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
256 745.4259 31239.23
1024 13413.8 31239.23
4096 21578.09 31239.23


# volkov fp32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp32 nn, square: size, GFLOP/s, model bound
256 1054.607 56373.72
1024 20094.44 56373.72
4096 46466.99 56373.72


# tiled fp32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp32 nn, square: size, GFLOP/s, model bound
256 3187.793 NaN
1024 33182.59 NaN
4096 50833.83 NaN


# cublas fp32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# volkov fp32 nt, square: size, GFLOP/s, model bound
256 997.6937 31239.23
1024 18044.46 31239.23
4096 24480.98 31239.23


# volkov fp32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# tiled fp32 nt, square: size, GFLOP/s, model bound
256 1140.719 56373.72
1024 21429.2 56373.72
4096 50350.33 56373.72


# tiled fp32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp32 nt, square: size, GFLOP/s, model bound
256 3861.313 NaN
1024 38272.94 NaN
4096 51348.8 NaN


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
256 4154.801 NaN
1024 133507.4 NaN
4096 366867.6 NaN


# cublas tf32 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas tf32 nt, square: size, GFLOP/s, model bound
256 4168.847 NaN
1024 103085.2 NaN
4096 249957.4 NaN


# cublas tf32 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas bf16 nn, square: size, GFLOP/s, model bound
256 5619.503 NaN
1024 247556.3 NaN
4096 647582.2 NaN


# cublas bf16 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas bf16 nt, square: size, GFLOP/s, model bound
256 5517.514 NaN
1024 250282.6 NaN
4096 649703.6 NaN


# cublas bf16 nt, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp16 nn, square: size, GFLOP/s, model bound
256 6381.913 NaN
1024 245061 NaN
4096 621591.9 NaN


# cublas fp16 nn, rectangular: size, GFLOP/s, model bound
NaN NaN NaN


# cublas fp16 nt, square: size, GFLOP/s, model bound
256 6370.052 NaN
1024 248697.4 NaN
4096 624648.7 NaN


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
  531210.2 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "peak tf32 tensor 531210", \
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
