# gridnoc report: bars of t_over_lb by stages, one bar per mapper
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
set xlabel "stages"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.32 1.013207806 0.004842032972
0.68 1.08548733 0.01650932012
1.68 1.220564536 0.02181604336
EOD
$d_0_1 << EOD
-0.16 1.012004437 0.004200187693
0.84 1.060989739 0.01443093737
1.84 1.18995842 0.0214518174
EOD
$d_0_2 << EOD
0 1.008316595 0.001449390214
1 1.021225138 0.00325075802
2 1.042872591 0.01039614327
EOD
$d_0_3 << EOD
0.16 1.008316595 0.001449390214
1.16 1.021225138 0.00325075802
2.16 1.042872591 0.01039614327
EOD
$d_0_4 << EOD
0.32 1.008316595 0.001449390214
1.32 1.021225138 0.00325075802
2.32 1.042872591 0.01039614327
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Period over its lower bound max(total/N, heaviest task): what throughput is lost"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
