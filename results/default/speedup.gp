# gridnoc report: lines of speedup_cluster by clusters, one line per scheduler
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 860,468 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 860,468 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 8.958in,4.875in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0.504638:8.75181]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "speedup over one cluster"
$d_0_0 << EOD
0.97 1 1 1
1.97 1.533992712 1.533992712 1.533992712
2.97 1.786824543 1.786824543 1.786824543
3.97 1.878844924 1.878844924 1.878844924
4.97 1.884184467 1.884184467 1.884184467
5.97 1.844379575 1.844379575 1.844379575
6.97 1.785161456 1.785161456 1.785161456
7.97 1.714026882 1.714026882 1.714026882
EOD
$d_0_1 << EOD
1.03 1 1 1
2.03 1.237265563 1.237265563 1.237265563
3.03 1.259928748 1.259928748 1.259928748
4.03 1.213456036 1.213456036 1.213456036
5.03 1.146211881 1.146211881 1.146211881
6.03 1.076050424 1.076050424 1.076050424
7.03 1.008798251 1.008798251 1.008798251
8.03 0.9464509705 0.9464509705 0.9464509705
EOD
set multiplot title "Speedup over one cluster (cf. patent Table 2: claimed near-linear; dashed: bound k)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
