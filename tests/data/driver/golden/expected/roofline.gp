# Written by rfl plot; render with: gnuplot 'roofline.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'roofline.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.97
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: golden machine (Synthetic CPU 4000), 1 rank x 4 threads' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z'
set xrange [0.03125:128]
set yrange [0.2:1000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'L1 535.6 GB/s (median 509.8, 70% of spec)'
0.03125 16.7375
0.6867692 367.8336


# 'L2 215.2 GB/s (median 205.9)'
0.03125 6.726562
1.708867 367.8336


# 'L3 153.0 GB/s (median 147.1)'
0.03125 4.78125
2.404141 367.8336


# 'DRAM 28.8 GB/s (median 27.5, 85% of spec)'
0.03125 0.90125
12.75429 367.8336


# 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)'
0.6867692 367.8336
128 367.8336


# 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)'
0.3433846 183.9168
128 183.9168


# 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)'
0.07384615 39.552
128 39.552


# 'spec fp32 384.0 GFLOP/s'
0.5 384
128 384


# 'spec fp64 192.0 GFLOP/s'
0.25 192
128 192


# 'spec L1 768.0 GB/s'
0.03125 24
0.5 384


# 'spec DRAM 34.1 GB/s'
0.03125 1.065625
11.261 384


EOD
$apps << EOD
# 'stencil'
0.25 5.5
# 'solver, sparse'
0.12 2.1
# 'dense GEMM'
16 70
EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
# box 217.00 699.00 119.00 43.00 0.00 '(key)'
# box 942.49 689.57 213.65 7.20 0.00 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)'
set label 1 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)' at 22.80228,501.6486 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
# box 932.12 600.20 213.65 7.20 0.00 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)'
set label 2 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)' at 21.03411,161.613 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
# box 967.70 499.34 192.90 7.20 0.00 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)'
set label 3 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)' at 27.74848,45.01047 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
# box 318.79 570.17 172.15 7.20 31.57 'L1 535.6 GB/s (median 509.8, 70% of spec)'
set label 4 'L1 535.6 GB/s (median 509.8, 70% of spec)' at 0.1771803,110.447 center rotate by 31.57 front textcolor rgb "#1b9e77" font "sans,10"
# box 229.79 419.61 118.20 7.20 31.57 'L2 215.2 GB/s (median 205.9)'
set label 5 'L2 215.2 GB/s (median 205.9)' at 0.08858837,16.38408 center rotate by 31.57 front textcolor rgb "#d95f02" font "sans,10"
# box 268.63 416.54 118.20 7.20 31.57 'L3 153.0 GB/s (median 147.1)'
set label 6 'L3 153.0 GB/s (median 147.1)' at 0.1198796,15.75937 center rotate by 31.57 front textcolor rgb "#7570b3" font "sans,10"
# box 372.64 389.50 172.15 7.20 31.57 'DRAM 28.8 GB/s (median 27.5, 85% of spec)'
set label 7 'DRAM 28.8 GB/s (median 27.5, 85% of spec)' at 0.2694966,11.18673 center rotate by 31.57 front textcolor rgb "#e7298a" font "sans,10"
# box 626.44 678.68 97.45 7.20 0.00 'spec fp32 384.0 GFLOP/s'
set label 8 'spec fp32 384.0 GFLOP/s' at 1.94531,436.9948 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 1059.87 624.00 97.45 7.20 0.00 'spec fp64 192.0 GFLOP/s'
set label 9 'spec fp64 192.0 GFLOP/s' at 56.88593,218.4974 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 304.26 589.67 76.70 7.20 31.57 'spec L1 768.0 GB/s'
set label 10 'spec L1 768.0 GB/s' at 0.1582195,141.4226 center rotate by 31.57 front textcolor rgb "#8c8c8c" font "sans,10"
# box 524.56 438.61 80.85 7.20 31.57 'spec DRAM 34.1 GB/s'
set label 11 'spec DRAM 34.1 GB/s' at 0.8798302,20.84483 center rotate by 31.57 front textcolor rgb "#8c8c8c" font "sans,10"
# box 484.75 333.49 105.75 7.20 0.00 'stencil (76% of roofline)'
set label 12 'stencil (76% of roofline)' at 0.6452712,5.5 center rotate by 0.00 front textcolor rgb "#b2182b" font "sans,10"
# box 419.56 257.52 134.80 7.20 0.00 'solver, sparse (61% of roofline)'
set label 13 'solver, sparse (61% of roofline)' at 0.3883659,2.1 center rotate by 0.00 front textcolor rgb "#b2182b" font "sans,10"
# box 1021.20 534.19 118.20 7.20 0.00 'dense GEMM (38% of roofline)'
set label 14 'dense GEMM (38% of roofline)' at 42.09292,70 center rotate by 0.00 front textcolor rgb "#b2182b" font "sans,10"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#7570b3" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 5 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 6 with lines lw 3 lc rgb "#5a5a5a" notitle, \
  $ceilings index 7 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 8 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 9 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 10 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $apps using 1:2 with points pt 7 ps 1.6 lc rgb "#b2182b" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "textbook (spec)", \
  NaN with points pt 7 ps 1.6 lc rgb "#b2182b" title "application"
