# scripts/paper-figures.sh: n needed for 0.8 k and 0.9 k speedup at k = 8 against node speed
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1000,520 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 1000,520 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid xtics ytics lc rgb "#dddddd"
set logscale xy
set key bottom right Left reverse font ",10" samplen 3
set xlabel "node speed (1 = the 2005 PCs of the preset)"
set ylabel "system size n needed"
set xrange [0.015:2.6]
set yrange [500:400000]
set arrow from 1,500 to 1,400000 nohead dt 2 lc rgb "#888888"
set arrow from 0.015,5000 to 2.6,5000 nohead dt 3 lc rgb "#888888"
set label "2005 nodes" at 1.05,250000 tc rgb "#555555"
set label "patent n = 5000" at 0.25,4300 tc rgb "#555555"
set label 99 "never reached by n = 200000: ring-eager-mirror, 100 Mbit/s; ring-eager-mirror, 1000 Mbit/s" at screen 0.08,0.03 font ",10" tc rgb "#b71c1c"
set bmargin 6
$d_4_plain_100 << EOD
0.02 7407
0.05 16281
0.1 32061
0.2 60107
0.5 148742
EOD
$d_4_plain_1000 << EOD
0.02 4366
0.05 7062
0.1 9606
0.2 14794
0.5 25795
1 42399
2 73509
EOD
$d_4_ring_eager_mirror_100 << EOD
EOD
$d_4_ring_eager_mirror_1000 << EOD
EOD
$d_4_ring_standby_mirror_100 << EOD
0.02 2828
0.05 5198
0.1 9276
0.2 17460
0.5 41996
1 81504
2 161409
EOD
$d_4_ring_standby_mirror_1000 << EOD
0.02 2203
0.05 3733
0.1 4850
0.2 7335
0.5 11663
1 17177
2 27793
EOD
$d_5_plain_100 << EOD
0.02 15398
0.05 36982
0.1 69684
0.2 137514
EOD
$d_5_plain_1000 << EOD
0.02 6920
0.05 10279
0.1 16209
0.2 24207
0.5 46380
1 82554
2 152372
EOD
$d_5_ring_eager_mirror_100 << EOD
EOD
$d_5_ring_eager_mirror_1000 << EOD
EOD
$d_5_ring_standby_mirror_100 << EOD
0.02 4895
0.05 10204
0.1 19420
0.2 39747
0.5 92035
1 182725
EOD
$d_5_ring_standby_mirror_1000 << EOD
0.02 3752
0.05 5221
0.1 7967
0.2 10890
0.5 18430
1 31682
2 48440
EOD
set multiplot layout 1,2
set title "speedup >= 0.8 k (6.4 at k = 8)"
plot $d_4_plain_100 using 1:2 with linespoints lw 2 dt 1 lc 3 pt 7 title "plain, 100 Mbit/s", $d_4_plain_1000 using 1:2 with linespoints lw 2 dt 2 lc 3 pt 7 title "plain, 1000 Mbit/s", $d_4_ring_standby_mirror_100 using 1:2 with linespoints lw 2 dt 1 lc 2 pt 6 title "ring-standby-mirror, 100 Mbit/s", $d_4_ring_standby_mirror_1000 using 1:2 with linespoints lw 2 dt 2 lc 2 pt 6 title "ring-standby-mirror, 1000 Mbit/s"
unset label 99
set title "speedup >= 0.9 k (7.2 at k = 8)"
plot $d_5_plain_100 using 1:2 with linespoints lw 2 dt 1 lc 3 pt 7 title "plain, 100 Mbit/s", $d_5_plain_1000 using 1:2 with linespoints lw 2 dt 2 lc 3 pt 7 title "plain, 1000 Mbit/s", $d_5_ring_standby_mirror_100 using 1:2 with linespoints lw 2 dt 1 lc 2 pt 6 title "ring-standby-mirror, 100 Mbit/s", $d_5_ring_standby_mirror_1000 using 1:2 with linespoints lw 2 dt 2 lc 2 pt 6 title "ring-standby-mirror, 1000 Mbit/s"
unset label 99
unset multiplot
