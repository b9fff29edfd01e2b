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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-25T23:32:41Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [0.0078125:32768]
set yrange [0.2:5000000]
set xtics ("1/128" 0.0078125, "1/32" 0.03125, "1/8" 0.125, "1/2" 0.5, "2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2048" 2048, "8192" 8192, "32768" 32768)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 32194 ±0.4% GB/s (96% of spec)'
0.0078125 251.5143
23.51957 757185.2


# 'L1 32123 ±0.7% GB/s (96% of spec)'
0.0078125 250.9618
23.57136 757185.2


# 'L2 7492 ±1.8% GB/s'
0.0078125 58.5296
101.0687 757185.2


# 'device memory 3191 ±0.4% GB/s (95% of spec)'
0.0078125 24.93001
237.2847 757185.2


# 'bf16/fp16 tensor 757185 ±0.2%/720402 ±0.1% GFLOP/s (71%/67% of spec)'
23.51957 757185.2
32768 757185.2


# '(the roof above, within 10%: one label)'
22.37701 720401.7
32768 720401.7


# 'tf32 tensor 392114 ±0.0% GFLOP/s (73% of spec)'
12.17977 392113.6
32768 392113.6


# 'fp16 129991 ±2.0% GFLOP/s (97% of spec)'
4.037762 129991.1
32768 129991.1


# 'fp32 65891 ±2.2% GFLOP/s (99% of spec)'
2.046692 65890.88
32768 65890.88


# 'fp64 tensor 61776 ±1.8% GFLOP/s (93% of spec)'
1.918869 61775.76
32768 61775.76


# 'fp64 33211 ±0.7% GFLOP/s'
1.031603 33211.25
32768 33211.25


# 'spec bf16/fp16 tensor 1070531 GFLOP/s'
32.00271 1070531
32768 1070531


# 'spec tf32 tensor 535265 GFLOP/s'
16.00135 535265.3
32768 535265.3


EOD
$apps << EOD
# 'volkov fp32 8192: 35%'
1024 23163.31
# 'tiled fp32 8192: 77%'
1024 50858.86
# 'cublas fp32 8192: 80%'
1024 52883.1
# 'volkov fp64 8192: 35%'
512 11636.6
# 'tiled fp64 8192: 68%'
512 22741.51
# 'dmma fp64 8192: 87%'
512 53562.81
# 'cublas fp64 8192: 100%'
512 61775.76
# 'cublas tf32 8192: 100%'
1024 392113.6
# 'cublas bf16 8192: 100%'
1365.333 757185.2
# 'cublas fp16 8192: 100%'
1365.333 720401.7
EOD
$kernels << EOD
# 1 'k_fill<float> #1'
0.3262672 1170.025 4
0.5 1170.025 6
0.545866 1170.025 8


# 2 'sm80_xmma_gemm_f32f32_f32f32_f32_nn_n...'
36.49516 51348.36 4
41.55436 51348.36 6
210.9004 51348.36 8


# 3 'rfl_gemm_tiled_f32_nn_256x128x16_w64x64'
37.29063 50512.03 4
41.80357 50512.03 6
128.4773 50512.03 8


# 4 'k_compare<float>'
0.0820737 280.8184 4
0.124031 280.8184 6
0.1243754 280.8184 8


# 5 'k_worst<float>'
0.01663463 1.35023 4
0.02498048 1.35023 6
0.1238904 1.35023 8


# 6 'k_fill<double>'
0.1607814 802.3077 4
0.25 802.3077 6
0.2607823 802.3077 8


# 7 'sm90_xmma_gemm_f64f64_f64f64_f64_nn_n...'
10.55697 61291.99 6
11.15521 61291.99 4
65.53559 61291.99 8


# 8 'rfl_gemm_dmma_nn_16816_128x64x16_w64x32'
8.584585 52219.25 4
10.55863 52219.25 6
27.26721 52219.25 8


# 9 'k_compare<double>'
0.04129323 176.5279 4
0.06225681 176.5279 6
0.0623346 176.5279 8


# 10 'k_worst<double>'
0.04148535 193.5892 4
0.0623456 193.5892 8
0.06237583 193.5892 6


# 11 'k_global'
0.1336492 758.3153 4
0.2513595 758.3153 8
0.251883 758.3153 6


# 12 'k_check'
0.1662277 550.2711 4
0.2493633 550.2711 8
0.25 550.2711 6


# 13 'distribution_elementwise_grid_...<float> #1'
3.527185 9111.132 4
5.45008 9111.132 6
6.321961 9111.132 8


# 14 'cutlass_80_simt_sgemm_256x128_8x4_nn_...'
40.48953 50154.29 4
40.97 50154.29 6
477.023 50154.29 8


# 15 'distribution_elementwise_grid_...<float> #2'
6.35667 6631.396 4
11.05469 6631.396 6
8424.186 6631.396 8


# 16 'nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_...'
150.5516 643730.1 4
987.0402 643730.1 8


# 17 'distribution_elementwise_grid_...<float> #3'
6.355443 6631.396 4
11.05469 6631.396 6
8424.186 6631.396 8


# 18 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_...'
150.1989 657930 4
985.4459 657930 8


