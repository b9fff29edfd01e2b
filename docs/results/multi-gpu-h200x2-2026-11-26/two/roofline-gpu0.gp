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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:12:59Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:64]
set yrange [100:500000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32141 ±1.0% GB/s (96% of spec)'
0.0625 2008.786
4.033208 129629.6


# 'L1 31931 ±0.7% GB/s (96% of spec)'
0.0625 1995.683
4.059689 129629.6


# 'L2 9066 ±0.9% GB/s'
0.0625 566.5973
14.29913 129629.6


# 'device memory 4567 ±0.2% GB/s (95% of spec)'
0.0625 285.4093
28.38678 129629.6


# 'fp16 129630 ±2.0% GFLOP/s (97% of spec)'
4.033208 129629.6
64 129629.6


# 'fp32 65723 ±2.2% GFLOP/s (98% of spec)'
2.044852 65722.71
64 65722.71


# 'fp64 33081 ±0.7% GFLOP/s'
1.029268 33081.27
64 33081.27


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'fp16 129630 ±2.0% GFLOP/s (97% of spec)' at 19.49631,145149.9 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 2 'fp32 65723 ±2.2% GFLOP/s (98% of spec)' at 20.54277,50100.93 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 3 'fp64 33081 ±0.7% GFLOP/s' at 30.43145,37042.01 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 4 'shared 32141 ±1.0% GB/s (96% of spec)' at 0.7343865,26954.56 center rotate by 31.59 front textcolor rgb "#66a61e" font "sans,9"
set label 5 'L1 31931 ±0.7% GB/s (96% of spec)' at 0.47064,13159.71 center rotate by 31.59 front textcolor rgb "#1b9e77" font "sans,9"
set label 6 'L2 9066 ±0.9% GB/s' at 1.569351,16246.83 center rotate by 31.59 front textcolor rgb "#d95f02" font "sans,9"
set label 7 'device memory 4567 ±0.2% GB/s (95% of spec)' at 2.032231,10597.79 center rotate by 31.59 front textcolor rgb "#e7298a" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 5 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 6 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)"
