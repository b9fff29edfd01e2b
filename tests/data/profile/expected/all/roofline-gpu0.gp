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
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 1185.58 10.20 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z'
set xrange [0.03125:32768]
set yrange [10:5000000]
set xtics ("1/32" 0.03125, "1/8" 0.125, "1/2" 0.5, "2" 2, "8" 8, "32" 32, "128" 128, "512" 512, "2048" 2048, "8192" 8192, "32768" 32768)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 30348 GB/s (median 29678, 91% of spec)'
0.03125 948.3906
24.58194 746025


# 'L1 19798 GB/s (median 19165, 59% of spec)'
0.03125 618.7031
37.68088 746025


# 'L2 11426 GB/s (median 11266)'
0.03125 357.0625
65.29188 746025


# 'device memory 4442 GB/s (median 4315, 93% of spec)'
0.03125 138.8156
167.9442 746025


# 'host link 55.4 GB/s (pinned, both ways)'
0.1805054 10
13466.16 746025


# 'fp16/bf16 tensor 746025/711170 GFLOP/s (median 738639/704129, 70%/66% of spec)'
24.58194 746025
32768 746025


# '(the roof above, within 10%: one label)'
23.43345 711170
32768 711170


# 'tf32 tensor 381000 GFLOP/s (median 377228, 71% of spec)'
12.55416 381000
32768 381000


# 'fp16 132478 GFLOP/s (median 130504, 99% of spec)'
4.365229 132478.2
32768 132478.2


# 'fp32 66239 GFLOP/s (median 65252, 99% of spec)'
2.182615 66239.08
32768 66239.08


# 'fp64 tensor 60802 GFLOP/s (median 60200, 91% of spec)'
2.00346 60802
32768 60802


# 'fp64 33120 GFLOP/s (median 32626, 99% of spec)'
1.091307 33119.54
32768 33119.54


# 'spec fp16/bf16 tensor 1070531 GFLOP/s'
32 1070531
32768 1070531


# 'spec tf32 tensor 535265 GFLOP/s'
16 535265.3
32768 535265.3


# 'spec L1 33454 GB/s'
0.03125 1045.44
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
# 1 'k_fill<float> #1'
0.304894 571.9127 4
0.5 571.9127 6
60.26551 571.9127 8


# 2 'cutlass_80_simt_sgemm_256x128_8x4_nn_...'
39.30417 40304.12 4
40.17647 40304.12 6
385.6963 40304.12 8


# 3 'rfl_gemm_tiled_f32_nn_128x128x8_w64x32'
28.70456 35769.92 4
30.13971 35769.92 6
321.0813 35769.92 8


# 4 'k_compare'
0.07212053 39.37278 4
0.1111111 39.37278 6
0.11925 39.37278 8


# 5 'k_worst'
0.08042717 208.7134 4
0.1171379 208.7134 6
0.1197206 208.7134 8


# 6 'k_fill<double>'
0.1581353 516.8794 4
0.25 516.8794 6
0.7565483 516.8794 8


# 7 'k_global'
0.1336514 775.7324 4
0.2513557 775.7324 8
0.251883 775.7324 6


# 8 'k_check'
0.1662998 527.9008 4
0.2493678 527.9008 8
0.25 527.9008 6


# 9 'distribution_elementwise_grid_...<float> #1'
3.529015 7547.545 4
5.45008 7547.545 6
6.323953 7547.545 8


# 10 'distribution_elementwise_grid_...<float> #2'
6.347814 5457.476 4
11.05469 5457.476 6
8944.197 5457.476 8


# 11 'nvjet_sm90_hsh_256x128_64x4_1x2_h_bz_...'
153.987 546711.7 4
995.4737 546711.7 8


# 12 'distribution_elementwise_grid_...<float> #3'
6.350527 5530.382 4
11.05469 5530.382 6
7961.319 5530.382 8


# 13 'nvjet_sm90_tst_256x128_64x4_1x2_h_bz_...'
153.4562 559823.7 4
990.9316 559823.7 8


