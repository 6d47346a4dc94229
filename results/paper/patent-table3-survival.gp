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
set xtics ("1/1.1" 0, "1/1.25" 1, "1/1.5" 2, "1/2" 3, "1/3" 4, "2/1.1" 5, "2/1.25" 6, "2/1.5" 7, "2/2" 8, "2/3" 9, "4/1.1" 10, "4/1.25" 11, "4/1.5" 12, "4/2" 13, "4/3" 14)
set xrange [-0.6:14.6]
set boxwidth 0.160 absolute
set style fill solid 0.85 border lc rgb "#333333"
$d_0 << EOD
-0.320 1.0000 0.9630 1.0000
0.680 0.0200 0.0055 0.0700
1.680 0.0000 0.0000 0.0370
2.680 0.0000 0.0000 0.0370
3.680 0.0000 0.0000 0.0370
4.680 1.0000 0.9630 1.0000
5.680 1.0000 0.9630 1.0000
6.680 0.0800 0.0411 0.1500
7.680 0.0000 0.0000 0.0370
8.680 0.0000 0.0000 0.0370
9.680 1.0000 0.9630 1.0000
10.680 0.6000 0.5020 0.6906
11.680 0.0000 0.0000 0.0370
12.680 0.0000 0.0000 0.0370
13.680 0.0000 0.0000 0.0370
EOD
$d_1 << EOD
-0.160 0.9500 0.8882 0.9785
0.840 0.0000 0.0000 0.0370
1.840 0.0000 0.0000 0.0370
2.840 0.0000 0.0000 0.0370
3.840 0.0000 0.0000 0.0370
4.840 0.9900 0.9455 0.9982
5.840 0.2700 0.1927 0.3643
6.840 0.0000 0.0000 0.0370
7.840 0.0000 0.0000 0.0370
8.840 0.0000 0.0000 0.0370
9.840 0.9900 0.9455 0.9982
10.840 0.0000 0.0000 0.0370
11.840 0.0000 0.0000 0.0370
12.840 0.0000 0.0000 0.0370
13.840 0.0000 0.0000 0.0370
EOD
$d_2 << EOD
0.000 0.0000 0.0000 0.0370
1.000 0.0000 0.0000 0.0370
2.000 0.0000 0.0000 0.0370
3.000 0.0000 0.0000 0.0370
4.000 0.0000 0.0000 0.0370
5.000 0.0000 0.0000 0.0370
6.000 0.0000 0.0000 0.0370
7.000 0.0000 0.0000 0.0370
8.000 0.0000 0.0000 0.0370
9.000 0.0000 0.0000 0.0370
10.000 0.0000 0.0000 0.0370
11.000 0.0000 0.0000 0.0370
12.000 0.0000 0.0000 0.0370
13.000 0.0000 0.0000 0.0370
14.000 0.0000 0.0000 0.0370
EOD
$d_3 << EOD
0.160 0.9500 0.8882 0.9785
1.160 0.0000 0.0000 0.0370
2.160 0.0000 0.0000 0.0370
3.160 0.0000 0.0000 0.0370
4.160 0.0000 0.0000 0.0370
5.160 1.0000 0.9630 1.0000
6.160 0.3100 0.2278 0.4063
7.160 0.0000 0.0000 0.0370
8.160 0.0000 0.0000 0.0370
9.160 0.0000 0.0000 0.0370
10.160 0.9900 0.9455 0.9982
11.160 0.0000 0.0000 0.0370
12.160 0.0000 0.0000 0.0370
13.160 0.0000 0.0000 0.0370
14.160 0.0000 0.0000 0.0370
EOD
$d_4 << EOD
0.320 0.0000 0.0000 0.0370
1.320 0.0000 0.0000 0.0370
2.320 0.0000 0.0000 0.0370
3.320 0.0000 0.0000 0.0370
4.320 0.0000 0.0000 0.0370
5.320 0.4100 0.3187 0.5080
6.320 0.1500 0.0931 0.2328
7.320 0.0100 0.0018 0.0545
8.320 0.0000 0.0000 0.0370
9.320 0.0000 0.0000 0.0370
10.320 0.0000 0.0000 0.0370
11.320 0.0000 0.0000 0.0370
12.320 0.0000 0.0000 0.0370
13.320 0.0000 0.0000 0.0370
14.320 0.0000 0.0000 0.0370
EOD
plot $d_0 using 1:2 with boxes lc 1 title "ring-eager", $d_0 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_1 using 1:2 with boxes lc 2 title "ring-standby", $d_1 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_2 using 1:2 with boxes lc 3 title "plain", $d_2 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_3 using 1:2 with boxes lc 4 title "replicate", $d_3 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_4 using 1:2 with boxes lc 5 title "checkpoint", $d_4 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle
