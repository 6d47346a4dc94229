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
set yrange [0:3.52734]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.3 0.293582408 0.2378227768 0.3475068889
0.7 0.4752579729 0.4120997759 0.5284724097
1.7 0.8809829176 0.7723682551 1.001056803
EOD
$d_0_1 << EOD
-0.1 0.04072895934 0.03301097725 0.05053236288
0.9 0.1830828558 0.1446051689 0.2268222385
1.9 0.5219132464 0.4610752783 0.5867267024
EOD
$d_0_2 << EOD
0.1 0.4880136655 0.343793607 0.6278481084
1.1 0.7277455555 0.4888432748 0.9561290443
2.1 0.7465418899 0.5806973947 0.9003996113
EOD
$d_0_3 << EOD
0.3 0.01307853274 0.009224222586 0.01763260597
1.3 0.03911899656 0.02876114946 0.05152770554
2.3 0.2201920053 0.1879710435 0.258033653
EOD
$d_1_0 << EOD
-0.3 1.623775531 1.435221242 1.861635941
0.7 2.43608452 2.157144898 2.722588755
1.7 3.092792939 2.84637169 3.32768229
EOD
$d_1_1 << EOD
-0.1 0.06242250475 0.05466892399 0.0697784687
0.9 0.4649340057 0.3351851729 0.6180751314
1.9 1.41404721 1.050956197 1.846337683
EOD
$d_1_2 << EOD
0.1 1.781897502 1.409046505 2.139855381
1.1 1.976519291 1.635632959 2.292336633
2.1 2.072224084 1.786695226 2.35050157
EOD
$d_1_3 << EOD
0.3 0.03007684648 0.02444344078 0.03626997932
1.3 0.1180699071 0.09578104393 0.1414514483
2.3 1.322167472 0.8793772781 1.818846728
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
