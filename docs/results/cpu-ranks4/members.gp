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
set label 1000 'host vm | rfl 0.1.0 | measured 2026-11-26T01:08:14Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
unset logscale
set xrange [-0.5:3.5]
set yrange [40.0:110.0]
set format y "%g"
set xtics ('rank 0 vm' 0, 'rank 1 vm' 1, 'rank 2 vm' 2, 'rank 3 vm' 3) rotate by 30 right
set xlabel "member (rank, host)"
set ylabel "percent of the median of its peers"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
set arrow from graph 0, first 90.0 to graph 1, first 90.0 nohead dt 2 lc rgb "#c00000"
$members << EOD
# cpu L1: rank, percent of peers
0 100.0595
1 100.0179
2 49.99846
3 99.98205


# cpu L2: rank, percent of peers
0 99.97564
1 100.0244
2 49.98291
3 100.065


# cpu L3: rank, percent of peers
0 99.79072
1 100.2097
2 48.56588
3 101.3984


# cpu DRAM: rank, percent of peers
0 98.82526
1 103.0642
2 51.92787
3 101.1887


EOD
$outliers << EOD
2 49.99846
2 49.98291
2 48.56588
2 51.92787
NaN NaN
EOD
plot \
  $members index 0 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#1b9e77" title 'cpu L1', \
  $members index 1 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#d95f02" title 'cpu L2', \
  $members index 2 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#7570b3" title 'cpu L3', \
  $members index 3 with linespoints pt 7 ps 1.2 lw 1.5 lc rgb "#e7298a" title 'cpu DRAM', \
  $outliers with points pt 6 ps 3.5 lw 2 lc rgb "#c00000" title 'outlier: below 90% of its peers'."\047".' median', \
  NaN notitle
