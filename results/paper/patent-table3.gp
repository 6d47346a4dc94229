# gridnoc report: bars of completed by period, one bar per scheduler
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
set xlabel "time period (1 night, 2 morning, 3 afternoon, 4 evening)"
set ylabel "share completed"
$d_0_0 << EOD
-0.3 1 0
0.7 1 0
1.7 1 0
2.7 1 0
EOD
$d_0_1 << EOD
-0.1 1 0
0.9 1 0
1.9 1 0
2.9 1 0
EOD
$d_0_2 << EOD
0.1 1 0
1.1 1 0
2.1 1 0
3.1 1 0
EOD
$d_0_3 << EOD
0.3 1 0
1.3 0.97 0.03401872659
2.3 1 0
3.3 1 0
EOD
set xtics ("1" 0, "2" 1, "3" 2, "4" 3)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Share of runs completed (1 - complete-failure rate), patent Table 3"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "ring", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "plain", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "replicate", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "checkpoint", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
