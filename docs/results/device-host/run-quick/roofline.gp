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
set title "Roofline: vm (Intel(R) Xeon(R) Processor), 2 ranks x 8 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:00:45Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:10000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 9319 GB/s
0.03125 291.2147
0.370956 3456.89


# L2 2712 GB/s
0.03125 84.75318
1.274617 3456.89


# L3 727.2 GB/s
0.03125 22.72462
4.753778 3456.89


# DRAM 218.4 GB/s
0.03125 6.823891
15.83082 3456.89


# fp32 avx512 3457 GFLOP/s (91% of spec)
0.370956 3456.89
256 3456.89


# fp64 avx512 1694 GFLOP/s (89% of spec)
0.1817605 1693.802
256 1693.802


# fp32 c 418.8 GFLOP/s (11% of spec)
0.04494038 418.7935
256 418.7935


# fp64 c 207.4 GFLOP/s (11% of spec)
0.02225742 207.414
256 207.414


# spec fp32 3787 GFLOP/s
0.4063302 3786.538
256 3786.538


# spec fp64 1894 GFLOP/s
0.2031949 1893.547
256 1893.547


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3457 GFLOP/s (91% of spec)" at 56.92315,4714.48 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1694 GFLOP/s (89% of spec)" at 57.90928,1488.393 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 418.8 GFLOP/s (11% of spec)" at 67.0072,476.5901 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 207.4 GFLOP/s (11% of spec)" at 60.09265,236.0386 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 9319 GB/s" at 0.1314688,1430.979 center rotate by 33.65 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 2712 GB/s" at 0.2757128,873.3944 center rotate by 33.65 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 727.2 GB/s" at 0.1345228,114.2589 center rotate by 33.65 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 218.4 GB/s" at 0.4203557,107.2128 center rotate by 33.65 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 3787 GFLOP/s" at 6.089907,4309.108 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 1894 GFLOP/s" at 101.2039,2154.87 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
