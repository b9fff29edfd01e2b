# Written by rfl plot; render with: gnuplot 'gpu_latency.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'gpu_latency.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.72
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Pointer chase: vm gpu0 (NVIDIA H200), one thread, SM clock 1972 MHz' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:41:53Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [512:2.684355e+08]
set yrange [10:2000]
set xtics ("512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728)
set mxtics 1
set ytics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)
set mytics 1
set xlabel "array size (bytes)"
set ylabel "latency (SM cycles per access)"
set y2range [5.072188:1014.438]
set logscale y2
set y2tics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000)
set my2tics 1
set y2label "ns per access"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
$chase << EOD
# 'global_ca, stride 128'
1024 32.05286
2048 32.05579
4096 32.04846
8192 32.03027
16384 32.05493
32768 32.05652
65536 32.03406
131072 32.03406
262144 239.024
524288 282.0513
1048576 280.7111
2097152 280.8206
4194304 280.8549
8388608 280.7505
1.677722e+07 280.7267
3.355443e+07 449.5626
6.710886e+07 644.1464
1.342177e+08 662.0027


# 'global_ca, stride 4096'
8192 32.06091
16384 32.0835
32768 32.07605
65536 32.10986
131072 32.06104
262144 32.08618
524288 32.08618
1048576 32.06421
2097152 32.06348
4194304 32.08215
8388608 226.9087
1.677722e+07 280.9061
3.355443e+07 280.7676
6.710886e+07 280.7674
1.342177e+08 280.7061


# 'global_ca, stride 2097152'
4194304 32.02954
8388608 32.03357
1.677722e+07 32.02966
3.355443e+07 32.02954
6.710886e+07 32.03284
1.342177e+08 32.02942


# 'global_cg, stride 128'
1024 265.6732
2048 280.575
4096 281.7275
8192 279.5231
16384 279.9639
32768 280.5956
65536 284.6494
131072 284.6323
262144 281.5823
524288 282.0422
1048576 280.6847
2097152 280.783
4194304 280.8139
8388608 280.723
1.677722e+07 280.7136
3.355443e+07 443.5106
6.710886e+07 645.6262
1.342177e+08 661.8863


# 'global_cg, stride 4096'
8192 263.6473
16384 280.427
32768 278.528
65536 282.7155
131072 284.3818
262144 281.1268
524288 282.1165
1048576 280.6476
2097152 280.8893
4194304 281.032
8388608 280.9111
1.677722e+07 280.8562
3.355443e+07 280.8264
6.710886e+07 280.7714
1.342177e+08 280.7295


# 'global_cg, stride 2097152'
4194304 261.4374
8388608 281.9657
1.677722e+07 282.6465
3.355443e+07 278.2648
6.710886e+07 281.5146
1.342177e+08 284.2222


# 'shared, stride 128'
1024 23.00659
2048 23.00659
4096 23.00659
8192 23.00659
16384 23.00659
32768 23.00659
65536 23.00659
131072 23.00659


# 'shared, stride 4096'
8192 23.00659
16384 23.00659
32768 23.00659
65536 23.00659
131072 23.00659


# 'global_cg_scattered, stride 2097152'
4194304 265.8722
8388608 270.7178
1.677722e+07 271.6683
3.355443e+07 275.1036
6.710886e+07 279.1921
1.342177e+08 283.8571


EOD
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 1 'L1/shared 256K (one SM)' at 312250.4,1907.59 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 6.291456e+07, graph 0 to 6.291456e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 2 'L2 60M' at 7.494009e+07,1907.59 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
plot \
  $chase index 0 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1b9e77" title 'global_ca, stride 128B', \
  $chase index 1 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#d95f02" title 'global_ca, stride 4K', \
  $chase index 2 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#7570b3" title 'global_ca, stride 2M', \
  $chase index 3 with linespoints dt 2 lw 1.8 pt 5 ps 0.8 lc rgb "#1b9e77" title 'global_cg, stride 128B', \
  $chase index 4 with linespoints dt 2 lw 1.8 pt 5 ps 0.8 lc rgb "#d95f02" title 'global_cg, stride 4K', \
  $chase index 5 with linespoints dt 2 lw 1.8 pt 5 ps 0.8 lc rgb "#7570b3" title 'global_cg, stride 2M', \
  $chase index 6 with linespoints dt 3 lw 1.8 pt 9 ps 0.8 lc rgb "#1b9e77" title 'shared, stride 128B', \
  $chase index 7 with linespoints dt 3 lw 1.8 pt 9 ps 0.8 lc rgb "#d95f02" title 'shared, stride 4K', \
  $chase index 8 with linespoints dt 4 lw 1.8 pt 11 ps 0.8 lc rgb "#7570b3" title 'global_cg_scattered, stride 2M', \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "capacity (device properties)"
