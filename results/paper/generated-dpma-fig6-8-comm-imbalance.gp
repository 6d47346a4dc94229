# gridnoc report: bars of imbalance by stages, one bar per mapper, one panel per comm_factor
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
set yrange [0:3.59148]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.3 0.293582408 0.2261549258 0.3610098902
0.7 0.4752579729 0.4026531039 0.5478628419
1.7 0.8809829176 0.7401996293 1.021766206
EOD
$d_0_1 << EOD
-0.1 0.04072895934 0.02986478739 0.05159313129
0.9 0.1830828558 0.1326927747 0.2334729369
1.9 0.5219132464 0.4463655025 0.5974609903
EOD
$d_0_2 << EOD
0.1 0.4880136655 0.3167144139 0.6593129172
1.1 0.7277455555 0.4453979238 1.010093187
2.1 0.7465418899 0.554597545 0.9384862348
EOD
$d_0_3 << EOD
0.3 0.01523721816 0.008993932724 0.02148050359
1.3 0.037609865 0.02398466283 0.05123506716
2.3 0.2934891359 0.2295922018 0.35738607
EOD
$d_1_0 << EOD
-0.3 1.623775531 1.358974076 1.888576985
0.7 2.43608452 2.090399909 2.781769132
1.7 3.092792939 2.797392533 3.388193344
EOD
$d_1_1 << EOD
-0.1 0.06242250475 0.05324890792 0.07159610158
0.9 0.4649340057 0.2912016393 0.6386663721
1.9 1.41404721 0.9236304451 1.904463974
EOD
$d_1_2 << EOD
0.1 1.781897502 1.340931976 2.222863028
1.1 1.976519291 1.582914029 2.370124553
2.1 2.072224084 1.729656563 2.414791604
EOD
$d_1_3 << EOD
0.3 0.03837001829 0.02956065737 0.04717937921
1.3 0.1202765227 0.08786349413 0.1526895512
2.3 1.332965402 0.8080677176 1.857863087
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Imbalance with communication (10 generated graphs, ccr 1; 95% CI)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "communication price (comm_factor, per unit sent) = 0.2"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "best", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "communication price (comm_factor, per unit sent) = 1"
unset key
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_1_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_1_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_1_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "best", $d_1_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
