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
set xlabel "failure acceleration / deadline factor (x the fault-free makespan)"
set ylabel "complete-failure rate (Wilson 95 % interval)"
set title "Patent Table 3: complete-failure rate by failure acceleration / deadline factor (morning period, 100 runs per bar)"
set xtics ("30000/1.25" 0, "100000/1.25" 1, "300000/1.25" 2, "100000/1.1" 3, "100000/2" 4)
set xrange [-0.6:4.6]
set boxwidth 0.160 absolute
set style fill solid 0.85 border lc rgb "#333333"
$d_0 << EOD
-0.320 0.0400 0.0157 0.0984
0.680 0.7000 0.6041 0.7811
1.680 1.0000 0.9630 1.0000
2.680 0.9800 0.9300 0.9945
3.680 0.1600 0.1010 0.2442
EOD
$d_1 << EOD
-0.160 0.0300 0.0103 0.0845
0.840 0.2600 0.1840 0.3537
1.840 1.0000 0.9630 1.0000
2.840 0.9100 0.8377 0.9519
3.840 0.1200 0.0700 0.1981
EOD
$d_2 << EOD
0.000 0.1400 0.0853 0.2214
1.000 0.5600 0.4623 0.6533
2.000 1.0000 0.9630 1.0000
3.000 1.0000 0.9630 1.0000
4.000 0.0000 0.0000 0.0370
EOD
$d_3 << EOD
0.160 0.0300 0.0103 0.0845
1.160 0.2300 0.1584 0.3215
2.160 1.0000 0.9630 1.0000
3.160 0.8800 0.8019 0.9300
4.160 0.0000 0.0000 0.0370
EOD
$d_4 << EOD
0.320 1.0000 0.9630 1.0000
1.320 1.0000 0.9630 1.0000
2.320 1.0000 0.9630 1.0000
3.320 1.0000 0.9630 1.0000
4.320 1.0000 0.9630 1.0000
EOD
plot $d_0 using 1:2 with boxes lc 1 title "ring-eager", $d_0 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_1 using 1:2 with boxes lc 2 title "ring-standby", $d_1 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_2 using 1:2 with boxes lc 3 title "plain", $d_2 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_3 using 1:2 with boxes lc 4 title "replicate", $d_3 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_4 using 1:2 with boxes lc 5 title "checkpoint", $d_4 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle
