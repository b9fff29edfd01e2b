# Written by rfl plot; render with: gnuplot 'members.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'members.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.72
set bmargin at screen 0.12
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Each rank'."\047".'s ceilings against the median of its peers: vm, 4 ranks' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:18:15Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
unset logscale
set xrange [-0.5:3.5]
set yrange [25.0:205.0]
set format y "%g"
set xtics ('rank 0 vm' 0, 'rank 1 vm' 1, 'rank 2 vm' 2, 'rank 3 vm' 3) rotate by 30 right
set xlabel "member (rank, host)"
set ylabel "percent of the median of its peers"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
set arrow from graph 0, first 90.0 to graph 1, first 90.0 nohead dt 2 lc rgb "#c00000"
$members << EOD
# cpu L1: rank, percent of peers
0 99.94659
1 100.0534
2 49.58326
3 100.1714


# cpu L2: rank, percent of peers
0 96.08771
1 104.1585
2 39.98974
3 104.0716


# cpu L3: rank, percent of peers
0 103.8387
1 100.4583
2 46.85173
3 99.54381


# cpu DRAM: rank, percent of peers
0 55.17171
1 181.2523
2 31.85849
3 198.4491


# cpu fp64 c: rank, percent of peers
0 100.0448
1 100.0751
2 49.92601
3 99.95518


# cpu fp32 c: rank, percent of peers
0 86.58015
1 115.6204
2 35.07344
3 115.4999


# cpu fp64 avx512: rank, percent of peers
0 99.92095
1 100.0791
2 49.20029
3 100.1602


# cpu fp32 avx512: rank, percent of peers
0 99.82236
1 100.178
2 49.94548
3 100.2115


EOD
$outliers << EOD
2 49.58326
2 39.98974
2 46.85173
0 55.17171
2 31.85849
2 49.92601
0 86.58015
2 35.07344
2 49.20029
2 49.94548
NaN NaN
EOD
plot \
  $members index 0 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#1b9e77" title 'cpu L1', \
  $members index 1 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#d95f02" title 'cpu L2', \
  $members index 2 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#7570b3" title 'cpu L3', \
  $members index 3 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#e7298a" title 'cpu DRAM', \
  $members index 4 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#66a61e" title 'cpu fp64 c', \
  $members index 5 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#c99700" title 'cpu fp32 c', \
  $members index 6 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#a6761d" title 'cpu fp64 avx512', \
  $members index 7 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#555555" title 'cpu fp32 avx512', \
  $outliers with points pt 6 ps 3.5 lw 2 lc rgb "#c00000" title 'outlier: below 90% of its peers'."\047".' median', \
  NaN notitle
