# gridnoc report: lines of speedup_bound by clusters, one line per shape, one panel per n
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1080,406 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 1080,406 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 11.25in,4.229in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [-0.855185:33.7749]
set xrange [0.72:8.28]
set xlabel "clusters"
set ylabel "bound on speedup vs fastest node"
$d_0_0 << EOD
1 3.776978417 3.776978417 3.776978417
2 6.739409499 6.739409499 6.739409499
3 9.125144844 9.125144844 9.125144844
4 11.0876452 11.0876452 11.0876452
5 12.73035887 12.73035887 12.73035887
6 14.12556054 14.12556054 14.12556054
7 15.32527106 15.32527106 15.32527106
8 16.36788776 16.36788776 16.36788776
EOD
$d_0_1 << EOD
1 3.776978417 3.776978417 3.776978417
2 6.739409499 6.739409499 6.739409499
3 9.125144844 9.125144844 9.125144844
4 11.0876452 11.0876452 11.0876452
5 12.73035887 12.73035887 12.73035887
6 14.12556054 14.12556054 14.12556054
7 15.32527106 15.32527106 15.32527106
8 16.36788776 16.36788776 16.36788776
EOD
$d_1_0 << EOD
1 4.176610979 4.176610979 4.176610979
2 8.297771456 8.297771456 8.297771456
3 12.36457843 12.36457843 12.36457843
4 16.37810014 16.37810014 16.37810014
5 20.33937703 20.33937703 20.33937703
6 24.24942263 24.24942263 24.24942263
7 28.10922441 28.10922441 28.10922441
8 31.91974464 31.91974464 31.91974464
EOD
$d_1_1 << EOD
1 4.176610979 4.176610979 4.176610979
2 8.297771456 8.297771456 8.297771456
3 12.36457843 12.36457843 12.36457843
4 16.37810014 16.37810014 16.37810014
5 20.33937703 20.33937703 20.33937703
6 24.24942263 24.24942263 24.24942263
7 28.10922441 28.10922441 28.10922441
8 31.91974464 31.91974464 31.91974464
EOD
set multiplot title "Physical bound on the speedup over the fastest node (compute + all-gather over the node's port)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 5000"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "shape"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "cascade", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "star", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 100000"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "cascade", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "star", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
