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
2 0.1443838385 0
3 0.1092172659 0
4 0.08276539679 0
5 0.06336304542 0
6 0.04887172858 0
7 0.03804778206 0
8 0.02981857024 0
EOD
$d_0_1 << EOD
1 0.3542799433 0
2 0.2089298283 0
3 0.1370347118 0
4 0.0950888966 0
5 0.06899308336 0
6 0.0514248056 0
7 0.03909712327 0
8 0.0303865763 0
EOD
$d_1_0 << EOD
1 0.1905077315 0
2 0.1443838385 0
3 0.1094962292 0
4 0.08378777117 0
5 0.06557337319 0
6 0.05246457628 0
7 0.04275837828 0
8 0.03519680179 0
EOD
$d_1_1 << EOD
1 0.3542799433 0
2 0.2089298283 0
3 0.1373077301 0
4 0.09644106332 0
5 0.07162181527 0
6 0.05536346929 0
7 0.04408814605 0
8 0.03599084847 0
EOD
set multiplot layout 1,2 title "Efficiency: speedup over the fastest node / capability ratio"
set title "shape = cascade"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain"
set title "shape = star"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain"
unset multiplot
