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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T14:02:35Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:16]
set yrange [100:2000000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32316 ±0.6% GB/s (97% of spec)'
0.0625 2019.778
16 517063.2


# 'L1 32673 ±0.1% GB/s (98% of spec)'
0.0625 2042.078
16 522771.9


# 'L2 9820 ±1.0% GB/s'
0.0625 613.7519
16 157120.5


# 'device memory 4581 ±0.3% GB/s (95% of spec)'
0.0625 286.3238
16 73298.9


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'shared 32316 ±0.6% GB/s (97% of spec)' at 1.703771,63509.83 center rotate by 22.93 front textcolor rgb "#66a61e" font "sans,9"
set label 2 'L1 32673 ±0.1% GB/s (98% of spec)' at 0.3708047,13974.74 center rotate by 22.93 front textcolor rgb "#1b9e77" font "sans,9"
set label 3 'L2 9820 ±1.0% GB/s' at 1.703771,19298.79 center rotate by 22.93 front textcolor rgb "#d95f02" font "sans,9"
set label 4 'device memory 4581 ±0.3% GB/s (95% of spec)' at 1.703771,9003.156 center rotate by 22.93 front textcolor rgb "#e7298a" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)"
