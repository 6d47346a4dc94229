# gridnoc report: lines of speedup_cluster by clusters, one line per scheduler
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "clusters"
set ylabel "speedup vs 1 cluster"
$d_0_0 << EOD
1 1 0
2 1.533992712 0
3 1.786824543 0
4 1.878844924 0
5 1.884184467 0
6 1.844379575 0
7 1.785161456 0
8 1.714026882 0
EOD
$d_0_1 << EOD
1 1 0
2 1.237265563 0
3 1.259928748 0
4 1.213456036 0
5 1.146211881 0
6 1.076050424 0
7 1.008798251 0
8 0.9464509705 0
EOD
set title "Speedup over one cluster (cf. patent Table 2: claimed near-linear; dashed: bound k)"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
