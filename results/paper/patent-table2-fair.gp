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
1 0.4918707981
2 0.6411342513
3 0.7729818173
4 0.8342447035
5 0.8531953312
6 0.8468810884
7 0.8294141541
8 0.8032027044
EOD
$t_5000_1 << EOD
1 0.4918707981
2 0.7545262191
3 0.878886814
4 0.924148952
5 0.9267753175
6 0.9071964532
7 0.8780687898
8 0.8430797704
EOD
$t_5000_2 << EOD
1 1
2 1.237265563
3 1.259928748
4 1.213456036
5 1.146211881
6 1.076050424
7 1.008798251
8 0.9464509705
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_5000_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_5000_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_5000_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
set title "n = 100000"
unset ylabel
unset key
$t_100000_0 << EOD
1 0.2860017802
2 0.4435311189
3 0.6547763367
4 0.8568978783
5 1.049092507
6 1.229901744
7 1.399380302
8 1.556182271
EOD
$t_100000_1 << EOD
1 0.2860017802
2 0.562266476
3 0.8266268727
4 1.076820846
5 1.311346293
6 1.528793595
7 1.728267228
8 1.909961365
EOD
$t_100000_2 << EOD
1 1
2 1.885579031
3 2.648288224
4 3.28400478
5 3.798304011
6 4.200473148
7 4.506323183
8 4.728260378
EOD
plot x with lines dt 2 lc rgb "#888888" title "k", $t_100000_0 using 1:2 with linespoints lw 2 lc 1 title "ring-eager", $t_100000_1 using 1:2 with linespoints lw 2 lc 2 title "ring-standby", $t_100000_2 using 1:2 with linespoints lw 2 lc 3 title "plain"
unset multiplot
