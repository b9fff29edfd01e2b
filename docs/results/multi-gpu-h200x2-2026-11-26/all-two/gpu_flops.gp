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
set title 'GPU compute: vm gpu0 (NVIDIA H200), FMA chains per thread' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 425.088
16 6452.625
256 27567.31
4096 31643.82


# 'fp64, 8 chains'
1 525.1601
16 7651.936
256 32206.63
4096 33135.72


# 'fp32, 1 chains'
1 782.4309
16 12411.97
256 46233.67
4096 59366.09


# 'fp32, 8 chains'
1 917.4915
16 15052.97
256 60072.22
4096 65682.75


# 'fp16, 1 chains'
1 1528.655
16 21590.4
256 57370.64
4096 62658.23


# 'fp16, 8 chains'
1 1970.267
16 29034.95
256 119591.3
4096 129829.1


EOD
$peaks << EOD
0.5 33135.72
8192 33135.72


0.5 65682.75
8192 65682.75


0.5 66776.09
8192 66776.09


0.5 129829.1
8192 129829.1


0.5 133740.5
8192 133740.5


EOD
set label 1 'fp64 33136 GFLOP/s' at 1.385109,37314.04 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'fp32 65683 GFLOP/s' at 1.385109,73965.16 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 3 'peak fp32 66776 GFLOP/s' at 12.295,75196.37 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 4 'fp16 129829 GFLOP/s' at 1.385109,115291.2 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,10"
set label 5 'peak fp16 133740 GFLOP/s' at 1.765406,150604.8 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
