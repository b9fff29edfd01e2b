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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:20:24Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 58.02167 232.7914
2 107.056 232.4625
4 219.1069 223.8546
8 329.7521 225.1505
16 279.039 234.274
32 200.7409 234.7236
64 130.0613 234.9565
128 82.42614 234.5931
256 56.39601 234.2225
512 42.12722 234.6768
1024 37.41849 234.7504


# fp32 c ref
1 228.5197 470.2378
2 455.1692 453.4155
4 448.0203 453.5289
8 679.6118 468.3285
16 562.9781 476.9395
32 416.5088 489.1521
64 281.4087 483.3363
128 165.0877 475.4881
256 115.6402 473.6083
512 90.1274 473.8252
1024 79.78234 473.2573


# fp64 avx512 simd
1 464.1666 505.066
2 740.5058 1017.454
4 1154.995 2032.596
8 1574.323 2030.905
16 1885.509 2018.722
32 1888.864 2023.871
64 1875.828 2014.202
128 1823.651 2017.081
256 1880.028 2035.524
512 1934.65 2029.241
1024 1914.712 2030.625


# fp32 avx512 simd
1 907.2965 988.2572
2 1439.03 1994.767
4 2244.593 3949.661
8 3004.067 3946.389
16 3658.849 3983.203
32 3715.269 4031.207
64 3660.463 3935.744
128 3838.999 3894.022
256 3830.907 3975.452
512 3778.599 3983.626
1024 3878.234 3958.607


EOD
$peaks << EOD
0.5 329.7521
2048 329.7521


0.5 2035.524
2048 2035.524


0.5 679.6118
2048 679.6118


0.5 4031.207
2048 4031.207


0.5 1934.65
2048 1934.65


0.5 3878.234
2048 3878.234


EOD
set label 1 "fp64 c 329.8 GFLOP/s" at 6.062866,370.0773 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 2036 GFLOP/s" at 13.92881,2284.447 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 679.6 GFLOP/s" at 6.062866,762.7212 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 4031 GFLOP/s" at 6.062866,4524.182 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 1935 GFLOP/s" at 111.4305,2551.844 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 3878 GFLOP/s" at 48.50293,5115.474 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
