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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:49Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:128]
set yrange [2:10000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 10385 GB/s
0.03125 324.5467
0.3716505 3859.774


# L2 3030 GB/s
0.03125 94.7018
1.273661 3859.774


# L3 806.8 GB/s
0.03125 25.21195
4.784158 3859.774


# DRAM 255.2 GB/s
0.03125 7.975842
15.12291 3859.774


# fp32 avx512 3860 GFLOP/s (98% of spec)
0.3716505 3859.774
128 3859.774


# fp64 avx512 1874 GFLOP/s (96% of spec)
0.1804297 1873.852
128 1873.852


# fp32 c 662.3 GFLOP/s (17% of spec)
0.06376904 662.2731
128 662.2731


# fp64 c 331.1 GFLOP/s (17% of spec)
0.03188465 331.1378
128 331.1378


# spec fp32 3925 GFLOP/s
0.3779215 3924.902
128 3924.902


# spec fp64 1952 GFLOP/s
0.1879201 1951.643
128 1951.643


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3860 GFLOP/s (98% of spec)" at 33.39509,4392.452 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1874 GFLOP/s (96% of spec)" at 33.32538,1646.608 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 662.3 GFLOP/s (17% of spec)" at 39.38283,753.6717 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 331.1 GFLOP/s (17% of spec)" at 35.37102,376.8373 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 10385 GB/s" at 0.1324216,1600.604 center rotate by 31.57 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 3030 GB/s" at 0.0573553,202.2924 center rotate by 31.57 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 806.8 GB/s" at 0.1977635,185.6951 center rotate by 31.57 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 255.2 GB/s" at 0.6594481,195.8867 center rotate by 31.57 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 3925 GFLOP/s" at 4.364365,4466.567 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 1952 GFLOP/s" at 54.81371,2220.984 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
