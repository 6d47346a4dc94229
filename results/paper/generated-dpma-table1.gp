# gridnoc report: dots of period by stages, one point per options
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 860,468 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 860,468 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 8.958in,4.875in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [12.932:88.868]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "period T"
$d_0_0 << EOD
-0.2 83.5 82.2 84.8
0.8 45.1 42.6 47.6
1.8 23.1 18.8 28.1
EOD
$d_0_1 << EOD
0.2 82.6 81.7 83.5
1.2 41.5 41.2 41.8
2.2 17 17 17
EOD
set xtics ("20" 0, "40" 1, "100" 2)
set multiplot title "DPMA period T with / without the dynamic expected value, GENERATED graphs" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "options"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 pt 7 ps 1.1 lc rgb "#0072B2" title "dynamic exp: off", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 pt 5 ps 1.1 lc rgb "#D55E00" title "dynamic exp: on"
unset multiplot
