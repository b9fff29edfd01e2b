# Written by rfl plot; render with: gnuplot 'roofline-gpus.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output 'roofline-gpus.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: vm, 2 GPUs together (NVIDIA H100 80GB HBM3 (test double), 4 SMs each)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:18:52Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 1200.52 10.20 192.48 6.48 0.00 'host vm | rfl 0.1.0 | measured 2026-11-26T02:18:52Z'
set xrange [0.0078125:16]
set yrange [0.01:2]
set xtics ("1/128" 0.0078125, "1/64" 0.015625, "1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 4.92 GB/s'
0.0078125 0.03847131
0.1321108 0.6505567


# 'L2 4.92 GB/s'
0.0078125 0.03847187
0.1321088 0.6505567


# 'device memory 4.92 GB/s'
0.0078125 0.03843596
0.1322323 0.6505567


# 'fp32 0.651 GFLOP/s'
0.1321088 0.6505567
16 0.6505567


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
# box 979.71 648.63 69.23 6.48 0.00 'fp32 0.651 GFLOP/s'
set label 1 'fp32 0.651 GFLOP/s' at 8.57641,0.6979699 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
# box 315.32 493.14 61.76 6.48 47.39 'shared 4.92 GB/s'
set label 2 'shared 4.92 GB/s' at 0.04029294,0.2201443 center rotate by 47.39 front textcolor rgb "#66a61e" font "sans,9"
# box 236.46 407.39 46.82 6.48 47.39 'L2 4.92 GB/s'
set label 3 'L2 4.92 GB/s' at 0.02132521,0.116514 center rotate by 47.39 front textcolor rgb "#d95f02" font "sans,9"
# box 329.34 480.25 87.91 6.48 47.39 'device memory 4.92 GB/s'
set label 4 'device memory 4.92 GB/s' at 0.04511993,0.2000712 center rotate by 47.39 front textcolor rgb "#e7298a" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)"
