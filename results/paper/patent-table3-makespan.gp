# gridnoc report: bars of makespan_s by period, one bar per scheduler
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
set xlabel "time period"
set ylabel "makespan (s)"
$d_0_0 << EOD
-0.3 10.26411313 0.02540568293
0.7 13.78658069 0.1352829195
1.7 13.7888171 0.1333225703
2.7 10.5466207 0.03200910407
EOD
$d_0_1 << EOD
-0.1 9.775456213 0.02671841174
0.9 10.34685847 0.09609597194
1.9 10.39592916 0.1095122113
2.9 9.724067026 0.03705634539
EOD
$d_0_2 << EOD
0.1 10.2870075 0.02708207513
1.1 13.81502603 0.1374548414
2.1 13.91839999 0.1504125238
3.1 10.52183021 0.03483603217
EOD
$d_0_3 << EOD
0.3 10.04976895 0.02813995019
1.3 14.09745732 0.812189368
2.3 14.57214239 0.9061094791
3.3 10.02035702 0.06076621577
EOD
set xtics ("1" 0, "2" 1, "3" 2, "4" 3)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Makespan by period"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "ring", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "plain", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "replicate", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "checkpoint", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
