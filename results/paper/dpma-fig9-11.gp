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
set yrange [0.00297507:0.110636]
set xrange [15:105]
set xlabel "stages N"
set ylabel "throughput 1/T (1/time unit)"
$d_0_0 << EOD
18.2 0.02775913124 0.02186807855 0.03365018394
48.2 0.04610582539 0.02774518346 0.06446646733
98.2 0.05839057768 0.03167642544 0.08510472992
EOD
$d_0_1 << EOD
20 0.009309338056 0.007694703244 0.01092397287
50 0.02185126114 0.01761470603 0.02608781624
100 0.03441907153 0.02104764127 0.04779050179
EOD
$d_0_2 << EOD
21.8 0.00428153021 0.003867592443 0.004695467976
51.8 0.01052132686 0.009428995841 0.01161365789
101.8 0.01857355639 0.01604783469 0.02109927809
EOD
set multiplot title "DPMA throughput 1/T by graph size, real STG graphs (DPMA Figs 9-11)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "tasks"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "100", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "300", $d_0_2 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 9 ps 0.9 lc rgb "#009E73" notitle, $d_0_2 using 1:2 with linespoints lw 2 dt 3 pt 9 ps 0.9 lc rgb "#009E73" title "500"
unset multiplot
