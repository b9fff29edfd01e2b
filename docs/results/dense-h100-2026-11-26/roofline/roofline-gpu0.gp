# Written by rfl plot; render with: gnuplot 'roofline-gpu0.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1400,850 font "sans,11" noenhanced
set output 'roofline-gpu0.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.755
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Roofline: vm gpu0 (NVIDIA H100 80GB HBM3, 132 SMs)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:15:02Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:8192]
set yrange [100:5000000]
set xtics ("1/16" 0.0625, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024, "4096" 4096)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32588 ±0.4% GB/s (97% of spec)'
0.0625 2036.749
24.6156 802172.9


# 'L1 32432 ±1.2% GB/s (96% of spec)'
0.0625 2027.013
24.73383 802172.9


# 'L2 7727 ±0.1% GB/s'
0.0625 482.9416
103.8134 802172.9


# 'device memory 3237 ±1.1% GB/s (97% of spec)'
0.0625 202.3091
247.8179 802172.9


# 'bf16/fp16 tensor 802173 ±0.0%/775374 ±0.1% GFLOP/s (75%/72% of spec)'
24.6156 802172.9
8192 802172.9


# '(the roof above, within 10%: one label)'
23.79325 775374.2
8192 775374.2


# 'tf32 tensor 421835 ±0.0% GFLOP/s (103% of spec)'
12.9445 421835.1
8192 421835.1


# 'fp16 131332 ±0.9% GFLOP/s (97% of spec)'
4.030072 131331.9
8192 131331.9


# 'fp32 66541 ±0.9% GFLOP/s (99% of spec)'
2.04188 66540.75
8192 66540.75


# 'fp64 tensor 60938 ±0.0% GFLOP/s (91% of spec)'
1.869951 60937.94
8192 60937.94


# 'fp64 33598 ±0.7% GFLOP/s (100% of spec)'
1.030984 33597.7
8192 33597.7


# 'spec bf16/fp16 tensor 1070531 GFLOP/s'
31.76063 1070531
8192 1070531


EOD
$apps << EOD
# 'volkov fp32 8192x8192x1024: 38%'
227.5556 25091.38
# 'tiled fp32 16384: 81%'
2048 53687.02
# 'cublas fp32 16384: 82%'
2048 54251.61
# 'volkov fp64 8192x8192x1024: 40%'
113.7778 13325.41
# 'tiled fp64 16384: 71%'
1024 23978.65
# 'dmma fp64 8192: 92%'
512 55899.21
# 'cublas fp64 4096: 100%'
256 60937.94
# 'cublas tf32 4096x4096x16384: 100%'
819.2 421835.1
# 'cublas bf16 16384: 101%'
2730.667 807410.1
# 'cublas fp16 16384: 100%'
2730.667 775374.2
EOD
$kernels << EOD
# 1 'LU cusolver fp64'
31.62839 33114.05 8


# 2 'LU hybrid fp64'
61.10583 10930.48 8


# 3 'LU gpu_panel fp64'
62.52689 31758.59 8


# 4 'Chol cusolver fp64'
31.62839 46557.72 8


# 5 'Chol hybrid fp64'
59.74792 11478.9 8


# 6 'Chol gpu_panel fp64'
62.52689 30840.27 8


# 7 'QR cusolver fp64'
63.25678 30433.04 8