# 19 'distribution_elementwise_grid...<double>'
4.198313 7574.031 4
6.630859 7574.031 6
20.46939 7574.031 8


# 20 'vectorized_elementwise_kernel'
0.1078723 516.1585 4
0.1666667 516.1585 6
0.1701585 516.1585 8


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
set label 1 'bf16/fp16 tensor 757185 ±0.2%/720402 ±0.1% GFLOP/s (71%/67% of spec)' at 410.5041,1302991 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 2 'tf32 tensor 392114 ±0.0% GFLOP/s (73% of spec)' at 1629.753,227862.3 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
set label 3 'fp16 129991 ±2.0% GFLOP/s (97% of spec)' at 2635.381,162981.5 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
set label 4 'fp32 65891 ±2.2% GFLOP/s (99% of spec)' at 2775.419,82613.31 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
set label 5 'fp64 tensor 61776 ±1.8% GFLOP/s (93% of spec)' at 1677.129,106305.9 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 6 'fp64 33211 ±0.7% GFLOP/s' at 6571.275,41639.92 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
set label 7 'shared 32194 ±0.4% GB/s (96% of spec)' at 0.8765002,37077.28 center rotate by 34.07 front textcolor rgb "#66a61e" font "sans,9"
set label 8 'L1 32123 ±0.7% GB/s (96% of spec)' at 0.1717353,4198.498 center rotate by 34.07 front textcolor rgb "#1b9e77" font "sans,9"
set label 9 'L2 7492 ±1.8% GB/s' at 1.033421,10172.93 center rotate by 34.07 front textcolor rgb "#d95f02" font "sans,9"
set label 10 'device memory 3191 ±0.4% GB/s (95% of spec)' at 0.3948663,2426.509 center rotate by 34.07 front textcolor rgb "#e7298a" font "sans,9"
set label 11 'spec bf16/fp16 tensor 1070531 GFLOP/s' at 2797.734,1842207 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 12 'spec tf32 tensor 535265 GFLOP/s' at 183.5568,921103.6 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
set label 13 '1' at 0.3262672,684.343 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 14 '2' at 51.82705,87790.54 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 15 '3' at 37.29063,86360.67 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 16 '4' at 0.0820737,164.2497 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 17 '5' at 0.01171364,1.35023 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 18 '6' at 0.1132178,1371.709 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 19 '7' at 7.433924,104791.2 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 20 '8' at 6.045026,89279.51 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
set label 21 '9' at 0.02907754,301.8107 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 22 '10' at 0.06257361,113.2296 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 23 '11' at 0.2368884,349.3945 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 24 '12' at 0.1662277,321.8515 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set label 25 '13' at 3.527185,5329.067 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set label 26 '14' at 40.48953,23108.64 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set label 27 '15' at 6.35667,3878.679 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
set label 28 '16' at 227.0815,376515.4 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
set label 29 '17' at 9.586107,11337.73 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set label 30 '18' at 150.1989,1427952 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
set label 31 '19' at 6.332442,12949.36 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set label 32 '20' at 0.07151769,882.4787 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
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
  $apps index 0 every ::1::1 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'tiled fp32 8192: 77%', \
  $apps index 0 every ::2::2 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1f4e9c" title 'cublas fp32 8192: 80%', \
  $apps index 0 every ::3::3 using 1:2 with points pt 9 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'volkov fp64 8192: 35%', \
  $apps index 0 every ::4::4 using 1:2 with points pt 5 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'tiled fp64 8192: 68%', \
  $apps index 0 every ::5::5 using 1:2 with points pt 13 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'dmma fp64 8192: 87%', \
  $apps index 0 every ::6::6 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#1a1a1a" title 'cublas fp64 8192: 100%', \
  $apps index 0 every ::7::7 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#00838f" title 'cublas tf32 8192: 100%', \
  $apps index 0 every ::8::8 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#d95f02" title 'cublas bf16 8192: 100%', \
  $apps index 0 every ::9::9 using 1:2 with points pt 7 ps 1.6 lw 2 lc rgb "#8e24aa" title 'cublas fp16 8192: 100%', \
  NaN with points pt 6 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at L1', \
  NaN with points pt 4 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at L2', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at device memory', \
  NaN with lines lc rgb "#ffffff" title 'profiled (ncu): % of the roof above', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '1 k_fill<float> #1: 67%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '2 sm80_xmma_gemm_f32f...: 78%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '3 rfl_gemm_tiled_f32_...: 77%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '4 k_compare<float>: 71%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '5 k_worst<float>: 1%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '6 k_fill<double>: 96%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '7 sm90_xmma_gemm_f64f...: 99%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '8 rfl_gemm_dmma_nn_16...: 85%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '9 k_compare<double>: 89%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '10 k_worst<double>: 97%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '11 k_global: 95%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '12 k_check: 69%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '13 distribution_elemen...: 45%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '14 cutlass_80_simt_sge...: 76%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '15 distribution_elemen...: 14%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '16 nvjet_sm90_hsh_256x...: 89%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '17 distribution_elemen...: 14%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '18 nvjet_sm90_tst_256x...: 87%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '19 distribution_elemen...: 24%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '20 vectorized_elementw...: 95%'
