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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:19:40Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 57.03686 239.5126
2 160.8763 238.4027
4 240.1621 237.8551
8 331.2808 233.8534
16 282.2286 234.415
32 202.2063 225.4892
64 136.5017 224.681
128 82.51896 233.6691
256 56.22358 232.4039
512 41.94883 229.5179
1024 36.76257 231.8984


# fp32 c ref
1 233.2901 467.7628
2 233.3012 473.7117
4 495.0067 479.3441
8 675.4756 477.251
16 593.9058 472.2122
32 401.474 471.1937
64 267.6792 470.8616
128 166.3549 470.6748
256 118.76 471.3546
512 72.96414 485.1142
1024 74.33394 442.0879


# fp64 avx512 simd
1 481.2331 478.3064
2 722.6239 950.5339
4 1061.762 1883.907
8 1500.32 1897.84
16 1716.702 1944.051
32 1814.419 1918.366
64 1772.415 1885.055
128 1789.59 1878.735
256 1797.572 1908.028
512 1775.458 1927.237
1024 1798.025 1931.019


# fp32 avx512 simd
1 966.9227 979.5136
2 1424.925 2011.418
4 2128.456 4008.249
8 3030.109 4032.438
16 3677.283 3976.202
32 3734.848 3882.463
64 3849.487 3945.216
128 3873.236 3905.688
256 3892.788 3912.627
512 3928.154 4022.837
1024 3814.949 3872.115


EOD
$peaks << EOD
0.5 331.2808
2048 331.2808


0.5 1944.051
2048 1944.051


0.5 675.4756
2048 675.4756


0.5 4032.438
2048 4032.438


0.5 1814.419
2048 1814.419


0.5 3928.154
2048 3928.154


EOD
set label 1 "fp64 c 331.3 GFLOP/s" at 9.189587,371.793 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 1944 GFLOP/s" at 13.92881,2181.788 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 675.5 GFLOP/s" at 6.062866,758.0792 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 4032 GFLOP/s" at 6.062866,4525.563 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 1814 GFLOP/s" at 111.4305,2393.258 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 3928 GFLOP/s" at 256,3500.126 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
