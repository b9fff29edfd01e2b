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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:55:17Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0078125:32768]
set yrange [0.2:5000000]
set xtics ("1/128" 0.0078125, "1/32" 0.03125, "1/8" 0.125, "1/2" 0.5, "2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2048" 2048, "8192" 8192, "32768" 32768)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32174 ±0.4% GB/s (96% of spec)'
0.0078125 251.3584
23.52483 756885


# 'L1 32128 ±0.7% GB/s (96% of spec)'
0.0078125 250.9967
23.55873 756885


# 'L2 7859 ±0.9% GB/s'
0.0078125 61.39639
96.31125 756885


# 'device memory 3250 ±1.0% GB/s (97% of spec)'
0.0078125 25.38856
232.9066 756885


# 'bf16/fp16 tensor 756885 ±0.1%/728088 ±0.0% GFLOP/s (71%/68% of spec)'
23.52483 756885
32768 756885


# '(the roof above, within 10%: one label)'
22.62978 728087.8
32768 728087.8


# 'tf32 tensor 400116 ±0.5% GFLOP/s (75% of spec)'
12.43604 400115.7
32768 400115.7


# 'fp16 129605 ±2.0% GFLOP/s (97% of spec)'
4.028267 129605
32768 129605


# 'fp32 65683 ±2.3% GFLOP/s (98% of spec)'
2.041493 65682.75
32768 65682.75


# 'fp64 tensor 61110 ±2.3% GFLOP/s (92% of spec)'
1.899358 61109.73
32768 61109.73


# 'fp64 33035 ±0.7% GFLOP/s'
1.026761 33034.88
32768 33034.88


# 'spec bf16/fp16 tensor 1070531 GFLOP/s'
32.00371 1070531
32768 1070531


# 'spec tf32 tensor 535265 GFLOP/s'
16.00185 535265.3
32768 535265.3


EOD
$apps << EOD
# 'volkov fp32 8192: 35%'
1024 23130.07
# 'tiled fp32 8192: 78%'
1024 50904.75
# 'cublas fp32 8192: 81%'
1024 53128.66
# 'volkov fp64 8192: 35%'
512 11647.37
# 'tiled fp64 8192: 69%'
512 22723.54
# 'dmma fp64 8192: 89%'
512 54332.03
# 'cublas fp64 8192: 100%'
512 61109.73
# 'cublas tf32 8192: 100%'
1024 400115.7
# 'cublas bf16 8192: 100%'
1365.333 756885
# 'cublas fp16 8192: 100%'
1365.333 728087.8
EOD
$kernels << EOD
# 1 'k_fill<float> #1'
0.3263831 1166.835 4
0.5 1166.835 6
0.54599 1166.835 8


# 2 'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n...'
36.38679 51431.97 4
41.55436 51431.97 6
210.8786 51431.97 8


# 3 'rfl_gemm_tiled_f32_nn_256x128x16_w64x64'
37.73294 50605.6 4
41.80357 50605.6 6
152.6758 50605.6 8


# 4 'k_compare<float>'
0.08206569 272.6761 4
0.124031 272.6761 6
0.1243622 272.6761 8


# 5 'k_worst<float>'
0.01660574 1.351955 4
0.02498048 1.351955 6
0.1238069 1.351955 8


# 6 'k_fill<double>'
0.1607843 803.6605 4
0.25 803.6605 6
0.260818 803.6605 8


# 7 'sm90_xmma_gemm_f64f64_f64f64_f64_nn_n...'
10.55697 61605.73 6
11.14148 61605.73 4
80.79746 61605.73 8


# 8 'rfl_gemm_dmma_nn_16816_128x64x16_w64x32'
8.752263 52556.69 4
10.55863 52556.69 6
28.40038 52556.69 8


# 9 'k_compare<double>'
0.04128498 177.5141 4
0.06225681 177.5141 6
0.06234537 177.5141 8


# 10 'k_worst<double>'
0.0414622 193.3928 4
0.06234096 193.3928 8
0.06237583 193.3928 6


# 11 'k_global'
0.1336241 777.0697 4
0.2513404 777.0697 8
0.251883 777.0697 6


# 12 'k_check'
0.1662793 551.9911 4
0.2493262 551.9911 8
0.25 551.9911 6


# 13 'distribution_elementwise_grid_...<float> #1'
3.528497 9206.975 4
5.45008 9206.975 6
6.323083 9206.975 8


# 14 'cutlass_80_simt_sgemm_256x128_8x4_nn_...'
40.8433 50512.84 4
40.97 50512.84 6
477.118 50512.84 8


# 15 'distribution_elementwise_grid_...<float> #2'
6.357053 6692.656 4
11.05469 6692.656 6
8728.675 6692.656 8


# 16 'nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_...'
153.9425 646054 4
995.7839 646054 8


# 17 'distribution_elementwise_grid_...<float> #3'
6.359781 6654.237 4
11.05469 6654.237 6
8523.294 6654.237 8


# 18 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_...'
154.0398 659546.6 4
992.6759 659546.6 8


# 19 'distribution_elementwise_grid...<double>'
4.189911 7644.816 4
6.630859 7644.816 6
20.49545 7644.816 8


