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
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:49Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:2048]
set yrange [100:5000000]
set xtics ("1/16" 0.0625, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# shared 31112 GB/s (93% of spec)
0.0625 1944.508
20.88265 649703.6


# L1 27432 GB/s (82% of spec)
0.0625 1714.498
23.68419 649703.6


# L2 8559 GB/s
0.0625 534.9451
75.90774 649703.6


# device memory 4569 GB/s (95% of spec)
0.0625 285.5818
142.1886 649703.6


# host link 53.8 GB/s (pinned, both ways)
1.858755 100
12076.4 649703.6


# bf16/fp16 tensor 649704/624649 GFLOP/s (61%/59% of spec)
20.88265 649703.6
2048 649703.6


# (the roof above, within 10%: one label)
20.07734 624648.7
2048 624648.7


# tf32 tensor 366868 GFLOP/s (70% of spec)
11.79178 366867.6
2048 366867.6


# fp16 130092 GFLOP/s (97% of spec)
4.181399 130092.2
2048 130092.2


# fp32 65662 GFLOP/s (98% of spec)
2.110505 65662.3
2048 65662.3


# fp64 tensor 59103 GFLOP/s (88% of spec)
1.899682 59103.16
2048 59103.16


# fp64 33176 GFLOP/s
1.06635 33176.42
2048 33176.42


# spec bf16/fp16 tensor 1062420 GFLOP/s
31.76249 1062420
2048 1062420


# spec tf32 tensor 523100 GFLOP/s
15.63878 523100.2
2048 523100.2


# spec fp64 tensor 66908 GFLOP/s
2.00031 66908.16
2048 66908.16


# spec L1 33446 GB/s
0.0625 2090.385
31.7651 1062420


EOD
$apps << EOD
# volkov fp32 4096: 37%
512 24480.98
# tiled fp32 4096: 77%
512 50350.33
# cublas fp32 4096: 78%
512 51348.8
# volkov fp64 4096: 40%
256 13165.09
# tiled fp64 4096: 68%
256 22460.52
# dmma fp64 4096: 88%
256 51892.68
# cublas fp64 4096: 100%
256 59103.16
# cublas tf32 4096: 100%
512 366867.6
# cublas bf16 4096: 100%
682.6667 649703.6
# cublas fp16 4096: 100%
682.6667 624648.7
EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 "bf16/fp16 tensor 649704/624649 GFLOP/s (61%/59% of spec)" at 57.26975,750075.5 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 "tf32 tensor 366868 GFLOP/s (70% of spec)" at 373.4327,259880.7 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 "fp16 130092 GFLOP/s (97% of spec)" at 492.7516,150190 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 "fp32 65662 GFLOP/s (98% of spec)" at 298.5285,75806.38 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 "fp64 tensor 59103 GFLOP/s (88% of spec)" at 85.4033,41867.35 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 "fp64 33176 GFLOP/s" at 204.1191,28736.9 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 "shared 31112 GB/s (93% of spec)" at 1.7634,84007.87 center rotate by 35.98 front textcolor rgb "#66a61e" font "sans,9"
set label 8 "L1 27432 GB/s (82% of spec)" at 0.457648,10512.08 center rotate by 35.98 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 "L2 8559 GB/s" at 1.715376,17534.3 center rotate by 35.98 front textcolor rgb "#d95f02" font "sans,9"
set label 10 "device memory 4569 GB/s (95% of spec)" at 1.570309,8569.101 center rotate by 35.98 front textcolor rgb "#e7298a" font "sans,9"
set label 11 "host link 53.8 GB/s (pinned, both ways)" at 58.57263,3763.33 center rotate by 35.98 front textcolor rgb "#a6761d" font "sans,9"
set label 12 "spec bf16/fp16 tensor 1062420 GFLOP/s" at 420.4865,1226552 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 13 "spec tf32 tensor 523100 GFLOP/s" at 523.0394,453101.2 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 14 "spec fp64 tensor 66908 GFLOP/s" at 415.888,94452.69 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 15 "spec L1 33446 GB/s" at 0.3261638,13028.12 center rotate by 35.98 front textcolor rgb "#8c8c8c" font "sans,9"
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
  $ceilings index 15 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 4 lw 3 lc rgb "#303030" title "tensor cores (best GEMM)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above", \
  NaN with lines lc rgb "#ffffff" title "GEMM (rfl_gemm): % of its roofline", \
  $apps index 0 every ::0::0 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1f4e9c" title "volkov fp32 4096: 37%", \
  $apps index 0 every ::1::1 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title "tiled fp32 4096: 77%", \
  $apps index 0 every ::2::2 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title "cublas fp32 4096: 78%", \
  $apps index 0 every ::3::3 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title "volkov fp64 4096: 40%", \
  $apps index 0 every ::4::4 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title "tiled fp64 4096: 68%", \
  $apps index 0 every ::5::5 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title "dmma fp64 4096: 88%", \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title "cublas fp64 4096: 100%", \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title "cublas tf32 4096: 100%", \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title "cublas bf16 4096: 100%", \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title "cublas fp16 4096: 100%"
