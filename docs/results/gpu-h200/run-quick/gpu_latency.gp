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
set title "Pointer chase: vm gpu0 (NVIDIA H200), one thread, SM clock 1980 MHz" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T09:22:49Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [512:2.684355e+08]
set yrange [10:2000]
set xtics ("512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728)
set mxtics 1
set ytics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)
set mytics 1
set xlabel "array size (bytes)"
set ylabel "latency (SM cycles per access)"
set y2range [5.05142:1010.284]
set logscale y2
set y2tics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000)
set my2tics 1
set y2label "ns per access"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
$chase << EOD
# global_ca, stride 128
1024 32.06091
2048 32.06311
4096 32.05908
8192 32.08472
16384 32.12427
32768 32.06323
65536 32.08643
131072 32.08716
262144 238.7748
524288 282.5861
1048576 281.2727
2097152 281.3425
4194304 281.3831
8388608 281.2977
1.677722e+07 281.2826
3.355443e+07 445.9134
6.710886e+07 644.3849
1.342177e+08 662.4376


# global_ca, stride 4096
8192 32.08704
16384 32.06445
32768 32.06067
65536 32.08154
131072 32.08398
262144 32.06177
524288 32.06384
1048576 32.08521
2097152 32.08801
4194304 32.06079
8388608 225.3115
1.677722e+07 281.3914
3.355443e+07 281.3693
6.710886e+07 281.3047
1.342177e+08 281.2815


# global_ca, stride 2097152
4194304 32.03113
8388608 32.03296
1.677722e+07 32.03125
3.355443e+07 32.03052
6.710886e+07 32.03406
1.342177e+08 32.03052


# global_cg, stride 128
1024 259.6727
2048 279.5184
4096 277.9525
8192 280.5024
16384 281.1626
32768 281.3787
65536 285.7261
131072 285.731
262144 282.1521
524288 282.5745
1048576 281.2699
2097152 281.3351
4194304 281.3803
8388608 281.2964
1.677722e+07 281.2809
3.355443e+07 445.1258
6.710886e+07 646.0568
1.342177e+08 662.3608


# global_cg, stride 4096
8192 262.5881
16384 284.2948
32768 281.6185
65536 285.463
131072 286.7271
262144 283.0985
524288 283.131
1048576 281.3507
2097152 281.5052
4194304 281.5251
8388608 281.3768
1.677722e+07 281.3933
3.355443e+07 281.3735
6.710886e+07 281.3049
1.342177e+08 281.2752


# global_cg, stride 2097152
4194304 265.4315
8388608 280.835
1.677722e+07 282.0038
3.355443e+07 279.7769
6.710886e+07 282.8516
1.342177e+08 284.3629


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


# global_cg_scattered, stride 2097152
4194304 274.1102
8388608 278.698
1.677722e+07 279.6875
3.355443e+07 281.8201
6.710886e+07 285.7545
1.342177e+08 284.3241


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
  $chase index 8 with linespoints dt 4 lw 1.8 pt 11 ps 0.8 lc rgb "#7570b3" title "global_cg_scattered, stride 2M", \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "capacity (device properties)"
