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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:24:45Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:32]
set yrange [2:2000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 1339 GB/s
0.03125 41.82819
0.3559536 476.4447


# L2 633.8 GB/s
0.03125 19.80685
0.7517043 476.4447


# L3 407.0 GB/s
0.03125 12.71944
1.170562 476.4447


# DRAM 132.3 GB/s
0.03125 4.135051
3.600657 476.4447


# fp32 avx512 476.4 GFLOP/s (97% of spec)
0.3559536 476.4447
32 476.4447


# fp64 avx512 242.4 GFLOP/s (98% of spec)
0.1811182 242.4271
32 242.4271


# fp32 c 101.8 GFLOP/s (21% of spec)
0.07604238 101.7829
32 101.7829


# fp64 c 49.9 GFLOP/s (20% of spec)
0.03730033 49.92657
32 49.92657


# spec fp32 490.7 GFLOP/s
0.3665807 490.669
32 490.669


# spec fp64 247.4 GFLOP/s
0.1848078 247.3656
32 247.3656


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 476.4 GFLOP/s (97% of spec)" at 10.16113,612.771 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 242.4 GFLOP/s (98% of spec)" at 9.734122,218.2958 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 101.8 GFLOP/s (21% of spec)" at 10.78482,113.0344 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 49.9 GFLOP/s (20% of spec)" at 11.23226,55.44564 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 1339 GB/s" at 0.1298456,196.7427 center rotate by 32.27 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 633.8 GB/s" at 0.04489013,32.20836 center rotate by 32.27 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 407.0 GB/s" at 0.06816301,31.40647 center rotate by 32.27 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 132.3 GB/s" at 0.2014253,30.17151 center rotate by 32.27 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 490.7 GFLOP/s" at 1.713199,544.9094 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 247.4 GFLOP/s" at 16.37397,274.7104 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
