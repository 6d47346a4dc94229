# gridnoc report: lines of sim_period by stages, one line per mapper
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "stages"
set ylabel "simulated period (time units)"
$d_0_0 << EOD
2 149.00003 0
4 75.00009 0
6 50.0003 0
8 38.00018 0
10 31.00009 0
12 25.00054 0
EOD
$d_0_1 << EOD
2 149.00003 0
4 75.00009 0
6 50.0003 0
8 38.00018 0
10 31.00009 0
12 25.00054 0
EOD
set title "Simulated period = slowest stage; more (balanced) stages -> shorter period"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "chains", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "dpma"
