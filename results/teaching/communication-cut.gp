# gridnoc report: lines of cut_volume by comm_factor, one line per mapper
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "comm_factor"
set ylabel "cut volume"
$d_0_0 << EOD
0 525.9306789 24.2834153
0.25 517.8555302 20.93155979
0.5 499.9817184 31.05449876
1 478.9034817 31.69039296
2 416.9448713 27.2650289
EOD
$d_0_1 << EOD
0 480.5611119 20.77464565
0.25 464.1647293 19.1092456
0.5 454.1590866 13.35736609
1 415.4997925 15.55809314
2 351.829522 16.19452699
EOD
$d_0_2 << EOD
0 525.9306789 24.2834153
0.25 345.9016981 20.51844779
0.5 345.2839145 26.52339136
1 339.1064155 20.30104544
2 328.6873635 20.16692585
EOD
set title "Data sent between stages"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "dpma", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "dptaa", $d_0_2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#009E73" title "chains"
