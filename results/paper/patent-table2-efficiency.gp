# gridnoc report: lines of efficiency by clusters, one line per mirror, one panel per n
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
set ylabel "efficiency"
$d_0_0 << EOD
1 0.1905058717 0
2 0.1241584578 0
3 0.09979421122 0
4 0.08077757162 0
5 0.06609000615 0
6 0.05466741152 0
7 0.04589133891 0
8 0.03888593102 0
EOD
$d_0_1 << EOD
1 0.1905058717 0
2 0.1461173093 0
3 0.1134668557 0
4 0.08948274751 0
5 0.07178964088 0
6 0.05856085644 0
7 0.04858339133 0
8 0.04081652317 0
EOD
$d_1_0 << EOD
1 0.2677356925 0
2 0.2076020491 0
3 0.2043192363 0
4 0.2005425863 0
5 0.1964180144 0
6 0.1918919263 0
7 0.1871437173 0
8 0.1820991891 0
EOD
$d_1_1 << EOD
1 0.2677356925 0
2 0.2631780896 0
3 0.2579442198 0
4 0.2520118708 0
5 0.2455188968 0
6 0.2385256783 0
7 0.2311268446 0
8 0.2234972228 0
EOD
set multiplot layout 1,2 title "Efficiency of ring: speedup over the fastest node / capability ratio, cascade"
set title "n = 5000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby"
set title "n = 100000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "standby"
unset multiplot
