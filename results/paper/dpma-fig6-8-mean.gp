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
-0.32 0.02882735009 0.009079543555
0.68 0.2534982428 0.1046634529
1.68 1.257155247 0.5922792703
EOD
$d_0_1 << EOD
-0.16 0.03710113626 0.0152240725
0.84 0.2848168227 0.1061305352
1.84 1.154524603 0.4669296903
EOD
$d_0_2 << EOD
0 0.02555027516 0.01649781762
1 0.1482579533 0.1198593199
2 1.12161597 0.7552413161
EOD
$d_0_3 << EOD
0.16 0.02119457192 0.01176270764
1.16 0.1433041885 0.1195984652
2.16 1.117157656 0.7572749081
EOD
$d_0_4 << EOD
0.32 0.03397095182 0.02705539004
1.32 0.3182209562 0.3121867487
2.32 1.199673666 0.7566503969
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Imbalance, mean over the 10 real graphs (95% CI)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
