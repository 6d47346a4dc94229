# gridnoc report: dots of period by stages, one point per options
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 866,468 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 866,468 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 9.021in,4.875in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [20.392:140.008]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "period T"
$d_0_0 << EOD
-0.2 115.1 99 133.6
0.8 58.8 49.8 68.2
1.8 49.1 37.4 59.2
EOD
$d_0_1 << EOD
0.2 113.6 97.9 131.3
1.2 58.4 49.8 67.6
2.2 38.1 26.8 49.3
EOD
set xtics ("20" 0, "40" 1, "100" 2)
set multiplot title "DPMA period T with / without the dynamic expected value, real STG graphs (DPMA Table 1)" font ",13"
set lmargin at screen 0.0993
set rmargin at screen 0.7298
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7598, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "options"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 pt 7 ps 1.1 lc rgb "#0072B2" title "dynamic exp: off", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 pt 5 ps 1.1 lc rgb "#D55E00" title "dynamic exp: on"
unset multiplot
