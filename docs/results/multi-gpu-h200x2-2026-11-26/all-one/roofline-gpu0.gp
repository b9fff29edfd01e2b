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
set title 'Roofline: vm gpu0 (NVIDIA H200, 132 SMs)' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:41:53Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0625:4096]
set yrange [20:5000000]
set xtics ("1/16" 0.0625, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024, "4096" 4096)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 31934 ±0.7% GB/s (96% of spec)'
0.0625 1995.905
23.75049 758459.6


# 'L1 32115 ±0.9% GB/s (96% of spec)'
0.0625 2007.197
23.61688 758459.6


# 'L2 9745 ±1.0% GB/s'
0.0625 609.0899
77.82714 758459.6


# 'device memory 4553 ±0.1% GB/s (95% of spec)'
0.0625 284.5577
166.5874 758459.6


# 'host link 55.0 GB/s (pinned, both ways)'
0.3636613 20
13791.12 758459.6


# 'bf16/fp16 tensor 758460 ±0.0%/725999 ±0.0% GFLOP/s (71%/68% of spec)'
23.61688 758459.6
4096 758459.6


# '(the roof above, within 10%: one label)'
22.60613 725999.4
4096 725999.4


# 'tf32 tensor 396645 ±0.0% GFLOP/s (74% of spec)'
12.3507 396644.6
4096 396644.6


# 'fp16 129448 ±0.0% GFLOP/s (97% of spec)'
4.030738 129447.8
4096 129447.8


# 'fp32 65081 ±0.0% GFLOP/s (99% of spec)'
2.026474 65080.52
4096 65080.52


# 'fp64 tensor 61112 ±2.8% GFLOP/s (92% of spec)'
1.902906 61112.12
4096 61112.12


# 'fp64 33197 ±0.7% GFLOP/s'
1.033681 33196.81
4096 33196.81


# 'spec bf16/fp16 tensor 1070531 GFLOP/s'
32.03381 1070531
4096 1070531


# 'spec tf32 tensor 535265 GFLOP/s'
16.0169 535265.3
4096 535265.3


EOD
$apps << EOD
# 'volkov fp32 8192: 37%'
1024 24072.67
# 'tiled fp32 8192: 78%'
1024 50583.63
# 'cublas fp32 8192: 82%'
1024 53175.77
# 'volkov fp64 8192: 38%'
512 12731.37
# 'tiled fp64 8192: 68%'
512 22699.14
# 'dmma fp64 8192: 86%'
512 52754.08
# 'cublas fp64 8192: 100%'
512 61112.12
# 'cublas tf32 8192: 100%'
1024 396644.6
# 'cublas bf16 8192: 100%'
1365.333 759029.3
# 'cublas fp16 8192: 100%'
1365.333 726007.1
EOD
$kernels << EOD
# 1 'LU cusolver fp64'
22.75556 320.1933 8


# 2 'LU hybrid fp64'
17.06667 60.50524 8


# 3 'LU gpu_panel fp64'
22.75556 246.8469 8


# 4 'Chol cusolver fp64'
22.75556 848.27 8


# 5 'Chol hybrid fp64'
13.65333 160.1157 8


# 6 'Chol gpu_panel fp64'
22.75556 492.9632 8


# 7 'QR cusolver fp64'
45.51111 350.3411 8


# 8 'QR hybrid fp64'
34.13333 74.18729 8


# 9 'LU cusolver fp32'
45.51111 382.164 8


# 10 'LU hybrid fp32'
34.13333 97.96862 8


# 11 'LU gpu_panel fp32'
45.51111 280.3472 8


# 12 'Chol cusolver fp32'
45.51111 1057.706 8


# 13 'Chol hybrid fp32'
27.30667 114.6912 8


# 14 'Chol gpu_panel fp32'
45.51111 589.6994 8


# 15 'QR cusolver fp32'
91.02222 374.6439 8


