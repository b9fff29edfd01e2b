# Written by rfl plot; render with: gnuplot 'gpu_flops.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'gpu_flops.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.8
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'GPU compute: vm gpu0 (NVIDIA H100 80GB HBM3), FMA chains per thread' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:55:17Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.5:8192]
set yrange [200:500000]
set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192)
set mxtics 1
set format y "%g"
set xlabel "flops per element (arithmetic intensity grows with it)"
set ylabel "GFLOP/s"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
$series << EOD
# 'fp64, 1 chains'
1 405.7338
16 6303.562
256 27476.67
4096 31601.82


# 'fp64, 8 chains'
1 448.751
16 6928.396
256 32070.91
4096 33034.88


# 'fp32, 1 chains'
1 685.6901
16 11402.96
256 46080.22
4096 59253.31


# 'fp32, 8 chains'
1 806.3639
16 12746.88
256 59911.34
4096 65682.75


# 'fp16, 1 chains'
1 1574.206
16 21668.14
256 57729.56
4096 62752.33


# 'fp16, 8 chains'
1 1650.309
16 27365.42
256 119443
4096 129605


EOD
$peaks << EOD
0.5 33034.88
8192 33034.88


0.5 65682.75
8192 65682.75


0.5 66890.87
8192 66890.87


0.5 129605
8192 129605


0.5 133572.6
8192 133572.6


EOD
set label 1 'fp64 33035 GFLOP/s' at 1.385109,37200.49 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'fp32 65683 GFLOP/s' at 1.385109,58327.78 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 3 'peak fp32 66891 GFLOP/s' at 1.765406,75325.62 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 4 'fp16 129605 GFLOP/s' at 1.385109,115092.2 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,10"
set label 5 'peak fp16 133573 GFLOP/s' at 1.765406,150415.8 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1a1a1a" notitle, \
  $peaks index 1 with lines lw 1 lc rgb "#1f4e9c" notitle, \
  $peaks index 2 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 3 with lines lw 1 lc rgb "#8e24aa" notitle, \
  $peaks index 4 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $series index 0 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 1 chain', \
  $series index 1 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 8 chains', \
  $series index 2 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 1 chain', \
  $series index 3 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 8 chains', \
  $series index 4 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 1 chain', \
  $series index 5 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 8 chains', \
  NaN with lines lw 1 lc rgb "#1a1a1a" title "measured peak", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "SMs x clock x FMA/clk"
