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
3 1.553855989 0
4 1.679941304 0
5 1.732861441 0
6 1.743944911 0
7 1.727409691 0
8 1.695565507 0
EOD
$d_0_1 << EOD
1 1 0
2 1.533992712 0
3 1.791829979 0
4 1.905857392 0
5 1.939978278 0
6 1.931421879 0
7 1.896857712 0
8 1.848378381 0
EOD
$d_1_0 << EOD
1 1 0
2 1.550798455 0
3 2.28708062 0
4 2.985420603 0
5 3.645555453 0
6 4.265056577 0
7 4.841562616 0
8 5.372700987 0
EOD
$d_1_1 << EOD
1 1 0
2 1.965954462 0
3 2.886453771 0
4 3.75384587 0
5 4.564668952 0
6 5.314669649 0
7 6.002765464 0
8 6.626256111 0
EOD
set multiplot layout 1,2 title "Speedup over one cluster, ring, star switches, per n (dashed: k)"
set title "n = 5000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
set title "n = 100000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
unset multiplot
