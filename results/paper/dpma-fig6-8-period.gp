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
-0.32 1.016117926 0.006184695069
0.68 1.062920719 0.03368600925
1.68 1.137350338 0.1105323792
EOD
$d_0_1 << EOD
-0.16 1.013261292 0.004809742471
0.84 1.05841005 0.03010131658
1.84 1.108743226 0.08537170677
EOD
$d_0_2 << EOD
0 1.012907253 0.009336320409
1 1.024360926 0.02306737671
2 1.043712647 0.07451508425
EOD
$d_0_3 << EOD
0.16 1.00855155 0.004190137731
1.16 1.019407161 0.01699649308
2.16 1.039254332 0.06453490559
EOD
$d_0_4 << EOD
0.32 1.011188118 0.007651292203
1.32 1.019407161 0.01699649308
2.32 1.030337703 0.04471643222
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Period over its lower bound max(total/N, heaviest task): what throughput is lost"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
