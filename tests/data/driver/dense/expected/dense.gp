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
set title 'Dense factorizations against the GEMM roof: golden' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [1024:32768]
set yrange [20:200000]
set xtics ("1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384, "32K" 32768)
set mxtics 1
set format y "%g"
set xlabel "matrix order n"
set ylabel "GFLOP/s (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3 flops; best sample)"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
$dense << EOD
# lu lapack fp64: n, GFLOP/s
1024 81
4096 140


# lu lapack fp32: n, GFLOP/s
1024 162
4096 280


# lu cusolver fp64: n, GFLOP/s
1024 2000
4096 21600
16384 42640


# lu cusolver fp32: n, GFLOP/s
1024 1800
4096 18000
16384 36900


# lu hybrid fp64: n, GFLOP/s
1024 1200
4096 16800
16384 40560


# lu hybrid fp32: n, GFLOP/s
1024 1080
4096 14000
16384 35100


# lu gpu_panel fp64: n, GFLOP/s
1024 2400
4096 24000
16384 44720


# lu gpu_panel fp32: n, GFLOP/s
1024 2160
4096 20000
16384 38700


# cholesky lapack fp64: n, GFLOP/s
1024 81
4096 140


# cholesky lapack fp32: n, GFLOP/s
1024 162
4096 280


# cholesky cusolver fp64: n, GFLOP/s
1024 2000
4096 21600
16384 42640


# cholesky cusolver fp32: n, GFLOP/s
1024 1800
4096 18000
16384 36900


# cholesky hybrid fp64: n, GFLOP/s
1024 1200
4096 16800
16384 40560


# cholesky hybrid fp32: n, GFLOP/s
1024 1080
4096 14000
16384 35100


# cholesky gpu_panel fp64: n, GFLOP/s
1024 2400
4096 24000
16384 44720


# cholesky gpu_panel fp32: n, GFLOP/s
1024 2160
4096 20000
16384 38700


# qr lapack fp64: n, GFLOP/s
1024 72.9
4096 126


# qr lapack fp32: n, GFLOP/s
1024 145.8
4096 252


# qr cusolver fp64: n, GFLOP/s
1024 1800
4096 19440
16384 38376


# qr cusolver fp32: n, GFLOP/s
1024 1620
4096 16200
16384 33210


# qr hybrid fp64: n, GFLOP/s
1024 1080
4096 15120
16384 36504


# qr hybrid fp32: n, GFLOP/s
1024 972
4096 12600
16384 31590


EOD
$peaks << EOD
1024 60802
32768 60802


1024 200
32768 200


1024 50985
32768 50985


1024 400
32768 400


EOD
set label 1 'GPU fp64 GEMM 60802 GFLOP/s (gemm.csv)' at 2233.36,69924.95 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 2 'host fp64 GEMM 200.0 GFLOP/s (dense.csv)' at 2233.36,230.0087 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 'GPU fp32 GEMM 50985 GFLOP/s (gemm.csv)' at 2233.36,44333.1 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 4 'host fp32 GEMM 400.0 GFLOP/s (dense.csv)' at 2233.36,460.0174 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
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
