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
set yrange [0:2.56347]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.333333 0.04179709539 0.03245046205 0.05084041679
0.666667 0.3271466196 0.2360994937 0.4379249719
1.66667 1.75015292 1.11973465 2.411873588
EOD
$d_0_1 << EOD
-0.2 0.02656936221 0.01805907673 0.03647816766
0.8 0.2247425276 0.1388001857 0.3256005704
1.8 1.463609944 0.8882458001 2.061942253
EOD
$d_0_2 << EOD
-0.0666667 0.03815634672 0.02232617259 0.0564021565
0.933333 0.1947860556 0.1016455243 0.3012214112
1.93333 1.601443289 0.8721354394 2.33708751
EOD
$d_0_3 << EOD
0.0666667 0.03312483411 0.02040746035 0.04989656109
1.06667 0.1912956542 0.09860829989 0.298089221
2.06667 1.601443289 0.8721354394 2.33708751
EOD
$d_0_4 << EOD
0.2 0.03896007415 0.0242720538 0.05616940419
1.2 0.3749663785 0.121232664 0.6763643876
2.2 1.711608004 1.002562052 2.418370265
EOD
$d_0_5 << EOD
0.333333 0.01713810778 0.009612084358 0.02465556251
1.33333 0.1503516251 0.05131032034 0.2631394963
2.33333 1.591946257 0.8562904673 2.337372569
EOD
set xtics ("10" 0, "20" 1, "50" 2)
set boxwidth 0.133333 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Imbalance, mean over the 10 real 100-task graphs (95% CI)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_5 using 1:2 with boxes lc rgb "#56B4E9" title "best", $d_0_5 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
