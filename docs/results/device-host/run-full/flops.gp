# Written by rfl plot; render with: gnuplot flops.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output "flops.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.8
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "Compute: vm, 2 ranks x 8 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:55:33Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.5:2048]
set yrange [10:20000]
set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048)
set mxtics 1
set format y "%g"
set xlabel "flops per element (arithmetic intensity grows with it)"
set ylabel "GFLOP/s"
set key outside right top vertical Left reverse samplen 2 spacing 1.2 font "sans,10"
$series << EOD
# fp64 c ref
1 61.67438 256.0387
2 238.0586 256.0387
4 245.5718 256.0387
8 332.987 256.0387
16 301.6656 256.0387
32 213.9919 256.0387
64 140.3339 256.0387
128 88.16166 256.0387
256 60.82347 256.0387
512 37.86471 256.0387
1024 35.65309 256.0387


# fp32 c ref
1 232.1686 511.4574
2 328.1269 511.4574
4 503.5713 511.4574
8 714.6926 511.4574
16 605.8016 511.4574
32 434.6244 511.4574
64 281.8719 511.4574
128 177.2954 511.4574
256 121.8057 511.4574
512 90.60582 511.4574
1024 79.67259 511.4574


# fp64 avx512 simd
1 493.7713 512.0791
2 741.5238 1024.158
4 1145.436 2048.316
8 1910.621 2048.316
16 1971.878 2048.316
32 1864.598 2048.316
64 1934.552 2048.316
128 1912.909 2048.316
256 1957.73 2048.316
512 1935.835 2048.316
1024 1945.832 2048.316


# fp32 avx512 simd
1 971.9821 1024.158
2 1428.825 2048.315
4 2119.328 4096.631
8 3516.84 4096.631
16 3898.063 4096.631
32 3640.821 4096.631
64 3574.902 4096.631
128 3764.851 4096.631
256 3832.243 4096.631
512 3767.064 4096.631
1024 3827.504 4096.631


EOD
$peaks << EOD
0.5 332.987
2048 332.987


0.5 2048.316
2048 2048.316


0.5 714.6926
2048 714.6926


0.5 4096.631
2048 4096.631


0.5 1971.878
2048 1971.878


0.5 3898.063
2048 3898.063


EOD
set label 1 "fp64 c 333.0 GFLOP/s" at 7.464264,373.7078 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 2048 GFLOP/s" at 13.92881,2298.804 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 714.7 GFLOP/s" at 6.062866,802.0921 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 4097 GFLOP/s" at 6.062866,4597.606 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 1972 GFLOP/s" at 111.4305,2600.949 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 3898 GFLOP/s" at 48.50293,5141.628 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
plot \
  $peaks index 0 with lines lw 1 lc rgb "#1b9e77" notitle, \
  $peaks index 1 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 2 with lines lw 1 lc rgb "#d95f02" notitle, \
  $peaks index 3 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $peaks index 4 with lines lw 1 lc rgb "#7570b3" notitle, \
  $peaks index 5 with lines lw 1 lc rgb "#e7298a" notitle, \
  $series index 0 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#1b9e77" title "fp64 c ref", \
  $series index 0 using 1:3 with lines dt 4 lw 1.2 lc rgb "#1b9e77" notitle, \
  $series index 1 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#d95f02" title "fp32 c ref", \
  $series index 1 using 1:3 with lines dt 4 lw 1.2 lc rgb "#d95f02" notitle, \
  $series index 2 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#7570b3" title "fp64 avx512 simd", \
  $series index 2 using 1:3 with lines dt 4 lw 1.2 lc rgb "#7570b3" notitle, \
  $series index 3 using 1:2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#e7298a" title "fp32 avx512 simd", \
  $series index 3 using 1:3 with lines dt 4 lw 1.2 lc rgb "#e7298a" notitle, \
  NaN with lines dt 4 lw 1.2 lc rgb "#404040" title "model (rfl_flops)", \
  NaN with lines lw 1 lc rgb "#1a1a1a" title "measured peak"
