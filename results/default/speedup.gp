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
2 1.514268605 0
3 1.713059105 0
4 1.728983292 0
5 1.653610924 0
6 1.527333101 0
7 1.387026627 0
8 1.242501477 0
EOD
$d_0_1 << EOD
1 1 0
2 1.177752661 0
3 1.1546071 0
4 1.067353352 0
5 0.9677160464 0
6 0.8638444661 0
7 0.766245918 0
8 0.6807524462 0
EOD
set title "Speedup over one cluster (cf. patent Table 2: claimed near-linear; dashed: bound k)"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
