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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:57:50Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:32]
set yrange [2:2000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 1327 GB/s
0.03125 41.48023
0.3607909 478.9021


# L2 637.7 GB/s
0.03125 19.92844
0.7509713 478.9021


# L3 378.2 GB/s
0.03125 11.81808
1.266339 478.9021


# DRAM 143.0 GB/s
0.03125 4.467554
3.349862 478.9021


# fp32 avx512 478.9 GFLOP/s (98% of spec)
0.3607909 478.9021
32 478.9021


# fp64 avx512 240.8 GFLOP/s (98% of spec)
0.1813953 240.7782
32 240.7782


# fp32 c 98.4 GFLOP/s (20% of spec)
0.07412265 98.38798
32 98.38798


# fp64 c 49.1 GFLOP/s (20% of spec)
0.03702056 49.13988
32 49.13988


# spec fp32 490.2 GFLOP/s
0.3693152 490.2169
32 490.2169


# spec fp64 244.5 GFLOP/s
0.1841762 244.4694
32 244.4694


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 478.9 GFLOP/s (98% of spec)" at 10.19617,431.232 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 240.8 GFLOP/s (98% of spec)" at 9.737545,267.3948 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 98.4 GFLOP/s (20% of spec)" at 12.49379,109.2642 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 49.1 GFLOP/s (20% of spec)" at 11.21916,54.572 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 1327 GB/s" at 0.1309015,196.6926 center rotate by 32.27 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 637.7 GB/s" at 0.2032194,146.7036 center rotate by 32.27 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 378.2 GB/s" at 0.07610728,32.58182 center rotate by 32.27 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 143.0 GB/s" at 0.1956915,31.66971 center rotate by 32.27 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 490.2 GFLOP/s" at 16.02501,544.4074 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 244.5 GFLOP/s" at 16.36669,220.1349 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
