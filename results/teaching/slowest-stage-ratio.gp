# gridnoc report: bars of period_ratio by stages, one bar per mapper
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
set ylabel "ratio"
$d_0_0 << EOD
-0.2 1.000000201 0
0.8 1.0000012 0
1.8 1.000006 0
2.8 1.000004737 0
3.8 1.000002903 0
4.8 1.0000216 0
EOD
$d_0_1 << EOD
0.2 1.000000201 0
1.2 1.0000012 0
2.2 1.000006 0
3.2 1.000004737 0
4.2 1.000002903 0
5.2 1.0000216 0
EOD
set xtics ("2" 0, "4" 1, "6" 2, "8" 3, "10" 4, "12" 5)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Simulated / analytic period (1 = the slowest stage explains everything)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "chains", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "dpma", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
