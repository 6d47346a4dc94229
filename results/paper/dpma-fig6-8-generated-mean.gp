# gridnoc report: bars of imbalance by stages, one bar per mapper
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
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.32 0.02323043312 0.006282088836
0.68 0.1592582262 0.02636965209
1.68 0.44165713 0.03455839779
EOD
$d_0_1 << EOD
-0.16 0.0281871535 0.0101584242
0.84 0.159283297 0.02389494286
1.84 0.5090695652 0.05457897486
EOD
$d_0_2 << EOD
0 0.0122690893 0.0001223075691
1 0.03067272326 0.0003057689182
2 0.06134544651 0.0006115378367
EOD
$d_0_3 << EOD
0.16 0.0122690893 0.0001223075691
1.16 0.03067272326 0.0003057689182
2.16 0.06134544651 0.0006115378367
EOD
$d_0_4 << EOD
0.32 0.01351132533 0.002851022061
1.32 0.04924514501 0.01169650906
2.32 0.07370668814 0.01882574665
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Imbalance, mean over 10 GENERATED 300-task graphs (uniform times; 95% CI)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
