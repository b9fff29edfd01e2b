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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:06Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.03125:256]
set yrange [2:20000]
set xtics ("1/32" 0.03125, "1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# L1 10745 GB/s
0.03125 335.7832
0.3617013 3886.503


# L2 3049 GB/s
0.03125 95.29669
1.274475 3886.503


# L3 882.6 GB/s
0.03125 27.58254
4.403264 3886.503


# DRAM 248.9 GB/s
0.03125 7.776686
15.61761 3886.503


# fp32 avx512 3887 GFLOP/s (96% of spec)
0.3617013 3886.503
256 3886.503


# fp64 avx512 1933 GFLOP/s (95% of spec)
0.1798528 1932.53
256 1932.53


# fp32 c 641.5 GFLOP/s (16% of spec)
0.0597036 641.5189
256 641.5189


# fp64 c 317.8 GFLOP/s (16% of spec)
0.02957185 317.7514
256 317.7514


# spec fp32 4028 GFLOP/s
0.3748543 4027.832
256 4027.832


# spec fp64 2025 GFLOP/s
0.1884943 2025.383
256 2025.383


EOD
set key top left box opaque samplen 3 spacing 1.3 font "sans,10" width 1
set label 1 "fp32 avx512 3887 GFLOP/s (96% of spec)" at 56.59334,5435.923 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,10"
set label 2 "fp64 avx512 1933 GFLOP/s (95% of spec)" at 57.78416,1680.397 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,10"
set label 3 "fp32 c 641.5 GFLOP/s (16% of spec)" at 70.02335,737.7747 center rotate by 0.00 front textcolor rgb "#5b7fbf" font "sans,10"
set label 4 "fp64 c 317.8 GFLOP/s (16% of spec)" at 62.79845,365.4279 center rotate by 0.00 front textcolor rgb "#5a5a5a" font "sans,10"
set label 5 "L1 10745 GB/s" at 0.1298246,1643.85 center rotate by 31.62 front textcolor rgb "#1b9e77" font "sans,10"
set label 6 "L2 3049 GB/s" at 0.05209899,187.2204 center rotate by 31.62 front textcolor rgb "#d95f02" font "sans,10"
set label 7 "L3 882.6 GB/s" at 0.1688032,175.5743 center rotate by 31.62 front textcolor rgb "#7570b3" font "sans,10"
set label 8 "DRAM 248.9 GB/s" at 0.5717027,167.6528 center rotate by 31.62 front textcolor rgb "#e7298a" font "sans,10"
set label 9 "spec fp32 4028 GFLOP/s" at 5.811671,4632.182 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
set label 10 "spec fp64 2025 GFLOP/s" at 100.2207,2329.279 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,10"
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
