# scripts/paper-figures.sh: complete-failure rate with Wilson 95 % intervals
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 900,480 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 900,480 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid xtics ytics lc rgb "#dddddd"
set key below horizontal
set yrange [0:1]
set xlabel "period / deadline factor (x plain's fault-free makespan)"
set ylabel "complete-failure rate (Wilson 95 % interval)"
set title "Patent Table 3 at the patent's size (1000 iterations, documented failure rates): one deadline per repetition"
set xtics ("1/1" 0, "1/1.1" 1, "1/1.25" 2, "1/1.5" 3, "2/1" 4, "2/1.1" 5, "2/1.25" 6, "2/1.5" 7, "4/1" 8, "4/1.1" 9, "4/1.25" 10, "4/1.5" 11)
set xrange [-0.6:11.6]
set boxwidth 0.160 absolute
set style fill solid 0.85 border lc rgb "#333333"
$d_0 << EOD
-0.320 1.0000 0.6756 1.0000
0.680 1.0000 0.6756 1.0000
1.680 0.0000 0.0000 0.3244
2.680 0.0000 0.0000 0.3244
3.680 1.0000 0.6756 1.0000
4.680 1.0000 0.6756 1.0000
5.680 1.0000 0.6756 1.0000
6.680 0.1250 0.0224 0.4709
7.680 1.0000 0.6756 1.0000
8.680 1.0000 0.6756 1.0000
9.680 0.8750 0.5291 0.9776
10.680 0.0000 0.0000 0.3244
EOD
$d_1 << EOD
-0.160 1.0000 0.6756 1.0000
0.840 1.0000 0.6756 1.0000
1.840 0.0000 0.0000 0.3244
2.840 0.0000 0.0000 0.3244
3.840 1.0000 0.6756 1.0000
4.840 1.0000 0.6756 1.0000
5.840 0.2500 0.0715 0.5907
6.840 0.0000 0.0000 0.3244
7.840 1.0000 0.6756 1.0000
8.840 1.0000 0.6756 1.0000
9.840 0.0000 0.0000 0.3244
10.840 0.0000 0.0000 0.3244
EOD
$d_2 << EOD
0.000 0.7500 0.4093 0.9285
1.000 0.0000 0.0000 0.3244
2.000 0.0000 0.0000 0.3244
3.000 0.0000 0.0000 0.3244
4.000 0.0000 0.0000 0.3244
5.000 0.0000 0.0000 0.3244
6.000 0.0000 0.0000 0.3244
7.000 0.0000 0.0000 0.3244
8.000 0.6250 0.3057 0.8632
9.000 0.0000 0.0000 0.3244
10.000 0.0000 0.0000 0.3244
11.000 0.0000 0.0000 0.3244
EOD
$d_3 << EOD
0.160 1.0000 0.6756 1.0000
1.160 1.0000 0.6756 1.0000
2.160 0.0000 0.0000 0.3244
3.160 0.0000 0.0000 0.3244
4.160 1.0000 0.6756 1.0000
5.160 1.0000 0.6756 1.0000
6.160 0.2500 0.0715 0.5907
7.160 0.0000 0.0000 0.3244
8.160 1.0000 0.6756 1.0000
9.160 1.0000 0.6756 1.0000
10.160 0.0000 0.0000 0.3244
11.160 0.0000 0.0000 0.3244
EOD
$d_4 << EOD
0.320 0.7500 0.4093 0.9285
1.320 0.0000 0.0000 0.3244
2.320 0.0000 0.0000 0.3244
3.320 0.0000 0.0000 0.3244
4.320 0.7500 0.4093 0.9285
5.320 0.6250 0.3057 0.8632
6.320 0.0000 0.0000 0.3244
7.320 0.0000 0.0000 0.3244
8.320 0.6250 0.3057 0.8632
9.320 0.0000 0.0000 0.3244
10.320 0.0000 0.0000 0.3244
11.320 0.0000 0.0000 0.3244
EOD
plot $d_0 using 1:2 with boxes lc 1 title "ring-eager", $d_0 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_1 using 1:2 with boxes lc 2 title "ring-standby", $d_1 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_2 using 1:2 with boxes lc 3 title "plain", $d_2 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_3 using 1:2 with boxes lc 4 title "replicate", $d_3 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_4 using 1:2 with boxes lc 5 title "checkpoint", $d_4 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle
