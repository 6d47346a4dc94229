# gridnoc report: bars of imbalance by stages, one bar per mapper, one panel per tasks
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' or 'pdf' for PNG or PDF)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 1510,406 font "DejaVu Sans,12" noenhanced background rgb "white"
if (fmt eq "png") set terminal pngcairo size 1510,406 font "DejaVu Sans,11" noenhanced background rgb "white"
if (fmt eq "pdf") set terminal pdfcairo size 15.73in,4.229in font "DejaVu Sans,8.5" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror out
set grid ytics lc rgb "#e0e0e0"
unset key
set yrange [0:1.81792]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "stage imbalance (max - min) / exp"
$d_0_0 << EOD
-0.3 0.04717882989 0.02443197074 0.06992568904
0.7 0.4694647637 0.31328656 0.6256429674
1.7 1.693658033 1.672298249 1.715017816
EOD
$d_0_1 << EOD
-0.1 0.1693658032 0.1321195982 0.2066120083
0.9 0.7855319435 0.6267919554 0.9442719316
1.9 1.693658033 1.672298249 1.715017816
EOD
$d_0_2 << EOD
0.1 0.1268251923 0.09843154275 0.1552188418
1.1 0.5178385546 0.4421968771 0.5934802321
2.1 1.693658033 1.672298249 1.715017816
EOD
$d_0_3 << EOD
0.3 0.04717882989 0.02443197074 0.06992568904
1.3 0.5032556048 0.2716139931 0.7348972166
2.3 1.693658033 1.672298249 1.715017816
EOD
$d_1_0 << EOD
-0.3 0.01222802729 0.01205434339 0.0124017112
0.7 0.03057006824 0.03013585849 0.03100427799
1.7 0.06114013648 0.06027171697 0.06200855599
EOD
$d_1_1 << EOD
-0.1 0.03037573529 0.01438597033 0.04636550025
0.9 0.1523645088 0.1206486452 0.1840803725
1.9 0.4277380392 0.3911261277 0.4643499507
EOD
$d_1_2 << EOD
0.1 0.01523645088 0.01067745155 0.01979545021
1.1 0.1529717993 0.1249189579 0.1810246407
2.1 0.5587539521 0.4661216876 0.6513862165
EOD
$d_1_3 << EOD
0.3 0.01378082233 0.01003994164 0.01752170302
1.3 0.04985854803 0.03615795435 0.06355914171
2.3 0.06890411164 0.05019970819 0.08760851509
EOD
$d_2_0 << EOD
-0.3 0.00737196258 0.007280908862 0.007463016299
0.7 0.01842990645 0.01820227215 0.01865754075
1.7 0.0368598129 0.03640454431 0.03731508149
EOD
$d_2_1 << EOD
-0.1 0.01194123458 0.008846354337 0.01503611482
0.9 0.06437732386 0.05336338771 0.07539126001
1.9 0.2118165755 0.1987400854 0.2248930655
EOD
$d_2_2 << EOD
0.1 0.01012371368 0.0055957194 0.01465170795
1.1 0.07592785257 0.05069309054 0.1011626146
2.1 0.2799736093 0.1713254473 0.3886217712
EOD
$d_2_3 << EOD
0.3 0.008280723031 0.006164581345 0.01039686472
1.3 0.03244335936 0.018390833 0.04649588572
2.3 0.05516237063 0.03902016232 0.07130457895
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.2 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Stage imbalance (max - min) / exp, lower is better (cf. DPMA Figs 6-8)" font ",13"
set lmargin at screen 0.0570
set rmargin at screen 0.2755
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "tasks = 100"
set key at screen 0.8623, 0.8030 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dpma", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "dptaa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "saatsa", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "chains", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
set lmargin at screen 0.3417
set rmargin at screen 0.5603
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "tasks = 300"
unset key
plot $d_1_0 using 1:2 with boxes lc rgb "#0072B2" title "dpma", $d_1_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_1 using 1:2 with boxes lc rgb "#D55E00" title "dptaa", $d_1_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_2 using 1:2 with boxes lc rgb "#009E73" title "saatsa", $d_1_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_1_3 using 1:2 with boxes lc rgb "#CC79A7" title "chains", $d_1_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
set lmargin at screen 0.6265
set rmargin at screen 0.8450
set tmargin at screen 0.8030
set bmargin at screen 0.1576
set title "tasks = 500"
plot $d_2_0 using 1:2 with boxes lc rgb "#0072B2" title "dpma", $d_2_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_2_1 using 1:2 with boxes lc rgb "#D55E00" title "dptaa", $d_2_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_2_2 using 1:2 with boxes lc rgb "#009E73" title "saatsa", $d_2_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_2_3 using 1:2 with boxes lc rgb "#CC79A7" title "chains", $d_2_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
