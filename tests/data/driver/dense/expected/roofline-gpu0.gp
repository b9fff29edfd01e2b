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
# box 1185.58 10.20 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z'
set xrange [0.0625:4096]
set yrange [100:5000000]
set xtics ("1/16" 0.0625, "1/4" 0.25, "1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024, "4096" 4096)
set mxtics 1
set format y "%g"
set xlabel "arithmetic intensity (flops per byte)"
set ylabel "GFLOP/s"
$ceilings << EOD
# 'shared 30348 GB/s (median 29678, 91% of spec)'
0.0625 1896.781
24.58194 746025


# 'L1 19798 GB/s (median 19165, 59% of spec)'
0.0625 1237.406
37.68088 746025


# 'L2 11426 GB/s (median 11266)'
0.0625 714.125
65.29188 746025


# 'device memory 4442 GB/s (median 4315, 93% of spec)'
0.0625 277.6313
167.9442 746025


# 'host link 55.4 GB/s (pinned, both ways)'
1.805054 100
13466.16 746025


# 'fp16/bf16 tensor 746025/711170 GFLOP/s (median 738639/704129, 70%/66% of spec)'
24.58194 746025
4096 746025


# '(the roof above, within 10%: one label)'
23.43345 711170
4096 711170


# 'tf32 tensor 381000 GFLOP/s (median 377228, 71% of spec)'
12.55416 381000
4096 381000


# 'fp16 132478 GFLOP/s (median 130504, 99% of spec)'
4.365229 132478.2
4096 132478.2


# 'fp32 66239 GFLOP/s (median 65252, 99% of spec)'
2.182615 66239.08
4096 66239.08


# 'fp64 tensor 60802 GFLOP/s (median 60200, 91% of spec)'
2.00346 60802
4096 60802


# 'fp64 33120 GFLOP/s (median 32626, 99% of spec)'
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
# box 760.58 674.44 293.33 6.48 0.00 'fp16/bf16 tensor 746025/711170 GFLOP/s (median 738639/704129, 70%/66% of spec)'
set label 1 'fp16/bf16 tensor 746025/711170 GFLOP/s (median 738639/704129, 70%/66% of spec)' at 126.3497,861277.4 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
# box 844.94 597.86 207.42 6.48 0.00 'tf32 tensor 381000 GFLOP/s (median 377228, 71% of spec)'
set label 2 'tf32 tensor 381000 GFLOP/s (median 377228, 71% of spec)' at 340.0352,269891.8 center rotate by 0.00 front textcolor rgb "#00838f" font "sans,9"
# box 864.55 560.38 181.28 6.48 0.00 'fp16 132478 GFLOP/s (median 130504, 99% of spec)'
set label 3 'fp16 132478 GFLOP/s (median 130504, 99% of spec)' at 428.0391,152944.5 center rotate by 0.00 front textcolor rgb "#8e24aa" font "sans,9"
# box 877.17 514.64 173.81 6.48 0.00 'fp32 66239 GFLOP/s (median 65252, 99% of spec)'
set label 4 'fp32 66239 GFLOP/s (median 65252, 99% of spec)' at 496.3782,76472.27 center rotate by 0.00 front textcolor rgb "#1f4e9c" font "sans,9"
# box 664.03 490.03 199.95 6.48 0.00 'fp64 tensor 60802 GFLOP/s (median 60200, 91% of spec)'
set label 5 'fp64 tensor 60802 GFLOP/s (median 60200, 91% of spec)' at 40.68736,52665.74 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
# box 755.44 436.67 173.81 6.48 0.00 'fp64 33120 GFLOP/s (median 32626, 99% of spec)'
set label 6 'fp64 33120 GFLOP/s (median 32626, 99% of spec)' at 118.9494,23461.14 center rotate by 0.00 front textcolor rgb "#1a1a1a" font "sans,9"
# box 403.52 525.24 170.08 6.48 37.76 'shared 30348 GB/s (median 29678, 91% of spec)'
set label 7 'shared 30348 GB/s (median 29678, 91% of spec)' at 1.913013,89793.2 center rotate by 37.76 front textcolor rgb "#66a61e" font "sans,9"
# box 242.57 355.61 155.13 6.48 37.76 'L1 19798 GB/s (median 19165, 59% of spec)'
set label 8 'L1 19798 GB/s (median 19165, 59% of spec)' at 0.2893046,6869.094 center rotate by 37.76 front textcolor rgb "#1b9e77" font "sans,9"
# box 328.32 385.75 106.58 6.48 37.76 'L2 11426 GB/s (median 11266)'
set label 9 'L2 11426 GB/s (median 11266)' at 0.7914296,10844.72 center rotate by 37.76 front textcolor rgb "#d95f02" font "sans,9"
# box 341.69 333.76 188.75 6.48 37.76 'device memory 4442 GB/s (median 4315, 93% of spec)'
set label 10 'device memory 4442 GB/s (median 4315, 93% of spec)' at 0.925859,4932.249 center rotate by 37.76 front textcolor rgb "#e7298a" font "sans,9"
# box 715.70 334.09 147.66 6.48 37.76 'host link 55.4 GB/s (pinned, both ways)'
set label 11 'host link 55.4 GB/s (pinned, both ways)' at 74.61489,4957.321 center rotate by 37.76 front textcolor rgb "#a6761d" font "sans,9"
# box 910.23 698.27 140.19 6.48 0.00 'spec fp16/bf16 tensor 1070531 GFLOP/s'
set label 12 'spec fp16/bf16 tensor 1070531 GFLOP/s' at 731.645,1235915 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
# box 936.51 633.57 117.78 6.48 0.00 'spec tf32 tensor 535265 GFLOP/s'
set label 13 'spec tf32 tensor 535265 GFLOP/s' at 995.9987,463638.4 center rotate by 0.00 front textcolor rgb "#8c8c8c" font "sans,9"
# box 212.51 366.95 69.23 6.48 37.76 'spec L1 33454 GB/s'
set label 14 'spec L1 33454 GB/s' at 0.2033055,8156.615 center rotate by 37.76 front textcolor rgb "#8c8c8c" font "sans,9"
# box 663.31 476.10 5.73 6.48 0.00 '1'
set label 15 '1' at 40.34743,42640 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
# box 617.88 472.80 5.73 6.48 0.00 '2'
set label 16 '2' at 23.67411,40560 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
# box 641.58 456.76 5.73 6.48 0.00 '3'
set label 17 '3' at 31.26345,31809.48 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
# box 663.31 453.62 5.73 6.48 0.00 '4'
set label 18 '4' at 40.34743,30329.97 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
# box 615.97 450.32 5.73 6.48 0.00 '5'
set label 19 '5' at 23.14802,28850.46 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
# box 641.58 511.72 5.73 6.48 0.00 '6'
set label 20 '6' at 31.26345,73157.5 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
# box 722.38 469.14 5.73 6.48 0.00 '7'
set label 21 '7' at 80.69486,38376 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
# box 676.95 465.84 5.73 6.48 0.00 '8'
set label 22 '8' at 47.34821,36504 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
# box 674.89 451.32 5.73 6.48 0.00 '9'
set label 23 '9' at 46.2187,29290.65 center rotate by 0.00 front textcolor rgb "#1b9e77" font "sans,9"
set arrow from 49.43652,30836.56 to 62.52689,36900 nohead lw 0.6 lc rgb "#1b9e77" front
# box 714.15 450.77 9.47 6.48 0.00 '10'
set label 24 '10' at 73.27067,29051.85 center rotate by 0.00 front textcolor rgb "#d95f02" font "sans,9"
# box 671.91 516.88 9.47 6.48 0.00 '11'
set label 25 '11' at 44.62828,79107.66 center rotate by 0.00 front textcolor rgb "#7570b3" font "sans,9"
set arrow from 46.74391,71708.79 to 62.52689,38700 nohead lw 0.6 lc rgb "#7570b3" front
# box 671.91 419.37 9.47 6.48 0.00 '12'
set label 26 '12' at 44.62828,18051.73 center rotate by 0.00 front textcolor rgb "#e7298a" font "sans,9"
set arrow from 46.74391,19914.29 to 62.52689,36900 nohead lw 0.6 lc rgb "#e7298a" front
# box 696.77 420.77 9.47 6.48 0.00 '13'
set label 27 '13' at 59.74792,18439.03 center rotate by 0.00 front textcolor rgb "#66a61e" font "sans,9"
set arrow from 59.74792,20341.56 to 59.74792,35100 nohead lw 0.6 lc rgb "#66a61e" front
# box 729.38 422.52 9.47 6.48 0.00 '14'
set label 28 '14' at 87.60392,18932.3 center rotate by 0.00 front textcolor rgb "#c99700" font "sans,9"
set arrow from 83.63897,20885.72 to 62.52689,38700 nohead lw 0.6 lc rgb "#c99700" front
# box 759.70 472.08 9.47 6.48 0.00 '15'
set label 29 '15' at 125.0538,40123.81 center rotate by 0.00 front textcolor rgb "#a6761d" font "sans,9"
# box 783.21 456.30 9.47 6.48 0.00 '16'
set label 30 '16' at 164.789,31590 center rotate by 0.00 front textcolor rgb "#555555" font "sans,9"
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
