# gridnoc report: bars of t_over_lb by stages, one bar per mapper
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
set yrange [0:1.31595]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.342857 1.016084977 1.009940654 1.022266682
0.657143 1.061971488 1.028559748 1.096468575
1.65714 1.128127475 1.025140164 1.241461065
EOD
$d_0_1 << EOD
-0.228571 1.013241284 1.008455359 1.018049922
0.771429 1.057645145 1.027630248 1.088536712
1.77143 1.1030328 1.021868614 1.190643633
EOD
$d_0_2 << EOD
-0.114286 1.012832364 1.003611392 1.022138056
0.885714 1.023913805 1.001469177 1.046861455
1.88571 1.039669717 0.9751457608 1.108463128
EOD
$d_0_3 << EOD
0 1.00853625 1.004356574 1.01273332
1 1.019161618 1.002492396 1.036108013
2 1.036151043 0.9792265009 1.096384732
EOD
$d_0_4 << EOD
0.114286 1.011137588 1.003557918 1.018774506
1.11429 1.019161618 1.002492396 1.036108013
2.11429 1.028773207 0.9877591966 1.071490213
EOD
$d_0_5 << EOD
0.228571 1.004751138 1.002603708 1.006903167
1.22857 1.006335094 1.00132332 1.011371952
2.22857 1.012409129 1.002001692 1.022924663
EOD
$d_0_6 << EOD
0.342857 1.004751138 1.002603708 1.006903167
1.34286 1.006335094 1.00132332 1.011371952
2.34286 1.012409129 1.002001692 1.022924663
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.114286 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Period over its lower bound max(total/N, heaviest task): what throughput is lost" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_5 using 1:2 with boxes lc rgb "#56B4E9" title "best", $d_0_5 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_6 using 1:2 with boxes lc rgb "#000000" title "exact", $d_0_6 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
