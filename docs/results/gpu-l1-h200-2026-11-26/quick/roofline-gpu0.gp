# Written by rfl plot; render with: gnuplot 'roofline-gpu0.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output 'roofline-gpu0.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: vm gpu0 (NVIDIA H200, 132 SMs)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T14:02:26Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:16]
set yrange [100:2000000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32130 ±0.9% GB/s (96% of spec)'
0.0625 2008.106
16 514075.1


# 'L1 32557 ±0.1% GB/s (97% of spec)'
0.0625 2034.813
16 520912.1


# 'L2 9782 ±1.0% GB/s'
0.0625 611.3659
16 156509.7


# 'device memory 4568 ±0.2% GB/s (95% of spec)'
0.0625 285.5133
16 73091.39


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'shared 32130 ±0.9% GB/s (96% of spec)' at 1.703771,63142.81 center rotate by 22.93 front textcolor rgb "#66a61e" font "sans,9"
set label 2 'L1 32557 ±0.1% GB/s (97% of spec)' at 0.3708047,13925.02 center rotate by 22.93 front textcolor rgb "#1b9e77" font "sans,9"
set label 3 'L2 9782 ±1.0% GB/s' at 1.703771,19223.77 center rotate by 22.93 front textcolor rgb "#d95f02" font "sans,9"
set label 4 'device memory 4568 ±0.2% GB/s (95% of spec)' at 1.703771,8977.669 center rotate by 22.93 front textcolor rgb "#e7298a" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)"
