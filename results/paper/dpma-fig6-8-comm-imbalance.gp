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
set yrange [0:17.7648]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.3 0.592154995 0.3775823154 0.829219088
0.7 0.8938273882 0.6514435703 1.133034228
1.7 1.583620553 1.252180055 1.896683452
EOD
$d_0_1 << EOD
-0.1 0.0665181393 0.04545941256 0.08819089198
0.9 0.2841946244 0.2203829191 0.3603417618
1.9 1.348593193 0.9235250614 1.792048466
EOD
$d_0_2 << EOD
0.1 1.18789219 0.8855554785 1.481975429
1.1 1.570500855 1.201707551 1.891247192
2.1 1.986327026 1.648506135 2.308902079
EOD
$d_0_3 << EOD
0.3 0.00590381466 0.004378715184 0.008093173358
1.3 0.1550980515 0.09884867064 0.2204201321
2.3 1.471260682 0.958135005 1.990412215
EOD
$d_1_0 << EOD
-0.3 5.464859684 3.566281066 7.439983391
0.7 8.932251499 5.303592908 12.87024006
1.7 11.38658593 6.567451053 16.75929
EOD
$d_1_1 << EOD
-0.1 0.7178889998 0.1778995998 1.689474515
0.9 1.018033685 0.6436711961 1.52575404
1.9 2.194437772 1.467673154 3.074524587
EOD
$d_1_2 << EOD
0.1 3.78882827 2.587241739 5.094010566
1.1 3.857460764 3.005518839 4.950562615
2.1 4.164813404 3.3621245 4.973089021
EOD
$d_1_3 << EOD
0.3 0.06382598314 0.02311590187 0.1263301665
1.3 0.5196052259 0.344258651 0.7230923213
2.3 2.168289418 1.424732991 3.009865346
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Imbalance with unit volumes (10 real STG graphs, 300 tasks; 95% CI)" font ",13"
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
