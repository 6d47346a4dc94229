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
set yrange [0.506438:8.72001]
set xrange [0.72:8.28]
set xlabel "clusters"
set ylabel "speedup vs 1 cluster"
$d_0_0 << EOD
1 1 1 1
2 1.237265563 1.237265563 1.237265563
3 1.259928748 1.259928748 1.259928748
4 1.213456036 1.213456036 1.213456036
5 1.146211881 1.146211881 1.146211881
6 1.076050424 1.076050424 1.076050424
7 1.008798251 1.008798251 1.008798251
8 0.9464509705 0.9464509705 0.9464509705
EOD
$d_0_1 << EOD
1 1 1 1
2 1.237265563 1.237265563 1.237265563
3 1.265009726 1.265009726 1.265009726
4 1.236439349 1.236439349 1.236439349
5 1.188484467 1.188484467 1.188484467
6 1.13534588 1.13534588 1.13534588
7 1.082000483 1.082000483 1.082000483
8 1.030553436 1.030553436 1.030553436
EOD
$d_1_0 << EOD
1 1 1 1
2 1.885579031 1.885579031 1.885579031
3 2.648288223 2.648288223 2.648288223
4 3.284004779 3.284004779 3.284004779
5 3.79830401 3.79830401 3.79830401
6 4.200473147 4.200473147 4.200473147
7 4.506323183 4.506323183 4.506323183
8 4.728260377 4.728260377 4.728260377
EOD
$d_1_1 << EOD
1 1 1 1
2 1.885579031 1.885579031 1.885579031
3 2.637072493 2.637072493 2.637072493
4 3.254292448 3.254292448 3.254292448
5 3.749695272 3.749695272 3.749695272
6 4.134783462 4.134783462 4.134783462
7 4.426613193 4.426613193 4.426613193
8 4.638346133 4.638346133 4.638346133
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
