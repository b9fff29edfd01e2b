# Written by rfl plot; render with: gnuplot 'gpu_link.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 560,500 font "sans,11" noenhanced
set output 'gpu_link.png'
set encoding utf8
set title 'GPU to GPU copies: vm, 2 GPUs, one-way cudaMemcpyPeer (fit) in GB/s' font "sans,12"
set label 1 'host vm | rfl 0.1.0 | measured 2026-11-26T04:42:39Z' at screen 0.99, screen 0.015 right font "sans,8" tc rgb "#808080"
set size ratio -1
set xrange [-0.5:1.5]
set x2range [-0.5:1.5]
set yrange [1.5:-0.5]
unset xtics
set x2tics 0, 1, 1 scale 0
set ytics 0, 1, 1 scale 0
set x2label "destination GPU" font "sans,10"
set ylabel "source GPU" font "sans,10"
set cblabel "GB/s" font "sans,10"
set cbrange [0:407.4]
set palette defined (0 "#f7fbff", 1 "#6baed6", 2 "#08306b")
$matrix << EOD
# one row per source GPU, one column per destination (NaN: none)
NaN 407.4
379.1 NaN
EOD
set label 2 '407.4' at 1, -0.22 center front font "sans,12" tc rgb "#ffffff"
set label 3 'P2P' at 1, 0.03 center front font "sans,9" tc rgb "#ffffff"
set label 4 'both ways 731.0' at 1, 0.16 center front font "sans,9" tc rgb "#ffffff"
set label 5 'kernel 374.0' at 1, 0.29 center front font "sans,9" tc rgb "#ffffff"
set label 6 '379.1' at 0, 0.78 center front font "sans,12" tc rgb "#ffffff"
set label 7 'P2P' at 0, 1.03 center front font "sans,9" tc rgb "#ffffff"
set label 8 'both ways 731.0' at 0, 1.16 center front font "sans,9" tc rgb "#ffffff"
set label 9 'kernel 370.8' at 0, 1.29 center front font "sans,9" tc rgb "#ffffff"
plot $matrix matrix with image notitle
