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
set yrange [0:1.81428]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "stage imbalance (max - min) / exp"
$d_0_0 << EOD
-0.3 0.04717882989 0.03723852483 0.06652834625
0.7 0.4694647637 0.3564966931 0.5950241825
1.7 1.693658033 1.675733618 1.711582447
EOD
$d_0_1 << EOD
-0.1 0.1693658032 0.1443158804 0.2007711482
0.9 0.7855319435 0.6613002592 0.9064442917
1.9 1.693658033 1.675733618 1.711582447
EOD
$d_0_2 << EOD
0.1 0.1268251923 0.1036340976 0.1464402555
1.1 0.5178385546 0.45820115 0.5791356272
2.1 1.693658033 1.675733618 1.711582447
EOD
$d_0_3 << EOD
0.3 0.04717882989 0.03723852483 0.06652834625
1.3 0.5032556048 0.3541731578 0.6993841084
2.3 1.693658033 1.675733618 1.711582447
EOD
$d_1_0 << EOD
-0.3 0.01222802729 0.01208227758 0.01237377701
0.7 0.03057006824 0.03020569396 0.03093444252
1.7 0.06114013648 0.06041138791 0.06186888505
EOD
$d_1_1 << EOD
-0.1 0.03037573529 0.01984625274 0.04517493703
0.9 0.1523645088 0.1273768415 0.1777165504
1.9 0.4277380392 0.3988683843 0.4546643646
EOD
$d_1_2 << EOD
0.1 0.01523645088 0.01227661053 0.01960333655
1.1 0.1529717993 0.1331974871 0.1761422666
2.1 0.5587539521 0.4828146138 0.629358477
EOD
$d_1_3 << EOD
0.3 0.01378082233 0.01208227758 0.01698357887
1.3 0.04985854803 0.0380911272 0.05810835557
2.3 0.06890411164 0.06041138791 0.08491789433
EOD
$d_2_0 << EOD
-0.3 0.00737196258 0.00729555335 0.007448371811
0.7 0.01842990645 0.01823888337 0.01862092953
1.7 0.0368598129 0.03647776675 0.03724185905
EOD
$d_2_1 << EOD
-0.1 0.01194123458 0.009240422969 0.01454016721
0.9 0.06437732386 0.0573705974 0.07327390529
1.9 0.2118165755 0.2000953995 0.2211588774
EOD
$d_2_2 << EOD
0.1 0.01012371368 0.007346492837 0.01380969497
1.1 0.07592785257 0.055226045 0.09442143338
2.1 0.2799736093 0.2138541549 0.3786637717
EOD
$d_2_3 << EOD
0.3 0.008280723031 0.007346492837 0.01009824393
1.3 0.03244335936 0.02291003434 0.04424858551
2.3 0.05516237063 0.04165831259 0.06853907996
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
