# gridnoc report: bars of imbalance by graph, one bar per mapper, one panel per stages
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
set xlabel "graph"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.32 0.0248447205 0
0.68 0.03610108303 0
1.68 0.024600246 0
2.68 0.01242236025 0
3.68 0.03610108303 0
4.68 0.024600246 0
5.68 0.01242236025 0
6.68 0.02406738869 0
7.68 0.012300123 0
8.68 0.0248447205 0
EOD
$d_0_1 << EOD
-0.16 0.03726708075 0
0.84 0.02406738869 0
1.84 0.036900369 0
2.84 0.01242236025 0
3.84 0.02406738869 0
4.84 0.024600246 0
5.84 0.01242236025 0
6.84 0.04813477738 0
7.84 0.012300123 0
8.84 0.04968944099 0
EOD
$d_0_2 << EOD
0 0.01242236025 0
1 0.01203369434 0
2 0.012300123 0
3 0.01242236025 0
4 0.01203369434 0
5 0.012300123 0
6 0.01242236025 0
7 0.01203369434 0
8 0.012300123 0
9 0.01242236025 0
EOD
$d_0_3 << EOD
0.16 0.01242236025 0
1.16 0.01203369434 0
2.16 0.012300123 0
3.16 0.01242236025 0
4.16 0.01203369434 0
5.16 0.012300123 0
6.16 0.01242236025 0
7.16 0.01203369434 0
8.16 0.012300123 0
9.16 0.01242236025 0
EOD
$d_0_4 << EOD
0.32 0.0248447205 0
1.32 0.01203369434 0
2.32 0.012300123 0
3.32 0.01242236025 0
4.32 0.01203369434 0
5.32 0.012300123 0
6.32 0.01242236025 0
7.32 0.01203369434 0
8.32 0.012300123 0
9.32 0.01242236025 0
EOD
$d_1_0 << EOD
-0.32 0.1552795031 0
0.68 0.1805054152 0
1.68 0.184501845 0
2.68 0.1242236025 0
3.68 0.1504211793 0
4.68 0.184501845 0
5.68 0.09316770186 0
6.68 0.1805054152 0
7.68 0.2152521525 0
8.68 0.1242236025 0
EOD
$d_1_1 << EOD
-0.16 0.1552795031 0
0.84 0.1504211793 0
1.84 0.12300123 0
2.84 0.1552795031 0
3.84 0.2406738869 0
4.84 0.1537515375 0
5.84 0.1242236025 0
6.84 0.1504211793 0
7.84 0.184501845 0
8.84 0.1552795031 0
EOD
$d_1_2 << EOD
0 0.03105590062 0
1 0.03008423586 0
2 0.0307503075 0
3 0.03105590062 0
4 0.03008423586 0
5 0.0307503075 0
6 0.03105590062 0
7 0.03008423586 0
8 0.0307503075 0
9 0.03105590062 0
EOD
$d_1_3 << EOD
0.16 0.03105590062 0
1.16 0.03008423586 0
2.16 0.0307503075 0
3.16 0.03105590062 0
4.16 0.03008423586 0
5.16 0.0307503075 0
6.16 0.03105590062 0
7.16 0.03008423586 0
8.16 0.0307503075 0
9.16 0.03105590062 0
EOD
$d_1_4 << EOD
0.32 0.06211180124 0
1.32 0.03008423586 0
2.32 0.06150061501 0
3.32 0.06211180124 0
4.32 0.03008423586 0
5.32 0.06150061501 0
6.32 0.06211180124 0
7.32 0.03008423586 0
8.32 0.0307503075 0
9.32 0.06211180124 0
EOD
$d_2_0 << EOD
-0.32 0.4347826087 0
0.68 0.3610108303 0
1.68 0.49200492 0
2.68 0.3726708075 0
3.68 0.4813477738 0
4.68 0.49200492 0
5.68 0.4347826087 0
6.68 0.421179302 0
7.68 0.49200492 0
8.68 0.4347826087 0
EOD
$d_2_1 << EOD
-0.16 0.5590062112 0
0.84 0.421179302 0
1.84 0.430504305 0
2.84 0.4347826087 0
3.84 0.6016847172 0
4.84 0.430504305 0
5.84 0.6211180124 0
6.84 0.5415162455 0
7.84 0.5535055351 0
8.84 0.4968944099 0
EOD
$d_2_2 << EOD
0 0.06211180124 0
1 0.06016847172 0
2 0.06150061501 0
3 0.06211180124 0
4 0.06016847172 0
5 0.06150061501 0
6 0.06211180124 0
7 0.06016847172 0
8 0.06150061501 0
9 0.06211180124 0
EOD
$d_2_3 << EOD
0.16 0.06211180124 0
1.16 0.06016847172 0
2.16 0.06150061501 0
3.16 0.06211180124 0
4.16 0.06016847172 0
5.16 0.06150061501 0
6.16 0.06211180124 0
7.16 0.06016847172 0
8.16 0.06150061501 0
9.16 0.06211180124 0
EOD
$d_2_4 << EOD
0.32 0.06211180124 0
1.32 0.06016847172 0
2.32 0.06150061501 0
3.32 0.06211180124 0
4.32 0.06016847172 0
5.32 0.12300123 0
6.32 0.06211180124 0
7.32 0.06016847172 0
8.32 0.06150061501 0
9.32 0.1242236025 0
EOD
set xtics ("sameprob,1" 0, "sameprob,2" 1, "sameprob,3" 2, "layrprob,1" 3, "layrprob,2" 4, "layrprob,3" 5, "samepred,1" 6, "samepred,2" 7, "samepred,3" 8, "layrpred,1" 9)
set xtics rotate by -45
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot layout 1,3 title "Imbalance (max - min) / exp per graph, 300 tasks (DPMA Figs 6-8)"
set title "stages = 20"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "stages = 50"
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_1_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_1_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_1_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_1_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_1_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "stages = 100"
plot $d_2_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_2_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_2_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_2_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_2_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_2_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
unset multiplot
