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
set title 'Dense factorizations under the GEMM of the same n: golden' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z'
set xrange [1024:32768]
set yrange [20:200000]
set xtics ("1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192, "16384" 16384, "32768" 32768)
set mxtics 1
set format y "%g"
set xlabel "matrix order n"
set ylabel "GFLOP/s (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3, GEMM 2n^3 flops; best sample)"
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
$gemm << EOD
# host fp64 GEMM (host BLAS): n, GFLOP/s
1024 180
4096 200


# GPU fp64 GEMM (cuBLAS): n, GFLOP/s
1024 20000
4096 48000
16384 52000


# host fp32 GEMM (host BLAS): n, GFLOP/s
1024 360
4096 400


# GPU fp32 GEMM (cuBLAS): n, GFLOP/s
1024 18000
4096 40000
16384 45000


EOD
plot \
  $gemm index 0 with linespoints lw 3 pt 7 ps 0.9 lc rgb "#7f7f7f" title 'host fp64 GEMM (host BLAS, same n): the roof', \
  $gemm index 1 with linespoints lw 3 pt 7 ps 0.9 lc rgb "#1a1a1a" title 'GPU fp64 GEMM (cuBLAS, same n): the roof', \
  $gemm index 2 with linespoints lw 3 pt 4 ps 0.9 lc rgb "#7f7f7f" title 'host fp32 GEMM (host BLAS, same n): the roof', \
  $gemm index 3 with linespoints lw 3 pt 4 ps 0.9 lc rgb "#1a1a1a" title 'GPU fp32 GEMM (cuBLAS, same n): the roof', \
  $dense index 0 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#1b9e77" notitle, \
  $dense index 1 with linespoints pt 4 ps 1.2 lw 1.5 dt 1 lc rgb "#1b9e77" notitle, \
  $dense index 2 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" notitle, \
  $dense index 3 with linespoints pt 4 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" notitle, \
  $dense index 4 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" notitle, \
  $dense index 5 with linespoints pt 4 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" notitle, \
  $dense index 6 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#e7298a" notitle, \
  $dense index 7 with linespoints pt 4 ps 1.2 lw 1.5 dt 1 lc rgb "#e7298a" notitle, \
  $dense index 8 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#1b9e77" notitle, \
  $dense index 9 with linespoints pt 4 ps 1.2 lw 1.5 dt 2 lc rgb "#1b9e77" notitle, \
  $dense index 10 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#d95f02" notitle, \
  $dense index 11 with linespoints pt 4 ps 1.2 lw 1.5 dt 2 lc rgb "#d95f02" notitle, \
  $dense index 12 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#7570b3" notitle, \
  $dense index 13 with linespoints pt 4 ps 1.2 lw 1.5 dt 2 lc rgb "#7570b3" notitle, \
  $dense index 14 with linespoints pt 7 ps 1.2 lw 1.5 dt 2 lc rgb "#e7298a" notitle, \
  $dense index 15 with linespoints pt 4 ps 1.2 lw 1.5 dt 2 lc rgb "#e7298a" notitle, \
  $dense index 16 with linespoints pt 7 ps 1.2 lw 1.5 dt 4 lc rgb "#1b9e77" notitle, \
  $dense index 17 with linespoints pt 4 ps 1.2 lw 1.5 dt 4 lc rgb "#1b9e77" notitle, \
  $dense index 18 with linespoints pt 7 ps 1.2 lw 1.5 dt 4 lc rgb "#d95f02" notitle, \
  $dense index 19 with linespoints pt 4 ps 1.2 lw 1.5 dt 4 lc rgb "#d95f02" notitle, \
  $dense index 20 with linespoints pt 7 ps 1.2 lw 1.5 dt 4 lc rgb "#7570b3" notitle, \
  $dense index 21 with linespoints pt 4 ps 1.2 lw 1.5 dt 4 lc rgb "#7570b3" notitle, \
  NaN with lines lw 4 lc rgb "#1b9e77" title 'colour: lapack (host LAPACK)', \
  NaN with lines lw 4 lc rgb "#d95f02" title 'colour: cusolver', \
  NaN with lines lw 4 lc rgb "#7570b3" title 'colour: hybrid (CPU panels)', \
  NaN with lines lw 4 lc rgb "#e7298a" title 'colour: gpu_panel (GPU panels)', \
  NaN with points pt 7 ps 1.2 lc rgb "#404040" title 'marker: fp64', \
  NaN with points pt 4 ps 1.2 lc rgb "#404040" title 'marker: fp32', \
  NaN with lines lw 1.5 dt 1 lc rgb "#404040" title 'line: LU', \
  NaN with lines lw 1.5 dt 2 lc rgb "#404040" title 'line: Cholesky', \
  NaN with lines lw 1.5 dt 4 lc rgb "#404040" title 'line: QR', \
  NaN notitle