# 8 'QR hybrid fp64'
122.2117 5387.459 8


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'bf16/fp16 tensor 802173 ±0.0%/775374 ±0.1% GFLOP/s (75%/72% of spec)' at 88.32628,926099.5 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 'tf32 tensor 421835 ±0.0% GFLOP/s (103% of spec)' at 829.7109,298818.5 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 'fp16 131332 ±0.9% GFLOP/s (97% of spec)' at 1174.438,151621.2 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 'fp32 66541 ±0.9% GFLOP/s (99% of spec)' at 1215.114,76820.54 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 'fp64 tensor 60938 ±0.0% GFLOP/s (91% of spec)' at 782.9846,43167.07 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 'fp64 33598 ±0.7% GFLOP/s (100% of spec)' at 1038.385,38788.16 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 'shared 32588 ±0.4% GB/s (97% of spec)' at 2.091504,82094.16 center rotate by 39.45 front textcolor rgb "#66a61e" font "sans,9"
set label 8 'L1 32432 ±1.2% GB/s (96% of spec)' at 0.3005056,8091.573 center rotate by 39.45 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 'L2 7727 ±0.1% GB/s' at 1.354937,12610.43 center rotate by 39.45 front textcolor rgb "#d95f02" font "sans,9"
set label 10 'device memory 3237 ±1.1% GB/s (97% of spec)' at 1.296,5052.852 center rotate by 39.45 front textcolor rgb "#e7298a" font "sans,9"
set label 11 'spec bf16/fp16 tensor 1070531 GFLOP/s' at 1310.976,1235915 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 12 '1' at 31.62839,23554.13 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 13 '2' at 80.12819,10930.48 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 14 '3' at 62.52689,44648.45 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 15 '4' at 41.47437,46557.72 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 16 '5' at 45.56381,11478.9 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 17 '6' at 62.52689,21936.79 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 18 '7' at 82.94874,42784.9 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 19 '8' at 160.2564,5387.459 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines dt 4 lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 5 with lines dt 4 lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 6 with lines dt 4 lw 3 lc rgb "#00838f" notitle, \
  $ceilings index 7 with lines lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 8 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 9 with lines dt 4 lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 10 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 11 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $kernels index 0 using 1:2 with lines lw 1.2 dt 3 lc rgb "#1b9e77" notitle, \
  $kernels index 0 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#1b9e77" notitle, \
  $kernels index 1 using 1:2 with lines lw 1.2 dt 3 lc rgb "#d95f02" notitle, \
  $kernels index 1 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#d95f02" notitle, \
  $kernels index 2 using 1:2 with lines lw 1.2 dt 3 lc rgb "#7570b3" notitle, \
  $kernels index 2 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#7570b3" notitle, \
  $kernels index 3 using 1:2 with lines lw 1.2 dt 3 lc rgb "#e7298a" notitle, \
  $kernels index 3 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#e7298a" notitle, \
  $kernels index 4 using 1:2 with lines lw 1.2 dt 3 lc rgb "#66a61e" notitle, \
  $kernels index 4 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#66a61e" notitle, \
  $kernels index 5 using 1:2 with lines lw 1.2 dt 3 lc rgb "#c99700" notitle, \
  $kernels index 5 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#c99700" notitle, \
  $kernels index 6 using 1:2 with lines lw 1.2 dt 3 lc rgb "#a6761d" notitle, \
  $kernels index 6 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#a6761d" notitle, \
  $kernels index 7 using 1:2 with lines lw 1.2 dt 3 lc rgb "#555555" notitle, \
  $kernels index 7 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#555555" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 4 lw 3 lc rgb "#303030" title "tensor cores (best GEMM)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above", \
  NaN with lines lc rgb "#ffffff" title "GEMM (rfl_gemm): % of its roofline", \
  $apps index 0 every ::0::0 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'volkov fp32 8192x8192x1024: 38%', \
  $apps index 0 every ::1::1 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'tiled fp32 16384: 81%', \
  $apps index 0 every ::2::2 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'cublas fp32 16384: 82%', \
  $apps index 0 every ::3::3 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'volkov fp64 8192x8192x1024: 40%', \
  $apps index 0 every ::4::4 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'tiled fp64 16384: 71%', \
  $apps index 0 every ::5::5 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'dmma fp64 8192: 92%', \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'cublas fp64 4096: 100%', \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title 'cublas tf32 4096x4096x16384: 100%', \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title 'cublas bf16 16384: 101%', \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title 'cublas fp16 16384: 100%', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'factorization at device memory', \
  NaN with lines lc rgb "#ffffff" title 'rfl_dense, largest n: % of the roof above', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '1 LU cusolver fp64: 54%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '2 LU hybrid fp64: 18%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '3 LU gpu_panel fp64: 52%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '4 Chol cusolver fp64: 76%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '5 Chol hybrid fp64: 19%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '6 Chol gpu_panel fp64: 51%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '7 QR cusolver fp64: 50%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '8 QR hybrid fp64: 9%'
