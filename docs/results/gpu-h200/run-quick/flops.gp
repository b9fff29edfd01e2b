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
set title "Compute: vm, 1 rank x 16 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:49Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 122.0256 243.6862
2 138.8893 243.9554
4 232.7607 235.3139
8 331.1378 231.8348
16 277.6237 232.653
32 200.2122 235.5805
64 131.6911 235.6239
128 83.20503 227.1636
256 56.27913 225.7517
512 42.40856 234.0948
1024 38.018 230.6391


# fp32 c ref
1 228.19 466.1682
2 455.4736 468.7034
4 464.8682 469.2872
8 662.2731 471.1995
16 544.6248 471.5341
32 400.8379 469.3723
64 261.2805 473.5276
128 169.1971 466.3908
256 110.6872 461.7537
512 87.75926 469.2229
1024 78.42722 471.561


# fp64 avx512 simd
1 469.4726 473.4086
2 687.7155 944.5631
4 1086.527 1886.409
8 1476.972 1883.029
16 1740.941 1886.918
32 1748.059 1889.7
64 1772.35 1890.804
128 1873.852 1887.184
256 1801.151 1915.785
512 1801.232 1908.455
1024 1783.098 1916.122


# fp32 avx512 simd
1 924.0202 940.1533
2 1351.56 1879.185
4 2140.555 3803.505
8 2862.606 3798.487
16 3523.401 3774.535
32 3737.466 3874.803
64 3753.34 3924.902
128 3859.774 3846.245
256 3702.469 3777.884
512 3786.984 3773.474
1024 3806.631 3760.926


EOD
$peaks << EOD
0.5 331.1378
2048 331.1378


0.5 1951.643
2048 1951.643


0.5 662.2731
2048 662.2731


0.5 3924.902
2048 3924.902


0.5 1873.852
2048 1873.852


0.5 3859.774
2048 3859.774


EOD
set label 1 "fp64 c 331.1 GFLOP/s" at 6.062866,371.6325 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 1952 GFLOP/s" at 13.92881,2190.308 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 662.3 GFLOP/s" at 6.062866,743.2622 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 3925 GFLOP/s" at 6.062866,4404.876 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 1874 GFLOP/s" at 111.4305,2471.65 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 3860 GFLOP/s" at 48.50293,4331.785 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
