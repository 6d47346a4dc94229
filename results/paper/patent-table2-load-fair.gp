# scripts/paper-figures.sh: speedup over plain's one-cluster time
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 900,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 900,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid xtics ytics lc rgb "#dddddd"
set multiplot layout 1,2 title "Patent Table 2 with background load: n = 5000, dedicated (period 0) and morning load (period 2)"
set xlabel "clusters k"
set xrange [1:8]
set title "period = 0"
set ylabel "speedup vs plain's one-cluster makespan"
set key top left
$t_0_0 << EOD
1 0.4918707981
2 0.6411342513
3 0.7729818173
4 0.8342447035
5 0.8531953312
6 0.8468810884
7 0.8294141541
8 0.8032027044
EOD
$t_0_1 << EOD
1 0.4918707981
2 0.7545262191
3 0.878886814
4 0.924148952
5 0.9267753175
6 0.9071964532
7 0.8780687898
8 0.8430797704
EOD
$t_0_2 << EOD
1 1
2 1.237265563
3 1.259928748
4 1.213456036
5 1.146211881
6 1.076050424
7 1.008798251
8 0.9464509705
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_0_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_0_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_0_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
set title "period = 2"
unset ylabel
unset key
$t_2_0 << EOD
1 0.5751944851
2 0.5860565194
3 0.7547388244
4 0.8748541841
5 0.9983704988
6 0.9986823141
7 1.037901889
8 1.106811915
EOD
$t_2_1 << EOD
1 0.5751944851
2 0.8104859691
3 1.00968711
4 1.082802426
5 1.180093091
6 1.220517557
7 1.295193793
8 1.378726247
EOD
$t_2_2 << EOD
1 1
2 1.568124437
3 1.355190784
4 1.600217412
5 1.804128004
6 2.026381781
7 2.138106806
8 1.680204977
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_2_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_2_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_2_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
unset multiplot