# 16 'QR hybrid fp32'
68.26667 83.8317 8


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'bf16/fp16 tensor 758460 ±0.0%/725999 ±0.0% GFLOP/s (71%/68% of spec)' at 181.0013,1127044 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 'tf32 tensor 396645 ±0.0% GFLOP/s (74% of spec)' at 451.3422,266927.5 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 'fp16 129448 ±0.0% GFLOP/s (97% of spec)' at 350.658,152673.9 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 'fp32 65081 ±0.0% GFLOP/s (99% of spec)' at 187.7519,76757.56 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 'fp64 tensor 61112 ±2.8% GFLOP/s (92% of spec)' at 57.88643,51815.2 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 'fp64 33197 ±0.7% GFLOP/s' at 175.845,39153.13 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 'shared 31934 ±0.7% GB/s (96% of spec)' at 2.0737,80805.71 center rotate by 33.99 front textcolor rgb "#66a61e" font "sans,9"
set label 8 'L1 32115 ±0.9% GB/s (96% of spec)' at 0.2932413,7717.898 center rotate by 33.99 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 'L2 9745 ±1.0% GB/s' at 1.214373,14440.75 center rotate by 33.99 front textcolor rgb "#d95f02" font "sans,9"
set label 10 'device memory 4553 ±0.1% GB/s (95% of spec)' at 0.9287252,5159.572 center rotate by 33.99 front textcolor rgb "#e7298a" font "sans,9"
set label 11 'host link 55.0 GB/s (pinned, both ways)' at 86.61864,5812.733 center rotate by 33.99 front textcolor rgb "#a6761d" font "sans,9"
set label 12 'spec bf16/fp16 tensor 1070531 GFLOP/s' at 731.9193,1590770 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 13 'spec tf32 tensor 535265 GFLOP/s' at 996.2669,631305 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 14 '1' at 29.36747,320.1933 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 15 '2' at 22.0256,60.50524 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 16 '3' at 29.36747,246.8469 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 17 '4' at 29.36747,848.27 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 18 '5' at 17.62048,160.1157 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 19 '6' at 29.36747,492.9632 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 20 '7' at 58.73493,350.3411 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 21 '8' at 44.0512,74.18729 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
set label 22 '9' at 35.26455,382.164 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 23 '10' at 46.02505,97.96862 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 24 '11' at 45.51111,189.5589 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 25 '12' at 61.36674,1057.706 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 26 '13' at 20.25131,114.6912 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 27 '14' at 61.36674,589.6994 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 28 '15' at 122.7335,374.6439 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 29 '16' at 92.05011,83.8317 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
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
  $apps index 0 every ::0::0 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'volkov fp32 8192: 37%', \
  $apps index 0 every ::1::1 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'tiled fp32 8192: 78%', \
  $apps index 0 every ::2::2 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'cublas fp32 8192: 82%', \
  $apps index 0 every ::3::3 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'volkov fp64 8192: 38%', \
  $apps index 0 every ::4::4 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'tiled fp64 8192: 68%', \
  $apps index 0 every ::5::5 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'dmma fp64 8192: 86%', \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'cublas fp64 8192: 100%', \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title 'cublas tf32 8192: 100%', \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title 'cublas bf16 8192: 100%', \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title 'cublas fp16 8192: 100%', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'factorization at device memory', \
  NaN with lines lc rgb "#ffffff" title 'rfl_dense, largest n: % of the roof above', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '1 LU cusolver fp64: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '2 LU hybrid fp64: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '3 LU gpu_panel fp64: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '4 Chol cusolver fp64: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '5 Chol hybrid fp64: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '6 Chol gpu_panel fp64: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '7 QR cusolver fp64: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '8 QR hybrid fp64: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '9 LU cusolver fp32: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '10 LU hybrid fp32: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '11 LU gpu_panel fp32: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '12 Chol cusolver fp32: 2%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '13 Chol hybrid fp32: 0%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '14 Chol gpu_panel fp32: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '15 QR cusolver fp32: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '16 QR hybrid fp32: 0%'
