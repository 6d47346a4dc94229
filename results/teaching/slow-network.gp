# gridnoc report: lines of speedup_cluster by clusters, one line per shape, one panel per n
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1080,406 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 1080,406 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 11.25in,4.229in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0.443631:2.0247]
set xrange [0.69:8.31]
set xlabel "clusters"
set ylabel "speedup over one cluster"
$d_0_0 << EOD
0.97 1 1 1
1.97 0.9954596555 0.9954596555 0.9954596555
2.97 0.9948219983 0.9948219983 0.9948219983
3.97 0.974023317 0.974023317 0.974023317
4.97 0.9470881607 0.9470881607 0.9470881607
5.97 0.9163515929 0.9163515929 0.9163515929
6.97 0.8869674385 0.8869674385 0.8869674385
7.97 0.8569933728 0.8569933728 0.8569933728
EOD
$d_0_1 << EOD
1.03 1 1 1
2.03 0.9954596555 0.9954596555 0.9954596555
3.03 0.8956294601 0.8956294601 0.8956294601
4.03 0.7959046025 0.7959046025 0.7959046025
5.03 0.7107625148 0.7107625148 0.7107625148
6.03 0.6389505866 0.6389505866 0.6389505866
7.03 0.5797956722 0.5797956722 0.5797956722
8.03 0.5283306486 0.5283306486 0.5283306486
EOD
$d_1_0 << EOD
0.97 1 1 1
1.97 1.534004781 1.534004781 1.534004781
2.97 1.791843529 1.791843529 1.791843529
3.97 1.905873714 1.905873714 1.905873714
4.97 1.939997434 1.939997434 1.939997434
5.97 1.931439332 1.931439332 1.931439332
6.97 1.896869081 1.896869081 1.896869081
7.97 1.848401592 1.848401592 1.848401592
EOD
$d_1_1 << EOD
1.03 1 1 1
2.03 1.534004781 1.534004781 1.534004781
3.03 1.786835297 1.786835297 1.786835297
4.03 1.878845347 1.878845347 1.878845347
5.03 1.8841804 1.8841804 1.8841804
6.03 1.844397191 1.844397191 1.844397191
7.03 1.785170741 1.785170741 1.785170741
8.03 1.714036771 1.714036771 1.714036771
EOD
set multiplot title "Speedup over one cluster: star vs cascade of 100 Mbit/s switches, by system size n" font ",13"
set lmargin at screen 0.0796
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 1000"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "shape"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "star", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "cascade", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
set lmargin at screen 0.4778
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 5000"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "star", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "cascade", 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
