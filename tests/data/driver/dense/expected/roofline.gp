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
set title 'Roofline: golden (Synthetic CPU 4000), 1 rank x 4 threads' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z'
set xrange [0.0625:256]
set yrange [0.5:1000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'L1 535.6 GB/s (median 509.8)'
0.0625 33.475
0.6867692 367.8336


# 'L2 215.2 GB/s (median 205.9)'
0.0625 13.45312
1.708867 367.8336


# 'L3 153.0 GB/s (median 147.1)'
0.0625 9.5625
2.404141 367.8336


# 'DRAM 28.8 GB/s (median 27.5)'
0.0625 1.8025
12.75429 367.8336


# 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)'
0.6867692 367.8336
256 367.8336


# 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)'
0.3433846 183.9168
256 183.9168


# 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)'
0.07384615 39.552
256 39.552


# 'spec fp32 384.0 GFLOP/s'
0.7169529 384
256 384


# 'spec fp64 192.0 GFLOP/s'
0.3584765 192
256 192


EOD
$kernels << EOD
# 1 'LU lapack fp64'
29.20499 140 8


# 2 'Chol lapack fp64'
29.20499 140 8


# 3 'QR lapack fp64'
58.40998 126 8


# 4 'LU lapack fp32'
58.40998 280 8


# 5 'Chol lapack fp32'
58.40998 280 8


# 6 'QR lapack fp32'
116.82 252 8


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
# box 217.00 699.00 119.00 43.00 0.00 '(key)'
# box 932.12 680.06 213.65 7.20 0.00 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)'
set label 1 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)' at 42.06821,485.1804 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
# box 947.44 604.50 213.65 7.20 0.00 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)'
set label 2 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)' at 47.39831,206.4079 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
# box 949.45 468.62 192.90 7.20 0.00 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)'
set label 3 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)' at 48.14575,44.3888 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
# box 274.87 579.22 118.20 7.20 34.55 'L1 535.6 GB/s (median 509.8)'
set label 4 'L1 535.6 GB/s (median 509.8)' at 0.251694,155.077 center rotate by 34.55 front textcolor rgb "#1b9e77" font "sans,10"
# box 302.62 517.73 118.20 7.20 34.55 'L2 215.2 GB/s (median 205.9)'
set label 5 'L2 215.2 GB/s (median 205.9)' at 0.3124125,77.35804 center rotate by 34.55 front textcolor rgb "#d95f02" font "sans,10"
# box 203.61 377.27 118.20 7.20 34.55 'L3 153.0 GB/s (median 147.1)'
set label 6 'L3 153.0 GB/s (median 147.1)' at 0.1444953,15.79588 center rotate by 34.55 front textcolor rgb "#7570b3" font "sans,10"
# box 363.37 381.85 118.20 7.20 34.55 'DRAM 28.8 GB/s (median 27.5)'
set label 7 'DRAM 28.8 GB/s (median 27.5)' at 0.5014467,16.63619 center rotate by 34.55 front textcolor rgb "#e7298a" font "sans,10"
# box 613.05 669.58 97.45 7.20 0.00 'spec fp32 384.0 GFLOP/s'
set label 8 'spec fp32 384.0 GFLOP/s' at 3.505363,430.9592 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 864.48 622.58 97.45 7.20 0.00 'spec fp64 192.0 GFLOP/s'
set label 9 'spec fp64 192.0 GFLOP/s' at 24.83981,253.2521 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 885.26 536.97 134.80 7.20 0.00 'LU lapack fp64: 76% of fp64 avx2'
set label 10 'LU lapack fp64: 76% of fp64 avx2' at 29.20499,96.1704 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
# box 726.16 570.17 143.10 7.20 0.00 'Chol lapack fp64: 76% of fp64 avx2'
set label 11 'Chol lapack fp64: 76% of fp64 avx2' at 8.459091,140 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
# box 894.86 587.88 134.80 7.20 0.00 'QR lapack fp64: 69% of fp64 avx2'
set label 12 'QR lapack fp64: 69% of fp64 avx2' at 31.47225,171.0407 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set arrow from 37.10997,157.6635 to 58.40998,126 nohead lw 0.6 lc rgb "#7570b3" front
# box 974.26 664.66 134.80 7.20 0.00 'LU lapack fp32: 76% of fp32 avx2'
set label 13 'LU lapack fp32: 76% of fp32 avx2' at 58.40998,407.6098 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
# box 974.26 698.66 143.10 7.20 0.00 'Chol lapack fp32: 76% of fp32 avx2'
set label 14 'Chol lapack fp32: 76% of fp32 avx2' at 58.40998,598.7714 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,10"
set arrow from 58.40998,551.9412 to 58.40998,280 nohead lw 0.6 lc rgb "#66a61e" front
# box 977.17 729.86 134.80 7.20 0.00 'QR lapack fp32: 69% of fp32 avx2'
set label 15 'QR lapack fp32: 69% of fp32 avx2' at 59.74512,852.1532 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,10"
set arrow from 62.48393,785.506 to 116.82,252 nohead lw 0.6 lc rgb "#c99700" front
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
  $kernels index 0 using 1:2 with lines lw 1.2 dt 3 lc rgb "#1b9e77" notitle, \
  $kernels index 0 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#1b9e77" notitle, \
  $kernels index 1 using 1:2 with lines lw 1.2 dt 3 lc rgb "#d95f02" notitle, \
  $kernels index 1 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#d95f02" notitle, \
  $kernels index 2 using 1:2 with lines lw 1.2 dt 3 lc rgb "#7570b3" notitle, \
  $kernels index 2 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#7570b3" notitle, \
  $kernels index 3 using 1:2 with lines lw 1.2 dt 3 lc rgb "#e7298a" notitle, \
  $kernels index 3 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#e7298a" notitle, \
  $kernels index 4 using 1:2 with lines lw 1.2 dt 3 lc rgb "#66a61e" notitle, \
  $kernels index 4 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#66a61e" notitle, \
  $kernels index 5 using 1:2 with lines lw 1.2 dt 3 lc rgb "#c99700" notitle, \
  $kernels index 5 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#c99700" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "textbook (spec)", \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'factorization at DRAM'
