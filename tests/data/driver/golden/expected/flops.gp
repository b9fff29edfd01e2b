# Written by rfl plot; render with: gnuplot 'flops.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'flops.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.8
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Compute: golden machine, 1 rank x 4 threads' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z'
set xrange [0.5:512]
set yrange [10:2000]
set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512)
set mxtics 1
set format y "%g"
set xlabel "flops per element (arithmetic intensity grows with it)"
set ylabel "GFLOP/s"
set key outside right top vertical Left reverse samplen 2 spacing 1.2 font "sans,10"
$series << EOD
# 'fp64 c ref'
1 30 30
2 37.632 48
4 39.168 48
8 38.016 48
16 38.784 48
32 37.248 48
64 39.552 48
128 38.4 48
256 37.824 48


# 'fp32 c ref'
1 38.4 48
2 37.632 48
4 39.168 48
8 38.016 48
16 38.784 48
32 37.248 48
64 39.552 48
128 38.4 48
256 37.824 48


# 'fp64 avx2 simd'
1 30 30
2 58.8 60
4 122.4 120
8 176.7744 192
16 180.3456 192
32 173.2032 192
64 183.9168 192
128 178.56 192
256 175.8816 192


# 'fp32 avx2 simd'
1 60 60
2 117.6 120
4 244.8 240
8 353.5488 384
16 360.6912 384
32 346.4064 384
64 367.8336 384
128 357.12 384
256 351.7632 384


EOD
$peaks << EOD
0.5 39.552
512 39.552


0.5 192
512 192


0.5 39.552
512 39.552


0.5 384
512 384


0.5 183.9168
512 183.9168


0.5 367.8336
512 367.8336


EOD
# box 355.20 256.60 80.85 7.20 0.00 'fp64 c 39.6 GFLOP/s'
set label 1 'fp64 c 39.6 GFLOP/s' at 4,42.86421 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
# box 463.20 456.98 97.45 7.20 0.00 'spec fp64 192.0 GFLOP/s'
set label 2 'spec fp64 192.0 GFLOP/s' at 9.513657,208.0787 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 528.00 256.60 80.85 7.20 0.00 'fp32 c 39.6 GFLOP/s'
set label 3 'fp32 c 39.6 GFLOP/s' at 16,42.86421 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
# box 355.20 544.89 97.45 7.20 0.00 'spec fp32 384.0 GFLOP/s'
set label 4 'spec fp32 384.0 GFLOP/s' at 4,416.1574 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
# box 679.20 465.80 97.45 7.20 0.00 'fp64 avx2 183.9 GFLOP/s'
set label 5 'fp64 avx2 183.9 GFLOP/s' at 53.81737,223.0718 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
# box 571.20 553.72 97.45 7.20 0.00 'fp32 avx2 367.8 GFLOP/s'
set label 6 'fp32 avx2 367.8 GFLOP/s' at 22.62742,446.1436 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1b9e77" notitle, \
  $peaks index 1 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 2 with lines lw 1 lc rgb "#d95f02" notitle, \
  $peaks index 3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 4 with lines lw 1 lc rgb "#7570b3" notitle, \
  $peaks index 5 with lines lw 1 lc rgb "#e7298a" notitle, \
  $series index 0 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#1b9e77" title 'fp64 c ref', \
  $series index 0 using 1:3 with lines dt 4 lw 1.2 lc rgb "#1b9e77" notitle, \
  $series index 1 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#d95f02" title 'fp32 c ref', \
  $series index 1 using 1:3 with lines dt 4 lw 1.2 lc rgb "#d95f02" notitle, \
  $series index 2 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#7570b3" title 'fp64 avx2 simd', \
  $series index 2 using 1:3 with lines dt 4 lw 1.2 lc rgb "#7570b3" notitle, \
  $series index 3 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#e7298a" title 'fp32 avx2 simd', \
  $series index 3 using 1:3 with lines dt 4 lw 1.2 lc rgb "#e7298a" notitle, \
  NaN with lines dt 4 lw 1.2 lc rgb "#404040" title "model (rfl_flops)", \
  NaN with lines lw 1 lc rgb "#1a1a1a" title "measured peak"
