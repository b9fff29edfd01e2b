# Written by rfl plot; render with: gnuplot 'unified_memory_reuse.gp' (in this directory).
# Self-contained: the data are in the script. Works with gnuplot 5.2 and later.
set terminal pngcairo size 1200,800 font "sans,11" noenhanced
set output 'unified_memory_reuse.png'
set encoding utf8
set lmargin at screen 0.08
set rmargin at screen 0.74
set bmargin at screen 0.09
set tmargin at screen 0.93
set logscale xy
set grid xtics ytics mxtics mytics lc rgb "#e4e4e4" lw 1, lc rgb "#f2f2f2" lw 1
set border lc rgb "#404040"
set title 'Reuse for half of device-memory bandwidth: golden gpu0 (NVIDIA H200 (synthetic)), device pass 3897 GB/s' font "sans,14"
set label 1000 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z' at screen 0.995,0.012 right font "sans,9" textcolor rgb "#707070"
# box 986.58 9.60 207.42 6.48 0.00 'host golden | rfl 0.1.0 | measured 2026-01-02T04:06:00Z'
set xrange [131072:2.147484e+09]
set yrange [0.5:10240]
set xtics ("128K" 131072, "512K" 524288, "2M" 2097152, "8M" 8388608, "32M" 33554432, "128M" 134217728, "512M" 536870912, "2G" 2.14748365e+09)
set mxtics 1
set ytics ("1" 1, "4" 4, "16" 16, "64" 64, "256" 256, "1024" 1024, "never" 4096)
set mytics 1
set xlabel "working set"
set ylabel "smallest reuse with >= 50% of the device pass"
set key outside right top vertical Left reverse samplen 3 spacing 1.3 font "sans,10"
set arrow from graph 0, first 2048 to graph 1, first 2048 nohead dt 3 lw 1 lc rgb "#909090" back
# 'pageable: wss, reuse (reached), reuse (never)'
$r0 << EOD
197467.2 NaN 4096
3159474 1024 NaN
5.055159e+07 1024 NaN
8.088255e+08 1024 NaN
EOD
# 'pinned_register: wss, reuse (reached), reuse (never)'
$r1 << EOD
221163.2 NaN 4096
3538611 256 NaN
5.661778e+07 256 NaN
9.058845e+08 256 NaN
EOD
# 'pinned_alloc: wss, reuse (reached), reuse (never)'
$r2 << EOD
247702.8 NaN 4096
3963245 256 NaN
6.341192e+07 256 NaN
1.014591e+09 256 NaN
EOD
# 'zero_copy: wss, reuse (reached), reuse (never)'
$r3 << EOD
277427.1 NaN 4096
4438834 NaN 4096
7.102135e+07 NaN 4096
1.136342e+09 NaN 4096
EOD
# 'managed: wss, reuse (reached), reuse (never)'
$r4 << EOD
310718.4 NaN 4096
4971494 NaN 4096
7.954391e+07 1024 NaN
1.272703e+09 256 NaN
EOD
# 'managed_prefetch: wss, reuse (reached), reuse (never)'
$r5 << EOD
348004.6 NaN 4096
5568074 1024 NaN
8.908918e+07 256 NaN
1.425427e+09 256 NaN
EOD
plot \
  $r0 using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb "#1b9e77" title '(a) pageable', \
  $r0 using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb "#1b9e77" notitle, \
  $r1 using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb "#d95f02" title '(b) pinned_register', \
  $r1 using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb "#d95f02" notitle, \
  $r2 using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb "#7570b3" title '(b) pinned_alloc', \
  $r2 using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb "#7570b3" notitle, \
  $r3 using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb "#e7298a" title '(c) zero_copy', \
  $r3 using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb "#e7298a" notitle, \
  $r4 using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb "#66a61e" title '(d) managed', \
  $r4 using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb "#66a61e" notitle, \
  $r5 using 1:2 with linespoints lw 1.8 pt 7 ps 1.2 lc rgb "#c99700" title 'managed_prefetch', \
  $r5 using 1:3 with points pt 6 ps 1.4 lw 2 lc rgb "#c99700" notitle, \
  NaN with points pt 6 ps 1.4 lw 2 lc rgb "#404040" title "never reached (open)"
