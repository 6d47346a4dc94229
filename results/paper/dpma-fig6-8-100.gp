# gridnoc report: bars of imbalance by graph, one bar per mapper, one panel per stages
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1320,400 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 1320,400 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set yrange [0:*]
set xlabel "graph"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.32 0.03442340792 0
0.68 0.03490401396 0
1.68 0.05940594059 0
2.68 0.01838235294 0
3.68 0.03976143141 0
4.68 0.0625 0
5.68 0.01834862385 0
6.68 0.05170630817 0
7.68 0.04705882353 0
8.68 0.05148005148 0
EOD
$d_0_1 << EOD
-0.16 0.05163511188 0
0.84 0.01745200698 0
1.84 0.0198019802 0
2.84 0.01838235294 0
3.84 0.03976143141 0
4.84 0.05357142857 0
5.84 0.01834862385 0
6.84 0.01034126163 0
7.84 0.02352941176 0
8.84 0.01287001287 0
EOD
$d_0_2 << EOD
0 0.03442340792 0
1 0.03490401396 0
2 0.0198019802 0
3 0.01838235294 0
4 0.09940357853 0
5 0.0625 0
6 0.01834862385 0
7 0.01034126163 0
8 0.07058823529 0
9 0.01287001287 0
EOD
$d_0_3 << EOD
0.16 0.03442340792 0
1.16 0.03490401396 0
2.16 0.0198019802 0
3.16 0.01838235294 0
4.16 0.09940357853 0
5.16 0.03571428571 0
6.16 0.01834862385 0
7.16 0.01034126163 0
8.16 0.04705882353 0
9.16 0.01287001287 0
EOD
$d_0_4 << EOD
0.32 0.03442340792 0
1.32 0.03490401396 0
2.32 0.0396039604 0
3.32 0.01838235294 0
4.32 0.09940357853 0
5.32 0.0625 0
6.32 0.01834862385 0
7.32 0.01034126163 0
8.32 0.05882352941 0
9.32 0.01287001287 0
EOD
$d_1_0 << EOD
-0.32 0.1376936317 0
0.68 0.2443280977 0
1.68 0.3168316832 0
2.68 0.5882352941 0
3.68 0.2783300199 0
4.68 0.2321428571 0
5.68 0.1834862385 0
6.68 0.2895553257 0
7.68 0.3058823529 0
8.68 0.694980695 0
EOD
$d_1_1 << EOD
-0.16 0.1376936317 0
0.84 0.1047120419 0
1.84 0.1584158416 0
2.84 0.4411764706 0
3.84 0.1590457256 0
4.84 0.1607142857 0
5.84 0.1100917431 0
6.84 0.1034126163 0
7.84 0.3058823529 0
8.84 0.5662805663 0
EOD
$d_1_2 << EOD
0 0.03442340792 0
1 0.1745200698 0
2 0.0396039604 0
3 0.4779411765 0
4 0.2783300199 0
5 0.125 0
6 0.03669724771 0
7 0.08273009307 0
8 0.2352941176 0
9 0.4633204633 0
EOD
$d_1_3 << EOD
0.16 0.03442340792 0
1.16 0.1396160558 0
2.16 0.0396039604 0
3.16 0.4779411765 0
4.16 0.2783300199 0
5.16 0.125 0
6.16 0.03669724771 0
7.16 0.08273009307 0
8.16 0.2352941176 0
9.16 0.4633204633 0
EOD
$d_1_4 << EOD
0.32 0.03442340792 0
1.32 0.1745200698 0
2.32 0.0396039604 0
3.32 1.139705882 0
4.32 0.1988071571 0
5.32 0.125 0
6.32 0.03669724771 0
7.32 0.1447776629 0
8.32 0.5176470588 0
9.32 1.338481338 0
EOD
$d_2_0 << EOD
-0.32 0.9466437177 0
0.68 2.181500873 0
1.68 0.6930693069 0
2.68 3.125 0
3.68 0.7952286282 0
4.68 0.5803571429 0
5.68 0.8256880734 0
6.68 2.119958635 0
7.68 2.823529412 0
8.68 3.410553411 0
EOD
$d_2_1 << EOD
-0.16 0.5163511188 0
0.84 1.832460733 0
1.84 0.495049505 0
2.84 2.665441176 0
3.84 0.6958250497 0
4.84 0.5357142857 0
5.84 0.6422018349 0
6.84 1.758014478 0
7.84 2.470588235 0
8.84 3.024453024 0
EOD
$d_2_2 << EOD
0 0.430292599 0
1 2.181500873 0
2 0.198019802 0
3 3.125 0
4 0.6958250497 0
5 0.4017857143 0
6 0.6422018349 0
7 2.223371251 0
8 2.705882353 0
9 3.410553411 0
EOD
$d_2_3 << EOD
0.16 0.430292599 0
1.16 2.181500873 0
2.16 0.198019802 0
3.16 3.125 0
4.16 0.6958250497 0
5.16 0.4017857143 0
6.16 0.6422018349 0
7.16 2.223371251 0
8.16 2.705882353 0
9.16 3.410553411 0
EOD
$d_2_4 << EOD
0.32 0.8605851979 0
1.32 2.181500873 0
2.32 0.198019802 0
3.32 3.125 0
4.32 1.093439364 0
5.32 0.4017857143 0
6.32 0.7339449541 0
7.32 2.223371251 0
8.32 2.823529412 0
9.32 3.474903475 0
EOD
set xtics ("rand0000.stg" 0, "rand0010.stg" 1, "rand0030.stg" 2, "rand0041.stg" 3, "rand0060.stg" 4, "rand0086.stg" 5, "rand0090.stg" 6, "rand0106.stg" 7, "rand0125.stg" 8, "rand0172.stg" 9)
set xtics rotate by -45
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot layout 1,3 title "Imbalance per real STG graph, 100 tasks"
set title "stages = 10"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "stages = 20"
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_1_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_1_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_1_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_1_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_1_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_1_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
set title "stages = 50"
plot $d_2_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_2_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_2_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_2_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_2_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_2_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_2_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
unset multiplot
