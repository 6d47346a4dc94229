# gridnoc report: lines of efficiency by clusters, one line per scheduler, one panel per shape
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
set yrange [0.0200272:0.408098]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "efficiency: speedup / capability ratio"
$d_0_0 << EOD
0.97 0.1905077315 0.1905077315 0.1905077315
1.97 0.1461174741 0.1461174741 0.1461174741
2.97 0.1134666413 0.1134666413 0.1134666413
3.97 0.08948393782 0.08948393782 0.08948393782
4.97 0.07179000058 0.07179000058 0.07179000058
5.97 0.05856094371 0.05856094371 0.05856094371
6.97 0.04858366718 0.04858366718 0.04858366718
7.97 0.04081670827 0.04081670827 0.04081670827
EOD
$d_0_1 << EOD
1.03 0.3873080791 0.3873080791 0.3873080791
2.03 0.2396026699 0.2396026699 0.2396026699
3.03 0.1626614298 0.1626614298 0.1626614298
4.03 0.1174957783 0.1174957783 0.1174957783
5.03 0.08878731491 0.08878731491 0.08878731491
6.03 0.06946104641 0.06946104641 0.06946104641
7.03 0.05581695074 0.05581695074 0.05581695074
8.03 0.04582155018 0.04582155018 0.04582155018
EOD
$d_1_0 << EOD
0.97 0.1905077315 0.1905077315 0.1905077315
1.97 0.1461174741 0.1461174741 0.1461174741
2.97 0.1137852459 0.1137852459 0.1137852459
3.97 0.09076933788 0.09076933788 0.09076933788
4.97 0.07391599562 0.07391599562 0.07391599562
5.97 0.06132510687 0.06132510687 0.06132510687
6.97 0.05162339691 0.05162339691 0.05162339691
7.97 0.04401603582 0.04401603582 0.04401603582
EOD
$d_1_1 << EOD
1.03 0.3873080791 0.3873080791 0.3873080791
2.03 0.2396026699 0.2396026699 0.2396026699
3.03 0.1633169906 0.1633169906 0.1633169906
4.03 0.1197218904 0.1197218904 0.1197218904
5.03 0.09206201851 0.09206201851 0.09206201851
6.03 0.07328865639 0.07328865639 0.07328865639
7.03 0.05986695967 0.05986695967 0.05986695967
8.03 0.04989275987 0.04989275987 0.04989275987
EOD
set multiplot title "Efficiency: speedup over the fastest node / capability ratio" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "shape = cascade"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "shape = star"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "ring", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "plain"
unset multiplot
