# Written by rfl plot; render with: gnuplot roofline.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output "roofline.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.97
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "Roofline: vm (Intel(R) Xeon(R) Processor), 2 ranks x 8 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:55:23Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:10000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 9605 GB/s
0.03125 300.1529
0.3582833 3441.272


# L2 2706 GB/s
0.03125 84.56748
1.271644 3441.272


# L3 841.0 GB/s
0.03125 26.28004
4.09207 3441.272


# DRAM 212.7 GB/s
0.03125 6.645325
16.18277 3441.272


# fp32 avx512 3441 GFLOP/s (99% of spec)
0.3582833 3441.272
256 3441.272


# fp64 avx512 1674 GFLOP/s (96% of spec)
0.1743063 1674.194
256 1674.194


# fp32 c 361.5 GFLOP/s (10% of spec)
0.03763562 361.4861
256 361.4861


# fp64 c 201.1 GFLOP/s (12% of spec)
0.02093519 201.0803
256 201.0803


# spec fp32 3482 GFLOP/s
0.3625372 3482.131
256 3482.131


# spec fp64 1740 GFLOP/s
0.1811531 1739.956
256 1739.956


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3441 GFLOP/s (99% of spec)" at 56.46988,3916.193 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1674 GFLOP/s (96% of spec)" at 57.41429,1471.162 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 361.5 GFLOP/s (10% of spec)" at 65.18995,411.3738 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 201.1 GFLOP/s (12% of spec)" at 59.5249,228.8308 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 9605 GB/s" at 0.1287553,1444.459 center rotate by 33.65 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 2706 GB/s" at 0.2753268,870.2608 center rotate by 33.65 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 841.0 GB/s" at 0.1138518,111.8313 center rotate by 33.65 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 212.7 GB/s" at 0.4243023,105.3875 center rotate by 33.65 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 3482 GFLOP/s" at 5.700137,3962.691 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 1740 GFLOP/s" at 99.70449,1980.083 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#7570b3" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 5 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 6 with lines lw 3 lc rgb "#5b7fbf" notitle, \
  $ceilings index 7 with lines lw 3 lc rgb "#5a5a5a" notitle, \
  $ceilings index 8 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 9 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "textbook (spec)"
