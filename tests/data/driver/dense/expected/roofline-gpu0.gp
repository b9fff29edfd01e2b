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
set title 'Roofline: golden gpu0 (NVIDIA H200 (synthetic), 132 SMs)' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:4096]
set yrange [100:5000000]
set xtics ("1/16" 0.0625, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024, "4096" 4096)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 30348 ±1.1% GB/s (91% of spec)'
0.0625 1896.781
24.58194 746025


# 'L1 19798 ±1.6% GB/s (59% of spec)'
0.0625 1237.406
37.68088 746025


# 'L2 11426 ±0.7% GB/s'
0.0625 714.125
65.29188 746025


# 'device memory 4442 ±1.4% GB/s (93% of spec)'
0.0625 277.6313
167.9442 746025


# 'host link 55.4 GB/s (pinned, both ways)'
1.805054 100
13466.16 746025


# 'fp16/bf16 tensor 746025 ±0.5%/711170 ±0.5% GFLOP/s (70%/66% of spec)'
24.58194 746025
4096 746025


# '(the roof above, within 10%: one label)'
23.43345 711170
4096 711170


# 'tf32 tensor 381000 ±0.5% GFLOP/s (71% of spec)'
12.55416 381000
4096 381000


# 'fp16 132478 ±0.7% GFLOP/s (99% of spec)'
4.365229 132478.2
4096 132478.2


# 'fp32 66239 ±0.7% GFLOP/s (99% of spec)'
2.182615 66239.08
4096 66239.08


# 'fp64 tensor 60802 ±0.5% GFLOP/s (91% of spec)'
2.00346 60802
4096 60802


# 'fp64 33120 ±0.7% GFLOP/s (99% of spec)'
1.091307 33119.54
4096 33119.54


# 'spec fp16/bf16 tensor 1070531 GFLOP/s'
32 1070531
4096 1070531


# 'spec tf32 tensor 535265 GFLOP/s'
16 535265.3
4096 535265.3


# 'spec L1 33454 GB/s'
0.0625 2090.88
32 1070531


EOD
$apps << EOD
# 'volkov fp32 8192: 33%'
1024 21890
# 'volkov fp64 8192: 42%'
512 14070
# 'tiled fp32 8192: 70%'
1024 46550
# 'tiled fp64 8192: 91%'
512 30090
# 'dmma fp64 8192: 83%'
512 50500
# 'cublas fp32 8192: 77%'
1024 50985
# 'cublas fp64 8192: 100%'
512 60802
# 'cublas tf32 8192: 100%'
1024 381000
# 'cublas bf16 8192: 100%'
1365.333 711170
# 'cublas fp16 8192: 100%'
1365.333 746025
EOD
$kernels << EOD
# 1 'LU cusolver fp64'
31.26345 42640 8


# 2 'LU hybrid fp64'
30.55291 40560 8


# 3 'LU gpu_panel fp64'
31.26345 44720 8


# 4 'Chol cusolver fp64'
31.26345 42640 8


# 5 'Chol hybrid fp64'
29.87396 40560 8


# 6 'Chol gpu_panel fp64'
31.26345 44720 8


# 7 'QR cusolver fp64'
62.52689 38376 8


# 8 'QR hybrid fp64'
61.10583 36504 8


# 9 'LU cusolver fp32'
62.52689 36900 8


# 10 'LU hybrid fp32'
61.10583 35100 8


# 11 'LU gpu_panel fp32'
62.52689 38700 8


# 12 'Chol cusolver fp32'
62.52689 36900 8


# 13 'Chol hybrid fp32'
59.74792 35100 8


# 14 'Chol gpu_panel fp32'
62.52689 38700 8


# 15 'QR cusolver fp32'
125.0538 33210 8


