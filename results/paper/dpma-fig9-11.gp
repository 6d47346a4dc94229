# gridnoc report: lines of throughput by stages, one line per tasks
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set logscale y
set xlabel "stages"
set ylabel "throughput 1/T (1/time unit)"
$d_0_0 << EOD
20 0.02775913124 0.005891052693
50 0.04610582539 0.01836064193
100 0.05839057768 0.02671415224
EOD
$d_0_1 << EOD
20 0.009309338056 0.001614634812
50 0.02185126114 0.004236555103
100 0.03441907153 0.01337143026
EOD
$d_0_2 << EOD
20 0.00428153021 0.0004139377665
50 0.01052132686 0.001092331023
100 0.01857355639 0.002525721702
EOD
set title "DPMA throughput 1/T by graph size, real STG graphs (DPMA Figs 9-11)"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "tasks = 100", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "tasks = 300", $d_0_2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#009E73" title "tasks = 500"
