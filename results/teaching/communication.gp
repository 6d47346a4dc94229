# gridnoc report: lines of t_over_lb by comm_factor, one line per mapper
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
set yrange [0.820836:4.16523]
set xrange [-0.095:2.095]
set xlabel "communication price (comm_factor, per unit sent)"
set ylabel "period T / its lower bound"
$d_0_0 << EOD
-0.015 1.007501319 1.002528699 1.012498604
0.235 1.390525501 1.369201205 1.412181908
0.485 1.699270794 1.670508374 1.728528439
0.985 2.277213343 2.233658584 2.321617389
1.985 3.698988202 3.432583728 3.986068456
EOD
$d_0_1 << EOD
0 1.026304766 1.011681013 1.041139905
0.25 1.303359934 1.260742235 1.347418268
0.5 1.579985676 1.5328215 1.628601072
1 2.213030774 2.098060452 2.334301284
2 3.762508248 3.627776294 3.902244011
EOD
$d_0_2 << EOD
0.015 1.007501319 1.002528699 1.012498604
0.265 1.228235025 1.197198158 1.260076511
0.515 1.399407167 1.364459549 1.435249891
1.015 1.755575777 1.722840978 1.788932553
2.015 2.410593374 2.312135725 2.513243643
EOD
set multiplot title "Period / lower bound as communication gets dearer (ccr = 1)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "dpma", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "dptaa", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 9 ps 0.9 lc rgb "#009E73" notitle, $d_0_2 using 1:2 with linespoints lw 2 dt 3 pt 9 ps 0.9 lc rgb "#009E73" title "chains", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
