# Written by rfl plot; render with: gnuplot 'gpu_link.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 710,650 font "sans,11" noenhanced
set output 'gpu_link.png'
set encoding utf8
set title 'GPU to GPU copies: fixture, 3 GPUs, one-way cudaMemcpyPeer (fit) in GB/s' font "sans,12"
set label 1 'host fixture | rfl 0.1.0 | measured 2026-11-25T00:00:00Z' at screen 0.99, screen 0.015 right font "sans,8" tc rgb "#808080"
set size ratio -1
set xrange [-0.5:2.5]
set x2range [-0.5:2.5]
set yrange [2.5:-0.5]
unset xtics
set x2tics 0, 1, 2 scale 0
set ytics 0, 1, 2 scale 0
set x2label "destination GPU" font "sans,10"
set ylabel "source GPU" font "sans,10"
set cblabel "GB/s" font "sans,10"
set cbrange [0:50.0]
set palette defined (0 "#f7fbff", 1 "#6baed6", 2 "#08306b")
$matrix << EOD
# one row per source GPU, one column per destination (NaN: none)
NaN 50.0 40.0
50.0 NaN 20.0
40.0 20.0 NaN
EOD
set label 2 '50.0' at 1, -0.22 center front font "sans,12" tc rgb "#ffffff"
set label 3 'P2P' at 1, 0.03 center front font "sans,9" tc rgb "#ffffff"
set label 4 'both ways 95.0' at 1, 0.16 center front font "sans,9" tc rgb "#ffffff"
set label 5 'kernel 45.0' at 1, 0.29 center front font "sans,9" tc rgb "#ffffff"
set label 6 '40.0' at 2, -0.22 center front font "sans,12" tc rgb "#ffffff"
set label 7 'P2P' at 2, 0.03 center front font "sans,9" tc rgb "#ffffff"
set label 8 'both ways 78.0' at 2, 0.16 center front font "sans,9" tc rgb "#ffffff"
set label 9 'kernel 35.0' at 2, 0.29 center front font "sans,9" tc rgb "#ffffff"
set label 10 '50.0' at 0, 0.78 center front font "sans,12" tc rgb "#ffffff"
set label 11 'P2P' at 0, 1.03 center front font "sans,9" tc rgb "#ffffff"
set label 12 'both ways 95.0' at 0, 1.16 center front font "sans,9" tc rgb "#ffffff"
set label 13 'kernel 45.0' at 0, 1.29 center front font "sans,9" tc rgb "#ffffff"
set label 14 '20.0' at 2, 0.78 center front font "sans,12" tc rgb "#202020"
set label 15 'no P2P' at 2, 1.03 center front font "sans,9" tc rgb "#202020"
set label 16 'both ways 38.0' at 2, 1.16 center front font "sans,9" tc rgb "#202020"
set label 17 '40.0' at 0, 1.78 center front font "sans,12" tc rgb "#ffffff"
set label 18 'P2P' at 0, 2.03 center front font "sans,9" tc rgb "#ffffff"
set label 19 'both ways 78.0' at 0, 2.16 center front font "sans,9" tc rgb "#ffffff"
set label 20 'kernel 35.0' at 0, 2.29 center front font "sans,9" tc rgb "#ffffff"
set label 21 '20.0' at 1, 1.78 center front font "sans,12" tc rgb "#202020"
set label 22 'no P2P' at 1, 2.03 center front font "sans,9" tc rgb "#202020"
set label 23 'both ways 38.0' at 1, 2.16 center front font "sans,9" tc rgb "#202020"
plot $matrix matrix with image notitle
