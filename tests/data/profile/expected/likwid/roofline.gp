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
set xrange [0.015625:256]
set yrange [0.2:1000]
set xtics ("1/64" 0.015625, "1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'L1 535.6 GB/s (median 509.8, 70% of spec)'
0.015625 8.36875
0.6867692 367.8336


# 'L2 215.2 GB/s (median 205.9)'
0.015625 3.363281
1.708867 367.8336


# 'L3 153.0 GB/s (median 147.1)'
0.015625 2.390625
2.404141 367.8336


# 'DRAM 28.8 GB/s (median 27.5, 85% of spec)'
0.015625 0.450625
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
0.5 384
256 384


# 'spec fp64 192.0 GFLOP/s'
0.25 192
256 192


# 'spec L1 768.0 GB/s'
0.015625 12
0.5 384


# 'spec DRAM 34.1 GB/s'
0.015625 0.5328125
11.261 384


EOD
$kernels << EOD
# 1 'triad'
0.06249894 1.658524 4
0.06249894 1.658524 12
0.06250011 1.658524 8


# 2 'dgemm'
0.6710099 49.43145 4
2.62146 49.43145 12
83.88672 49.43145 8


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
# box 217.00 677.00 119.00 65.00 0.00 '(key)'
# box 932.67 689.57 213.65 7.20 0.00 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)'
set label 1 'fp32 avx2 367.8 GFLOP/s (median 351.8, 96% of spec)' at 31.28835,501.6486 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
# box 941.98 585.92 213.65 7.20 0.00 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)'
set label 2 'fp64 avx2 183.9 GFLOP/s (median 175.9, 96% of spec)' at 34.05179,134.8569 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
# box 957.67 478.94 192.90 7.20 0.00 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)'
set label 3 'fp64 c 39.6 GFLOP/s (median 37.8, 21% of spec)' at 39.26994,34.75549 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
# box 267.01 501.75 172.15 7.20 35.64 'L1 535.6 GB/s (median 509.8, 70% of spec)'
set label 4 'L1 535.6 GB/s (median 509.8, 70% of spec)' at 0.07389921,46.40475 center rotate by 35.64 front textcolor rgb "#1b9e77" font "sans,10"
# box 232.15 404.83 118.20 7.20 35.64 'L2 215.2 GB/s (median 205.9)'
set label 5 'L2 215.2 GB/s (median 205.9)' at 0.05383478,13.58589 center rotate by 35.64 front textcolor rgb "#d95f02" font "sans,10"
# box 270.19 405.17 118.20 7.20 35.64 'L3 153.0 GB/s (median 147.1)'
set label 6 'L3 153.0 GB/s (median 147.1)' at 0.07606575,13.64466 center rotate by 35.64 front textcolor rgb "#7570b3" font "sans,10"
# box 452.45 379.08 172.15 7.20 35.64 'DRAM 28.8 GB/s (median 27.5, 85% of spec)'
set label 7 'DRAM 28.8 GB/s (median 27.5, 85% of spec)' at 0.3984681,9.801819 center rotate by 35.64 front textcolor rgb "#e7298a" font "sans,10"
# box 1057.58 644.00 97.45 7.20 0.00 'spec fp32 384.0 GFLOP/s'
set label 8 'spec fp32 384.0 GFLOP/s' at 97.34264,281.5678 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 1045.76 624.00 97.45 7.20 0.00 'spec fp64 192.0 GFLOP/s'
set label 9 'spec fp64 192.0 GFLOP/s' at 87.42658,218.4974 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 318.91 567.40 76.70 7.20 35.64 'spec L1 768.0 GB/s'
set label 10 'spec L1 768.0 GB/s' at 0.1184292,106.6355 center rotate by 35.64 front textcolor rgb "#8c8c8c" font "sans,10"
# box 470.26 430.17 80.85 7.20 35.64 'spec DRAM 34.1 GB/s'
set label 11 'spec DRAM 34.1 GB/s' at 0.4684799,18.72956 center rotate by 35.64 front textcolor rgb "#8c8c8c" font "sans,10"
# box 341.27 238.90 76.70 7.20 0.00 'triad: 92% of DRAM'
set label 12 'triad: 92% of DRAM' at 0.1451025,1.658524 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
# box 509.80 529.94 68.40 7.20 0.00 'dgemm: 34% of L2'
set label 13 'dgemm: 34% of L2' at 0.6710099,66.32938 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
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
  $kernels index 0 using 1:2 with lines lw 1.2 dt 3 lc rgb "#1b9e77" notitle, \
  $kernels index 0 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#1b9e77" notitle, \
  $kernels index 1 using 1:2 with lines lw 1.2 dt 3 lc rgb "#d95f02" notitle, \
  $kernels index 1 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#d95f02" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "textbook (spec)", \
  NaN with points pt 4 ps 1.6 lw 2 lc rgb "#303030" title 'region at L2', \
  NaN with points pt 12 ps 1.6 lw 2 lc rgb "#303030" title 'region at L3', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'region at DRAM'
