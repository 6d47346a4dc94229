# gridnoc report: bars of completed by period, one bar per scheduler
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
set yrange [0:1]
set xrange [-0.5:3.5]
set xlabel "time period of the day (1 night, 2 morning, 3 afternoon, 4 evening)"
set ylabel "share of runs completed"
set ytics 0.2
$d_0_0 << EOD
-0.3 1 0.9630065018 1
0.7 1 0.9630065018 1
1.7 1 0.9630065018 1
2.7 1 0.9630065018 1
EOD
$d_0_1 << EOD
-0.1 1 0.9630065018 1
0.9 1 0.9630065018 1
1.9 1 0.9630065018 1
2.9 1 0.9630065018 1
EOD
$d_0_2 << EOD
0.1 1 0.9630065018 1
1.1 1 0.9630065018 1
2.1 1 0.9630065018 1
3.1 1 0.9630065018 1
EOD
$d_0_3 << EOD
0.3 1 0.9630065018 1
1.3 0.97 0.9154806357 0.989745476
2.3 1 0.9630065018 1
3.3 1 0.9630065018 1
EOD
set xtics ("1" 0, "2" 1, "3" 2, "4" 3)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Share of runs completed (1 - complete-failure rate), patent Table 3" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "ring", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "plain", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "replicate", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "checkpoint", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
