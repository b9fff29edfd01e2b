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
set title 'GPU compute: golden gpu0 (NVIDIA H200 (synthetic)), FMA chains per thread' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z'
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
1 677.1875
4 2791.25
16 10945
64 20845.24
256 20326.7
1024 21156.36
4096 20741.53


# 'fp64, 8 chains'
1 680.625
4 2777.5
16 11000
64 32457.98
256 33119.54
1024 32787.51
4096 33117.03


# 'fp32, 1 chains'
1 1395.625
4 5472.5
16 22110
64 40653.4
256 42312.72
1024 41483.06
4096 41068.23


# 'fp32, 8 chains'
1 1388.75
4 5500
16 21670
64 66239.08
256 65575.01
1024 66234.06
4096 64586.45


# 'fp16, 1 chains'
1 2736.25
4 11055
16 43120
64 84625.44
256 82966.12
1024 82136.46
4096 83795.78


# 'fp16, 8 chains'
1 2750
4 10835
16 44660
64 131150
256 132468.1
1024 129172.9
4096 132478.2


EOD
$peaks << EOD
0.5 33119.54
8192 33119.54


0.5 33454.08
8192 33454.08


0.5 66239.08
8192 66239.08


0.5 66908.16
8192 66908.16


0.5 132478.2
8192 132478.2


0.5 133816.3
8192 133816.3


EOD
# box 186.72 521.06 76.70 7.20 0.00 'fp64 33120 GFLOP/s'
set label 1 'fp64 33120 GFLOP/s' at 1.385109,37295.82 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
# box 208.32 501.52 97.45 7.20 0.00 'peak fp64 33454 GFLOP/s'
set label 2 'peak fp64 33454 GFLOP/s' at 1.765406,29707.99 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 186.72 580.59 76.70 7.20 0.00 'fp32 66239 GFLOP/s'
set label 3 'fp32 66239 GFLOP/s' at 1.385109,74591.64 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
# box 208.32 561.05 97.45 7.20 0.00 'peak fp32 66908 GFLOP/s'
set label 4 'peak fp32 66908 GFLOP/s' at 1.765406,59415.97 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 186.72 640.12 80.85 7.20 0.00 'fp16 132478 GFLOP/s'
set label 5 'fp16 132478 GFLOP/s' at 1.385109,149183.3 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,10"
# box 381.12 640.99 101.60 7.20 0.00 'peak fp16 133816 GFLOP/s'
set label 6 'peak fp16 133816 GFLOP/s' at 12.295,150690.2 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1a1a1a" notitle, \
  $peaks index 1 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 2 with lines lw 1 lc rgb "#1f4e9c" notitle, \
  $peaks index 3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 4 with lines lw 1 lc rgb "#8e24aa" notitle, \
  $peaks index 5 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $series index 0 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 1 chain', \
  $series index 1 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 8 chains', \
  $series index 2 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 1 chain', \
  $series index 3 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 8 chains', \
  $series index 4 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 1 chain', \
  $series index 5 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 8 chains', \
  NaN with lines lw 1 lc rgb "#1a1a1a" title "measured peak", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "SMs x clock x FMA/clk"
