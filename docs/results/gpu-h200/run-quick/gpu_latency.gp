# Written by rfl plot; render with: gnuplot gpu_latency.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output "gpu_latency.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.72
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "Pointer chase: vm gpu0 (NVIDIA H200), one thread, SM clock 1979 MHz" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T08:03:00Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [512:2.684355e+08]
set yrange [10:2000]
set xtics ("512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728)
set mxtics 1
set ytics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)
set mytics 1
set xlabel "array size (bytes)"
set ylabel "latency (SM cycles per access)"
set y2range [5.053183:1010.637]
set logscale y2
set y2tics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000)
set my2tics 1
set y2label "ns per access"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
$chase << EOD
# global_ca, stride 128
1024 32.08838
2048 32.09045
4096 32.07947
8192 32.06238
16384 32.08972
32768 32.09033
65536 32.0658
131072 32.11975
262144 237.297
524288 281.7744
1048576 280.4089
2097152 280.4723
4194304 280.5142
8388608 280.4261
1.677722e+07 280.4277
3.355443e+07 451.3274
6.710886e+07 665.1411
1.342177e+08 685.2867


# global_ca, stride 4096
8192 32.12671
16384 32.08752
32768 32.07971
65536 32.125
131072 32.06506
262144 32.09094
524288 32.13367
1048576 32.06702
2097152 32.12903
4194304 32.08765
8388608 225.5343
1.677722e+07 280.5397
3.355443e+07 280.5139
6.710886e+07 280.4838
1.342177e+08 280.4406


# global_ca, stride 2097152
4194304 32.0293
8388608 32.03357
1.677722e+07 32.02979
3.355443e+07 32.0304
6.710886e+07 32.03223
1.342177e+08 32.03015


# global_cg, stride 128
1024 265.0448
2048 280.2618
4096 281.2434
8192 278.72
16384 279.4091
32768 280.0065
65536 284.5038
131072 284.4585
262144 281.3523
524288 281.8141
1048576 280.4413
2097152 280.5159
4194304 280.5738
8388608 280.4697
1.677722e+07 280.4452
3.355443e+07 452.8384
6.710886e+07 665.0074
1.342177e+08 685.3038


# global_cg, stride 4096
8192 262.0681
16384 279.589
32768 277.5584
65536 282.147
131072 283.7073
262144 280.9401
524288 281.8752
1048576 280.3499
2097152 280.5957
4194304 280.7076
8388608 280.5508
1.677722e+07 280.5311
3.355443e+07 280.4937
6.710886e+07 280.4521
1.342177e+08 280.423


# global_cg, stride 2097152
4194304 264.2179
8388608 283.2518
1.677722e+07 283.1923
3.355443e+07 278.4755
6.710886e+07 282.0045
1.342177e+08 284.1986


# shared, stride 128
1024 23.00659
2048 23.00659
4096 23.00659
8192 23.00659
16384 23.00659
32768 23.00659
65536 23.00659
131072 23.00659


# shared, stride 4096
8192 23.00659
16384 23.00659
32768 23.00659
65536 23.00659
131072 23.00659


EOD
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 1 "L1/shared 256K (one SM)" at 312250.4,1907.59 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 6.291456e+07, graph 0 to 6.291456e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 2 "L2 60M" at 7.494009e+07,1907.59 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
plot \
  $chase index 0 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#1b9e77" title "global_ca, stride 128B", \
  $chase index 1 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#d95f02" title "global_ca, stride 4K", \
  $chase index 2 with linespoints dt 1 lw 1.8 pt 7 ps 0.8 lc rgb "#7570b3" title "global_ca, stride 2M", \
  $chase index 3 with linespoints dt 2 lw 1.8 pt 5 ps 0.8 lc rgb "#1b9e77" title "global_cg, stride 128B", \
  $chase index 4 with linespoints dt 2 lw 1.8 pt 5 ps 0.8 lc rgb "#d95f02" title "global_cg, stride 4K", \
  $chase index 5 with linespoints dt 2 lw 1.8 pt 5 ps 0.8 lc rgb "#7570b3" title "global_cg, stride 2M", \
  $chase index 6 with linespoints dt 3 lw 1.8 pt 9 ps 0.8 lc rgb "#1b9e77" title "shared, stride 128B", \
  $chase index 7 with linespoints dt 3 lw 1.8 pt 9 ps 0.8 lc rgb "#d95f02" title "shared, stride 4K", \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "capacity (device properties)"
