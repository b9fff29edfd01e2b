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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:57:50Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 14.62456 30.51972
2 28.84388 61.03943
4 49.13988 61.03943
8 39.99219 61.03943
16 34.34832 61.03943
32 23.5277 61.03943
64 14.84352 61.03943
128 10.052 61.03943
256 6.846813 61.03943
512 5.764614 61.03943
1024 5.331788 61.03943


# fp32 c ref
1 27.89228 60.65878
2 57.51842 121.3176
4 75.70132 121.3176
8 98.38798 121.3176
16 68.59257 121.3176
32 45.89475 121.3176
64 29.53532 121.3176
128 20.50126 121.3176
256 13.66637 121.3176
512 11.63686 121.3176
1024 10.86577 121.3176


# fp64 avx512 simd
1 57.4594 61.11735
2 80.30325 122.2347
4 119.6236 244.4694
8 239.2843 244.4694
16 237.1691 244.4694
32 237.5025 244.4694
64 232.6438 244.4694
128 237.6528 244.4694
256 237.0593 244.4694
512 240.7782 244.4694
1024 240.1698 244.4694


# fp32 avx512 simd
1 114.2604 122.5542
2 202.5984 245.1084
4 240.7652 490.2169
8 478.9021 490.2169
16 474.0447 490.2169
32 478.028 490.2169
64 455.9932 490.2169
128 464.2681 490.2169
256 472.0105 490.2169
512 470.8551 490.2169
1024 477.0298 490.2169


EOD
$peaks << EOD
0.5 49.13988
2048 49.13988


0.5 244.4694
2048 244.4694


0.5 98.38798
2048 98.38798


0.5 490.2169
2048 490.2169


0.5 240.7782
2048 240.7782


0.5 478.9021
2048 478.9021


EOD
set label 1 "fp64 c 49.1 GFLOP/s" at 6.062866,54.572 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 244.5 GFLOP/s" at 13.92881,271.494 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 98.4 GFLOP/s" at 9.189587,109.2642 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 490.2 GFLOP/s" at 6.062866,544.4074 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 240.8 GFLOP/s" at 111.4305,267.3948 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 478.9 GFLOP/s" at 48.50293,615.9315 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
