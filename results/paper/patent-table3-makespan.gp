# gridnoc report: bars of makespan_s by period, one bar per scheduler
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
set yrange [0:14.4774]
set xrange [-0.5:3.5]
set xlabel "time period of the day (1 night, 2 morning, 3 afternoon, 4 evening)"
set ylabel "makespan (s)"
$d_0_0 << EOD
-0.3 7.738235332 7.714125027 7.762345638
0.7 13.25687451 13.10400839 13.40974062
1.7 13.27710294 13.13165354 13.42255233
2.7 8.089871868 8.045876874 8.133866862
EOD
$d_0_1 << EOD
-0.1 6.590417542 6.567239176 6.613595908
0.9 9.173731849 8.968296088 9.379167609
1.9 9.286069363 9.080996766 9.49114196
2.9 6.688678573 6.6570747 6.720282445
EOD
$d_0_2 << EOD
0.1 7.767500822 7.7377738 7.797227844
1.1 13.33145643 13.17197575 13.49093711
2.1 13.49183186 13.32574748 13.65791625
3.1 8.106722394 8.058718043 8.154726744
EOD
$d_0_3 << EOD
0.3 6.776070149 6.75154432 6.800595978
1.3 11.66637025 10.76156934 12.57117115
2.3 11.89304444 10.96804525 12.81804363
3.3 6.903716905 6.842934287 6.964499524
EOD
set xtics ("1" 0, "2" 1, "3" 2, "4" 3)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Makespan by period" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "scheduler"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "ring", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "plain", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "replicate", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "checkpoint", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
