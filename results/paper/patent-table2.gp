# gridnoc report: lines of speedup_cluster by clusters, one line per scheduler, one panel per shape
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1080,406 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 1080,406 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 11.25in,4.229in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0.50465:8.75181]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "speedup over one cluster"
$d_0_0 << EOD
0.97 1 1 1
1.97 1.533979466 1.533979466 1.533979466
2.97 1.786803723 1.786803723 1.786803723
3.97 1.878851575 1.878851575 1.878851575
4.97 1.884175514 1.884175514 1.884175514
5.97 1.844364318 1.844364318 1.844364318
6.97 1.785154165 1.785154165 1.785154165
7.97 1.714017923 1.714017923 1.714017923
EOD
$d_0_1 << EOD
1.03 1 1 1
2.03 1.237271737 1.237271737 1.237271737
3.03 1.259938317 1.259938317 1.259938317
4.03 1.21346065 1.21346065 1.21346065
5.03 1.146210468 1.146210468 1.146210468
6.03 1.07605883 1.07605883 1.07605883
7.03 1.008805848 1.008805848 1.008805848
8.03 0.9464620575 0.9464620575 0.9464620575
EOD
$d_1_0 << EOD
0.97 1 1 1
1.97 1.533979466 1.533979466 1.533979466
2.97 1.791820915 1.791820915 1.791820915
3.97 1.905840507 1.905840507 1.905840507
4.97 1.939973644 1.939973644 1.939973644
5.97 1.931421042 1.931421042 1.931421042
6.97 1.896845737 1.896845737 1.896845737
7.97 1.848367433 1.848367433 1.848367433
EOD
$d_1_1 << EOD
1.03 1 1 1
2.03 1.237271737 1.237271737 1.237271737
3.03 1.265016142 1.265016142 1.265016142
4.03 1.236451258 1.236451258 1.236451258
5.03 1.188485646 1.188485646 1.188485646
6.03 1.135354417 1.135354417 1.135354417
7.03 1.082003553 1.082003553 1.082003553
8.03 1.030554487 1.030554487 1.030554487
EOD
set multiplot title "Speedup over one cluster (patent Table 2; dashed: the bound, k clusters -> k)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "shape = cascade"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "shape = star"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
