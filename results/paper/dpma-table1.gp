# gridnoc report: bars of period by stages, one bar per options
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
set ylabel "period T"
$d_0_0 << EOD
-0.2 115.1 21.3236896
0.8 58.8 11.23411532
1.8 49.1 13.24838071
EOD
$d_0_1 << EOD
0.2 113.6 20.68139031
1.2 58.4 10.917887
2.2 38.1 13.87312952
EOD
set xtics ("20" 0, "40" 1, "100" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "DPMA period T with / without the dynamic expected value, real STG graphs (DPMA Table 1)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dynamic_exp=false", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "dynamic_exp=true", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
