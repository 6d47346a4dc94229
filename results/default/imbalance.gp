# gridnoc report: bars of imbalance by stages, one bar per mapper, one panel per tasks
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1320,400 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 1320,400 font "DejaVu Sans,11" noenhanced background rgb "white"
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
-0.3 0.04717882989 0.02274685915
0.7 0.4694647637 0.1561782037
1.7 1.693658033 0.02135978306
EOD
$d_0_1 << EOD
-0.1 0.1693658032 0.03724620508
0.9 0.7855319435 0.1587399881
1.9 1.693658033 0.02135978306
EOD
$d_0_2 << EOD
0.1 0.1268251923 0.02839364951
1.1 0.5178385546 0.07564167749
2.1 1.693658033 0.02135978306
EOD
$d_0_3 << EOD
0.3 0.04717882989 0.02274685915
1.3 0.5032556048 0.2316416118
2.3 1.693658033 0.02135978306
EOD
$d_1_0 << EOD
-0.3 0.01222802729 0.0001736839046
0.7 0.03057006824 0.0004342097548
1.7 0.06114013648 0.0008684195095
EOD
$d_1_1 << EOD
-0.1 0.03037573529 0.01598976496
0.9 0.1523645088 0.03171586364
1.9 0.4277380392 0.0366119115
EOD
$d_1_2 << EOD
0.1 0.01523645088 0.004558999329
1.1 0.1529717993 0.02805284142
2.1 0.5587539521 0.09263226444
EOD
$d_1_3 << EOD
0.3 0.01378082233 0.00374088069
1.3 0.04985854803 0.01370059368
2.3 0.06890411164 0.01870440345
EOD
$d_2_0 << EOD
-0.3 0.00737196258 9.105371802e-05
0.7 0.01842990645 0.0002276342984
1.7 0.0368598129 0.0004552685879
EOD
$d_2_1 << EOD
-0.1 0.01194123458 0.00309488024
0.9 0.06437732386 0.01101393615
1.9 0.2118165755 0.01307649003
EOD
$d_2_2 << EOD
0.1 0.01012371368 0.004527994276
1.1 0.07592785257 0.02523476203
2.1 0.2799736093 0.1086481619
EOD
$d_2_3 << EOD
0.3 0.008280723031 0.002116141686
1.3 0.03244335936 0.01405252636
2.3 0.05516237063 0.01614220831
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot layout 1,3 title "Stage imbalance (max - min) / exp, lower is better (cf. DPMA Figs 6-8)"
set title "tasks = 100"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dpma", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "dptaa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "saatsa", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "chains", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "tasks = 300"
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dpma", $d_1_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "dptaa", $d_1_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "saatsa", $d_1_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "chains", $d_1_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "tasks = 500"
plot $d_2_0 using 1:2 with boxes lc rgb "#0072B2" title "dpma", $d_2_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_1 using 1:2 with boxes lc rgb "#D55E00" title "dptaa", $d_2_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_2 using 1:2 with boxes lc rgb "#009E73" title "saatsa", $d_2_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_3 using 1:2 with boxes lc rgb "#CC79A7" title "chains", $d_2_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
unset multiplot
