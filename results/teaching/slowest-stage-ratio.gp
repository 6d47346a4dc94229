# gridnoc report: bars of period_ratio by stages, one bar per mapper
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 860,468 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 860,468 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 8.958in,4.875in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0:1.06002]
set xrange [-0.5:5.5]
set xlabel "stages N"
set ylabel "simulated / analytic period"
$d_0_0 << EOD
-0.2 1.000000201 1.000000201 1.000000201
0.8 1.0000012 1.0000012 1.0000012
1.8 1.000006 1.000006 1.000006
2.8 1.000004737 1.000004737 1.000004737
3.8 1.000002903 1.000002903 1.000002903
4.8 1.0000216 1.0000216 1.0000216
EOD
$d_0_1 << EOD
0.2 1.000000201 1.000000201 1.000000201
1.2 1.0000012 1.0000012 1.0000012
2.2 1.000006 1.000006 1.000006
3.2 1.000004737 1.000004737 1.000004737
4.2 1.000002903 1.000002903 1.000002903
5.2 1.0000216 1.0000216 1.0000216
EOD
set xtics ("2" 0, "4" 1, "6" 2, "8" 3, "10" 4, "12" 5)
set boxwidth 0.4 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Simulated / analytic period (1 = the slowest stage explains everything)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "chains", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "dpma", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, 1 with lines dt 3 lw 1.5 lc rgb "#777777" title "ratio 1"
unset multiplot
