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
20 0.03687169312 0.0003909762342
50 0.0754635989 0.006357745138
100 0.1 1.240318902e-17
EOD
$d_0_1 << EOD
20 0.01212522046 0.0001970335018
50 0.02985739751 0.0003982816185
100 0.05882352941 6.20159451e-18
EOD
$d_0_2 << EOD
20 0.007354531689 9.666276841e-05
50 0.01818783069 0.0002955502504
100 0.03637566137 0.0005911005053
EOD
set title "DPMA throughput 1/T by graph size (cf. DPMA Figs 9-11)"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "tasks = 100", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "tasks = 300", $d_0_2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#009E73" title "tasks = 500"
