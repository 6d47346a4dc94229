# gridnoc report: bars of imbalance by stages, one bar per options
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
set yrange [0:2.31324]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.2 0.05568891763 0.03430758899 0.07932226995
0.8 0.1930312607 0.110726813 0.2833327536
1.8 1.856796635 1.484653132 2.182300756
EOD
$d_0_1 << EOD
0.2 0.02555027516 0.01322388826 0.03973954244
1.2 0.0717938649 0.03740473662 0.1109975273
2.2 1.12161597 0.5208596849 1.729564112
EOD
set xtics ("20" 0, "40" 1, "100" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "DPMA imbalance with / without the dynamic expected value, real STG graphs" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "options"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dynamic exp: off", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "dynamic exp: on", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
