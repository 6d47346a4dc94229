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
-0.2 5.351119627 0.3896705632
0.8 5.305333243 0.2275660379
1.8 5.653378483 0.3081400565
EOD
$d_0_1 << EOD
0.2 7.166609859 0.5136621468
1.2 6.821418718 0.2508381517
2.2 7.273626329 0.2786576493
EOD
set xtics ("1" 0, "300" 1, "3000" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Makespan: the price of computing every block twice"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
