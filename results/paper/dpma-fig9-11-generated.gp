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
20 0.03704721205 0.0004634717884
50 0.07520604396 0.004901779299
100 0.1 1.046457903e-17
EOD
$d_0_1 << EOD
20 0.01211016475 0.0001581780578
50 0.02985739751 0.0003360304731
100 0.05882352941 5.232289516e-18
EOD
$d_0_2 << EOD
20 0.007349003773 7.827904989e-05
50 0.01822029822 0.0002352939145
100 0.03637566137 0.0004987118993
EOD
set title "DPMA throughput 1/T by size, GENERATED graphs (uniform times)"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "tasks = 100", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "tasks = 300", $d_0_2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#009E73" title "tasks = 500"
