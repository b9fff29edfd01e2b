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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:08:08Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:64]
set yrange [100:500000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32154 ±0.8% GB/s (96% of spec)'
0.0625 2009.641
4.03811 129842.4


# 'L1 31949 ±0.6% GB/s (96% of spec)'
0.0625 1996.788
4.064103 129842.4


# 'L2 8995 ±1.3% GB/s'
0.0625 562.2178
14.43418 129842.4


# 'device memory 4670 ±0.3% GB/s (97% of spec)'
0.0625 291.869
27.80409 129842.4


# 'fp16 129842 ±2.0% GFLOP/s (97% of spec)'
4.03811 129842.4
64 129842.4


# 'fp32 65657 ±2.2% GFLOP/s (98% of spec)'
2.041951 65657.43
64 65657.43


# 'fp64 32938 ±0.6% GFLOP/s'
1.024362 32937.6
64 32937.6


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'fp16 129842 ±2.0% GFLOP/s (97% of spec)' at 19.50649,145388.2 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 2 'fp32 65657 ±2.2% GFLOP/s (98% of spec)' at 20.53315,50051.17 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 3 'fp64 32938 ±0.6% GFLOP/s' at 30.40529,36881.14 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 4 'shared 32154 ±0.8% GB/s (96% of spec)' at 0.7349219,26985.7 center rotate by 31.59 front textcolor rgb "#66a61e" font "sans,9"
set label 5 'L1 31949 ±0.6% GB/s (96% of spec)' at 0.4708829,13173.8 center rotate by 31.59 front textcolor rgb "#1b9e77" font "sans,9"
set label 6 'L2 8995 ±1.3% GB/s' at 1.578227,16212.43 center rotate by 31.59 front textcolor rgb "#d95f02" font "sans,9"
set label 7 'device memory 4670 ±0.3% GB/s (97% of spec)' at 2.008139,10709.17 center rotate by 31.59 front textcolor rgb "#e7298a" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 5 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 6 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)"
