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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:08:14Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [8:8388608]
set yrange [1:100000]
set xtics ("8B" 8, "32B" 32, "128B" 128, "512B" 512, "2K" 2048, "8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608)
set mxtics 1
set format y "%g"
set xlabel "bytes per message"
set ylabel "one-way time, half the fastest round trip (µs)"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
$messages << EOD
# same node: bytes, us
8 6.103999
32 2085.504
128 12.694
512 4.0585
2048 5.022499
8192 3965.309
32768 3101.41
131072 2043.034
524288 37368.48
2097152 350.103
4194304 4229.66
8 2.793785
32 2.626859
128 6.865001
512 5.358
2048 11.715
8192 10303.97
32768 6899.391
131072 4212.986
524288 89.4325
2097152 1802.007
4194304 1019.374
8 4.3615
32 9.1735
128 5.4885
512 4.216499
2048 16.4595
8192 12.739
32768 12.11902
131072 23.33519
524288 82.542
2097152 317.7955
4194304 884.614
NaN NaN


# other node: bytes, us
NaN NaN


EOD
$fits << EOD
# same node fit
8 4.265473
16 4.266907
32 4.269774
64 4.275508
128 4.286977
256 4.309916
512 4.355792
1024 4.447545
2048 4.63105
4096 4.998061
8192 5.732082
16384 7.200126
32768 10.13621
65536 16.00838
131072 27.75273
262144 51.24142
524288 98.2188
1048576 192.1736
2097152 380.0831
4194304 755.9021
8388608 1507.54


# other node fit
NaN NaN


EOD
plot \
  $messages index 0 with points pt 7 ps 1.0 lc rgb "#1b9e77" title 'same node (3 pairs)', \
  $fits index 0 with lines lw 1.5 lc rgb "#1b9e77" title '  fit 4.26 µs + bytes / 5.58 GB/s', \
  NaN notitle
