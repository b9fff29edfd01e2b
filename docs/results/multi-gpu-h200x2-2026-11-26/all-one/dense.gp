# Written by rfl plot; render with: gnuplot 'dense.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'dense.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.72
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Dense factorizations against the GEMM roof: vm' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:41:53Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [256:2048]
set yrange [2:200000]
set xtics ("256B" 256, "512B" 512, "1K" 1024, "2K" 2048)
set mxtics 1
set format y "%g"
set xlabel "matrix order n"
set ylabel "GFLOP/s (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3 flops; best sample)"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
$dense << EOD
# lu lapack fp64: n, GFLOP/s
256 4.47782
512 16.43238
1024 64.60525


# lu lapack fp32: n, GFLOP/s
256 7.581812
512 22.65402
1024 71.60186


# lu cusolver fp64: n, GFLOP/s
256 26.73042
512 94.32689
1024 320.1933


# lu cusolver fp32: n, GFLOP/s
256 28.96336
512 105.8231
1024 382.164


# lu hybrid fp64: n, GFLOP/s
256 4.766508
512 15.9683
1024 60.50524


# lu hybrid fp32: n, GFLOP/s
256 7.137859
512 25.31047
1024 97.96862


# lu gpu_panel fp64: n, GFLOP/s
256 26.10766
512 75.0785
1024 246.8469


# lu gpu_panel fp32: n, GFLOP/s
256 28.13569
512 81.70365
1024 280.3472


# cholesky lapack fp64: n, GFLOP/s
256 14.33531
512 35.0029
1024 86.40675


# cholesky lapack fp32: n, GFLOP/s
256 10.83451
512 31.03502
1024 92.06801


# cholesky cusolver fp64: n, GFLOP/s
256 48.54013
512 208.4618
1024 848.27


# cholesky cusolver fp32: n, GFLOP/s
256 62.13162
512 251.7443
1024 1057.706


# cholesky hybrid fp64: n, GFLOP/s
256 12.10713
512 44.5218
1024 160.1157


# cholesky hybrid fp32: n, GFLOP/s
256 9.667998
512 29.7263
1024 114.6912


# cholesky gpu_panel fp64: n, GFLOP/s
256 50.06764
512 149.1502
1024 492.9632


# cholesky gpu_panel fp32: n, GFLOP/s
256 62.80144
512 176.2352
1024 589.6994


# qr lapack fp64: n, GFLOP/s
256 15.91053
512 41.33638
1024 81.19405


# qr lapack fp32: n, GFLOP/s
256 17.27157
512 45.98253
1024 88.37896


# qr cusolver fp64: n, GFLOP/s
256 32.7933
512 107.2058
1024 350.3411


# qr cusolver fp32: n, GFLOP/s
256 35.59984
512 114.2101
1024 374.6439


# qr hybrid fp64: n, GFLOP/s
256 7.260382
512 23.65161
1024 74.18729


# qr hybrid fp32: n, GFLOP/s
256 7.330077
512 22.80562
1024 83.8317


EOD
$peaks << EOD
256 61112.12
2048 61112.12


256 728.8871
2048 728.8871


256 53175.77
2048 53175.77


256 516.13
2048 516.13


EOD
set label 1 'GPU fp64 GEMM 61112 GFLOP/s (gemm.csv)' at 408.7288,72781.36 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'host fp64 GEMM 728.9 GFLOP/s (dense.csv)' at 408.7288,868.0668 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 'GPU fp32 GEMM 53176 GFLOP/s (gemm.csv)' at 408.7288,44649.95 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 4 'host fp32 GEMM 516.1 GFLOP/s (dense.csv)' at 408.7288,614.684 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1a1a1a" notitle, \
  $peaks index 1 with lines dt 2 lw 1.5 lc rgb "#1a1a1a" notitle, \
  $peaks index 2 with lines lw 1 lc rgb "#1f4e9c" notitle, \
  $peaks index 3 with lines dt 2 lw 1.5 lc rgb "#1f4e9c" notitle, \
  $dense index 0 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#1b9e77" title 'LU lapack fp64', \
  $dense index 1 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#1b9e77" title 'LU lapack fp32', \
  $dense index 2 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" title 'LU cusolver fp64', \
  $dense index 3 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#d95f02" title 'LU cusolver fp32', \
  $dense index 4 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" title 'LU hybrid fp64', \
  $dense index 5 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#7570b3" title 'LU hybrid fp32', \
  $dense index 6 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#e7298a" title 'LU gpu_panel fp64', \
  $dense index 7 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#e7298a" title 'LU gpu_panel fp32', \
  $dense index 8 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#1b9e77" title 'Cholesky lapack fp64', \
  $dense index 9 with linespoints pt 5 ps 1.2 lw 1.5 dt 2 lc rgb "#1b9e77" title 'Cholesky lapack fp32', \
  $dense index 10 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" title 'Cholesky cusolver fp64', \
  $dense index 11 with linespoints pt 5 ps 1.2 lw 1.5 dt 2 lc rgb "#d95f02" title 'Cholesky cusolver fp32', \
  $dense index 12 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" title 'Cholesky hybrid fp64', \
  $dense index 13 with linespoints pt 5 ps 1.2 lw 1.5 dt 2 lc rgb "#7570b3" title 'Cholesky hybrid fp32', \
  $dense index 14 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#e7298a" title 'Cholesky gpu_panel fp64', \
  $dense index 15 with linespoints pt 5 ps 1.2 lw 1.5 dt 2 lc rgb "#e7298a" title 'Cholesky gpu_panel fp32', \
  $dense index 16 with linespoints pt 9 ps 1.2 lw 1.5 dt 1 lc rgb "#1b9e77" title 'QR lapack fp64', \
  $dense index 17 with linespoints pt 9 ps 1.2 lw 1.5 dt 2 lc rgb "#1b9e77" title 'QR lapack fp32', \
  $dense index 18 with linespoints pt 9 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" title 'QR cusolver fp64', \
  $dense index 19 with linespoints pt 9 ps 1.2 lw 1.5 dt 2 lc rgb "#d95f02" title 'QR cusolver fp32', \
  $dense index 20 with linespoints pt 9 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" title 'QR hybrid fp64', \
  $dense index 21 with linespoints pt 9 ps 1.2 lw 1.5 dt 2 lc rgb "#7570b3" title 'QR hybrid fp32', \
  NaN notitle
