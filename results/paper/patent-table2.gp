# gridnoc report: lines of speedup_cluster by clusters, one line per mirror, one panel per n
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
set yrange [0.5632:8.7168]
set xrange [0.72:8.28]
set xlabel "clusters"
set ylabel "speedup vs 1 cluster"
$d_0_0 << EOD
1 1 1 1
2 1.303460693 1.303460693 1.303460693
3 1.571513943 1.571513943 1.571513943
4 1.696064712 1.696064712 1.696064712
5 1.734592366 1.734592366 1.734592366
6 1.721755168 1.721755168 1.721755168
7 1.686243944 1.686243944 1.686243944
8 1.632954645 1.632954645 1.632954645
EOD
$d_0_1 << EOD
1 1 1 1
2 1.533992712 1.533992712 1.533992712
3 1.786824543 1.786824543 1.786824543
4 1.878844924 1.878844924 1.878844924
5 1.884184467 1.884184467 1.884184467
6 1.844379575 1.844379575 1.844379575
7 1.785161456 1.785161456 1.785161456
8 1.714026882 1.714026882 1.714026882
EOD
$d_1_0 << EOD
1 1 1 1
2 1.550798455 1.550798455 1.550798455
3 2.289413501 2.289413501 2.289413501
4 2.996127777 2.996127777 2.996127777
5 3.668132788 3.668132788 3.668132788
6 4.300328981 4.300328981 4.300328981
7 4.892907662 4.892907662 4.892907662
8 5.441162883 5.441162883 5.441162883
EOD
$d_1_1 << EOD
1 1 1 1
2 1.965954462 1.965954462 1.965954462
3 2.89028576 2.89028576 2.89028576
4 3.765084415 3.765084415 3.765084415
5 4.585098358 4.585098358 4.585098358
6 5.345398877 5.345398877 5.345398877
7 6.042854791 6.042854791 6.042854791
8 6.678145023 6.678145023 6.678145023
EOD
set multiplot title "Speedup over one cluster, ring, cascade: eager vs standby cluster mirror, per n (patent Table 2; dashed: k)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 5000"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mirror"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "standby", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 100000"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "standby", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
