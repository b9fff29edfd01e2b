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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:06Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 64.2933 212.1641
2 136.8829 219.5056
4 231.6789 228.9563
8 317.7514 223.967
16 293.8434 229.6144
32 205.795 235.4514
64 133.2113 235.8893
128 85.77649 235.1708
256 57.07077 234.5914
512 42.70414 235.9046
1024 38.38632 235.5095


# fp32 c ref
1 227.6332 458.4968
2 465.084 465.7453
4 465.7668 479.0364
8 641.5189 470.4302
16 555.7455 463.3898
32 408.6651 465.7827
64 275.6381 474.3997
128 166.5366 487.7803
256 119.9945 498.3455
512 89.30543 453.6307
1024 77.2382 443.4018


# fp64 avx512 simd
1 472.6814 505.3399
2 696.8443 1012.692
4 1061.073 1980.488
8 1436.853 1959.874
16 1838.585 1969.537
32 1853.75 1957.379
64 1905.83 1955.685
128 1932.343 2020.873
256 1932.53 2019.195
512 1920.919 2013.226
1024 1918.692 1951.777


# fp32 avx512 simd
1 976.472 982.3353
2 1455.566 2000.577
4 2221.616 3919.615
8 3106.124 3901.707
16 3703.836 3887.962
32 3755.384 3762.944
64 3866.354 3906.591
128 3835.506 3895.499
256 3886.503 4027.832
512 3765.734 4001.063
1024 3884.103 3957.301


EOD
$peaks << EOD
0.5 317.7514
2048 317.7514


0.5 2025.383
2048 2025.383


0.5 641.5189
2048 641.5189


0.5 4027.832
2048 4027.832


0.5 1932.53
2048 1932.53


0.5 3886.503
2048 3886.503


EOD
set label 1 "fp64 c 317.8 GFLOP/s" at 6.062866,356.609 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 2025 GFLOP/s" at 13.92881,2273.066 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 641.5 GFLOP/s" at 6.062866,719.97 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 4028 GFLOP/s" at 6.062866,4520.394 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 1933 GFLOP/s" at 168.897,1721.953 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 3887 GFLOP/s" at 137.187,3463.013 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
