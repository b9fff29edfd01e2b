# Written by rfl plot; render with: gnuplot 'roofline-gpu1.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output 'roofline-gpu1.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: vm gpu1 (NVIDIA H200, 132 SMs)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:512]
set yrange [100:5000000]
set xtics ("1/16" 0.0625, "1/8" 0.125, "1/4" 0.25, "1/2" 0.5, "1" 1, "2" 2, "4" 4, "8" 8, "16" 16, "32" 32, "64" 64, "128" 128, "256" 256, "512" 512)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 31956 GB/s (96% of spec)'
0.0625 1997.249
23.74001 758635.5


# 'L1 32049 GB/s (96% of spec)'
0.0625 2003.076
23.67095 758635.5


# 'L2 9754 GB/s'
0.0625 609.648
77.77393 758635.5


# 'device memory 4543 GB/s (95% of spec)'
0.0625 283.9361
166.9908 758635.5


# 'host link 55.4 GB/s (pinned, both ways)'
1.806432 100
13704.24 758635.5


# 'bf16/fp16 tensor 758635/723431 GFLOP/s (71%/68% of spec)'
23.67095 758635.5
512 758635.5


# '(the roof above, within 10%: one label)'
22.57252 723431.5
512 723431.5


# 'tf32 tensor 395139 GFLOP/s (74% of spec)'
12.32914 395139.4
512 395139.4


# 'fp16 129342 GFLOP/s (97% of spec)'
4.035728 129341.9
512 129341.9


# 'fp32 65572 GFLOP/s (98% of spec)'
2.045975 65571.9
512 65571.9


# 'fp64 tensor 61636 GFLOP/s (93% of spec)'
1.923157 61635.69
512 61635.69


# 'fp64 33028 GFLOP/s'
1.030555 33028.48
512 33028.48


# 'spec bf16/fp16 tensor 1070531 GFLOP/s'
32.07293 1070531
512 1070531


# 'spec tf32 tensor 535265 GFLOP/s'
16.03647 535265.3
512 535265.3


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'bf16/fp16 tensor 758635/723431 GFLOP/s (71%/68% of spec)' at 63.30428,875836.1 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 'tf32 tensor 395139 GFLOP/s (74% of spec)' at 113.1992,456183.9 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 'fp16 129342 GFLOP/s (97% of spec)' at 148.9074,149323.8 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 'fp32 65572 GFLOP/s (98% of spec)' at 143.7623,75702.01 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 'fp64 tensor 61636 GFLOP/s (93% of spec)' at 107.2009,53387.86 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 'fp64 33028 GFLOP/s' at 228.4358,38131 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 'shared 31956 GB/s (96% of spec)' at 2.102483,79615.62 center rotate by 32.18 front textcolor rgb "#66a61e" font "sans,9"
set label 8 'L1 32049 GB/s (96% of spec)' at 0.3535678,13427.76 center rotate by 32.18 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 'L2 9754 GB/s' at 1.758228,20323 center rotate by 32.18 front textcolor rgb "#d95f02" font "sans,9"
set label 10 'device memory 4543 GB/s (95% of spec)' at 1.703599,9171.099 center rotate by 32.18 front textcolor rgb "#e7298a" font "sans,9"
set label 11 'host link 55.4 GB/s (pinned, both ways)' at 119.9304,7867.218 center rotate by 32.18 front textcolor rgb "#a6761d" font "sans,9"
set label 12 'spec bf16/fp16 tensor 1070531 GFLOP/s' at 126.383,1235915 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 13 'spec tf32 tensor 535265 GFLOP/s' at 163.2664,617957.7 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#a6761d" notitle, \
  $ceilings index 5 with lines dt 4 lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 6 with lines dt 4 lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 7 with lines dt 4 lw 3 lc rgb "#00838f" notitle, \
  $ceilings index 8 with lines lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 9 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 10 with lines dt 4 lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 11 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 12 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 13 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 4 lw 3 lc rgb "#303030" title "tensor cores (best GEMM)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above"
