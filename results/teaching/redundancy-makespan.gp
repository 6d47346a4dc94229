# gridnoc report: bars of makespan_s by accel, one bar per scheduler
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
set yrange [0:7.97331]
set xrange [-0.5:2.5]
set xlabel "failure acceleration (accel, more failures ->)"
set ylabel "makespan (s)"
$d_0_0 << EOD
-0.2 4.964344564 4.361746916 5.611488627
0.8 5.025952866 4.653586112 5.305445496
1.8 5.892857161 5.653055439 6.133885485
EOD
$d_0_1 << EOD
0.2 7.05472115 6.828815381 7.294164484
1.2 6.97500479 6.780121681 7.163949462
2.2 7.435438234 7.345502073 7.521992671
EOD
set xtics ("1" 0, "300" 1, "3000" 2)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Makespan: the price of computing every block twice" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "plain", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "ring", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
