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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:01:01Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:20000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 10023 GB/s
0.03125 313.2153
0.3930244 3939.24


# L2 2870 GB/s
0.03125 89.67466
1.372754 3939.24


# L3 826.3 GB/s
0.03125 25.8208
4.767523 3939.24


# DRAM 229.3 GB/s
0.03125 7.16475
17.18151 3939.24


# fp32 avx512 3939 GFLOP/s (96% of spec)
0.3930244 3939.24
256 3939.24


# fp64 avx512 1939 GFLOP/s (95% of spec)
0.1934936 1939.365
256 1939.365


# fp32 c 711.1 GFLOP/s (17% of spec)
0.07094603 711.0842
256 711.0842


# fp64 c 233.2 GFLOP/s (11% of spec)
0.02326385 233.171
256 233.171


# spec fp32 4097 GFLOP/s
0.4087276 4096.631
256 4096.631


# spec fp64 2048 GFLOP/s
0.204363 2048.308
256 2048.308


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3939 GFLOP/s (96% of spec)" at 57.68478,5509.684 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1939 GFLOP/s (95% of spec)" at 58.65667,1686.341 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 711.1 GFLOP/s (17% of spec)" at 71.92115,817.7778 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 233.2 GFLOP/s (11% of spec)" at 60.506,268.1568 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 10023 GB/s" at 0.1364579,1611.713 center rotate by 31.62 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 2870 GB/s" at 0.1233916,417.2548 center rotate by 31.62 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 826.3 GB/s" at 0.4183739,407.3617 center rotate by 31.62 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 229.3 GB/s" at 0.436362,117.8946 center rotate by 31.62 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 4097 GFLOP/s" at 6.110721,4711.304 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 2048 GFLOP/s" at 101.2794,2355.643 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
