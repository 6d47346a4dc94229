# gridnoc report: bars of imbalance by stages, one bar per mapper
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 760,460 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 760,460 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set yrange [0:*]
set xlabel "stages"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.32 0.04179709539 0.01108849447
0.68 0.3271466196 0.1262310043
1.68 1.75015292 0.7915782991
EOD
$d_0_1 << EOD
-0.16 0.02656936221 0.01132392405
0.84 0.2247425276 0.1150371229
1.84 1.463609944 0.7184486552
EOD
$d_0_2 << EOD
0 0.03815634672 0.02126573977
1 0.1947860556 0.1200661501
2 1.601443289 0.8940469953
EOD
$d_0_3 << EOD
0.16 0.03312483411 0.01868636998
1.16 0.1912956542 0.1206592947
2.16 1.601443289 0.8940469953
EOD
$d_0_4 << EOD
0.32 0.03896007415 0.01993260427
1.32 0.3749663785 0.3424999961
2.32 1.711608004 0.8562642211
EOD
set xtics ("10" 0, "20" 1, "50" 2)
set boxwidth 0.16 absolute
set style fill solid 0.85 border lc rgb "#333333"
set title "Imbalance, mean over the 10 real 100-task graphs (95% CI)"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:($2-$3):(0):(2*$3) with vectors nohead lc rgb "#222222" notitle
