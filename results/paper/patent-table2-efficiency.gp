# gridnoc report: lines of efficiency by clusters, one line per scheduler, one panel per shape
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
set ylabel "efficiency"
$d_0_0 << EOD
1 0.1905077315 0
2 0.1461174741 0
3 0.1134666413 0
4 0.08948393782 0
5 0.07179000058 0
6 0.05856094371 0
7 0.04858366718 0
8 0.04081670827 0
EOD
$d_0_1 << EOD
1 0.3873080791 0
2 0.2396026699 0
3 0.1626614298 0
4 0.1174957783 0
5 0.08878731491 0
6 0.06946104641 0
7 0.05581695074 0
8 0.04582155018 0
EOD
$d_1_0 << EOD
1 0.1905077315 0
2 0.1461174741 0
3 0.1137852459 0
4 0.09076933788 0
5 0.07391599562 0
6 0.06132510687 0
7 0.05162339691 0
8 0.04401603582 0
EOD
$d_1_1 << EOD
1 0.3873080791 0
2 0.2396026699 0
3 0.1633169906 0
4 0.1197218904 0
5 0.09206201851 0
6 0.07328865639 0
7 0.05986695967 0
8 0.04989275987 0
EOD
set multiplot layout 1,2 title "Efficiency: speedup over the fastest node / capability ratio"
set title "shape = cascade"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain"
set title "shape = star"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain"
unset multiplot
