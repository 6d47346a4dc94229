# gridnoc report: bars of reexec_work by accel, one bar per scheduler
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
set xlabel "failure acceleration (more failures ->)"
set ylabel "re-executed / useful"
$d_0_0 << EOD
-0.2 0.01776933333 0.007894800872
0.8 0.01675266667 0.00398510113
1.8 0.03064533333 0.01336217976
EOD
$d_0_1 << EOD
0.2 0.006586666667 0.00361129591
1.2 0.005866666667 0.003807364689
2.2 0.009252666667 0.004490199789
EOD
set xtics ("1" 0, "300" 1, "3000" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Work re-executed after failures (share of the useful work)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
