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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:15:02Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 431.6985
2 861.0391
4 1722.185
8 3445.335
16 6813.083
32 13332.41
64 21991.98
128 25692.22
256 27805.97
512 29483.58
1024 30781
2048 31558.93
4096 32004.17


# 'fp64, 2 chains'
1 443.2788
2 848.9557
4 1692.803
8 3415.262
16 6747.199
32 12495.3
64 25215.83
128 29140.24
256 31154.04
512 32188.38
1024 32815.58
2048 33150.72
4096 33313.54


# 'fp64, 4 chains'
1 432.911
2 903.8917
4 1806.775
8 3617.988
16 7229.41
32 14365.78
64 27997.91
128 30761.65
256 32418.79
512 32949.12
1024 33340.37
2048 33502.02
4096 33597.7


# 'fp64, 8 chains'
1 453.0802
2 925.4764
4 1773.649
8 3690.673
16 6945.17
32 14602.89
64 28753.32
128 31429.42
256 32595.94
512 33085.22
1024 33347.28
2048 33475.31
4096 33536.65


# 'fp32, 1 chains'
1 681.3627
2 1385.971
4 2724.928
8 5296.32
16 10400.42
32 19514.92
64 31966.41
128 41822.25
256 46717.17
512 52536.39
1024 56344.86
2048 58761.79
4096 60131.15


# 'fp32, 2 chains'
1 675.8532
2 1470.958
4 3000.461
8 5413.672
16 10265.96
32 21980.09
64 39464.9
128 49744.05
256 54314.17
512 59080.42
1024 62090.8
2048 63755.2
4096 64626.14


# 'fp32, 4 chains'
1 784.6665
2 1520.936
4 3207.49
8 6261.217
16 12707.17
32 23902.13
64 45362.63
128 55189.93
256 58284.5
512 62138.27
1024 64255.11
2048 65406.8
4096 65994.46


# 'fp32, 8 chains'
1 821.066
2 1624.532
4 3326.653
8 6163.315
16 12482.82
32 25025.34
64 47628.1
128 57449.36
256 60810.17
512 63750.15
1024 65314.69
2048 66138.58
4096 66540.75


# 'fp16, 1 chains'
1 1437.188
2 2816.014
4 5515.88
8 10310.31
16 20385.91
32 36274.47
64 46554.88
128 54287.21
256 58318.46
512 60600.3
1024 62136.53
2048 62959.28
4096 63367.77


# 'fp16, 2 chains'
1 1450.092
2 2789.033
4 5849.982
8 10683.03
16 22082.55
32 43261.15
64 52730.91
128 72015.46
256 60363.89
512 61885.41
1024 62941.38
2048 63458.78
4096 63725.61


# 'fp16, 4 chains'
1 1583.462
2 3002.056
4 6410.376
8 12489.03
16 24057.54
32 47150.59
64 82446.39
128 93952.12
256 83980.32
512 87190.4
1024 89135
2048 90189.98
4096 90748.97


# 'fp16, 8 chains'
1 1611.849
2 3220.367
4 6151.81
8 12991.31
16 26060.98
32 51470.43
64 86727.73
128 94999.66
256 120885.5
512 125907.8
1024 128964.9
2048 130533.6
4096 131331.9


EOD
$peaks << EOD
0.5 33597.7
8192 33597.7


0.5 33704.8
8192 33704.8


0.5 66540.75
8192 66540.75


0.5 67412.55
8192 67412.55


0.5 131331.9
8192 131331.9


0.5 134822.4
8192 134822.4


EOD
set label 1 'fp64 33598 GFLOP/s' at 1.385109,37834.28 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'peak fp64 33705 GFLOP/s' at 1.765406,29930.63 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 'fp32 66541 GFLOP/s' at 1.385109,74931.35 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 4 'peak fp32 67413 GFLOP/s' at 12.295,75913.08 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 'fp16 131332 GFLOP/s' at 1.385109,116625.7 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,10"
set label 6 'peak fp16 134822 GFLOP/s' at 1.765406,151823.1 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1a1a1a" notitle, \
  $peaks index 1 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 2 with lines lw 1 lc rgb "#1f4e9c" notitle, \
  $peaks index 3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 4 with lines lw 1 lc rgb "#8e24aa" notitle, \
  $peaks index 5 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $series index 0 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 1 chain', \
  $series index 1 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 2 chains', \
  $series index 2 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 4 chains', \
  $series index 3 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1a1a1a" title 'fp64, 8 chains', \
  $series index 4 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 1 chain', \
  $series index 5 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 2 chains', \
  $series index 6 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 4 chains', \
  $series index 7 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1f4e9c" title 'fp32, 8 chains', \
  $series index 8 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 1 chain', \
  $series index 9 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 2 chains', \
  $series index 10 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 4 chains', \
  $series index 11 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#8e24aa" title 'fp16 (half2), 8 chains', \
  NaN with lines lw 1 lc rgb "#1a1a1a" title "measured peak", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "SMs x clock x FMA/clk"
