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
set title 'Pointer chase: golden gpu0 (NVIDIA H200 (synthetic)), one thread, SM clock 1980 MHz' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z'
set xrange [512:5.368709e+08]
set yrange [10:2000]
set xtics ("512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912)
set mxtics 1
set ytics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)
set mytics 1
set xlabel "array size (bytes)"
set ylabel "latency (SM cycles per access)"
set y2range [5.050505:1010.101]
set logscale y2
set y2tics ("10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000)
set my2tics 1
set y2label "ns per access"
set key outside right top vertical Left reverse samplen 3 spacing 1.2 font "sans,10"
$chase << EOD
# 'global_ca, stride 128'
1024 33
4096 32.505
16384 33.495
65536 32.835
262144 263.31
1048576 256.76
4194304 267.24
1.677722e+07 262
6.710886e+07 633.6
2.684355e+08 646.4


# 'global_ca, stride 4096'
32768 33
131072 32.505
524288 265.93
2097152 260.69
8388608 263.31
3.355443e+07 411.6
1.342177e+08 652.8


# 'global_ca, stride 2097152'
1.677722e+07 262
6.710886e+07 630.4
2.684355e+08 883.05


# 'global_cg, stride 128'
1024 258.07
4096 265.93
16384 260.69
65536 263.31
262144 256.76
1048576 267.24
4194304 262
1.677722e+07 259.38
6.710886e+07 646.4
2.684355e+08 640


# 'global_cg, stride 4096'
32768 258.07
131072 265.93
524288 260.69
2097152 263.31
8388608 256.76
3.355443e+07 428.4
1.342177e+08 640


# 'global_cg, stride 2097152'
1.677722e+07 258.07
6.710886e+07 649.6
2.684355e+08 865.65


# 'shared, stride 128'
1024 30.45
4096 29.85
16384 30.15
65536 29.4


# 'shared, stride 4096'
32768 30.45
131072 29.85


# 'global_cg_scattered, stride 2097152'
1.677722e+07 270.2
6.710886e+07 271.5
2.684355e+08 272.9


EOD
set arrow from 262144, graph 0 to 262144, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 451.80 640.55 97.45 7.20 90.00 'L1/shared 256K (one SM)'
set label 1 'L1/shared 256K (one SM)' at 315138.2,884.7111 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
set arrow from 6.291456e+07, graph 0 to 6.291456e+07, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 755.42 711.10 26.90 7.20 90.00 'L2 60M'
set label 2 'L2 60M' at 7.563316e+07,1543.034 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
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
