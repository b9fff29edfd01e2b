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
set title "GPU bandwidth: vm gpu0 (NVIDIA H200), fp32, 16-byte accesses" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:03:00Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [32768:2.147484e+09]
set yrange [10:200000]
set xtics ("32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912, "2G" 2.14748365e+09)
set mxtics 1
set format y "%g"
set xlabel "working set per GPU (bytes)"
set ylabel "GB/s"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
# global_inside read 660x256
$curve0 << EOD
65536 166.51
262144 664.3521
1048576 2564.858
4194304 8269.476
1.677722e+07 20102.44
6.710886e+07 19491.57
2.684355e+08 4673.278
1.073742e+09 4634.63
EOD
# global_inside rmw 528x256
$curve1 << EOD
65536 865.4294
262144 3454.723
1048576 6701.839
4194304 7834.558
1.677722e+07 8918.566
6.710886e+07 4414.403
2.684355e+08 3959.517
1.073742e+09 3929.205
EOD
# global_launch read 660x256
$curve2 << EOD
65536 21.27749
262144 84.16213
1048576 318.8736
4194304 1084.018
1.677722e+07 3240.722
6.710886e+07 3520.049
2.684355e+08 4286.874
1.073742e+09 4566.51
EOD
# global_launch rmw 528x256
$curve3 << EOD
65536 52.23358
262144 204.9726
1048576 789.4139
4194304 2354.119
1.677722e+07 4918.607
6.710886e+07 3586.312
2.684355e+08 3917.107
1.073742e+09 3931.047
EOD
# shared_blocked read 1056x256
$curve4 << EOD
65536 107.8463
262144 430.953
1048576 1693.535
4194304 6735.556
1.677722e+07 18658.84
6.710886e+07 24571.31
2.684355e+08 26896.33
1.073742e+09 27436.87
EOD
# shared_blocked rmw 1056x256
$curve5 << EOD
65536 672.3729
262144 2676.352
1048576 9980.405
4194304 26348.52
1.677722e+07 28393.48
6.710886e+07 31153.2
2.684355e+08 30900.82
1.073742e+09 29123.16
EOD
# global_stream read 660x256
$curve6 << EOD
65536 161.8891
262144 646.901
1048576 2591.376
4194304 6940.083
1.677722e+07 8317.906
6.710886e+07 4551.451
2.684355e+08 4325.349
1.073742e+09 4280.789
EOD
# global_stream rmw 528x256
$curve7 << EOD
65536 461.9405
262144 1795.387
1048576 5615.159
4194304 7400.013
1.677722e+07 7802.676
6.710886e+07 4212.669
2.684355e+08 3939.354
1.073742e+09 3921.055
EOD
# memcpy_d2d copy 0x0
$curve8 << EOD
65536 23.01957
262144 92.37843
1048576 366.619
4194304 1453.564
1.677722e+07 4045.871
6.710886e+07 3574.136
2.684355e+08 4069.053
1.073742e+09 4191.488
EOD
set arrow from 3.460301e+07, graph 0 to 3.460301e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 1 "L1/shared 33M" at 3.987291e+07,183074.5 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 6.291456e+07, graph 0 to 6.291456e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 2 "L2 60M" at 7.249619e+07,183074.5 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
$plateaus << EOD
4194304 31153.2
1.073742e+09 31153.2


65536 27299.1
1.677722e+07 27299.1


65536 8317.906
1.677722e+07 8317.906


2.684355e+08 4673.278
1.073742e+09 4673.278


EOD
set label 3 "shared 31153 GB/s" at 2.041051e+08,36206.47 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 4 "L1 27299 GB/s" at 1048576,31727.2 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 5 "L2 8318 GB/s" at 404144.4,9667.128 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 6 "device memory 4673 GB/s" at 5.368709e+08,3257.927 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
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
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "L1/shared (all SMs), L2 size"
