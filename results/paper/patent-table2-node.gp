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
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "speedup vs fastest node"
$d_0_0 << EOD
0.97 0.8001246612 0.8001246612 0.8001246612
1.97 1.042931045 1.042931045 1.042931045
2.97 1.257407061 1.257407061 1.257407061
3.97 1.357063203 1.357063203 1.357063203
4.97 1.387890129 1.387890129 1.387890129
5.97 1.37761877 1.37761877 1.37761877
6.97 1.349205364 1.349205364 1.349205364
7.97 1.306567282 1.306567282 1.306567282
EOD
$d_0_1 << EOD
1.03 0.8001246612 0.8001246612 0.8001246612
2.03 1.227385399 1.227385399 1.227385399
3.03 1.429682382 1.429682382 1.429682382
4.03 1.503310158 1.503310158 1.503310158
5.03 1.507582458 1.507582458 1.507582458
6.03 1.475733582 1.475733582 1.475733582
7.03 1.428351705 1.428351705 1.428351705
8.03 1.371435179 1.371435179 1.371435179
EOD
$d_1_0 << EOD
0.97 1.124489909 1.124489909 1.124489909
1.97 1.743857213 1.743857213 1.743857213
2.97 2.574422378 2.574422378 2.574422378
3.97 3.369115449 3.369115449 3.369115449
4.97 4.124778303 4.124778303 4.124778303
5.97 4.835676543 4.835676543 4.835676543
6.97 5.502025289 5.502025289 5.502025289
7.97 6.118532752 6.118532752 6.118532752
EOD
$d_1_1 << EOD
1.03 1.124489909 1.124489909 1.124489909
2.03 2.210695953 2.210695953 2.210695953
3.03 3.25009717 3.25009717 3.25009717
4.03 4.23379943 4.23379943 4.23379943
5.03 5.155896834 5.155896834 5.155896834
6.03 6.010847094 6.010847094 6.010847094
7.03 6.795129232 6.795129232 6.795129232
8.03 7.509506686 7.509506686 7.509506686
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
