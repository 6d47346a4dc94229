# gridnoc report: bars of t_over_lb by stages, one bar per mapper, one panel per comm_factor
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
set yrange [0:4.00024]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.3 1.342027798 1.301719043 1.391016302
0.7 1.465323966 1.40883478 1.524772774
1.7 1.648079663 1.555560856 1.761913088
EOD
$d_0_1 << EOD
-0.1 1.166841737 1.15649432 1.176725643
0.9 1.21832278 1.211740857 1.22342668
1.9 1.329362324 1.31700059 1.341738351
EOD
$d_0_2 << EOD
0.1 1.30991586 1.258017993 1.362201965
1.1 1.367660867 1.307286277 1.430451346
2.1 1.38939914 1.342000049 1.438745369
EOD
$d_0_3 << EOD
0.3 1.120412743 1.11284346 1.127723921
1.3 1.170862251 1.162763895 1.178946363
2.3 1.241777714 1.237895828 1.245749338
EOD
$d_1_0 << EOD
-0.3 2.551767228 2.484407338 2.627034606
0.7 3.182791881 2.962501035 3.422133626
1.7 3.599143468 3.423124821 3.773809828
EOD
$d_1_1 << EOD
-0.1 1.611936488 1.569963223 1.652638878
0.9 1.836422439 1.772469654 1.904909155
1.9 2.320204093 2.12963135 2.580132976
EOD
$d_1_2 << EOD
0.1 2.278137664 2.160699494 2.387875511
1.1 2.432974153 2.329904559 2.52346827
2.1 2.513388634 2.351823005 2.710219482
EOD
$d_1_3 << EOD
0.3 1.525773003 1.482240261 1.569944354
1.3 1.710647583 1.680312441 1.741886189
2.3 2.190823662 2.034678903 2.402249427
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Period over its lower bound with communication (10 generated graphs, ccr 1; 95% CI)" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "communication price (comm_factor, per unit sent) = 0.2"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "best", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "communication price (comm_factor, per unit sent) = 1"
unset key
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_1_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_1_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_1_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "best", $d_1_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
