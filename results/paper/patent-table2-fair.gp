# scripts/paper-figures.sh: speedup over plain's one-cluster time
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 900,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 900,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid xtics ytics lc rgb "#dddddd"
set multiplot layout 1,2 title "Patent Table 2 compared fairly: dedicated nodes, cascade"
set xlabel "clusters k"
set xrange [1:8]
set title "n = 5000"
set ylabel "speedup vs plain's one-cluster makespan"
set key top left
$t_5000_0 << EOD
1 0.492
2 0.641
3 0.773
4 0.834
5 0.853
6 0.847
7 0.829
8 0.803
EOD
$t_5000_1 << EOD
1 0.492
2 0.755
3 0.879
4 0.924
5 0.927
6 0.907
7 0.878
8 0.843
EOD
$t_5000_2 << EOD
1 1.000
2 1.237
3 1.260
4 1.213
5 1.146
6 1.076
7 1.009
8 0.946
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_5000_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_5000_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_5000_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
set title "n = 100000"
unset ylabel
unset key
$t_100000_0 << EOD
1 0.286
2 0.444
3 0.655
4 0.857
5 1.049
6 1.230
7 1.399
8 1.556
EOD
$t_100000_1 << EOD
1 0.286
2 0.562
3 0.827
4 1.077
5 1.311
6 1.529
7 1.728
8 1.910
EOD
$t_100000_2 << EOD
1 1.000
2 1.886
3 2.648
4 3.284
5 3.798
6 4.200
7 4.506
8 4.728
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_100000_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_100000_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_100000_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
unset multiplot
