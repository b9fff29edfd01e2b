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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:15:02Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [16384:65536]
set yrange [1000:200000]
set xtics ("16K" 16384, "32K" 32768, "64K" 65536)
set mxtics 1
set format y "%g"
set xlabel "matrix order n"
set ylabel "GFLOP/s (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3 flops; best sample)"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
$dense << EOD
# lu cusolver fp64: n, GFLOP/s
16384 20824.16
32768 33114.05


# lu hybrid fp64: n, GFLOP/s
16384 4601.549
32768 10930.48


# lu gpu_panel fp64: n, GFLOP/s
16384 18245.9
32768 31758.59


# cholesky cusolver fp64: n, GFLOP/s
16384 40728.71
32768 46557.72
32768 40809.42


# cholesky hybrid fp64: n, GFLOP/s
16384 3766.548
32768 11478.9
32768 10933.54


# cholesky gpu_panel fp64: n, GFLOP/s
16384 27812.65
32768 30840.27


# qr cusolver fp64: n, GFLOP/s
16384 18520.03
32768 30433.04


# qr hybrid fp64: n, GFLOP/s
16384 2024.553
32768 5387.459


EOD
$peaks << EOD
16384 60937.94
65536 60937.94


EOD
set label 1 'GPU fp64 GEMM 60938 GFLOP/s (gemm.csv)' at 22381.2,66041.08 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1a1a1a" notitle, \
  $dense index 0 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" title 'LU cusolver fp64', \
  $dense index 1 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" title 'LU hybrid fp64', \
  $dense index 2 with linespoints pt 7 ps 1.2 lw 1.5 dt 1 lc rgb "#e7298a" title 'LU gpu_panel fp64', \
  $dense index 3 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" title 'Cholesky cusolver fp64', \
  $dense index 4 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" title 'Cholesky hybrid fp64', \
  $dense index 5 with linespoints pt 5 ps 1.2 lw 1.5 dt 1 lc rgb "#e7298a" title 'Cholesky gpu_panel fp64', \
  $dense index 6 with linespoints pt 9 ps 1.2 lw 1.5 dt 1 lc rgb "#d95f02" title 'QR cusolver fp64', \
  $dense index 7 with linespoints pt 9 ps 1.2 lw 1.5 dt 1 lc rgb "#7570b3" title 'QR hybrid fp64', \
  NaN notitle
