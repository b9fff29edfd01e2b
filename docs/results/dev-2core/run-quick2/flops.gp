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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:27:01Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 14.80558 30.38218
2 29.69063 61.12908
4 49.18399 60.839
8 39.24571 60.14536
16 31.83158 59.92749
32 23.33412 59.86514
64 14.85839 59.8571
128 10.13382 60.07329
256 6.89524 60.50813
512 5.864915 60.8242
1024 5.463764 60.74152


# fp32 c ref
1 29.23441 60.37613
2 57.72364 119.9018
4 99.50985 120.8562
8 98.66929 121.3726
16 69.36821 120.0396
32 46.92251 119.4746
64 29.79647 120.0145
128 20.41967 120.4159
256 13.83577 120.3299
512 11.67525 119.8392
1024 10.70298 119.5519


# fp64 avx512 simd
1 56.91991 61.14312
2 81.35589 122.2801
4 121.9516 242.4025
8 214.6622 240.6188
16 238.3505 242.5415
32 238.0383 243.5628
64 231.0348 242.426
128 235.0491 242.2352
256 237.3508 242.4504
512 240.1798 244.3168
1024 240.6996 242.8299


# fp32 avx512 simd
1 115.8091 123.1548
2 172.0718 247.2903
4 244.2278 496.3684
8 480.3639 490.74
16 487.6025 491.5979
32 458.9125 491.078
64 455.4405 493.3783
128 460.9869 496.9013
256 467.4874 492.6417
512 471.8325 489.8973
1024 472.4889 494.15


EOD
$peaks << EOD
0.5 49.18399
2048 49.18399


0.5 244.5725
2048 244.5725


0.5 99.50985
2048 99.50985


0.5 496.9013
2048 496.9013


0.5 240.6996
2048 240.6996


0.5 487.6025
2048 487.6025


EOD
set label 1 "fp64 c 49.2 GFLOP/s" at 6.062866,54.62098 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 244.6 GFLOP/s" at 13.92881,271.6084 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 99.5 GFLOP/s" at 9.189587,110.5101 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 496.9 GFLOP/s" at 6.062866,551.8307 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 240.7 GFLOP/s" at 724.0773,216.7403 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 487.6 GFLOP/s" at 48.50293,627.1214 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
