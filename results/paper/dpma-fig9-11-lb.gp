# gridnoc report: dots of t_over_lb by stages, one point per tasks
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
set yrange [0.986581:1.23707]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.266667 1.044442783 1.019619877 1.074342526
0.733333 1.124933112 1.038061656 1.223648641
1.73333 1 1 1
EOD
$d_0_1 << EOD
0 1.012832364 1.006127302 1.020970974
1 1.023913805 1.007466114 1.04485003
2 1.039669717 1.004876597 1.101929451
EOD
$d_0_2 << EOD
0.266667 1.003662834 1.002048816 1.005423487
1.26667 1.02232743 1.009225177 1.037050422
2.26667 1.019762957 1.005342482 1.037272715
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set multiplot title "DPMA period over its lower bound (1 = optimal), real STG graphs" font ",13"
set lmargin at screen 0.1023
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "tasks"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 pt 7 ps 1.1 lc rgb "#0072B2" title "100", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 pt 5 ps 1.1 lc rgb "#D55E00" title "300", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 pt 9 ps 1.1 lc rgb "#009E73" title "500", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
