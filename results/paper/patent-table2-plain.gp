# gridnoc report: lines of speedup_cluster by clusters, one line per shape, one panel per n
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
2 1.237265563 0
3 1.259928748 0
4 1.213456036 0
5 1.146211881 0
6 1.076050424 0
7 1.008798251 0
8 0.9464509705 0
EOD
$d_0_1 << EOD
1 1 0
2 1.237265563 0
3 1.265009726 0
4 1.236439349 0
5 1.188484467 0
6 1.13534588 0
7 1.082000483 0
8 1.030553436 0
EOD
$d_1_0 << EOD
1 1 0
2 1.885579031 0
3 2.648288223 0
4 3.284004779 0
5 3.79830401 0
6 4.200473147 0
7 4.506323183 0
8 4.728260377 0
EOD
$d_1_1 << EOD
1 1 0
2 1.885579031 0
3 2.637072493 0
4 3.254292448 0
5 3.749695272 0
6 4.134783462 0
7 4.426613193 0
8 4.638346133 0
EOD
set multiplot layout 1,2 title "Speedup over one cluster, plain (no redundancy), cascade vs star, per n (dashed: k)"
set title "n = 5000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "cascade", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "star", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
set title "n = 100000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "cascade", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "star", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
unset multiplot
