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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:25:26Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:64]
set yrange [1:2000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 1329 GB/s
0.03125 41.52256
0.3686095 489.7796


# L2 642.6 GB/s
0.03125 20.08191
0.7621592 489.7796


# L3 391.5 GB/s
0.03125 12.23429
1.251042 489.7796


# DRAM 75.5 GB/s
0.03125 2.358896
6.488464 489.7796


# fp32 avx512 489.8 GFLOP/s (98% of spec)
0.3686095 489.7796
64 489.7796


# fp64 avx512 244.8 GFLOP/s (97% of spec)
0.1842627 244.8339
64 244.8339


# fp32 c 103.6 GFLOP/s (21% of spec)
0.07796498 103.5938
64 103.5938


# fp64 c 51.4 GFLOP/s (20% of spec)
0.03865035 51.35558
64 51.35558


# spec fp32 500.8 GFLOP/s
0.3769118 500.8111
64 500.8111


# spec fp64 251.5 GFLOP/s
0.1892835 251.5052
64 251.5052


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 489.8 GFLOP/s (98% of spec)" at 19.54649,646.0297 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 244.8 GFLOP/s (97% of spec)" at 19.2898,218.1557 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 103.6 GFLOP/s (21% of spec)" at 22.61864,116.2622 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 51.4 GFLOP/s (20% of spec)" at 20.28761,57.63583 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 1329 GB/s" at 0.1321296,201.2264 center rotate by 32.26 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 642.6 GB/s" at 0.05681842,31.85616 center rotate by 32.26 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 391.5 GB/s" at 0.06894695,30.93816 center rotate by 32.26 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 75.5 GB/s" at 0.3317046,28.69862 center rotate by 32.26 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 500.8 GFLOP/s" at 2.864614,562.055 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 251.5 GFLOP/s" at 30.01935,282.2616 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
