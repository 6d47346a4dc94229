# gridnoc report: bars of host_failures by accel, one bar per scheduler
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set yrange [0:*]
set xlabel "failure acceleration"
set ylabel "failures"
$d_0_0 << EOD
-0.2 11.16666667 3.836784157
0.8 10.83333333 2.769927008
1.8 40.16666667 13.6251615
EOD
$d_0_1 << EOD
0.2 11.16666667 3.836784157
1.2 13.33333333 3.734968816
2.2 54.5 9.816571535
EOD
set xtics ("1" 0, "300" 1, "3000" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Node failures seen during the run"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
