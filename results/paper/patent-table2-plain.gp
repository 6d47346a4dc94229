# gridnoc report: lines of speedup_cluster by clusters, one line per shape, one panel per n
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
set yrange [0.504638:8.75181]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "speedup vs 1 cluster"
$d_0_0 << EOD
0.97 1 1 1
1.97 1.237265563 1.237265563 1.237265563
2.97 1.259928748 1.259928748 1.259928748
3.97 1.213456036 1.213456036 1.213456036
4.97 1.146211881 1.146211881 1.146211881
5.97 1.076050424 1.076050424 1.076050424
6.97 1.008798251 1.008798251 1.008798251
7.97 0.9464509705 0.9464509705 0.9464509705
EOD
$d_0_1 << EOD
1.03 1 1 1
2.03 1.237265563 1.237265563 1.237265563
3.03 1.265009726 1.265009726 1.265009726
4.03 1.236439349 1.236439349 1.236439349
5.03 1.188484467 1.188484467 1.188484467
6.03 1.13534588 1.13534588 1.13534588
7.03 1.082000483 1.082000483 1.082000483
8.03 1.030553436 1.030553436 1.030553436
EOD
$d_1_0 << EOD
0.97 1 1 1
1.97 1.885579031 1.885579031 1.885579031
2.97 2.648288223 2.648288223 2.648288223
3.97 3.284004779 3.284004779 3.284004779
4.97 3.79830401 3.79830401 3.79830401
5.97 4.200473147 4.200473147 4.200473147
6.97 4.506323183 4.506323183 4.506323183
7.97 4.728260377 4.728260377 4.728260377
EOD
$d_1_1 << EOD
1.03 1 1 1
2.03 1.885579031 1.885579031 1.885579031
3.03 2.637072493 2.637072493 2.637072493
4.03 3.254292448 3.254292448 3.254292448
5.03 3.749695272 3.749695272 3.749695272
6.03 4.134783462 4.134783462 4.134783462
7.03 4.426613193 4.426613193 4.426613193
8.03 4.638346133 4.638346133 4.638346133
EOD
set multiplot title "Speedup over one cluster, plain (no redundancy), cascade vs star, per n (dashed: k)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 5000"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "shape"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "cascade", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "star", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 100000"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "cascade", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "star", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
