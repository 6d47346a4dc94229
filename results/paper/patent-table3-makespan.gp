# gridnoc report: bars of makespan_s by period, one bar per scheduler
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
set xlabel "time period"
set ylabel "makespan (s)"
$d_0_0 << EOD
-0.3 7.738235332 0.02411030564
0.7 13.25687451 0.1528661131
1.7 13.27710294 0.1454493961
2.7 8.089871868 0.04399499396
EOD
$d_0_1 << EOD
-0.1 6.590417542 0.02317836573
0.9 9.173731849 0.2054357608
1.9 9.286069363 0.205072597
2.9 6.688678573 0.03160387245
EOD
$d_0_2 << EOD
0.1 7.767500822 0.02972702226
1.1 13.33145643 0.1594806794
2.1 13.49183186 0.1660843867
3.1 8.106722394 0.04800435047
EOD
$d_0_3 << EOD
0.3 6.776070149 0.02452582886
1.3 11.66637025 0.9048009074
2.3 11.89304444 0.9249991916
3.3 6.903716905 0.06078261851
EOD
set xtics ("1" 0, "2" 1, "3" 2, "4" 3)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Makespan by period"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "ring", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "plain", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "replicate", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "checkpoint", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