# 20 'vectorized_elementwise_kernel'
0.1078989 517.5597 4
0.1666667 517.5597 6
0.1702713 517.5597 8


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'bf16/fp16 tensor 756885 ±0.1%/728088 ±0.0% GFLOP/s (71%/68% of spec)' at 410.5596,1302475 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 'tf32 tensor 400116 ±0.5% GFLOP/s (75% of spec)' at 1642.7,232512.5 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 'fp16 129605 ±2.0% GFLOP/s (97% of spec)' at 2633.644,162497.4 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 'fp32 65683 ±2.3% GFLOP/s (98% of spec)' at 2773.62,82352.37 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 'fp64 tensor 61110 ±2.3% GFLOP/s (92% of spec)' at 1671.91,105159.8 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 'fp64 33035 ±0.7% GFLOP/s' at 6566.485,41418.8 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 'shared 32174 ±0.4% GB/s (96% of spec)' at 0.8766178,37059.27 center rotate by 34.07 front textcolor rgb "#66a61e" font "sans,9"
set label 8 'L1 32128 ±0.7% GB/s (96% of spec)' at 0.1717008,4198.239 center rotate by 34.07 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 'L2 7859 ±0.9% GB/s' at 1.007591,10404.47 center rotate by 34.07 front textcolor rgb "#d95f02" font "sans,9"
set label 10 'device memory 3250 ±1.0% GB/s (97% of spec)' at 0.3919358,2452.802 center rotate by 34.07 front textcolor rgb "#e7298a" font "sans,9"
set label 11 'spec bf16/fp16 tensor 1070531 GFLOP/s' at 2797.766,1842207 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 12 'spec tf32 tensor 535265 GFLOP/s' at 183.5607,921103.6 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 13 '1' at 0.3263831,682.4773 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 14 '2' at 36.38679,87933.48 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 15 '3' at 53.58483,86520.65 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 16 '4' at 0.08206569,159.4872 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 17 '5' at 0.0116933,1.351955 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 18 '6' at 0.1132199,1374.022 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 19 '7' at 7.433924,105327.6 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 20 '8' at 6.163099,89856.42 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
set label 21 '9' at 0.0586291,103.8274 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 22 '10' at 0.0274888,330.6447 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 23 '11' at 0.2368439,358.0356 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 24 '12' at 0.1662793,322.8575 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 25 '13' at 3.528497,5385.125 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 26 '14' at 40.8433,23273.84 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 27 '15' at 6.357053,3914.51 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 28 '16' at 232.1961,377874.6 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
set label 29 '17' at 9.59265,11376.78 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 30 '18' at 154.0398,1431460 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 31 '19' at 6.319769,13070.38 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 32 '20' at 0.0715353,884.8744 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
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
  $ceilings index 12 with lines dt 2 lw 1.5 lc rgb "#8c8c8c" notitle, \
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
  $kernels index 16 using 1:2 with lines lw 1.2 dt 3 lc rgb "#1b9e77" notitle, \
  $kernels index 16 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#1b9e77" notitle, \
  $kernels index 17 using 1:2 with lines lw 1.2 dt 3 lc rgb "#d95f02" notitle, \
  $kernels index 17 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#d95f02" notitle, \
  $kernels index 18 using 1:2 with lines lw 1.2 dt 3 lc rgb "#7570b3" notitle, \
  $kernels index 18 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#7570b3" notitle, \
  $kernels index 19 using 1:2 with lines lw 1.2 dt 3 lc rgb "#e7298a" notitle, \
  $kernels index 19 using 1:2:3 with points pt variable ps 1.6 lw 2 lc rgb "#e7298a" notitle, \
  NaN with lines lw 3 lc rgb "#303030" title "measured ceiling (rfl)", \
  NaN with lines dt 4 lw 3 lc rgb "#303030" title "tensor cores (best GEMM)", \
  NaN with lines dt 2 lw 1.5 lc rgb "#8c8c8c" title "spec, where 10% or more above", \
  NaN with lines lc rgb "#ffffff" title "GEMM (rfl_gemm): % of its roofline", \
  $apps index 0 every ::0::0 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'volkov fp32 8192: 35%', \
  $apps index 0 every ::1::1 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'tiled fp32 8192: 78%', \
  $apps index 0 every ::2::2 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'cublas fp32 8192: 81%', \
  $apps index 0 every ::3::3 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'volkov fp64 8192: 35%', \
  $apps index 0 every ::4::4 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'tiled fp64 8192: 69%', \
  $apps index 0 every ::5::5 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'dmma fp64 8192: 89%', \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'cublas fp64 8192: 100%', \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title 'cublas tf32 8192: 100%', \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title 'cublas bf16 8192: 100%', \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title 'cublas fp16 8192: 100%', \
  NaN with points pt 6 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at L1', \
  NaN with points pt 4 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at L2', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at device memory', \
  NaN with lines lc rgb "#ffffff" title 'profiled (ncu): % of the roof above', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '1 k_fill<float> #1: 66%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '2 sm80_xmma_gemm_f32f...: 78%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '3 rfl_gemm_tiled_f32_...: 77%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '4 k_compare<float>: 67%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '5 k_worst<float>: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '6 k_fill<double>: 95%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '7 sm90_xmma_gemm_f64f...: 101%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '8 rfl_gemm_dmma_nn_16...: 86%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '9 k_compare<double>: 88%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '10 k_worst<double>: 95%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '11 k_global: 95%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '12 k_check: 68%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '13 distribution_elemen...: 45%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '14 cutlass_80_simt_sge...: 77%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '15 distribution_elemen...: 13%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '16 nvjet_sm90_hsh_256x...: 89%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '17 distribution_elemen...: 13%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '18 nvjet_sm90_tst_256x...: 87%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '19 distribution_elemen...: 23%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '20 vectorized_elementw...: 94%'
