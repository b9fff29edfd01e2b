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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:05:56Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 1001.51 9.60 192.48 6.48 0.00 'host vm | rfl 0.1.0 | measured 2026-11-26T01:05:56Z'
unset logscale
set xrange [-0.5:3.5]
set yrange [15.0:160.0]
set format y "%g"
set xtics ('rank 0 a' 0, 'rank 1 a' 1, 'rank 2 b' 2, 'rank 3 b' 3) rotate by 30 right
set xlabel "member (rank, host)"
set ylabel "percent of the median of its peers"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
set arrow from graph 0, first 90.0 to graph 1, first 90.0 nohead dt 2 lc rgb "#c00000"
$members << EOD
# cpu L1: rank, percent of peers
0 99.72312
1 100.3536
2 32.66057
3 100.2776


# cpu L2: rank, percent of peers
0 100.1116
1 99.88848
2 33.32713
3 100.2235


# cpu L3: rank, percent of peers
0 67.66932
1 147.7775
2 21.23341
3 151.3176


EOD
$outliers << EOD
2 32.66057
2 33.32713
0 67.66932
2 21.23341
NaN NaN
EOD
plot \
  $members index 0 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#1b9e77" title 'cpu L1', \
  $members index 1 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#d95f02" title 'cpu L2', \
  $members index 2 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#7570b3" title 'cpu L3', \
  $outliers with points pt 6 ps 3.5 lw 2 lc rgb "#c00000" title 'outlier: below 90% of its peers'."\047".' median', \
  NaN notitle
