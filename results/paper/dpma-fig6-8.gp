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
-0.32 0.03671970624 0
0.68 0.02385211688 0
1.68 0.03335186215 0
2.68 0.02403846154 0
3.68 0.01218769043 0
4.68 0.01981505945 0
5.68 0.05349977708 0
6.68 0.04266211604 0
7.68 0.02559726962 0
8.68 0.01654944146 0
EOD
$d_0_1 << EOD
-0.16 0.04895960832 0
0.84 0.02385211688 0
1.84 0.03335186215 0
2.84 0.02403846154 0
3.84 0.02437538087 0
4.84 0.02642007926 0
5.84 0.07133303611 0
6.84 0.07679180887 0
7.84 0.01706484642 0
8.84 0.02482416218 0
EOD
$d_0_2 << EOD
0 0.03671970624 0
1 0.01192605844 0
2 0.01111728738 0
3 0.01201923077 0
4 0.006093845216 0
5 0.01321003963 0
6 0.07133303611 0
7 0.05972696246 0
8 0.008532423208 0
9 0.02482416218 0
EOD
$d_0_3 << EOD
0.16 0.03671970624 0
1.16 0.01192605844 0
2.16 0.01111728738 0
3.16 0.01201923077 0
4.16 0.006093845216 0
5.16 0.01321003963 0
6.16 0.04458314757 0
7.16 0.05119453925 0
8.16 0.008532423208 0
9.16 0.01654944146 0
EOD
$d_0_4 << EOD
0.32 0.0611995104 0
1.32 0.01192605844 0
2.32 0.01111728738 0
3.32 0.01201923077 0
4.32 0.006093845216 0
5.32 0.01321003963 0
6.32 0.07133303611 0
7.32 0.1194539249 0
8.32 0.008532423208 0
9.32 0.02482416218 0
EOD
$d_1_0 << EOD
-0.32 0.152998776 0
0.68 0.1490757305 0
1.68 0.305725403 0
2.68 0.1802884615 0
3.68 0.2437538087 0
4.68 0.1981505945 0
5.68 0.2674988854 0
6.68 0.6399317406 0
7.68 0.1493174061 0
8.68 0.2482416218 0
EOD
$d_1_1 << EOD
-0.16 0.2753977968 0
0.84 0.2683363148 0
1.84 0.3335186215 0
2.84 0.1502403846 0
3.84 0.1675807434 0
4.84 0.1816380449 0
5.84 0.2452073116 0
6.84 0.6612627986 0
7.84 0.2133105802 0
8.84 0.3516756309 0
EOD
$d_1_2 << EOD
0 0.09179926561 0
1 0.02981514609 0
2 0.1945525292 0
3 0.03004807692 0
4 0.01523461304 0
5 0.1816380449 0
6 0.1560410165 0
7 0.5759385666 0
8 0.02133105802 0
9 0.1861812164 0
EOD
$d_1_3 << EOD
0.16 0.09179926561 0
1.16 0.02981514609 0
2.16 0.1945525292 0
3.16 0.03004807692 0
4.16 0.01523461304 0
5.16 0.1321003963 0
6.16 0.1560410165 0
7.16 0.5759385666 0
8.16 0.02133105802 0
9.16 0.1861812164 0
EOD
$d_1_4 << EOD
0.32 0.09179926561 0
1.32 0.02981514609 0
2.32 0.7782101167 0
3.32 0.06009615385 0
4.32 0.01523461304 0
5.32 0.1486129458 0
6.32 0.1560410165 0
7.32 1.322525597 0
8.32 0.02133105802 0
9.32 0.5585436492 0
EOD
$d_2_0 << EOD
-0.32 0.3671970624 0
0.68 0.4174120453 0
1.68 2.056698166 0
2.68 0.6610576923 0
3.68 1.919561243 0
4.68 1.387054161 0
5.68 0.6687472136 0
6.68 2.431740614 0
7.68 0.4692832765 0
8.68 2.192800993 0
EOD
$d_2_1 << EOD
-0.16 0.4895960832 0
0.84 0.5366726297 0
1.84 1.834352418 0
2.84 0.6009615385 0
3.84 1.492992078 0
4.84 1.155878468 0
5.84 0.7133303611 0
6.84 2.26109215 0
7.84 0.6399317406 0
8.84 1.82043856 0
EOD
$d_2_2 << EOD
0 0.1223990208 0
1 0.05963029219 0
2 2.167871039 0
3 0.06009615385 0
4 1.919561243 0
5 1.387054161 0
6 0.5349977708 0
7 2.645051195 0
8 0.08532423208 0
9 2.234174597 0
EOD
$d_2_3 << EOD
0.16 0.1223990208 0
1.16 0.05963029219 0
2.16 2.167871039 0
3.16 0.06009615385 0
4.16 1.919561243 0
5.16 1.387054161 0
6.16 0.4904146233 0
7.16 2.645051195 0
8.16 0.08532423208 0
9.16 2.234174597 0
EOD
$d_2_4 << EOD
0.32 0.1223990208 0
1.32 0.05963029219 0
2.32 2.279043913 0
3.32 0.1201923077 0
4.32 1.919561243 0
5.32 1.684280053 0
6.32 0.8470798038 0
7.32 2.645051195 0
8.32 0.08532423208 0
9.32 2.234174597 0
EOD
set xtics ("rand0002.stg" 0, "rand0033.stg" 1, "rand0042.stg" 2, "rand0060.stg" 3, "rand0077.stg" 4, "rand0079.stg" 5, "rand0121.stg" 6, "rand0129.stg" 7, "rand0139.stg" 8, "rand0156.stg" 9)
set xtics rotate by -45
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot layout 1,3 title "Imbalance (max - min) / exp per real STG graph, 300 tasks (DPMA Figs 6-8)"
set title "stages = 20"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "stages = 50"
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_1_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_1_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_1_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_1_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_1_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "stages = 100"
plot $d_2_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_2_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_2_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_2_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_2_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_2_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
unset multiplot
