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
set title 'Roofline: vm gpu0 (NVIDIA H100 80GB HBM3 (test double), 4 SMs)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:18:52Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 1200.52 10.20 192.48 6.48 0.00 'host vm | rfl 0.1.0 | measured 2026-11-26T02:18:52Z'
set xrange [0.0078125:1024]
set yrange [0.01:10000]
set xtics ("1/128" 0.0078125, "1/32" 0.03125, "1/8" 0.125, "1/2" 0.5, "2" 2, "8" 8, "32" 32, "128" 128, "512" 512)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 4.92 GB/s (median 4.88, 0% of spec)'
0.0078125 0.03846683
0.1341039 0.6602945


# 'L2 4.92 GB/s (median 4.90)'
0.0078125 0.03847016
0.1340922 0.6602945


# 'device memory 4.89 GB/s (median 4.84, 0% of spec)'
0.0078125 0.03821852
0.1349751 0.6602945


# 'fp32 0.66 GFLOP/s (median 0.65, 0% of spec)'
0.1340922 0.6602945
1024 0.6602945


# 'spec fp32 2028 GFLOP/s'
0.6052299 2027.52
1024 2027.52


# 'spec shared 1014 GB/s'
0.0078125 7.920002
2 2027.52


# 'spec device memory 3350 GB/s'
0.0078125 26.17188
0.6052299 2027.52


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
# box 892.09 302.53 162.60 6.48 0.00 'fp32 0.66 GFLOP/s (median 0.65, 0% of spec)'
set label 1 'fp32 0.66 GFLOP/s (median 0.65, 0% of spec)' at 130.9887,0.7932344 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
# box 253.93 226.31 158.87 6.48 32.80 'shared 4.92 GB/s (median 4.88, 0% of spec)'
set label 2 'shared 4.92 GB/s (median 4.88, 0% of spec)' at 0.04585534,0.1815154 center rotate by 32.80 front textcolor rgb "#66a61e" font "sans,9"
# box 243.66 242.25 99.11 6.48 32.80 'L2 4.92 GB/s (median 4.90)'
set label 3 'L2 4.92 GB/s (median 4.90)' at 0.04034123,0.2470904 center rotate by 32.80 front textcolor rgb "#d95f02" font "sans,9"
# box 279.92 186.33 185.01 6.48 32.80 'device memory 4.89 GB/s (median 4.84, 0% of spec)'
set label 4 'device memory 4.89 GB/s (median 4.84, 0% of spec)' at 0.06340491,0.08374718 center rotate by 32.80 front textcolor rgb "#e7298a" font "sans,9"
# box 964.60 717.51 84.17 6.48 0.00 'spec fp32 2028 GFLOP/s'
set label 5 'spec fp32 2028 GFLOP/s' at 323.52,2435.73 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
# box 373.69 601.37 80.44 6.48 32.80 'spec shared 1014 GB/s'
set label 6 'spec shared 1014 GB/s' at 0.2041385,257.4144 center rotate by 32.80 front textcolor rgb "#8c8c8c" font "sans,9"
# box 316.17 626.07 106.58 6.48 32.80 'spec device memory 3350 GB/s'
set label 7 'spec device memory 3350 GB/s' at 0.09964583,415.2185 center rotate by 32.80 front textcolor rgb "#8c8c8c" font "sans,9"
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
