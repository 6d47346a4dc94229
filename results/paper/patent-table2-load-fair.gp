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
1 0.492
2 0.641
3 0.773
4 0.834
5 0.853
6 0.847
7 0.829
8 0.803
EOD
$t_0_1 << EOD
1 0.492
2 0.755
3 0.879
4 0.924
5 0.927
6 0.907
7 0.878
8 0.843
EOD
$t_0_2 << EOD
1 1.000
2 1.237
3 1.260
4 1.213
5 1.146
6 1.076
7 1.009
8 0.946
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_0_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_0_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_0_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
set title "period = 2"
unset ylabel
unset key
$t_2_0 << EOD
1 0.575
2 0.586
3 0.755
4 0.875
5 0.998
6 0.999
7 1.038
8 1.107
EOD
$t_2_1 << EOD
1 0.575
2 0.810
3 1.010
4 1.083
5 1.180
6 1.221
7 1.295
8 1.379
EOD
$t_2_2 << EOD
1 1.000
2 1.568
3 1.355
4 1.600
5 1.804
6 2.026
7 2.138
8 1.680
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_2_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_2_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_2_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
unset multiplot
