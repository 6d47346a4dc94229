# gridnoc report: lines of speedup_cluster by clusters, one line per scheduler, one panel per shape
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
set ylabel "speedup vs 1 cluster"
$d_0_0 << EOD
1 1 0
2 1.515779306 0
3 1.719887141 0
4 1.737785572 0
5 1.663004565 0
6 1.539204573 0
7 1.398024491 0
8 1.252172603 0
EOD
$d_0_1 << EOD
1 1 0
2 1.179461791 0
3 1.160393477 0
4 1.073601804 0
5 0.9737085694 0
6 0.8709181522 0
7 0.7724960672 0
8 0.6861596739 0
EOD
$d_1_0 << EOD
1 1 0
2 1.515779306 0
3 1.724280086 0
4 1.759251879 0
5 1.721016063 0
6 1.652360538 0
7 1.571110241 0
8 1.478020929 0
EOD
$d_1_1 << EOD
1 1 0
2 1.179461791 0
3 1.162705364 0
4 1.088868451 0
5 1.010808213 0
6 0.9376224141 0
7 0.8711106235 0
8 0.8127098166 0
EOD
set multiplot layout 1,2 title "Speedup over one cluster (patent Table 2; dashed: the bound, k clusters -> k)"
set title "shape = cascade"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
set title "shape = star"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
unset multiplot
