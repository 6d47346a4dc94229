# gridnoc report: dots of t_over_lb by stages, one point per mapper
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
set yrange [0.986874:1.23189]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "T / lower bound"
$d_0_0 << EOD
-0.342857 1.016084977 1.011414016 1.02141662
0.657143 1.061971488 1.033405766 1.088969334
1.65714 1.128127475 1.043489487 1.218761786
EOD
$d_0_1 << EOD
-0.228571 1.013241284 1.009587064 1.017272174
0.771429 1.057645145 1.031703355 1.080482144
1.77143 1.1030328 1.037036862 1.173228651
EOD
$d_0_2 << EOD
-0.114286 1.012832364 1.006127302 1.020970974
0.885714 1.023913805 1.007466114 1.04485003
1.88571 1.039669717 1.004876597 1.101929451
EOD
$d_0_3 << EOD
0 1.00853625 1.00520844 1.011863307
1 1.019161618 1.006880905 1.034137122
2 1.036151043 1.004876597 1.090779114
EOD
$d_0_4 << EOD
0.114286 1.011137588 1.005533209 1.017710713
1.11429 1.019161618 1.006880905 1.034137122
2.11429 1.028773207 1.004876597 1.067644196
EOD
$d_0_5 << EOD
0.228571 1.004751138 1.003065802 1.006495663
1.22857 1.006335094 1.002529578 1.010810594
2.22857 1.012409129 1.004511524 1.021314854
EOD
$d_0_6 << EOD
0.342857 1.004751138 1.003065802 1.006495663
1.34286 1.006335094 1.002529578 1.010810594
2.34286 1.012409129 1.004511524 1.021314854
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set multiplot title "Period over its lower bound max(total/N, heaviest task): what throughput is lost" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 pt 7 ps 1.1 lc rgb "#0072B2" title "dptaa", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 pt 5 ps 1.1 lc rgb "#D55E00" title "saatsa", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 pt 9 ps 1.1 lc rgb "#009E73" title "dpma", $d_0_3 using 1:2:3:4 with yerrorbars lw 1.5 pt 11 ps 1.1 lc rgb "#CC79A7" title "dpma+refine", $d_0_4 using 1:2:3:4 with yerrorbars lw 1.5 pt 13 ps 1.1 lc rgb "#E69F00" title "chains", $d_0_5 using 1:2:3:4 with yerrorbars lw 1.5 pt 15 ps 1.1 lc rgb "#56B4E9" title "best", $d_0_6 using 1:2:3:4 with yerrorbars lw 1.5 pt 6 ps 1.1 lc rgb "#000000" title "exact", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
