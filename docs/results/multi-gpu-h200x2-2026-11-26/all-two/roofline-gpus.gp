# Written by rfl plot; render with: gnuplot 'roofline-gpus.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output 'roofline-gpus.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: vm, 2 GPUs together (NVIDIA H200, 132 SMs each)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:64]
set yrange [200:1000000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 63746 GB/s'
0.0625 3984.15
4.058015 258683.9


# 'L1 63946 GB/s'
0.0625 3996.651
4.045322 258683.9


# 'L2 19497 GB/s'
0.0625 1218.587
13.26761 258683.9


# 'device memory 9082 GB/s'
0.0625 567.616
28.48359 258683.9


# 'fp16 258684 GFLOP/s'
4.045322 258683.9
64 258683.9


# 'fp32 131144 GFLOP/s'
2.050839 131143.8
64 131143.8


# 'fp64 66057 GFLOP/s'
1.033005 66056.96
64 66056.96


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'fp16 258684 GFLOP/s' at 36.33611,289655.4 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 2 'fp32 131144 GFLOP/s' at 34.45206,146845.3 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 3 'fp64 66057 GFLOP/s' at 37.42914,73965.8 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 4 'shared 63746 GB/s' at 0.7370933,53657.71 center rotate by 31.59 front textcolor rgb "#66a61e" font "sans,9"
set label 5 'L1 63946 GB/s' at 0.3546242,25896.35 center rotate by 31.59 front textcolor rgb "#1b9e77" font "sans,9"
set label 6 'L2 19497 GB/s' at 1.50041,33407.23 center rotate by 31.59 front textcolor rgb "#d95f02" font "sans,9"
set label 7 'device memory 9082 GB/s' at 2.372964,24610.46 center rotate by 31.59 front textcolor rgb "#e7298a" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 5 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 6 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)"
