# Written by rfl plot; render with: gnuplot 'gpu_bandwidth.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'gpu_bandwidth.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.745
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'GPU bandwidth: golden gpu0 (NVIDIA H200 (synthetic)), fp64, 16-byte accesses' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z'
set xrange [32768:8.589935e+09]
set yrange [20:200000]
set xtics ("32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912, "2G" 2.14748365e+09, "8G" 8.58993459e+09)
set mxtics 1
set format y "%g"
set xlabel "working set per GPU (bytes)"
set ylabel "GB/s"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
# 'global_inside read 264x1024'
$curve0 << EOD
65536 2265.5
262144 8729
1048576 17512
4194304 19798.5
1.677722e+07 18914
6.710886e+07 7548
2.684355e+08 4300
1.073742e+09 4276.8
4.294967e+09 4353.1
EOD
# 'global_inside rmw 1056x256'
$curve1 << EOD
65536 2030
262144 7462.5
1048576 13869
4194304 14210
1.677722e+07 14586
6.710886e+07 6200
2.684355e+08 3890.7
1.073742e+09 3989.5
4.294967e+09 3945
EOD
# 'global_launch read 1056x256'
$curve2 << EOD
65536 298.5
262144 1206
1048576 4410
4194304 11220
1.677722e+07 14000
6.710886e+07 6930
2.684355e+08 4242
1.073742e+09 4300
4.294967e+09 4255.2
EOD
# 'global_launch rmw 1056x256'
$curve3 << EOD
65536 251.25
262144 980
1048576 3978
4194304 9000
1.677722e+07 11880
6.710886e+07 6060
2.684355e+08 3850
1.073742e+09 3841.5
4.294967e+09 3968.65
EOD
# 'shared_blocked read 1056x256'
$curve4 << EOD
65536 2940
262144 11220
1048576 24000
4194304 29205
1.677722e+07 30300
6.710886e+07 30100
2.684355e+08 29599.25
1.073742e+09 30348.5
4.294967e+09 29850
EOD
# 'shared_blocked rmw 1056x256'
$curve5 << EOD
65536 2652
262144 9500
1048576 20790
4194304 26765
1.677722e+07 27000
6.710886e+07 26693.5
2.684355e+08 27405
1.073742e+09 26765.5
4.294967e+09 27185.25
EOD
# 'global_stream read 1056x256'
$curve6 << EOD
65536 2000
262144 6930
1048576 10605
4194304 11800
8388608 11380
1.677722e+07 11426
2.516582e+07 11350
6.710886e+07 6090
2.684355e+08 4358.1
1.073742e+09 4442.1
4.294967e+09 4321.8
EOD
# 'global_stream rmw 1056x256'
$curve7 << EOD
65536 1782
262144 6262
1048576 9400
4194304 10145.5
1.677722e+07 10353
6.710886e+07 5572
2.684355e+08 3919.5
1.073742e+09 3861.2
4.294967e+09 4013.7
EOD
# 'memcpy_d2d copy 0x0'
$curve8 << EOD
65536 90.9
262144 360
1048576 1379
4194304 4161.5
1.677722e+07 6467.5
6.710886e+07 5226
2.684355e+08 4067
1.073742e+09 4314.6
4.294967e+09 4240
EOD
set arrow from 3.460301e+07, graph 0 to 3.460301e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 551.50 682.05 55.95 7.20 90.00 'L1/shared 33M'
set label 1 'L1/shared 33M' at 4.058573e+07,85561.82 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
set arrow from 6.291456e+07, graph 0 to 6.291456e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 589.74 711.10 26.90 7.20 90.00 'L2 60M'
set label 2 'L2 60M' at 7.379224e+07,127408 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
set arrow from 3.355443e+07, graph 0 to 3.355443e+07, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
# box 529.13 129.80 51.80 7.20 90.00 'detected 32M'
set label 3 'detected 32M' at 2.860819e+07,44.16494 center rotate by 90.00 front textcolor rgb "#b2182b" font "sans,10"
set arrow from 4.109562e+07, graph 0 to 4.109562e+07, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
# box 562.50 138.10 60.10 7.20 90.00 'detected 39.2M'
set label 4 'detected 39.2M' at 4.820089e+07,49.486 center rotate by 90.00 front textcolor rgb "#b2182b" font "sans,10"
$plateaus << EOD
4194304 30348.5
4.294967e+09 30348.5


4194304 19798.5
1.677722e+07 19798.5


8388608 11426
2.516582e+07 11426


2.684355e+08 4442.1
4.294967e+09 4442.1


EOD
# box 665.14 616.63 72.55 7.20 0.00 'shared 30348 GB/s'
set label 5 'shared 30348 GB/s' at 2.398811e+08,34902.1 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
# box 450.67 585.46 55.95 7.20 0.00 'L1 19798 GB/s'
set label 6 'L1 19798 GB/s' at 8388608,22769.14 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
# box 470.53 510.67 55.95 7.20 0.00 'L2 11426 GB/s'
set label 7 'L2 11426 GB/s' at 1.144426e+07,8169.208 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
# box 766.73 476.42 97.45 7.20 0.00 'device memory 4442 GB/s'
set label 8 'device memory 4442 GB/s' at 1.174377e+09,5108.608 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
plot \
  $plateaus with lines lw 8 lc rgb "#c8c8c8" title "level ceiling (plateau)", \
  $curve0 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1b9e77" title 'A global_inside read', \
  $curve1 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1b9e77" title 'A global_inside rmw', \
  $curve2 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#d95f02" title 'B global_launch read', \
  $curve3 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#d95f02" title 'B global_launch rmw', \
  $curve4 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#7570b3" title 'C shared_blocked read', \
  $curve5 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#7570b3" title 'C shared_blocked rmw', \
  $curve6 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#e7298a" title 'global_stream read', \
  $curve7 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#e7298a" title 'global_stream rmw', \
  $curve8 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#66a61e" title 'memcpy_d2d copy (peer)', \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "L1/shared (all SMs), L2 size", \
  NaN with lines dt 3 lw 2 lc rgb "#b2182b" title "detected transition"
