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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:55:33Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:20000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 9842 GB/s
0.03125 307.5614
0.3960655 3898.063


# L2 2974 GB/s
0.03125 92.95162
1.310515 3898.063


# L3 812.7 GB/s
0.03125 25.3982
4.796184 3898.063


# DRAM 229.8 GB/s
0.03125 7.182727
16.95936 3898.063


# fp32 avx512 3898 GFLOP/s (95% of spec)
0.3960655 3898.063
256 3898.063


# fp64 avx512 1972 GFLOP/s (96% of spec)
0.2003541 1971.878
256 1971.878


# fp32 c 714.7 GFLOP/s (17% of spec)
0.07261687 714.6926
256 714.6926


# fp64 c 333.0 GFLOP/s (16% of spec)
0.03383338 332.987
256 332.987


# spec fp32 4097 GFLOP/s
0.4162411 4096.631
256 4096.631


# spec fp64 2048 GFLOP/s
0.2081207 2048.316
256 2048.316


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3898 GFLOP/s (95% of spec)" at 57.78714,5452.091 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1972 GFLOP/s (96% of spec)" at 59.07713,1714.612 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 714.7 GFLOP/s (17% of spec)" at 72.18111,821.9277 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 333.0 GFLOP/s (16% of spec)" at 64.12263,382.9495 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 9842 GB/s" at 0.1370905,1589.956 center rotate by 31.62 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 2974 GB/s" at 0.0574395,201.3324 center rotate by 31.62 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 812.7 GB/s" at 0.1972533,188.918 center rotate by 31.62 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 229.8 GB/s" at 0.695884,188.483 center rotate by 31.62 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 4097 GFLOP/s" at 6.175625,4711.304 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 2048 GFLOP/s" at 101.5196,2355.653 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
