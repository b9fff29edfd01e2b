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
set title "Roofline: vm (Intel(R) Xeon(R) Processor), 1 rank x 16 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:03:00Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:20000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 10815 GB/s
0.03125 337.9784
0.3342514 3615.033


# L2 3007 GB/s
0.03125 93.97749
1.202094 3615.033


# L3 783.1 GB/s
0.03125 24.47137
4.616406 3615.033


# DRAM 236.2 GB/s
0.03125 7.381281
15.3049 3615.033


# fp32 avx512 3615 GFLOP/s (88% of spec)
0.3342514 3615.033
256 3615.033


# fp64 avx512 1870 GFLOP/s (91% of spec)
0.1728763 1869.711
256 1869.711


# fp32 c 582.6 GFLOP/s (14% of spec)
0.05386847 582.6042
256 582.6042


# fp64 c 284.7 GFLOP/s (14% of spec)
0.02631987 284.6575
256 284.6575


# spec fp32 4097 GFLOP/s
0.3787852 4096.679
256 4096.679


# spec fp64 2048 GFLOP/s
0.1893916 2048.329
256 2048.329


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3615 GFLOP/s (88% of spec)" at 55.57528,5056.226 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1870 GFLOP/s (91% of spec)" at 57.31741,1625.774 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 582.6 GFLOP/s (14% of spec)" at 68.91593,670.0202 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 284.7 GFLOP/s (14% of spec)" at 61.67466,327.3685 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 10815 GB/s" at 0.1238201,1578.069 center rotate by 31.62 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 3007 GB/s" at 0.2668764,945.7579 center rotate by 31.62 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 783.1 GB/s" at 0.1716193,158.369 center rotate by 31.62 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 236.2 GB/s" at 0.5662365,157.607 center rotate by 31.62 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 4097 GFLOP/s" at 5.846941,4711.36 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 2048 GFLOP/s" at 100.2826,2355.668 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