# 14 'distribution_elementwise_grid...<double>'
4.192169 6213.548 4
6.630859 6213.548 6
20.42681 6213.548 8


# 15 'sm90_xmma_gemm_f64f64_f64f64_f64_nn_n...'
10.45153 49275.28 6
11.01563 49275.28 4
88.70881 49275.28 8


# 16 'vectorized_elementwise_kernel'
0.1078468 517.8792 4
0.1666667 517.8792 6
0.1703076 517.8792 8


EOD
set key outside right top vertical Left reverse samplen 3 spacing 1.25 font "sans,10"
# box 760.26 709.74 293.33 6.48 0.00 'fp16/bf16 tensor 746025/711170 GFLOP/s (median 738639/704129, 70%/66% of spec)'
set label 1 'fp16/bf16 tensor 746025/711170 GFLOP/s (median 738639/704129, 70%/66% of spec)' at 421.6242,1133324 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
# box 839.81 627.67 207.42 6.48 0.00 'tf32 tensor 381000 GFLOP/s (median 377228, 71% of spec)'
set label 2 'tf32 tensor 381000 GFLOP/s (median 377228, 71% of spec)' at 1354.259,250798.1 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
# box 871.47 602.43 181.28 6.48 0.00 'fp16 132478 GFLOP/s (median 130504, 99% of spec)'
set label 3 'fp16 132478 GFLOP/s (median 130504, 99% of spec)' at 2154.963,157692.6 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
# box 873.45 564.71 173.81 6.48 0.00 'fp32 66239 GFLOP/s (median 65252, 99% of spec)'
set label 4 'fp32 66239 GFLOP/s (median 65252, 99% of spec)' at 2218.388,78846.29 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
# box 838.74 527.82 199.95 6.48 0.00 'fp64 tensor 60802 GFLOP/s (median 60200, 91% of spec)'
set label 5 'fp64 tensor 60802 GFLOP/s (median 60200, 91% of spec)' at 1333.334,40023.69 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
# box 877.79 508.04 173.81 6.48 0.00 'fp64 33120 GFLOP/s (median 32626, 99% of spec)'
set label 6 'fp64 33120 GFLOP/s (median 32626, 99% of spec)' at 2364.214,27823.85 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
# box 370.52 559.65 170.08 6.48 38.60 'shared 30348 GB/s (median 29678, 91% of spec)'
set label 7 'shared 30348 GB/s (median 29678, 91% of spec)' at 1.386382,71841.95 center rotate by 38.60 front textcolor rgb "#66a61e" font "sans,9"
# box 263.01 409.35 155.13 6.48 38.60 'L1 19798 GB/s (median 19165, 59% of spec)'
set label 8 'L1 19798 GB/s (median 19165, 59% of spec)' at 0.2863579,4536.549 center rotate by 38.60 front textcolor rgb "#1b9e77" font "sans,9"
# box 339.39 440.41 106.58 6.48 38.60 'L2 11426 GB/s (median 11266)'
set label 9 'L2 11426 GB/s (median 11266)' at 0.8780753,8028.051 center rotate by 38.60 front textcolor rgb "#d95f02" font "sans,9"
# box 311.02 390.61 188.75 6.48 38.60 'device memory 4442 GB/s (median 4315, 93% of spec)'
set label 10 'device memory 4442 GB/s (median 4315, 93% of spec)' at 0.5791385,3215.042 center rotate by 38.60 front textcolor rgb "#e7298a" font "sans,9"
# box 359.48 190.74 147.66 6.48 38.60 'host link 55.4 GB/s (pinned, both ways)'
set label 11 'host link 55.4 GB/s (pinned, both ways)' at 1.179083,81.63377 center rotate by 38.60 front textcolor rgb "#a6761d" font "sans,9"
# box 912.89 729.39 140.19 6.48 0.00 'spec fp16/bf16 tensor 1070531 GFLOP/s'
set label 12 'spec fp16/bf16 tensor 1070531 GFLOP/s' at 3956.475,1626297 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
# box 807.52 646.17 117.78 6.48 0.00 'spec tf32 tensor 535265 GFLOP/s'
set label 13 'spec tf32 tensor 535265 GFLOP/s' at 843.3572,352345.1 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
# box 188.77 402.90 69.23 6.48 38.60 'spec L1 33454 GB/s'
set label 14 'spec L1 33454 GB/s' at 0.09637728,4029.393 center rotate by 38.60 front textcolor rgb "#8c8c8c" font "sans,9"
# box 267.28 319.15 5.73 6.48 0.00 '1'
set label 15 '1' at 0.304894,864.4891 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
# box 598.51 505.72 5.73 6.48 0.00 '2'
set label 16 '2' at 39.30417,26663.66 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
# box 577.09 499.23 5.73 6.48 0.00 '3'
set label 17 '3' at 28.70456,23664 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
# box 147.27 151.07 5.73 6.48 0.00 '4'
set label 18 '4' at 0.05243064,39.37278 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
# box 176.44 219.34 5.73 6.48 0.00 '5'
set label 19 '5' at 0.08042717,138.0767 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
# box 222.53 268.68 5.73 6.48 0.00 '6'
set label 20 '6' at 0.1581353,341.9475 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
# box 189.33 313.25 5.73 6.48 0.00 '7'
set label 21 '7' at 0.0971627,775.7324 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
# box 247.70 269.83 5.73 6.48 0.00 '8'
set label 22 '8' at 0.2287524,349.2389 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
# box 412.48 437.05 5.73 6.48 0.00 '9'
set label 23 '9' at 2.565546,7547.545 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
# box 474.23 396.93 9.47 6.48 0.00 '10'
set label 24 '10' at 6.347814,3610.456 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
# box 717.07 692.55 9.47 6.48 0.00 '11'
set label 25 '11' at 223.7452,826395.9 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
# box 499.73 442.61 9.47 6.48 0.00 '12'
set label 26 '12' at 9.227398,8359.588 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
# box 665.89 693.84 9.47 6.48 0.00 '13'
set label 27 '13' at 105.6124,846215.6 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
# box 445.95 403.99 9.47 6.48 0.00 '14'
set label 28 '14' at 4.192169,4110.644 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
# box 482.75 539.13 9.47 6.48 0.00 '15'
set label 29 '15' at 7.193006,49275.28 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
# box 196.44 268.79 9.47 6.48 0.00 '16'
set label 30 '16' at 0.1078468,342.609 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
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
  NaN with points pt 6 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at L1', \
  NaN with points pt 4 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at L2', \
  NaN with points pt 8 ps 1.6 lw 2 lc rgb "#303030" title 'kernel at device memory', \
  NaN with lines lc rgb "#ffffff" title 'profiled (ncu): % of the roof above', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '1 k_fill<float> #1: 16%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '2 cutlass_80_simt_sge...: 61%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '3 rfl_gemm_tiled_f32_...: 54%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '4 k_compare: 7%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '5 k_worst: 39%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '6 k_fill<double>: 29%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '7 k_global: 69%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '8 k_check: 48%', \
  NaN with points pt 7 ps 1.2 lc rgb "#1b9e77" title '9 distribution_elemen...: 27%', \
  NaN with points pt 7 ps 1.2 lc rgb "#d95f02" title '10 distribution_elemen...: 8%', \
  NaN with points pt 7 ps 1.2 lc rgb "#7570b3" title '11 nvjet_sm90_hsh_256x...: 73%', \
  NaN with points pt 7 ps 1.2 lc rgb "#e7298a" title '12 distribution_elemen...: 8%', \
  NaN with points pt 7 ps 1.2 lc rgb "#66a61e" title '13 nvjet_sm90_tst_256x...: 79%', \
  NaN with points pt 7 ps 1.2 lc rgb "#c99700" title '14 distribution_elemen...: 19%', \
  NaN with points pt 7 ps 1.2 lc rgb "#a6761d" title '15 sm90_xmma_gemm_f64f...: 81%', \
  NaN with points pt 7 ps 1.2 lc rgb "#555555" title '16 vectorized_elementw...: 68%'
