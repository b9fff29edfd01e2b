# Written by rfl plot; render with: gnuplot 'roofline-gpu1.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output 'roofline-gpu1.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: vm gpu1 (NVIDIA H100 80GB HBM3 (test double), 4 SMs)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:18:52Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 1200.52 10.20 192.48 6.48 0.00 'host vm | rfl 0.1.0 | measured 2026-11-26T02:18:52Z'
set xrange [0.0078125:2048]
set yrange [0.005:10000]
set xtics ("1/128" 0.0078125, "1/32" 0.03125, "1/8" 0.125, "1/2" 0.5, "2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2048" 2048)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 2.46 GB/s (0% of spec)'
0.0078125 0.01923566
0.1321108 0.3252784


# 'L2 2.46 GB/s'
0.0078125 0.01923594
0.1321088 0.3252784


# 'device memory 2.46 GB/s (0% of spec)'
0.0078125 0.01921798
0.1322323 0.3252784


# 'fp32 0.325 GFLOP/s (0% of spec)'
0.1321088 0.3252784
2048 0.3252784


# 'spec fp32 2028 GFLOP/s'
0.6052299 2027.52
2048 2027.52


# 'spec shared 1014 GB/s'
0.0078125 7.920002
2 2027.52


# 'spec device memory 3350 GB/s'
0.0078125 26.17188
0.6052299 2027.52


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
# box 925.45 291.45 117.78 6.48 0.00 'fp32 0.325 GFLOP/s (0% of spec)'
set label 1 'fp32 0.325 GFLOP/s (0% of spec)' at 360.627,0.3943809 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
# box 224.64 227.30 110.31 6.48 33.01 'shared 2.46 GB/s (0% of spec)'
set label 2 'shared 2.46 GB/s (0% of spec)' at 0.03456653,0.1070882 center rotate by 33.01 front textcolor rgb "#66a61e" font "sans,9"
# box 245.68 218.36 46.82 6.48 33.01 'L2 2.46 GB/s'
set label 3 'L2 2.46 GB/s' at 0.04563424,0.08929871 center rotate by 33.01 front textcolor rgb "#d95f02" font "sans,9"
# box 242.24 200.25 136.46 6.48 33.01 'device memory 2.46 GB/s (0% of spec)'
set label 4 'device memory 2.46 GB/s (0% of spec)' at 0.04360827,0.06180747 center rotate by 33.01 front textcolor rgb "#e7298a" font "sans,9"
# box 961.59 721.45 84.17 6.48 0.00 'spec fp32 2028 GFLOP/s'
set label 5 'spec fp32 2028 GFLOP/s' at 581.1276,2458.249 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
# box 358.83 610.76 80.44 6.48 33.01 'spec shared 1014 GB/s'
set label 6 'spec shared 1014 GB/s' at 0.2032911,259.3119 center rotate by 33.01 front textcolor rgb "#8c8c8c" font "sans,9"
# box 304.51 634.29 106.58 6.48 33.01 'spec device memory 3350 GB/s'
set label 7 'spec device memory 3350 GB/s' at 0.09923218,418.2792 center rotate by 33.01 front textcolor rgb "#8c8c8c" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 4 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 5 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 6 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above"
