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
3 1.553855989 1.553855989 1.553855989
4 1.679941304 1.679941304 1.679941304
5 1.732861441 1.732861441 1.732861441
6 1.743944911 1.743944911 1.743944911
7 1.727409691 1.727409691 1.727409691
8 1.695565507 1.695565507 1.695565507
EOD
$d_0_1 << EOD
1 1 1 1
2 1.533992712 1.533992712 1.533992712
3 1.791829979 1.791829979 1.791829979
4 1.905857392 1.905857392 1.905857392
5 1.939978278 1.939978278 1.939978278
6 1.931421879 1.931421879 1.931421879
7 1.896857712 1.896857712 1.896857712
8 1.848378381 1.848378381 1.848378381
EOD
$d_1_0 << EOD
1 1 1 1
2 1.550798455 1.550798455 1.550798455
3 2.28708062 2.28708062 2.28708062
4 2.985420603 2.985420603 2.985420603
5 3.645555453 3.645555453 3.645555453
6 4.265056577 4.265056577 4.265056577
7 4.841562616 4.841562616 4.841562616
8 5.372700987 5.372700987 5.372700987
EOD
$d_1_1 << EOD
1 1 1 1
2 1.965954462 1.965954462 1.965954462
3 2.886453771 2.886453771 2.886453771
4 3.75384587 3.75384587 3.75384587
5 4.564668952 4.564668952 4.564668952
6 5.314669649 5.314669649 5.314669649
7 6.002765464 6.002765464 6.002765464
8 6.626256111 6.626256111 6.626256111
EOD
set multiplot title "Speedup over one cluster, ring, star switches, per n (dashed: k)" font ",13"
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
