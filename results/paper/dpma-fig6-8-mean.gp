# gridnoc report: bars of imbalance by stages, one bar per mapper
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
set yrange [0:1.91105]
set xrange [-0.5:2.5]
set xlabel "stages N"
set ylabel "(max - min) / exp"
$d_0_0 << EOD
-0.342857 0.02882735009 0.02174558982 0.03634619057
0.657143 0.2534982428 0.1859380617 0.3542347328
1.65714 1.257155247 0.7909960747 1.737222907
EOD
$d_0_1 << EOD
-0.228571 0.03710113626 0.02531453149 0.05029742898
0.771429 0.2848168227 0.2117740147 0.3858267865
1.77143 1.154524603 0.7952732556 1.542338667
EOD
$d_0_2 << EOD
-0.114286 0.02555027516 0.01322388826 0.03973954244
0.885714 0.1482579533 0.06780731257 0.2614299776
1.88571 1.12161597 0.5208596849 1.729564112
EOD
$d_0_3 << EOD
0 0.02119457192 0.0121227038 0.03128673432
1 0.1433041885 0.06496881729 0.2577685247
2 1.117157656 0.5172650149 1.726770083
EOD
$d_0_4 << EOD
0.114286 0.03397095182 0.0139596371 0.0576664613
1.11429 0.3182209562 0.09591845313 0.612506758
2.11429 1.199673666 0.5966507974 1.80287933
EOD
$d_0_5 << EOD
0.228571 0.01739820436 0.01059784795 0.02514289639
1.22857 0.1257959161 0.04693541186 0.2460030837
2.22857 1.117157656 0.5172650149 1.726770083
EOD
$d_0_6 << EOD
0.342857 0.01739820436 0.01059784795 0.02514289639
1.34286 0.1191908963 0.04024517503 0.2417667061
2.34286 1.117157656 0.5172650149 1.726770083
EOD
set xtics ("20" 0, "50" 1, "100" 2)
set boxwidth 0.114286 absolute
set style fill solid 0.85 border lc rgb "#333333"
set multiplot title "Imbalance, mean over the 10 real graphs (95% CI)" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2 with boxes lc rgb "#0072B2" title "dptaa", $d_0_0 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_1 using 1:2 with boxes lc rgb "#D55E00" title "saatsa", $d_0_1 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_2 using 1:2 with boxes lc rgb "#009E73" title "dpma", $d_0_2 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_3 using 1:2 with boxes lc rgb "#CC79A7" title "dpma+refine", $d_0_3 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_4 using 1:2 with boxes lc rgb "#E69F00" title "chains", $d_0_4 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_5 using 1:2 with boxes lc rgb "#56B4E9" title "best", $d_0_5 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle, $d_0_6 using 1:2 with boxes lc rgb "#000000" title "exact", $d_0_6 using 1:3:(0):($4-$3) with vectors nohead lw 1.2 lc rgb "#222222" notitle
unset multiplot