# 16 'QR hybrid fp32'
122.2117 31590 8


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'fp16/bf16 tensor 746025 ±0.5%/711170 ±0.5% GFLOP/s (70%/66% of spec)' at 163.1779,861277.4 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 2 'tf32 tensor 381000 ±0.5% GFLOP/s (71% of spec)' at 454.1533,269891.8 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 'fp16 132478 ±0.7% GFLOP/s (99% of spec)' at 360.7237,152944.5 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 'fp32 66239 ±0.7% GFLOP/s (99% of spec)' at 193.4817,76472.27 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 'fp64 tensor 60802 ±0.5% GFLOP/s (91% of spec)' at 484.616,85832.77 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 'fp64 33120 ±0.7% GFLOP/s (99% of spec)' at 64.16252,23461.14 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 'shared 30348 ±1.1% GB/s (91% of spec)' at 0.2979538,7540.053 center rotate by 37.76 front textcolor rgb "#66a61e" font "sans,9"
set label 8 'L1 19798 ±1.6% GB/s (59% of spec)' at 0.5358501,8846.343 center rotate by 37.76 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 'L2 11426 ±0.7% GB/s' at 1.527586,14554.19 center rotate by 37.76 front textcolor rgb "#d95f02" font "sans,9"
set label 10 'device memory 4442 ±1.4% GB/s (93% of spec)' at 1.127917,6008.653 center rotate by 37.76 front textcolor rgb "#e7298a" font "sans,9"
set label 11 'host link 55.4 GB/s (pinned, both ways)' at 74.61489,4957.321 center rotate by 37.76 front textcolor rgb "#a6761d" font "sans,9"
set label 12 'spec fp16/bf16 tensor 1070531 GFLOP/s' at 731.645,1235915 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 13 'spec tf32 tensor 535265 GFLOP/s' at 995.9987,463638.4 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 14 'spec L1 33454 GB/s' at 2.465228,98904.93 center rotate by 37.76 front textcolor rgb "#8c8c8c" font "sans,9"
set label 15 '1' at 40.34743,42640 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 16 '2' at 23.67411,40560 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 17 '3' at 40.34743,44720 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 18 '4' at 24.22467,42640 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 19 '5' at 29.87396,28850.46 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 20 '6' at 40.34743,31809.48 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 21 '7' at 80.69486,38376 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 22 '8' at 61.10583,51319.88 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
set label 23 '9' at 80.69486,51876.6 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 24 '10' at 73.27067,29051.85 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 25 '11' at 84.31065,38700 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 26 '12' at 62.52689,51876.6 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 27 '13' at 49.8282,42407.28 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 28 '14' at 62.52689,23656.69 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 29 '15' at 125.0538,46688.94 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 30 '16' at 164.789,44411.43 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
plot \
  $ceilings index 0 with lines lw 3 lc rgb "#66a61e" notitle, \
  $ceilings index 1 with lines lw 3 lc rgb "#1b9e77" notitle, \
  $ceilings index 2 with lines lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 3 with lines lw 3 lc rgb "#e7298a" notitle, \
  $ceilings index 4 with lines lw 3 lc rgb "#a6761d" notitle, \
  $ceilings index 5 with lines dt 4 lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 6 with lines dt 4 lw 3 lc rgb "#d95f02" notitle, \
  $ceilings index 7 with lines dt 4 lw 3 lc rgb "#00838f" notitle, \
  $ceilings index 8 with lines lw 3 lc rgb "#8e24aa" notitle, \
  $ceilings index 9 with lines lw 3 lc rgb "#1f4e9c" notitle, \
  $ceilings index 10 with lines dt 4 lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 11 with lines lw 3 lc rgb "#1a1a1a" notitle, \
  $ceilings index 12 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 13 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
  $ceilings index 14 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
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
  $kernels index 8 using 1:2 with lines lw 1.2 dt 3 lc rgb "#1b9e77" notitle, \
  $kernels index 8 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#1b9e77" notitle, \
  $kernels index 9 using 1:2 with lines lw 1.2 dt 3 lc rgb "#d95f02" notitle, \
  $kernels index 9 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#d95f02" notitle, \
  $kernels index 10 using 1:2 with lines lw 1.2 dt 3 lc rgb "#7570b3" notitle, \
  $kernels index 10 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#7570b3" notitle, \
  $kernels index 11 using 1:2 with lines lw 1.2 dt 3 lc rgb "#e7298a" notitle, \
  $kernels index 11 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#e7298a" notitle, \
  $kernels index 12 using 1:2 with lines lw 1.2 dt 3 lc rgb "#66a61e" notitle, \
  $kernels index 12 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#66a61e" notitle, \
  $kernels index 13 using 1:2 with lines lw 1.2 dt 3 lc rgb "#c99700" notitle, \
  $kernels index 13 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#c99700" notitle, \
  $kernels index 14 using 1:2 with lines lw 1.2 dt 3 lc rgb "#a6761d" notitle, \
  $kernels index 14 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#a6761d" notitle, \
  $kernels index 15 using 1:2 with lines lw 1.2 dt 3 lc rgb "#555555" notitle, \
  $kernels index 15 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#555555" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 4 lw 3 lc rgb "#303030" title "tensor cores (best GEMM)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above", \
  NaN with lines lc rgb "#ffffff" title "GEMM (rfl_gemm): % of its roofline", \
  $apps index 0 every ::0::0 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'volkov fp32 8192: 33%', \
  $apps index 0 every ::1::1 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'volkov fp64 8192: 42%', \
  $apps index 0 every ::2::2 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'tiled fp32 8192: 70%', \
  $apps index 0 every ::3::3 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'tiled fp64 8192: 91%', \
  $apps index 0 every ::4::4 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'dmma fp64 8192: 83%', \
  $apps index 0 every ::5::5 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'cublas fp32 8192: 77%', \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'cublas fp64 8192: 100%', \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title 'cublas tf32 8192: 100%', \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title 'cublas bf16 8192: 100%', \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title 'cublas fp16 8192: 100%', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'factorization at device memory', \
  NaN with lines lc rgb "#ffffff" title 'rfl_dense, largest n: % of the roof above', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '1 LU cusolver fp64: 70%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '2 LU hybrid fp64: 67%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '3 LU gpu_panel fp64: 74%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '4 Chol cusolver fp64: 70%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '5 Chol hybrid fp64: 67%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '6 Chol gpu_panel fp64: 74%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '7 QR cusolver fp64: 63%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '8 QR hybrid fp64: 60%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '9 LU cusolver fp32: 56%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '10 LU hybrid fp32: 53%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '11 LU gpu_panel fp32: 58%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '12 Chol cusolver fp32: 56%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '13 Chol hybrid fp32: 53%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '14 Chol gpu_panel fp32: 58%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '15 QR cusolver fp32: 50%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '16 QR hybrid fp32: 48%'
