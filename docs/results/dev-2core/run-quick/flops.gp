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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:24:45Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
1 14.87546 30.58464
2 28.58651 61.45212
4 49.92657 61.83065
8 40.43135 61.39122
16 35.19116 60.96051
32 23.78076 60.58118
64 15.05159 60.18719
128 10.31514 60.92044
256 6.976137 61.5217
512 5.888597 61.5317
1024 5.508705 61.8414


# fp32 c ref
1 29.61618 61.33362
2 58.88698 121.3273
4 101.7829 121.0667
8 100.1479 121.2614
16 69.75466 120.8868
32 47.00424 120.2489
64 30.12912 120.2453
128 20.47695 120.7833
256 13.74229 121.082
512 11.65378 120.9633
1024 10.9164 120.9566


# fp64 avx512 simd
1 59.75723 60.78637
2 83.19955 122.2904
4 122.3322 243.1635
8 236.7407 242.983
16 241.3031 241.7922
32 225.8748 243.7958
64 231.5391 243.4043
128 234.6382 243.6654
256 237.4741 243.5004
512 239.0108 242.9309
1024 242.4271 242.1589


# fp32 avx512 simd
1 116.7929 121.2626
2 165.316 243.905
4 241.8103 485.1648
8 466.0028 483.2275
16 476.4447 484.1889
32 463.1589 487.851
64 451.69 485.8663
128 465.5104 484.5531
256 468.8783 485.3021
512 471.4058 485.0653
1024 472.4695 489.0727


EOD
$peaks << EOD
0.5 49.92657
2048 49.92657


0.5 247.3656
2048 247.3656


0.5 101.7829
2048 101.7829


0.5 490.669
2048 490.669


0.5 242.4271
2048 242.4271


0.5 476.4447
2048 476.4447


EOD
set label 1 "fp64 c 49.9 GFLOP/s" at 6.062866,55.44564 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,10"
set label 2 "spec fp64 247.4 GFLOP/s" at 13.92881,274.7104 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 3 "fp32 c 101.8 GFLOP/s" at 11.31371,113.0344 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,10"
set label 4 "spec fp32 490.7 GFLOP/s" at 6.062866,544.9094 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 5 "fp64 avx512 242.4 GFLOP/s" at 111.4305,311.7934 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,10"
set label 6 "fp32 avx512 476.4 GFLOP/s" at 48.50293,612.771 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,10"
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
