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
set ytics (0.005, 0.01, 0.02, 0.05, 0.1)
set mytics 10
set yrange [0.00304475:0.103955]
set xrange [16.8:103.2]
set xlabel "stages N"
set ylabel "throughput 1/T (1/time unit)"
$d_0_0 << EOD
20 0.02775913124 0.02268500265 0.03225738137
50 0.04610582539 0.03132446918 0.06085200514
100 0.05839057768 0.03658627087 0.07996503496
EOD
$d_0_1 << EOD
20 0.009309338056 0.007957968432 0.01060699704
50 0.02185126114 0.01849673203 0.02526353514
100 0.03441907153 0.02396083696 0.04568789054
EOD
$d_0_2 << EOD
20 0.00428153021 0.003958174617 0.004632548942
50 0.01052132686 0.009668750832 0.01145018329
100 0.01857355639 0.01656292879 0.02068229002
EOD
set multiplot title "DPMA throughput 1/T by graph size, real STG graphs (DPMA Figs 9-11)" font ",13"
set lmargin at screen 0.1116
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "tasks"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "100", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "300", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 9 ps 0.9 lc rgb "#009E73" notitle, $d_0_2 using 1:2 with linespoints lw 2 dt 3 pt 9 ps 0.9 lc rgb "#009E73" title "500"
unset multiplot
