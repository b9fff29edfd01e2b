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
set title "Compute: vm, 1 rank x 2 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:25:26Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.5:2048]
set yrange [2:2000]
set xtics ("0.5" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512, "1024" 1024, "2048" 2048)
set mxtics 1
set format y "%g"
set xlabel "flops per element (arithmetic intensity grows with it)"
set ylabel "GFLOP/s"
set key outside right top vertical Left reverse samplen 2 spacing 1.2 font "sans,10"
$series << EOD
# fp64 c ref
1 15.08894 31.10601
2 30.33865 62.20097
4 51.35558 62.34974
8 41.38764 62.51408
16 36.57765 62.54772
32 24.97407 62.63793
64 15.82366 62.87629
128 10.55775 62.78544
256 7.073709 62.53148
512 6.085569 62.51049
1024 5.625921 62.59836


# fp32 c ref
1 30.70641 62.55172
2 61.05546 124.1671
4 103.5938 124.1394
8 103.073 123.9514
16 71.56253 124.4809
32 49.23085 124.5064
64 30.85118 123.4019
128 21.0159 123.055
256 14.08221 123.3134
512 11.83762 123.5374
1024 11.09892 122.7371


# fp64 avx512 simd
1 60.20663 61.60592
2 82.35409 123.5528
4 125.4396 247.5427
8 240.688 246.4018
16 242.8573 246.0254
32 238.9352 245.9729
64 233.9501 246.9242
128 238.2668 247.5783
256 241.898 248.1563
512 242.9703 247.5977
1024 244.8339 248.2557


# fp32 avx512 simd
1 120.6412 123.3823
2 163.97 246.2196
4 247.5564 496.3731
8 484.9645 494.5101
16 482.0616 496.3311
32 487.8924 498.3347
64 472.7723 498.3183
128 482.8504 498.3383
256 485.1724 497.8078
512 489.5767 497.8442
1024 489.7796 500.8111


EOD
$peaks << EOD
0.5 51.35558
2048 51.35558


0.5 251.5052
2048 251.5052


0.5 103.5938
2048 103.5938


0.5 500.8111
2048 500.8111


0.5 244.8339
2048 244.8339


0.5 489.7796
2048 489.7796


EOD
set label 1 "fp64 c 51.4 GFLOP/s" at 6.062866,57.03262 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 251.5 GFLOP/s" at 13.92881,279.3075 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 103.6 GFLOP/s" at 9.189587,115.0454 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 500.8 GFLOP/s" at 6.062866,556.1727 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 244.8 GFLOP/s" at 724.0773,220.463 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 489.8 GFLOP/s" at 388.0234,441.0268 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
