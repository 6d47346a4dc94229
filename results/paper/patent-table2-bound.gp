# gridnoc report: lines of speedup_bound by clusters, one line per shape
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 942,468 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 942,468 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 9.812in,4.875in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0.0779267:17.29]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "bound on the speedup over the fastest node"
$d_0_0 << EOD
0.97 3.776978417 3.776978417 3.776978417
1.97 6.739409499 6.739409499 6.739409499
2.97 9.125144844 9.125144844 9.125144844
3.97 11.0876452 11.0876452 11.0876452
4.97 12.73035887 12.73035887 12.73035887
5.97 14.12556054 14.12556054 14.12556054
6.97 15.32527106 15.32527106 15.32527106
7.97 16.36788776 16.36788776 16.36788776
EOD
$d_0_1 << EOD
1.03 3.776978417 3.776978417 3.776978417
2.03 6.739409499 6.739409499 6.739409499
3.03 9.125144844 9.125144844 9.125144844
4.03 11.0876452 11.0876452 11.0876452
5.03 12.73035887 12.73035887 12.73035887
6.03 14.12556054 14.12556054 14.12556054
7.03 15.32527106 15.32527106 15.32527106
8.03 16.36788776 16.36788776 16.36788776
EOD
set multiplot title "Physical bound on the speedup over the fastest node (compute + all-gather over the node's port)" font ",13"
set lmargin at screen 0.0913
set rmargin at screen 0.7516
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7792, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "shape"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "cascade", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "star", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
