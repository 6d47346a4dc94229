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
set xlabel "time period (1 night, 2 morning, 3 afternoon, 4 evening)"
set ylabel "complete-failure rate (Wilson 95 % interval)"
set title "Patent Table 3, the four periods (accel 1e5, deadline 1.25x, 100 runs per bar)"
set xtics ("1" 0, "2" 1, "3" 2, "4" 3)
set xrange [-0.6:3.6]
set boxwidth 0.160 absolute
set style fill solid 0.85 border lc rgb "#333333"
$d_0 << EOD
-0.320 1.0000 0.9630 1.0000
0.680 0.7000 0.6041 0.7811
1.680 0.8000 0.7112 0.8666
2.680 1.0000 0.9630 1.0000
EOD
$d_1 << EOD
-0.160 1.0000 0.9630 1.0000
0.840 0.3200 0.2367 0.4166
1.840 0.2500 0.1755 0.3430
2.840 1.0000 0.9630 1.0000
EOD
$d_2 << EOD
0.000 1.0000 0.9630 1.0000
1.000 0.5700 0.4722 0.6627
2.000 0.5500 0.4524 0.6439
3.000 1.0000 0.9630 1.0000
EOD
$d_3 << EOD
0.160 1.0000 0.9630 1.0000
1.160 0.2600 0.1840 0.3537
2.160 0.2000 0.1334 0.2888
3.160 1.0000 0.9630 1.0000
EOD
$d_4 << EOD
0.320 1.0000 0.9630 1.0000
1.320 1.0000 0.9630 1.0000
2.320 1.0000 0.9630 1.0000
3.320 1.0000 0.9630 1.0000
EOD
plot $d_0 using 1:2 with boxes lc 1 title "ring-eager", $d_0 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_1 using 1:2 with boxes lc 2 title "ring-standby", $d_1 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_2 using 1:2 with boxes lc 3 title "plain", $d_2 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_3 using 1:2 with boxes lc 4 title "replicate", $d_3 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle, $d_4 using 1:2 with boxes lc 5 title "checkpoint", $d_4 using 1:2:3:4 with yerrorbars lc rgb "#222222" pt 0 notitle
