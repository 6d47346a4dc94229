# gridnoc report: lines of speedup_node by clusters, one line per mirror, one panel per n
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
set yrange [0.397562:7.91207]
set xrange [0.72:8.28]
set xlabel "clusters"
set ylabel "speedup vs fastest node"
$d_0_0 << EOD
1 0.8001246612 0.8001246612 0.8001246612
2 1.042931045 1.042931045 1.042931045
3 1.257407061 1.257407061 1.257407061
4 1.357063203 1.357063203 1.357063203
5 1.387890129 1.387890129 1.387890129
6 1.37761877 1.37761877 1.37761877
7 1.349205364 1.349205364 1.349205364
8 1.306567282 1.306567282 1.306567282
EOD
$d_0_1 << EOD
1 0.8001246612 0.8001246612 0.8001246612
2 1.227385399 1.227385399 1.227385399
3 1.429682382 1.429682382 1.429682382
4 1.503310158 1.503310158 1.503310158
5 1.507582458 1.507582458 1.507582458
6 1.475733582 1.475733582 1.475733582
7 1.428351705 1.428351705 1.428351705
8 1.371435179 1.371435179 1.371435179
EOD
$d_1_0 << EOD
1 1.124489909 1.124489909 1.124489909
2 1.743857213 1.743857213 1.743857213
3 2.574422378 2.574422378 2.574422378
4 3.369115449 3.369115449 3.369115449
5 4.124778303 4.124778303 4.124778303
6 4.835676543 4.835676543 4.835676543
7 5.502025289 5.502025289 5.502025289
8 6.118532752 6.118532752 6.118532752
EOD
$d_1_1 << EOD
1 1.124489909 1.124489909 1.124489909
2 2.210695953 2.210695953 2.210695953
3 3.25009717 3.25009717 3.25009717
4 4.23379943 4.23379943 4.23379943
5 5.155896834 5.155896834 5.155896834
6 6.010847094 6.010847094 6.010847094
7 6.795129232 6.795129232 6.795129232
8 7.509506686 7.509506686 7.509506686
EOD
set multiplot title "Speedup of ring over the fastest single node (sequential, no communication), cascade" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 5000"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mirror"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "standby", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 100000"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "standby", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
