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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
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
0 99.74094
1 100.2597


# gpu0 L1: rank, percent of peers
0 99.76285
1 100.2377


# gpu0 L2: rank, percent of peers
0 99.9419
1 100.0581


# gpu0 device memory: rank, percent of peers
0 100.022
1 99.978


# gpu0 host link h2d: rank, percent of peers
0 99.5741
1 100.4277


# gpu0 host link d2h: rank, percent of peers
0 99.99244
1 100.0076


# gpu0 fp64: rank, percent of peers
0 100.3247
1 99.67637


# gpu0 fp32: rank, percent of peers
0 100.1691
1 99.83123


# gpu0 fp16: rank, percent of peers
0 100.3767
1 99.62475


# gpu0 fp64 tensor: rank, percent of peers
0 99.41046
1 100.593


# gpu0 tf32 tensor: rank, percent of peers
0 99.88169
1 100.1184


# gpu0 bf16 tensor: rank, percent of peers
0 98.87462
1 101.1382


# gpu0 fp16 tensor: rank, percent of peers
0 99.57024
1 100.4316


EOD
$outliers << EOD
NaN NaN
EOD
plot \
  $members index 0 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#1b9e77" title 'gpu0 shared', \
  $members index 1 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#d95f02" title 'gpu0 L1', \
  $members index 2 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#7570b3" title 'gpu0 L2', \
  $members index 3 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#e7298a" title 'gpu0 device memory', \
  $members index 4 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#66a61e" title 'gpu0 host link h2d', \
  $members index 5 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#c99700" title 'gpu0 host link d2h', \
  $members index 6 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#a6761d" title 'gpu0 fp64', \
  $members index 7 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#555555" title 'gpu0 fp32', \
  $members index 8 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#1b9e77" title 'gpu0 fp16', \
  $members index 9 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#d95f02" title 'gpu0 fp64 tensor', \
  $members index 10 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#7570b3" title 'gpu0 tf32 tensor', \
  $members index 11 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#e7298a" title 'gpu0 bf16 tensor', \
  $members index 12 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#66a61e" title 'gpu0 fp16 tensor', \
  $outliers with points pt 6 ps 3.5 lw 2 lc rgb "#c00000" title 'outlier: below 90% of its peers'."\047".' median', \
  NaN notitle
