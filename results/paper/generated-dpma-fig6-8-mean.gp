# gridnoc report: bars of imbalance by stages, one bar per mapper
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 860,468 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 860,468 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 8.958in,4.875in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0:0.587553]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.32 0.02323043312 0.01838028421 0.02806835831
0.68 0.1592582262 0.1373999751 0.1804527776
1.68 0.44165713 0.4135087493 0.4686270465
EOD
$d_0_1 << EOD
-0.16 0.0281871535 0.01974914832 0.03678062504
0.84 0.159283297 0.1418212429 0.1805922251
1.84 0.5090695652 0.4645083794 0.5542955815
EOD
$d_0_2 << EOD
0 0.0122690893 0.01216471325 0.01236124162
1 0.03067272326 0.03041178314 0.03090310406
2 0.06134544651 0.06082356628 0.06180620813
EOD
$d_0_3 << EOD
0.16 0.0122690893 0.01216471325 0.01236124162
1.16 0.03067272326 0.03041178314 0.03090310406
2.16 0.06134544651 0.06082356628 0.06180620813
EOD
$d_0_4 << EOD
0.32 0.01351132533 0.01216690867 0.01607133514
1.32 0.04924514501 0.03969799401 0.05873117737
2.32 0.07370668814 0.06101789923 0.09241232422
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Imbalance, mean over 10 GENERATED 300-task graphs (uniform times; 95% CI)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
