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
set yrange [0.00560316:0.13]
set xrange [16.8:103.2]
set xlabel "stages N"
set ylabel "throughput 1/T (1/time unit)"
$d_0_0 << EOD
20 0.03704721205 0.03664021164 0.03746438747
50 0.07520604396 0.07103937729 0.07912087912
100 0.1 0.1 0.1
EOD
$d_0_1 << EOD
20 0.01211016475 0.01197788962 0.01224243988
50 0.02985739751 0.02959001783 0.03012477718
100 0.05882352941 0.05882352941 0.05882352941
EOD
$d_0_2 << EOD
20 0.007349003773 0.007284110847 0.0074138967
50 0.01822029822 0.01802188552 0.01838624339
100 0.03637566137 0.03597883598 0.03677248677
EOD
set multiplot title "DPMA throughput 1/T by size, GENERATED graphs (uniform times)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "tasks"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "100", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "300", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 9 ps 0.9 lc rgb "#009E73" notitle, $d_0_2 using 1:2 with linespoints lw 2 dt 3 pt 9 ps 0.9 lc rgb "#009E73" title "500"
unset multiplot
