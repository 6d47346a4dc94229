# gridnoc report: lines of speedup_cluster by clusters, one line per scheduler, one panel per shape
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
2 1.533979466 0
3 1.786803723 0
4 1.878851575 0
5 1.884175514 0
6 1.844364318 0
7 1.785154165 0
8 1.714017923 0
EOD
$d_0_1 << EOD
1 1 0
2 1.237271737 0
3 1.259938317 0
4 1.21346065 0
5 1.146210468 0
6 1.07605883 0
7 1.008805848 0
8 0.9464620575 0
EOD
$d_1_0 << EOD
1 1 0
2 1.533979466 0
3 1.791820915 0
4 1.905840507 0
5 1.939973644 0
6 1.931421042 0
7 1.896845737 0
8 1.848367433 0
EOD
$d_1_1 << EOD
1 1 0
2 1.237271737 0
3 1.265016142 0
4 1.236451258 0
5 1.188485646 0
6 1.135354417 0
7 1.082003553 0
8 1.030554487 0
EOD
set multiplot layout 1,2 title "Speedup over one cluster (patent Table 2; dashed: the bound, k clusters -> k)"
set title "shape = cascade"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
set title "shape = star"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x"
unset multiplot
