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
set title 'Pointer chase: vm gpu0 (NVIDIA H200), one thread, SM clock 1980 MHz' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [512:2.684355e+08]
set yrange [10:2000]
set xtics ("512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728)
set mxtics 1
set ytics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)
set mytics 1
set xlabel "array size (bytes)"
set ylabel "latency (SM cycles per access)"
set y2range [5.050329:1010.066]
set logscale y2
set y2tics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000)
set my2tics 1
set y2label "ns per access"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
$chase << EOD
# 'global_ca, stride 128'
1024 32.05237
2048 32.05615
4096 32.04822
8192 32.03064
16384 32.05518
32768 32.05725
65536 32.03394
131072 32.0332
262144 237.9238
524288 282.7584
1048576 281.3806
2097152 281.509
4194304 281.5032
8388608 281.0862
1.677722e+07 281.0765
3.355443e+07 449.89
6.710886e+07 643.9615
1.342177e+08 662.0433


# 'global_ca, stride 4096'
8192 32.0708
16384 32.08521
32768 32.07874
65536 32.06323
131072 32.06287
262144 32.08862
524288 32.08606
1048576 32.0636
2097152 32.06299
4194304 32.08264
8388608 221.9219
1.677722e+07 280.8898
3.355443e+07 280.7509
6.710886e+07 280.7593
1.342177e+08 280.6987


# 'global_ca, stride 2097152'
4194304 32.02954
8388608 32.03381
1.677722e+07 32.02979
3.355443e+07 32.02942
6.710886e+07 32.03247
1.342177e+08 32.02966


# 'global_cg, stride 128'
1024 265.6962
2048 280.554
4096 281.7045
8192 279.5111
16384 279.9855
32768 280.5803
65536 284.6451
131072 284.6378
262144 281.5713
524288 282.0488
1048576 280.6819
2097152 280.7809
4194304 280.8128
8388608 280.7138
1.677722e+07 280.7009
3.355443e+07 444.4382
6.710886e+07 643.9559
1.342177e+08 661.9073


# 'global_cg, stride 4096'
8192 263.6111
16384 280.4315
32768 278.5547
65536 282.699
131072 284.349
262144 281.1194
524288 282.1134
1048576 280.6074
2097152 280.869
4194304 281.0289
8388608 280.907
1.677722e+07 280.9268
3.355443e+07 280.7832
6.710886e+07 280.7426
1.342177e+08 280.6984


# 'global_cg, stride 2097152'
4194304 261.4266
8388608 281.903
1.677722e+07 282.5962
3.355443e+07 278.2474
6.710886e+07 281.4961
1.342177e+08 284.1952


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
4194304 281.7545
8388608 272.7155
1.677722e+07 276.9147
3.355443e+07 278.572
6.710886e+07 282.3998
1.342177e+08 284.8486


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
