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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
256 4.676507
512 16.27301
1024 59.87757


# lu lapack fp32: n, GFLOP/s
256 7.552783
512 21.87919
1024 72.96328


# lu cusolver fp64: n, GFLOP/s
256 26.27553
512 93.76416
1024 317.5778


# lu cusolver fp32: n, GFLOP/s
256 28.57678
512 103.9132
1024 378.2698


# lu hybrid fp64: n, GFLOP/s
256 4.6445
512 16.84288
1024 61.08906


# lu hybrid fp32: n, GFLOP/s
256 7.111459
512 22.31498
1024 95.19157


# lu gpu_panel fp64: n, GFLOP/s
256 25.00701
512 73.16646
1024 242.7061


# lu gpu_panel fp32: n, GFLOP/s
256 27.21782
512 79.09924
1024 278.2835


# cholesky lapack fp64: n, GFLOP/s
256 12.44981
512 31.52456
1024 84.08326


# cholesky lapack fp32: n, GFLOP/s
256 10.31037
512 30.66777
1024 80.89694


# cholesky cusolver fp64: n, GFLOP/s
256 48.25282
512 200.8956
1024 825.0097


# cholesky cusolver fp32: n, GFLOP/s
256 57.00022
512 248.7891
1024 1012.538


# cholesky hybrid fp64: n, GFLOP/s
256 12.5154
512 41.23155
1024 136.4587


# cholesky hybrid fp32: n, GFLOP/s
256 8.636933
512 28.50668
1024 113.9155


# cholesky gpu_panel fp64: n, GFLOP/s
256 49.52187
512 145.2087
1024 485.5447


# cholesky gpu_panel fp32: n, GFLOP/s
256 54.79259
512 171.4423
1024 584.0756


# qr lapack fp64: n, GFLOP/s
256 14.73253
512 34.5241
1024 76.87191


# qr lapack fp32: n, GFLOP/s
256 15.50303
512 40.83365
1024 80.46607


# qr cusolver fp64: n, GFLOP/s
256 32.31894
512 106.4276
1024 347.7946


# qr cusolver fp32: n, GFLOP/s
256 35.11637
512 112.6262
1024 373.2641


# qr hybrid fp64: n, GFLOP/s
256 6.71895
512 21.3893
1024 70.07106


# qr hybrid fp32: n, GFLOP/s
256 6.656136
512 22.74732
1024 79.95519


EOD
$peaks << EOD
256 61272.32
2048 61272.32


256 724.3511
2048 724.3511


256 53093.77
2048 53093.77


256 1226.932
2048 1226.932


EOD
set label 1 'GPU fp64 GEMM 61272 GFLOP/s (gemm.csv)' at 408.7288,72972.15 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'host fp64 GEMM 724.4 GFLOP/s (dense.csv)' at 408.7288,862.6646 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 'GPU fp32 GEMM 53094 GFLOP/s (gemm.csv)' at 408.7288,44581.09 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 4 'host fp32 GEMM 1227 GFLOP/s (dense.csv)' at 408.7288,1461.213 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
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
