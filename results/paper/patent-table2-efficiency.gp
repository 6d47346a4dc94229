# gridnoc report: lines of efficiency by clusters, one line per mirror, one panel per n
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
set yrange [0.0251549:0.281467]
set xrange [0.72:8.28]
set xlabel "clusters"
set ylabel "efficiency"
$d_0_0 << EOD
1 0.1905058717 0.1905058717 0.1905058717
2 0.1241584578 0.1241584578 0.1241584578
3 0.09979421122 0.09979421122 0.09979421122
4 0.08077757162 0.08077757162 0.08077757162
5 0.06609000615 0.06609000615 0.06609000615
6 0.05466741152 0.05466741152 0.05466741152
7 0.04589133891 0.04589133891 0.04589133891
8 0.03888593102 0.03888593102 0.03888593102
EOD
$d_0_1 << EOD
1 0.1905058717 0.1905058717 0.1905058717
2 0.1461173093 0.1461173093 0.1461173093
3 0.1134668557 0.1134668557 0.1134668557
4 0.08948274751 0.08948274751 0.08948274751
5 0.07178964088 0.07178964088 0.07178964088
6 0.05856085644 0.05856085644 0.05856085644
7 0.04858339133 0.04858339133 0.04858339133
8 0.04081652317 0.04081652317 0.04081652317
EOD
$d_1_0 << EOD
1 0.2677356925 0.2677356925 0.2677356925
2 0.2076020491 0.2076020491 0.2076020491
3 0.2043192363 0.2043192363 0.2043192363
4 0.2005425863 0.2005425863 0.2005425863
5 0.1964180144 0.1964180144 0.1964180144
6 0.1918919263 0.1918919263 0.1918919263
7 0.1871437173 0.1871437173 0.1871437173
8 0.1820991891 0.1820991891 0.1820991891
EOD
$d_1_1 << EOD
1 0.2677356925 0.2677356925 0.2677356925
2 0.2631780896 0.2631780896 0.2631780896
3 0.2579442198 0.2579442198 0.2579442198
4 0.2520118708 0.2520118708 0.2520118708
5 0.2455188968 0.2455188968 0.2455188968
6 0.2385256783 0.2385256783 0.2385256783
7 0.2311268446 0.2311268446 0.2311268446
8 0.2234972228 0.2234972228 0.2234972228
EOD
set multiplot title "Efficiency of ring: speedup over the fastest node / capability ratio, cascade" font ",13"
set lmargin at screen 0.0815
set rmargin at screen 0.3852
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 5000"
set key at screen 0.8074, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mirror"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "eager", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "standby"
set lmargin at screen 0.4796
set rmargin at screen 0.7833
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "system size n = 100000"
unset key
plot $d_1_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_1_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "eager", $d_1_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_1_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "standby"
unset multiplot
