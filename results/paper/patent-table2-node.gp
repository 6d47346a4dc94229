# gridnoc report: lines of speedup_node by clusters, one line per scheduler, one panel per shape
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
set yrange [0.724673:2.13325]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "speedup over the fastest node"
$d_0_0 << EOD
0.97 0.8001324723 0.8001324723 0.8001324723
1.97 1.227386782 1.227386782 1.227386782
2.97 1.429679681 1.429679681 1.429679681
3.97 1.503330155 1.503330155 1.503330155
4.97 1.507590012 1.507590012 1.507590012
5.97 1.475735781 1.475735781 1.475735781
6.97 1.428359815 1.428359815 1.428359815
7.97 1.371441398 1.371441398 1.371441398
EOD
$d_0_1 << EOD
1.03 1.626693932 1.626693932 1.626693932
2.03 2.012662427 2.012662427 2.012662427
3.03 2.049534015 2.049534015 2.049534015
4.03 1.973929076 1.973929076 1.973929076
5.03 1.864533613 1.864533613 1.864533613
6.03 1.750418369 1.750418369 1.750418369
7.03 1.641018352 1.641018352 1.641018352
8.03 1.539604086 1.539604086 1.539604086
EOD
$d_1_0 << EOD
0.97 0.8001324723 0.8001324723 0.8001324723
1.97 1.227386782 1.227386782 1.227386782
2.97 1.433694098 1.433694098 1.433694098
3.97 1.524924876 1.524924876 1.524924876
4.97 1.552235908 1.552235908 1.552235908
5.97 1.545392693 1.545392693 1.545392693
6.97 1.517727869 1.517727869 1.517727869
7.97 1.478938803 1.478938803 1.478938803
EOD
$d_1_1 << EOD
1.03 1.626693932 1.626693932 1.626693932
2.03 2.012662427 2.012662427 2.012662427
3.03 2.057794082 2.057794082 2.057794082
4.03 2.011327759 2.011327759 2.011327759
5.03 1.933302389 1.933302389 1.933302389
6.03 1.846874141 1.846874141 1.846874141
7.03 1.760088614 1.760088614 1.760088614
8.03 1.676396732 1.676396732 1.676396732
EOD
set multiplot title "Speedup over the fastest single node (sequential, no communication)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "shape = cascade"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "shape = star"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
