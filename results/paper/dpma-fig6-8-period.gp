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
set yrange [0:1.31689]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "period T / its lower bound"
$d_0_0 << EOD
-0.32 1.013187494 1.008363525 1.018034542
0.68 1.085265727 1.068839127 1.101944781
1.68 1.220219126 1.198482545 1.242349938
EOD
$d_0_1 << EOD
-0.16 1.011989151 1.007806651 1.016189009
0.84 1.060821032 1.046730687 1.075101052
1.84 1.189620228 1.168450845 1.211173147
EOD
$d_0_2 << EOD
0 1.008314764 1.006866616 1.009764994
1 1.021216019 1.017965236 1.024477183
2 1.042780984 1.032397046 1.053269363
EOD
$d_0_3 << EOD
0.16 1.008314764 1.006866616 1.009764994
1.16 1.021216019 1.017965236 1.024477183
2.16 1.042780984 1.032397046 1.053269363
EOD
$d_0_4 << EOD
0.32 1.008314764 1.006866616 1.009764994
1.32 1.021216019 1.017965236 1.024477183
2.32 1.042780984 1.032397046 1.053269363
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Period over its lower bound max(total/N, heaviest task): what throughput is lost" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
