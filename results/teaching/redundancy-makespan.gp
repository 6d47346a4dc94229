# gridnoc report: bars of makespan_s by accel, one bar per scheduler
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
set ylabel "makespan (s)"
$d_0_0 << EOD
-0.2 4.964344564 0.9041178291
0.8 5.025952866 0.4830924569
1.8 5.892857161 0.3450502762
EOD
$d_0_1 << EOD
0.2 7.05472115 0.3458686513
1.2 7.041807255 0.2911558056
2.2 7.466494515 0.1947289588
EOD
set xtics ("1" 0, "300" 1, "3000" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Makespan: the price of computing every block twice"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
