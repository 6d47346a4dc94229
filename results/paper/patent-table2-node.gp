# gridnoc report: lines of speedup_node by clusters, one line per mirror, one panel per n
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 900,400 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 900,400 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "clusters"
set ylabel "speedup vs fastest node"
$d_0_0 << EOD
1 0.8001246612 0
2 1.042931045 0
3 1.257407061 0
4 1.357063203 0
5 1.387890129 0
6 1.37761877 0
7 1.349205364 0
8 1.306567282 0
EOD
$d_0_1 << EOD
1 0.8001246612 0
2 1.227385399 0
3 1.429682382 0
4 1.503310158 0
5 1.507582458 0
6 1.475733582 0
7 1.428351705 0
8 1.371435179 0
EOD
$d_1_0 << EOD
1 1.124489909 0
2 1.743857213 0
3 2.574422378 0
4 3.369115449 0
5 4.124778303 0
6 4.835676543 0
7 5.502025289 0
8 6.118532752 0
EOD
$d_1_1 << EOD
1 1.124489909 0
2 2.210695953 0
3 3.25009717 0
4 4.23379943 0
5 5.155896834 0
6 6.010847094 0
7 6.795129232 0
8 7.509506686 0
EOD
set multiplot layout 1,2 title "Speedup of ring over the fastest single node (sequential, no communication), cascade"
set title "n = 5000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby"
set title "n = 100000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby"
unset multiplot
