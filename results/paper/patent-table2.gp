# gridnoc report: lines of speedup_cluster by clusters, one line per mirror, one panel per n
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
2 1.303460693 0
3 1.571513943 0
4 1.696064712 0
5 1.734592366 0
6 1.721755168 0
7 1.686243944 0
8 1.632954645 0
EOD
$d_0_1 << EOD
1 1 0
2 1.533992712 0
3 1.786824543 0
4 1.878844924 0
5 1.884184467 0
6 1.844379575 0
7 1.785161456 0
8 1.714026882 0
EOD
$d_1_0 << EOD
1 1 0
2 1.550798455 0
3 2.289413501 0
4 2.996127777 0
5 3.668132788 0
6 4.300328981 0
7 4.892907662 0
8 5.441162883 0
EOD
$d_1_1 << EOD
1 1 0
2 1.965954462 0
3 2.89028576 0
4 3.765084415 0
5 4.585098358 0
6 5.345398877 0
7 6.042854791 0
8 6.678145023 0
EOD
set multiplot layout 1,2 title "Speedup over one cluster, ring, cascade: eager vs standby cluster mirror, per n (patent Table 2; dashed: k)"
set title "n = 5000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
set title "n = 100000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
unset multiplot
