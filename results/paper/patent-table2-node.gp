# gridnoc report: lines of speedup_node by clusters, one line per scheduler, one panel per shape
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 900,400 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 900,400 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "clusters"
set ylabel "speedup vs fastest node"
$d_0_0 << EOD
1 0.8001324723 0
2 1.227386782 0
3 1.429679681 0
4 1.503330155 0
5 1.507590012 0
6 1.475735781 0
7 1.428359815 0
8 1.371441398 0
EOD
$d_0_1 << EOD
1 1.626693932 0
2 2.012662427 0
3 2.049534015 0
4 1.973929076 0
5 1.864533613 0
6 1.750418369 0
7 1.641018352 0
8 1.539604086 0
EOD
$d_1_0 << EOD
1 0.8001324723 0
2 1.227386782 0
3 1.433694098 0
4 1.524924876 0
5 1.552235908 0
6 1.545392693 0
7 1.517727869 0
8 1.478938803 0
EOD
$d_1_1 << EOD
1 1.626693932 0
2 2.012662427 0
3 2.057794082 0
4 2.011327759 0
5 1.933302389 0
6 1.846874141 0
7 1.760088614 0
8 1.676396732 0
EOD
set multiplot layout 1,2 title "Speedup over the fastest single node (sequential, no communication)"
set title "shape = cascade"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain"
set title "shape = star"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain"
unset multiplot
