# gridnoc report: bars of redundant_work by m, one bar per scheduler
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
set xlabel "m"
set ylabel "redundant / useful"
$d_0_0 << EOD
-0.2 0 0
0.8 0 0
1.8 0 0
EOD
$d_0_1 << EOD
0.2 0.9661416 0.01768160058
1.2 0.9690432 0.01677853929
2.2 0.9667044 0.01630311783
EOD
set xtics ("1" 0, "2" 1, "3" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Redundant work (share of the useful work)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:2:3 with yerrorbars lc rgb "#222222" pt 7 ps 0.3 notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:2:3 with yerrorbars lc rgb "#222222" pt 7 ps 0.3 notitle
