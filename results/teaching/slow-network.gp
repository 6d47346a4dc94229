# gridnoc report: lines of speedup_cluster by clusters, one line per shape, one panel per n
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
set ylabel "speedup vs 1 cluster"
$d_0_0 << EOD
1 1 0
2 0.9954596555 0
4 0.974023317 0
6 0.9163515929 0
8 0.8569933728 0
EOD
$d_0_1 << EOD
1 1 0
2 0.9954596555 0
4 0.7959046025 0
6 0.6389505866 0
8 0.5283306486 0
EOD
$d_1_0 << EOD
1 1 0
2 1.534004781 0
4 1.905873714 0
6 1.931439332 0
8 1.848401592 0
EOD
$d_1_1 << EOD
1 1 0
2 1.534004781 0
4 1.878845347 0
6 1.844397191 0
8 1.714036771 0
EOD
set multiplot layout 1,2 title "Speedup over one cluster: star vs cascade of 100 Mbit/s switches, by system size n"
set title "n = 1000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "star", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "cascade"
set title "n = 5000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "star", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "cascade"
unset multiplot
