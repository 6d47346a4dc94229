# gridnoc report: bars of makespan_s by m, one bar per scheduler
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
set xlabel "m (ring successors holding a copy)"
set ylabel "makespan (s)"
$d_0_0 << EOD
-0.2 5.442298306 0.2492957511
0.8 5.442298306 0.2492957511
1.8 5.442298306 0.2492957511
EOD
$d_0_1 << EOD
0.2 7.011946962 0.3211280622
1.2 7.034929518 0.2986964878
2.2 7.078938248 0.2628609671
EOD
set xtics ("1" 0, "2" 1, "3" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Makespan under morning failures"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:2:3 with yerrorbars lc rgb "#222222" pt 7 ps 0.3 notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:2:3 with yerrorbars lc rgb "#222222" pt 7 ps 0.3 notitle
