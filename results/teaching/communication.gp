# gridnoc report: lines of t_over_lb by comm_factor, one line per mapper
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "comm_factor (cost per unit sent)"
set ylabel "T / lower bound"
$d_0_0 << EOD
0 1.007507716 0.004982138687
0.25 1.390611569 0.02145394802
0.5 1.699399204 0.02898461627
1 2.277433948 0.04405725078
2 3.704361899 0.2775953333
EOD
$d_0_1 << EOD
0 1.02635945 0.01466520247
0.25 1.303732396 0.04311062471
0.5 1.580361699 0.0477984184
1 2.214679421 0.1196627156
2 3.763806526 0.137246936
EOD
$d_0_2 << EOD
0 1.007507716 0.004982138687
0.25 1.228442519 0.03115459488
0.5 1.399638963 0.03529594339
1 1.75573715 0.0330465342
2 2.411667918 0.09872883572
EOD
set title "Period / lower bound as communication gets dearer (ccr = 1)"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "dpma", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "dptaa", $d_0_2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#009E73" title "chains"
