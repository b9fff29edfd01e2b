# Written by rfl plot; render with: gnuplot bandwidth.gp (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output "bandwidth.png"
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.83
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title "Bandwidth: vm, fp64 avx512, 2 ranks x 8 threads" font "sans,14"
set label 1000 "host vm | rfl 0.1.0 | measured 2026-11-21T07:55:23Z" at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
set xrange [32768:4.294967e+09]
set yrange [20:50000]
set xtics ("32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912, "2G" 2.14748365e+09)
set mxtics 1
set format y "%g"
set xlabel "working set (bytes, all ranks and threads)"
set ylabel "GB/s"
set key outside right top vertical Left reverse samplen 2 spacing 1.2 font "sans,10"
# sum
$curve0 << EOD
65536 5265.273
131072 4992.412
262144 5311.668
524288 5415.977
1048576 2286.779
2097152 2186.955
4194304 2175.55
8388608 1962.09
1.677722e+07 2195.212
3.355443e+07 1418.736
6.710886e+07 453.6781
1.342177e+08 454.7634
2.684355e+08 420.315
5.368709e+08 258.8646
1.073742e+09 235.0289
2.147484e+09 208.7882
2.516582e+09 212.6504
EOD
# rmw
$curve1 << EOD
65536 5290.111
131072 5397.722
262144 5327.461
524288 4535.031
1048576 1733.34
2097152 1744.594
4194304 1735.122
8388608 1752.745
1.677722e+07 1700.815
3.355443e+07 1710.725
6.710886e+07 839.2404
1.342177e+08 840.9612
2.684355e+08 723.812
5.368709e+08 332.3942
1.073742e+09 240.0842
2.147484e+09 210.0587
2.516582e+09 205.1587
EOD
# copy
$curve2 << EOD
65536 6891.951
131072 6404.343
262144 7122.11
524288 6992.703
1048576 1420.758
2097152 1431.606
4194304 1425.411
8388608 1407.751
1.677722e+07 1402.937
3.355443e+07 1199.351
6.710886e+07 401.4618
1.342177e+08 391.6282
2.684355e+08 299.1534
5.368709e+08 159.373
1.073742e+09 133.0927
2.147484e+09 120.2174
2.516582e+09 120.3262
EOD
# copy_nt
$curve3 << EOD
65536 259.4394
131072 369.1187
262144 355.9172
524288 365.7605
1048576 377.1212
2097152 374.1722
4194304 381.253
8388608 368.4926
1.677722e+07 387.1332
3.355443e+07 386.1222
6.710886e+07 380.4746
1.342177e+08 372.4758
2.684355e+08 363.2051
5.368709e+08 307.7033
1.073742e+09 219.5096
2.147484e+09 196.3862
2.516582e+09 181.8406
EOD
# triad
$curve4 << EOD
49152 9120.195
98304 8932.539
245760 9417.978
491520 9604.893
1032192 1953.709
2064384 1948.64
4177920 2007.682
8355840 2025.654
1.676083e+07 2046.615
3.352166e+07 1969.99
6.709248e+07 393.4137
1.34185e+08 385.7719
2.684191e+08 364.3506
5.368381e+08 244.9449
1.073725e+09 177.4877
2.147451e+09 148.3067
2.516582e+09 143.6676
EOD
# triad_nt
$curve5 << EOD
49152 259.2808
98304 463.3902
245760 584.4783
491520 536.585
1032192 547.0056
2064384 554.9314
4177920 555.1898
8355840 562.0043
1.676083e+07 566.7164
3.352166e+07 575.0973
6.709248e+07 458.4871
1.34185e+08 433.6184
2.684191e+08 426.6146
5.368381e+08 288.6967
1.073725e+09 232.774
2.147451e+09 208.3961
2.516582e+09 200.8984
EOD
# write
$curve6 << EOD
65536 3371.929
131072 3211.054
262144 3450.288
524288 3441.078
1048576 802.2704
2097152 805.2335
4194304 790.7289
8388608 806.9509
1.677722e+07 842.0646
3.355443e+07 792.6634
6.710886e+07 381.2863
1.342177e+08 375.7293
2.684355e+08 285.8856
5.368709e+08 121.3763
1.073742e+09 90.56344
2.147484e+09 84.42577
2.516582e+09 84.1191
EOD
# write_nt
$curve7 << EOD
65536 196.6854
131072 167.7937
262144 163.4503
524288 165.0588
1048576 160.3644
2097152 171.5073
4194304 168.7992
8388608 169.0152
1.677722e+07 163.2572
3.355443e+07 166.6338
6.710886e+07 174.4893
1.342177e+08 170.7592
2.684355e+08 190.7294
5.368709e+08 188.3001
1.073742e+09 187.4865
2.147484e+09 189.9877
2.516582e+09 189.1025
EOD
set arrow from 786432, graph 0 to 786432, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 1 "L1 768K" at 898792.9,46626.33 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 33554432, graph 0 to 33554432, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 2 "L2 32M" at 3.83485e+07,46626.33 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 314572800, graph 0 to 314572800, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
set label 3 "L3 300M" at 3.595172e+08,46626.33 right rotate by 90 front textcolor rgb "#404040" font "sans,10"
set arrow from 741455, graph 0 to 741455, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
set label 4 "detected 724.1K" at 648763.4,21.44711 left rotate by 90 front textcolor rgb "#b2182b" font "sans,10"
set arrow from 47453133, graph 0 to 47453133, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
set label 5 "detected 45.3M" at 5.423296e+07,21.44711 left rotate by 90 front textcolor rgb "#b2182b" font "sans,10"
set arrow from 379625062, graph 0 to 379625062, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
set label 6 "detected 362.0M" at 4.338637e+08,21.44711 left rotate by 90 front textcolor rgb "#b2182b" font "sans,10"
set arrow from 1518500250, graph 0 to 1518500250, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
set label 7 "detected 1.4G" at 1.735455e+09,21.44711 left rotate by 90 front textcolor rgb "#b2182b" font "sans,10"
$plateaus << EOD
49152 9604.893
491520 9604.893


2097152 2706.159
3.355443e+07 2706.159


1.342177e+08 840.9612
2.684355e+08 840.9612


2.147484e+09 212.6504
2.516582e+09 212.6504


EOD
set label 8 "L1 9605 GB/s (triad)" at 155432.3,10816.04 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 9 "L2 2706 GB/s (sum)" at 8388608,3047.399 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 10 "L3 841.0 GB/s (rmw)" at 1.970857e+08,947.0041 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
set label 11 "DRAM 212.7 GB/s (sum)" at 2.324719e+09,239.465 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
plot \
  $plateaus with lines lw 8 lc rgb "#c8c8c8" title "level ceiling (plateau)", \
  $curve0 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#1b9e77" title "sum", \
  $curve1 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#d95f02" title "rmw", \
  $curve2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#7570b3" title "copy", \
  $curve3 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#e7298a" title "copy_nt", \
  $curve4 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#66a61e" title "triad", \
  $curve5 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#c99700" title "triad_nt", \
  $curve6 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#a6761d" title "write", \
  $curve7 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#555555" title "write_nt", \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "cache capacity (hwloc)", \
  NaN with lines dt 3 lw 2 lc rgb "#b2182b" title "detected transition"
