# Written by rfl plot; render with: gnuplot 'bandwidth.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'bandwidth.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.83
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Bandwidth: golden machine, fp64 avx2, 1 rank x 4 threads' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T03:04:05Z'
set xrange [8192:5.368709e+08]
set yrange [10:2000]
set xtics ("8K" 8192, "32K" 32768, "128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912)
set mxtics 1
set format y "%g"
set xlabel "working set (bytes, all ranks and threads)"
set ylabel "GB/s"
set key outside right top vertical Left reverse samplen 2 spacing 1.2 font "sans,10"
# 'sum'
$curve0 << EOD
16384 400
22528 392
32768 408
47104 396
65536 404
92160 388
131072 412
186368 268.3282
262144 177.3
370688 182.7
524288 179.1
741376 180.9
1048576 175.5
1482752 184.5
2097152 180
2965504 178.2
4194304 180
5931008 124.7336
8388608 91.8
1.186406e+07 89.1
1.677722e+07 90.9
2.372608e+07 46.01114
3.355443e+07 25.75
4.745216e+07 25
6.710886e+07 24.625
9.490637e+07 25.375
1.342177e+08 24.875
1.898127e+08 25.125
2.684355e+08 24.375
EOD
# 'triad'
$curve1 << EOD
16384 520
22528 509.6
32768 530.4
47104 514.8
65536 525.2
92160 504.4
131072 535.6
186368 330.4542
262144 206.85
370688 213.15
524288 208.95
741376 211.05
1048576 204.75
1482752 215.25
2097152 210
2965504 207.9
4194304 210
5931008 145.5226
8388608 107.1
1.186406e+07 103.95
1.677722e+07 106.05
2.372608e+07 52.59511
3.355443e+07 28.84
4.745216e+07 28
6.710886e+07 27.58
9.490637e+07 28.42
1.342177e+08 27.86
1.898127e+08 28.14
2.684355e+08 27.3
EOD
# 'copy'
$curve2 << EOD
16384 430
22528 421.4
32768 438.6
47104 425.7
65536 434.3
92160 417.1
131072 442.9
186368 150
262144 147.75
370688 152.25
524288 149.25
741376 150.75
1048576 146.25
1482752 153.75
2097152 150
2965504 148.5
4194304 150
5931008 147
8388608 153
1.186406e+07 148.5
1.677722e+07 151.5
2.372608e+07 25.22
3.355443e+07 26.78
4.745216e+07 26
6.710886e+07 25.61
9.490637e+07 26.39
1.342177e+08 25.87
1.898127e+08 26.13
2.684355e+08 25.35
EOD
set arrow from 131072, graph 0 to 131072, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 331.20 706.95 31.05 7.20 90.00 'L1 128K'
set label 1 'L1 128K' at 148626.7,1493.362 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
set arrow from 4194304, graph 0 to 4194304, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 612.45 715.25 22.75 7.20 90.00 'L2 4M'
set label 2 'L2 4M' at 4756053,1594.357 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
set arrow from 16777216, graph 0 to 16777216, graph 1 nohead dt 2 lw 1.5 lc rgb "#606060" back
# box 724.95 711.10 26.90 7.20 90.00 'L3 16M'
set label 3 'L3 16M' at 1.902421e+07,1543.034 center rotate by 90.00 front textcolor rgb "#404040" font "sans,10"
set arrow from 156293, graph 0 to 156293, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
# box 345.48 142.25 64.25 7.20 90.00 'detected 152.6K'
set label 4 'detected 152.6K' at 177225.5,17.3999 center rotate by 90.00 front textcolor rgb "#b2182b" font "sans,10"
set arrow from 4987630, graph 0 to 4987630, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
# box 626.51 133.95 55.95 7.20 90.00 'detected 4.8M'
set label 5 'detected 4.8M' at 5655630,16.2977 center rotate by 90.00 front textcolor rgb "#b2182b" font "sans,10"
set arrow from 19951380, graph 0 to 19951380, graph 0.25 nohead dt 3 lw 2 lc rgb "#b2182b" back
# box 739.01 138.10 60.10 7.20 90.00 'detected 19.0M'
set label 6 'detected 19.0M' at 2.26235e+07,16.83978 center rotate by 90.00 front textcolor rgb "#b2182b" font "sans,10"
$plateaus << EOD
16384 535.6
131072 535.6


370688 215.25
4194304 215.25


5931008 153
1.677722e+07 153


3.355443e+07 28.84
2.684355e+08 28.84


EOD
# box 224.90 587.10 89.15 7.20 0.00 'L1 535.6 GB/s (triad)'
set label 7 'L1 535.6 GB/s (triad)' at 40105.26,580.4528 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
# box 503.81 471.48 89.15 7.20 0.00 'L2 215.2 GB/s (triad)'
set label 8 'L2 215.2 GB/s (triad)' at 1246907,233.2757 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
# box 713.86 428.18 85.00 7.20 0.00 'L3 153.0 GB/s (copy)'
set label 9 'L3 153.0 GB/s (copy)' at 1.659442e+07,165.8127 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
# box 867.10 216.54 93.30 7.20 0.00 'DRAM 28.8 GB/s (triad)'
set label 10 'DRAM 28.8 GB/s (triad)' at 1.096626e+08,31.25515 center rotate by 0.00 front textcolor rgb "#202020" font "sans,10"
plot \
  $plateaus with lines lw 8 lc rgb "#c8c8c8" title "level ceiling (plateau)", \
  $curve0 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#1b9e77" title 'sum', \
  $curve1 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#d95f02" title 'triad', \
  $curve2 with linespoints lw 1.5 pt 7 ps 0.6 lc rgb "#7570b3" title 'copy', \
  NaN with lines dt 2 lw 1.5 lc rgb "#606060" title "cache capacity (hwloc)", \
  NaN with lines dt 3 lw 2 lc rgb "#b2182b" title "detected transition"
