# Written by rfl plot; render with: gnuplot roofline.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output "roofline.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.97
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "Roofline: vm (AMD EPYC), 1 rank x 2 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:57:38Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:64]
set yrange [1:2000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 1328 GB/s
0.03125 41.51516
0.3625277 481.6126


# L2 638.8 GB/s
0.03125 19.96223
0.7539435 481.6126


# L3 420.1 GB/s
0.03125 13.12701
1.146521 481.6126


# DRAM 90.4 GB/s
0.03125 2.826229
5.325255 481.6126


# fp32 avx512 481.6 GFLOP/s (98% of spec)
0.3625277 481.6126
64 481.6126


# fp64 avx512 240.4 GFLOP/s (99% of spec)
0.1809322 240.3657
64 240.3657


# fp32 c 49.6 GFLOP/s (10% of spec)
0.03734121 49.60723
64 49.60723


# fp64 c 23.7 GFLOP/s (10% of spec)
0.01780806 23.65774
64 23.65774


# spec fp32 491.3 GFLOP/s
0.369851 491.3415
64 491.3415


# spec fp64 243.2 GFLOP/s
0.1830945 243.2382
64 243.2382


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 481.6 GFLOP/s (98% of spec)" at 19.47184,429.134 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 240.4 GFLOP/s (99% of spec)" at 19.21781,269.7599 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 49.6 GFLOP/s (10% of spec)" at 20.17954,55.67368 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 23.7 GFLOP/s (10% of spec)" at 22.07785,26.55083 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 1328 GB/s" at 0.1308172,199.1922 center rotate by 32.26 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 638.8 GB/s" at 0.2029848,148.6186 center rotate by 32.26 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 420.1 GB/s" at 0.2610294,125.677 center rotate by 32.26 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 90.4 GB/s" at 0.1404162,14.55544 center rotate by 32.26 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 491.3 GFLOP/s" at 28.79163,551.4274 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 243.2 GFLOP/s" at 29.88989,216.7339 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#7570b3" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 5 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 6 with lines lw 3 lc rgb "#5b7fbf" notitle, \
  $ceilings index 7 with lines lw 3 lc rgb "#5a5a5a" notitle, \
  $ceilings index 8 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 9 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "textbook (spec)"
