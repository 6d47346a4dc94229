# gridnoc report: lines of throughput by stages, one line per tasks
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
set logscale y
set ytics (0.01, 0.02, 0.05, 0.1)
set mytics 10
set yrange [0.00559494:0.13]
set xrange [16.8:103.2]
set xlabel "stages N"
set ylabel "throughput 1/T (items / time unit)"
$d_0_0 << EOD
20 0.03687169312 0.03654100529 0.03703703704
50 0.0754635989 0.07025526557 0.08024267399
100 0.1 0.1 0.1
EOD
$d_0_1 << EOD
20 0.01212522046 0.01195987654 0.01229056437
50 0.02985739751 0.02952317291 0.0301916221
100 0.05882352941 0.05882352941 0.05882352941
EOD
$d_0_2 << EOD
20 0.007354531689 0.007273415531 0.007435647848
50 0.01818783069 0.01793981482 0.01843584656
100 0.03637566137 0.03587962963 0.03687169312
EOD
set multiplot title "DPMA throughput 1/T by graph size (cf. DPMA Figs 9-11)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "tasks"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "100", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "300", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 9 ps 0.9 lc rgb "#009E73" notitle, $d_0_2 using 1:2 with linespoints lw 2 dt 3 pt 9 ps 0.9 lc rgb "#009E73" title "500"
unset multiplot
