# Written by rfl plot; render with: gnuplot 'network.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'network.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.72
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'MPI messages between ranks: vm, 4 ranks, ping-pong of host memory' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:18:15Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [8:8388608]
set yrange [0.5:10000]
set xtics ("8B" 8, "32B" 32, "128B" 128, "512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608)
set mxtics 1
set format y "%g"
set xlabel "bytes per message"
set ylabel "one-way time, half the fastest round trip (µs)"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
$messages << EOD
# same node: bytes, us
8 1.812501
32 1.638133
128 10.72685
512 1.838973
2048 1.942328
8192 5.761641
32768 8.893501
131072 20.3695
524288 67.4795
2097152 265.558
4194304 560.855
8 1.804234
32 1.878914
128 1.860781
512 2.063602
2048 2.144617
8192 8.578008
32768 9.578563
131072 19.06325
524288 61.09663
2097152 556.3435
4194304 1004.081
8 2.685969
32 2.629402
128 2.646422
512 2.813063
2048 2.929805
8192 5.941906
32768 8.9235
131072 74.46022
524288 63.236
2097152 254.116
4194304 3087.204
NaN NaN


# other node: bytes, us
NaN NaN


EOD
$fits << EOD
# same node fit
8 2.087393
16 2.088552
32 2.090869
64 2.095502
128 2.10477
256 2.123304
512 2.160374
1024 2.234513
2048 2.382791
4096 2.679347
8192 3.272458
16384 4.458682
32768 6.831128
65536 11.57602
131072 21.06581
262144 40.04538
524288 78.00453
1048576 153.9228
2097152 305.7594
4194304 609.4326
8388608 1216.779


# other node fit
NaN NaN


EOD
plot \
  $messages index 0 with points pt 7 ps 1.0 lc rgb "#1b9e77" title 'same node (3 pairs)', \
  $fits index 0 with lines lw 1.5 lc rgb "#1b9e77" title '  fit 2.09 µs + bytes / 6.91 GB/s', \
  NaN notitle
