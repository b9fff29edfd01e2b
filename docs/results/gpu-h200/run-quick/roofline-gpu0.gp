# Written by rfl plot; render with: gnuplot roofline-gpu0.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output "roofline-gpu0.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "Roofline: vm gpu0 (NVIDIA H200, 132 SMs)" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:03:00Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:2048]
set yrange [100:5000000]
set xtics ("1/16" 0.0625, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# shared 31153 GB/s (93% of spec)
0.0625 1947.075
20.63901 642971.2


# L1 27299 GB/s (82% of spec)
0.0625 1706.194
23.55284 642971.2


# L2 8318 GB/s
0.0625 519.8691
77.29965 642971.2


# device memory 4673 GB/s (97% of spec)
0.0625 292.0799
137.5846 642971.2


# host link 53.8 GB/s (pinned, both ways)
1.859517 100
11956.16 642971.2


# bf16 tensor 642971 GFLOP/s (61% of spec)
20.63901 642971.2
2048 642971.2


# fp16 tensor 621927 GFLOP/s (59% of spec)
19.96349 621926.7
2048 621926.7


# tf32 tensor 372499 GFLOP/s (72% of spec)
11.95702 372499.4
2048 372499.4


# fp16 129632 GFLOP/s (97% of spec)
4.161098 129631.5
2048 129631.5


# fp32 65927 GFLOP/s (99% of spec)
2.116225 65927.17
2048 65927.17


# fp64 tensor 60431 GFLOP/s (90% of spec)
1.939798 60430.93
2048 60430.93


# fp64 33224 GFLOP/s
1.066478 33224.2
2048 33224.2


# spec bf16/fp16 tensor 1054310 GFLOP/s
31.51954 1054310
2048 1054310


# spec tf32 tensor 519045 GFLOP/s
15.51731 519045.1
2048 519045.1


# spec L1 33348 GB/s
0.0625 2084.281
31.85812 1062420


EOD
$apps << EOD
# volkov fp32 4096: 37%
512 24434.18
# tiled fp32 4096: 76%
512 50335.98
# cublas fp32 4096: 78%
512 51362.72
# volkov fp64 4096: 40%
256 13422.7
# tiled fp64 4096: 68%
256 22485.92
# dmma fp64 4096: 86%
256 52160.95
# cublas fp64 4096: 100%
256 60430.93
# cublas tf32 4096: 100%
512 372499.4
# cublas bf16 4096: 100%
682.6667 642971.2
# cublas fp16 4096: 100%
682.6667 621926.7
EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 "bf16 tensor 642971 GFLOP/s (61% of spec)" at 356.9491,907667.5 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 "fp16 tensor 621927 GFLOP/s (59% of spec)" at 352.4637,877959.4 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 3 "tf32 tensor 372499 GFLOP/s (72% of spec)" at 375.1514,263870.2 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 4 "fp16 129632 GFLOP/s (97% of spec)" at 492.2003,149658.1 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 5 "fp32 65927 GFLOP/s (99% of spec)" at 298.7548,76112.17 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 6 "fp64 tensor 60431 GFLOP/s (90% of spec)" at 86.21922,42807.91 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 "fp64 33224 GFLOP/s" at 204.1266,28778.28 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 8 "shared 31153 GB/s (93% of spec)" at 1.751027,83528.54 center rotate by 35.98 front textcolor rgb "#66a61e" font "sans,9"
set label 9 "L1 27299 GB/s (82% of spec)" at 0.4568215,10442.28 center rotate by 35.98 front textcolor rgb "#1b9e77" font "sans,9"
set label 10 "L2 8318 GB/s" at 1.730246,17187.85 center rotate by 35.98 front textcolor rgb "#d95f02" font "sans,9"
set label 11 "device memory 4673 GB/s (97% of spec)" at 1.277446,7129.578 center rotate by 35.98 front textcolor rgb "#e7298a" font "sans,9"
set label 12 "host link 53.8 GB/s (pinned, both ways)" at 58.35301,3747.683 center rotate by 35.98 front textcolor rgb "#a6761d" font "sans,9"
set label 13 "spec bf16/fp16 tensor 1054310 GFLOP/s" at 419.2615,1217189 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 14 "spec tf32 tensor 519045 GFLOP/s" at 521.8987,449588.7 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 15 "spec L1 33348 GB/s" at 0.3264262,13000.53 center rotate by 35.98 front textcolor rgb "#8c8c8c" font "sans,9"
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
  $ceilings index 14 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 4 lw 3 lc rgb "#303030" title "tensor cores (best GEMM)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above", \
  NaN with lines lc rgb "#ffffff" title "GEMM (rfl_gemm): % of its roofline", \
  $apps index 0 every ::0::0 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1f4e9c" title "volkov fp32 4096: 37%", \
  $apps index 0 every ::1::1 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title "tiled fp32 4096: 76%", \
  $apps index 0 every ::2::2 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title "cublas fp32 4096: 78%", \
  $apps index 0 every ::3::3 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title "volkov fp64 4096: 40%", \
  $apps index 0 every ::4::4 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title "tiled fp64 4096: 68%", \
  $apps index 0 every ::5::5 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title "dmma fp64 4096: 86%", \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title "cublas fp64 4096: 100%", \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title "cublas tf32 4096: 100%", \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title "cublas bf16 4096: 100%", \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title "cublas fp16 4096: 100%"
