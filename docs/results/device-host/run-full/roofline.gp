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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:20:24Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:20000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 9667 GB/s
0.03125 302.0832
0.4011968 3878.234


# L2 3030 GB/s
0.03125 94.68203
1.280019 3878.234


# L3 884.7 GB/s
0.03125 27.64628
4.383766 3878.234


# DRAM 238.2 GB/s
0.03125 7.443509
16.28195 3878.234


# fp32 avx512 3878 GFLOP/s (96% of spec)
0.4011968 3878.234
256 3878.234


# fp64 avx512 1935 GFLOP/s (95% of spec)
0.2001362 1934.65
256 1934.65


# fp32 c 679.6 GFLOP/s (17% of spec)
0.07030469 679.6118
256 679.6118


# fp64 c 329.8 GFLOP/s (16% of spec)
0.0341123 329.7521
256 329.7521


# spec fp32 4031 GFLOP/s
0.4170216 4031.207
256 4031.207


# spec fp64 2036 GFLOP/s
0.2105715 2035.524
256 2035.524


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3878 GFLOP/s (96% of spec)" at 57.95848,5424.358 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1935 GFLOP/s (95% of spec)" at 59.06396,1682.24 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 679.6 GFLOP/s (17% of spec)" at 71.81999,781.5832 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 329.8 GFLOP/s (16% of spec)" at 64.20428,379.2293 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 9667 GB/s" at 0.1381534,1573.744 center rotate by 31.62 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 3030 GB/s" at 0.05720332,204.2372 center rotate by 31.62 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 884.7 GB/s" at 0.1685412,175.7069 center rotate by 31.62 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 238.2 GB/s" at 0.583128,163.677 center rotate by 31.62 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 4031 GFLOP/s" at 6.182338,4636.064 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 2036 GFLOP/s" at 101.6742,2340.941 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
