# Written by rfl plot; render with: gnuplot gpu_bandwidth.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output "gpu_bandwidth.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.745
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "GPU bandwidth: vm gpu0 (NVIDIA H200), fp64, 16-byte accesses" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:49Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [32768:2.147484e+09]
set yrange [10:200000]
set xtics ("32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912, "2G" 2.14748365e+09)
set mxtics 1
set format y "%g"
set xlabel "working set per GPU (bytes)"
set ylabel "GB/s"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
# global_inside read 528x256
$curve0 << EOD
65536 304.0755
262144 1215.74
1048576 4494.938
4194304 12719.05
1.677722e+07 27431.96
6.710886e+07 22029.31
2.684355e+08 4569.309
1.073742e+09 4535.455
EOD
# global_inside rmw 660x256
$curve1 << EOD
65536 720.9805
262144 2877.122
1048576 7168.219
4194304 7940.585
1.677722e+07 8775.197
6.710886e+07 4450.116
2.684355e+08 3967.418
1.073742e+09 3914.023
EOD
# global_launch read 528x256
$curve2 << EOD
65536 23.56986
262144 93.88691
1048576 353.4873
4194304 1222.272
1.677722e+07 3311.238
6.710886e+07 3525.088
2.684355e+08 4250.894
1.073742e+09 4481.655
EOD
# global_launch rmw 660x256
$curve3 << EOD
65536 50.0424
262144 199.7264
1048576 792.6961
4194304 2385.542
1.677722e+07 5130.01
6.710886e+07 3649.204
2.684355e+08 3863.214
1.073742e+09 3917.851
EOD
# shared_blocked read 1056x256
$curve4 << EOD
65536 234.5545
262144 936.0066
1048576 3619.68
4194304 13004.33
1.677722e+07 23161.7
6.710886e+07 27339.42
2.684355e+08 28174.81
1.073742e+09 28375.09
EOD
# shared_blocked rmw 1056x256
$curve5 << EOD
65536 633.1204
262144 2520.331
1048576 9425.65
4194304 25722.06
1.677722e+07 28220.72
6.710886e+07 30987.77
2.684355e+08 30794.48
1.073742e+09 29084.51
EOD
# global_stream read 528x256
$curve6 << EOD
65536 213.7116
262144 854.596
1048576 3327.74
4194304 7761.503
1.677722e+07 8196.753
6.710886e+07 4454.547
2.684355e+08 4371.165
1.073742e+09 4320.615
EOD
# global_stream rmw 660x256
$curve7 << EOD
65536 432.7147
262144 1704.612
1048576 5678.289
4194304 6990.143
1.677722e+07 8184.132
6.710886e+07 4270.166
2.684355e+08 3942.305
1.073742e+09 3904.459
EOD
# memcpy_d2d copy 0x0
$curve8 << EOD
65536 22.67976
262144 93.82601
1048576 377.6993
4194304 1456.624
1.677722e+07 4208.838
6.710886e+07 3630.253
2.684355e+08 4103.639
1.073742e+09 4221.679
EOD
# global_bulk read 396x256
$curve9 << EOD
65536 154.2335
262144 616.6961
1048576 2462.665
4194304 7072.466
1.677722e+07 7526.052
6.710886e+07 4974.666
2.684355e+08 4505.16
1.073742e+09 4508.073
EOD
set arrow from 3.460301e+07, graph 0 to 3.460301e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 1 "L1/shared 33M" at 3.987291e+07,183074.5 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 6.291456e+07, graph 0 to 6.291456e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 2 "L2 60M" at 7.249619e+07,183074.5 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 3.355443e+07, graph 0 to 3.355443e+07, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
set label 3 "detected 32M" at 2.911963e+07,10.92451 left rotate by 90 front textcolor rgb "#b2182b" font "sans,10"
$plateaus << EOD
4194304 31112.13
1.073742e+09 31112.13


65536 27431.96
1.677722e+07 27431.96


65536 8559.122
1.677722e+07 8559.122


2.684355e+08 4569.309
1.073742e+09 4569.309


EOD
set label 4 "shared 31112 GB/s" at 2.041051e+08,36158.74 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 5 "L1 27432 GB/s" at 1048576,31881.62 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 6 "L2 8559 GB/s" at 404144.4,9947.471 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 7 "device memory 4569 GB/s" at 5.368709e+08,3185.445 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
plot \
  $plateaus with lines lw 8 lc rgb "#c8c8c8" title "level ceiling (plateau)", \
  $curve0 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1b9e77" title "A global_inside read", \
  $curve1 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#1b9e77" title "A global_inside rmw", \
  $curve2 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#d95f02" title "B global_launch read", \
  $curve3 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#d95f02" title "B global_launch rmw", \
  $curve4 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#7570b3" title "C shared_blocked read", \
  $curve5 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#7570b3" title "C shared_blocked rmw", \
  $curve6 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#e7298a" title "global_stream read", \
  $curve7 with linespoints dt 2 lw 1.8 pt 6 ps 0.8 lc rgb "#e7298a" title "global_stream rmw", \
  $curve8 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#66a61e" title "memcpy_d2d copy (peer)", \
  $curve9 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#c99700" title "global_bulk read", \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "L1/shared (all SMs), L2 size", \
  NaN with lines dt 3 lw 2 lc rgb "#b2182b" title "detected transition"
