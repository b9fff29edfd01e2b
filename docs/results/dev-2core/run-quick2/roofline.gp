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
set title "Roofline: vm (AMD EPYC), 1 rank x 2 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:27:01Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:64]
set yrange [1:2000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 1342 GB/s
0.03125 41.9467
0.3632605 487.6025


# L2 659.1 GB/s
0.03125 20.597
0.7397958 487.6025


# L3 407.0 GB/s
0.03125 12.71964
1.197957 487.6025


# DRAM 71.0 GB/s
0.03125 2.217283
6.872185 487.6025


# fp32 avx512 487.6 GFLOP/s (98% of spec)
0.3632605 487.6025
64 487.6025


# fp64 avx512 240.7 GFLOP/s (98% of spec)
0.1793196 240.6996
64 240.6996


# fp32 c 99.5 GFLOP/s (20% of spec)
0.07413416 99.50985
64 99.50985


# fp64 c 49.2 GFLOP/s (20% of spec)
0.03664173 49.18399
64 49.18399


# spec fp32 496.9 GFLOP/s
0.3701881 496.9013
64 496.9013


# spec fp64 244.6 GFLOP/s
0.1822048 244.5725
64 244.5725


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 487.6 GFLOP/s (98% of spec)" at 19.48089,643.1581 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 240.7 GFLOP/s (98% of spec)" at 19.18257,270.1347 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 99.5 GFLOP/s (20% of spec)" at 22.44269,111.6789 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 49.2 GFLOP/s (20% of spec)" at 20.12048,55.19868 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 1342 GB/s" at 0.1309758,201.5067 center rotate by 32.26 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 659.1 GB/s" at 0.05222388,30.03119 center rotate by 32.26 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 407.0 GB/s" at 0.06827758,31.85324 center rotate by 32.26 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 71.0 GB/s" at 0.3403928,27.6823 center rotate by 32.26 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 496.9 GFLOP/s" at 2.833588,557.6672 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 244.6 GFLOP/s" at 1.59382,274.4811 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
