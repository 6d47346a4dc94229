# gridnoc report: bars of t_over_lb by stages, one bar per tasks
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
set yrange [0:1.31935]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.266667 1.044442783 1.011339058 1.078630079
0.733333 1.124933112 1.016711549 1.244674076
1.73333 1 1 1
EOD
$d_0_1 << EOD
0 1.012832364 1.003611392 1.022138056
1 1.023913805 1.001469177 1.046861455
2 1.039669717 0.9751457608 1.108463128
EOD
$d_0_2 << EOD
0.266667 1.003662834 1.001594287 1.005735653
1.26667 1.02232743 1.004411497 1.040562933
2.26667 1.019762957 1.000271785 1.039633931
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.266667 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "DPMA period over its lower bound (1 = optimal), real STG graphs" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "tasks"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "100", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "300", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "500", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
