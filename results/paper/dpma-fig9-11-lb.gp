# gridnoc report: bars of t_over_lb by stages, one bar per tasks
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
-0.266667 1.045409673 0.03440628626
0.733333 1.135314074 0.1183884024
1.73333 1 0
EOD
$d_0_1 << EOD
0 1.012907253 0.009336320409
1 1.024360926 0.02306737671
2 1.043712647 0.07451508425
EOD
$d_0_2 << EOD
0.266667 1.003666592 0.002072322557
1.26667 1.022611411 0.01836377549
2.26667 1.020101086 0.02005083294
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.266667 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "DPMA period over its lower bound (1 = optimal), real STG graphs"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "tasks = 100", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "tasks = 300", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "tasks = 500", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
