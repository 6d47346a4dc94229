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
set yrange [0:11.8923]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.3 1.599173434 1.409634048 1.826417752
0.7 1.681643783 1.497659461 1.902621216
1.7 1.447208767 1.171365053 1.814260254
EOD
$d_0_1 << EOD
-0.1 1.404166437 1.287982144 1.532789031
0.9 1.407381242 1.292877516 1.558370174
1.9 1.35462621 1.138725459 1.652609956
EOD
$d_0_2 << EOD
0.1 1.641866639 1.470078536 1.821864284
1.1 1.632539762 1.451572734 1.847895803
2.1 1.398713714 1.155767726 1.721476759
EOD
$d_0_3 << EOD
0.3 1.380487241 1.267647313 1.506375883
1.3 1.338736179 1.235703387 1.470481284
2.3 1.2818179 1.118893691 1.482558599
EOD
$d_1_0 << EOD
-0.3 5.535266822 3.818582001 7.807224973
0.7 7.21656876 4.599838361 11.21589446
1.7 6.475463887 3.905904262 11.21918606
EOD
$d_1_1 << EOD
-0.1 2.856487908 2.300572045 3.542073981
0.9 3.057587274 2.431551426 3.91884052
1.9 2.721537063 1.957163286 3.881199939
EOD
$d_1_2 << EOD
0.1 4.068766662 2.99607824 5.568138046
1.1 3.67519461 2.86710158 4.849203474
2.1 2.730581076 1.983800456 3.805569323
EOD
$d_1_3 << EOD
0.3 2.756670125 2.22482668 3.404774877
1.3 2.789965061 2.26887884 3.452439236
2.3 2.260663424 1.664271963 3.13981154
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Period over its lower bound with unit volumes (10 real STG graphs, 300 tasks; 95% CI)" font ",13"
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
