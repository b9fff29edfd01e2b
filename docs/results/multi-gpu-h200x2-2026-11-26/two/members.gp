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
set title 'Each rank'."\047".'s ceilings against the median of its peers: vm, 2 ranks' font "sans,14"
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T02:12:59Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
unset logscale
set xrange [-0.5:1.5]
set yrange [85.0:110.0]
set format y "%g"
set xtics ('rank 0 vm' 0, 'rank 1 vm' 1) rotate by 30 right
set xlabel "member (rank, host)"
set ylabel "percent of the median of its peers"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
set arrow from graph 0, first 90.0 to graph 1, first 90.0 nohead dt 2 lc rgb "#c00000"
$members << EOD
# gpu0 shared: rank, percent of peers
0 100.1432
1 99.857


# gpu0 L1: rank, percent of peers
0 99.70933
1 100.2915


# gpu0 L2: rank, percent of peers
0 99.8972
1 100.1029


# gpu0 device memory: rank, percent of peers
0 100.0629
1 99.93709


# gpu0 fp64: rank, percent of peers
0 100.0702
1 99.92984


# gpu0 fp32: rank, percent of peers
0 100.1781
1 99.82226


# gpu0 fp16: rank, percent of peers
0 100.0454
1 99.95466


EOD
$outliers << EOD
NaN NaN
EOD
plot \
  $members index 0 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#1b9e77" title 'gpu0 shared', \
  $members index 1 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#d95f02" title 'gpu0 L1', \
  $members index 2 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#7570b3" title 'gpu0 L2', \
  $members index 3 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#e7298a" title 'gpu0 device memory', \
  $members index 4 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#66a61e" title 'gpu0 fp64', \
  $members index 5 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#c99700" title 'gpu0 fp32', \
  $members index 6 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#a6761d" title 'gpu0 fp16', \
  $outliers with points pt 6 ps 3.5 lw 2 lc rgb "#c00000" title 'outlier: below 90% of its peers'."\047".' median', \
  NaN notitle
