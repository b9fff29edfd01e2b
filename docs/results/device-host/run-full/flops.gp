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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:01:01Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 38.50639 255.8633
2 125.2222 255.8633
4 129.5309 255.8633
8 232.5879 255.8633
16 233.171 255.8633
32 168.845 255.8633
64 110.5403 255.8633
128 86.0087 255.8633
256 59.5474 255.8633
512 45.52299 255.8633
1024 40.08677 255.8633


# fp32 c ref
1 234.7146 512.0774
2 361.6421 512.0774
4 486.39 512.0774
8 711.0842 512.0774
16 580.7773 512.0774
32 409.6083 512.0774
64 265.1861 512.0774
128 165.2991 512.0774
256 113.2563 512.0774
512 85.00374 512.0774
1024 74.68005 512.0774


# fp64 avx512 simd
1 489.8773 512.0769
2 700.0007 1024.154
4 1064.644 2048.308
8 1674.465 2048.308
16 1864.859 2048.308
32 1895.909 2048.308
64 1876.653 2048.308
128 1908.873 2048.308
256 1913.47 2048.308
512 1939.365 2048.308
1024 1932.214 2048.308


# fp32 avx512 simd
1 983.701 1024.158
2 1468.365 2048.316
4 2297.527 4096.631
8 3793.612 4096.631
16 3939.24 4096.631
32 3734.849 4096.631
64 3875.455 4096.631
128 3831.58 4096.631
256 3866.759 4096.631
512 3932.975 4096.631
1024 3874.643 4096.631


EOD
$peaks << EOD
0.5 233.171
2048 233.171


0.5 2048.308
2048 2048.308


0.5 711.0842
2048 711.0842


0.5 4096.631
2048 4096.631


0.5 1939.365
2048 1939.365


0.5 3939.24
2048 3939.24


EOD
set label 1 "fp64 c 233.2 GFLOP/s" at 6.062866,261.6854 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 2048 GFLOP/s" at 11.31371,2298.794 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 711.1 GFLOP/s" at 7.464264,798.0423 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 4097 GFLOP/s" at 6.062866,4597.606 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 1939 GFLOP/s" at 388.0234,1728.044 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 3939 GFLOP/s" at 48.50293,5195.941 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
