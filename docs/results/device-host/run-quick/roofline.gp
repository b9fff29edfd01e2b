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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:19:40Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:20000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 10588 GB/s
0.03125 330.8738
0.371002 3928.154


# L2 3032 GB/s
0.03125 94.76416
1.295372 3928.154


# L3 754.0 GB/s
0.03125 23.56142
5.209992 3928.154


# DRAM 247.4 GB/s
0.03125 7.730238
15.87982 3928.154


# fp32 avx512 3928 GFLOP/s (97% of spec)
0.371002 3928.154
256 3928.154


# fp64 avx512 1814 GFLOP/s (93% of spec)
0.1713663 1814.419
256 1814.419


# fp32 c 675.5 GFLOP/s (17% of spec)
0.06379657 675.4756
256 675.4756


# fp64 c 331.3 GFLOP/s (17% of spec)
0.03128844 331.2808
256 331.2808


# spec fp32 4032 GFLOP/s
0.3808513 4032.438
256 4032.438


# spec fp64 1944 GFLOP/s
0.1836096 1944.051
256 1944.051


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3928 GFLOP/s (97% of spec)" at 56.92477,5494.179 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1814 GFLOP/s (93% of spec)" at 57.21442,1577.696 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 675.5 GFLOP/s (17% of spec)" at 70.74673,776.8263 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 331.3 GFLOP/s (17% of spec)" at 63.3501,380.9874 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 10588 GB/s" at 0.1318174,1644.679 center rotate by 31.62 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 3032 GB/s" at 0.0573228,204.8413 center rotate by 31.62 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 754.0 GB/s" at 0.2034709,180.7797 center rotate by 31.62 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 247.4 GB/s" at 0.5762422,167.9747 center rotate by 31.62 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 4032 GFLOP/s" at 5.865417,4637.479 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 1944 GFLOP/s" at 99.87923,2235.743 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
