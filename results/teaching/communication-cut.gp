# gridnoc report: lines of cut_volume by comm_factor, one line per mapper
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
set yrange [294.019:564.716]
set xrange [-0.095:2.095]
set xlabel "communication price (comm_factor, per unit sent)"
set ylabel "data sent between stages (data units)"
$d_0_0 << EOD
-0.015 525.9306789 501.6472636 550.2140942
0.235 517.8555302 496.9239704 538.78709
0.485 499.9817184 468.9272196 531.0362171
0.985 478.9034817 447.2130888 510.5938747
1.985 416.9448713 389.6798424 444.2099002
EOD
$d_0_1 << EOD
0 480.5611119 459.7864663 501.3357576
0.25 464.1647293 445.0554837 483.2739749
0.5 454.1590866 440.8017205 467.5164527
1 415.4997925 399.9416993 431.0578856
2 351.829522 335.634995 368.024049
EOD
$d_0_2 << EOD
0.015 525.9306789 501.6472636 550.2140942
0.265 345.9016981 325.3832503 366.4201459
0.515 345.2839145 318.7605231 371.8073059
1.015 339.1064155 318.8053701 359.407461
2.015 328.6873635 308.5204376 348.8542893
EOD
set multiplot title "Data sent between stages" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "dpma", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "dptaa", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 9 ps 0.9 lc rgb "#009E73" notitle, $d_0_2 using 1:2 with linespoints lw 2 dt 3 pt 9 ps 0.9 lc rgb "#009E73" title "chains"
unset multiplot
