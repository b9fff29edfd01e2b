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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:08:08Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 452.4748
16 7136.94
256 27471.9
4096 31571.64


# 'fp64, 8 chains'
1 505.8446
16 8033.2
256 32147.72
4096 32937.6


# 'fp32, 1 chains'
1 790.953
16 12313.83
256 46025.16
4096 59257.28


# 'fp32, 8 chains'
1 905.004
16 15025.19
256 59942.96
4096 65657.43


# 'fp16, 1 chains'
1 1489.102
16 21657.55
256 57286.78
4096 62414.53


# 'fp16, 8 chains'
1 1872.234
16 28898.3
256 119628.5
4096 129842.4


EOD
$peaks << EOD
0.5 32937.6
8192 32937.6


0.5 65657.43
8192 65657.43


0.5 66884.62
8192 66884.62


0.5 129842.4
8192 129842.4


0.5 133772
8192 133772


EOD
set label 1 'fp64 32938 GFLOP/s' at 1.385109,37090.94 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'fp32 65657 GFLOP/s' at 1.385109,58305.3 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 3 'peak fp32 66885 GFLOP/s' at 1.765406,75318.58 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 4 'fp16 129842 GFLOP/s' at 1.385109,115303 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,10"
set label 5 'peak fp16 133772 GFLOP/s' at 1.765406,150640.3 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
