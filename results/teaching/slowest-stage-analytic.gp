# gridnoc report: lines of sim_period by analytic_period, one line per mapper
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
set yrange [17.263:161.698]
set xrange [20.04:153.96]
set xlabel "analytic period: the slowest stage's cost (time units)"
set ylabel "simulated period (time units)"
$d_0_0 << EOD
149 149.00003 149.00003 149.00003
75 75.00009 75.00009 75.00009
50 50.0003 50.0003 50.0003
38 38.00018 38.00018 38.00018
31 31.00009 31.00009 31.00009
25 25.00054 25.00054 25.00054
EOD
$d_0_1 << EOD
149 149.00003 149.00003 149.00003
75 75.00009 75.00009 75.00009
50 50.0003 50.0003 50.0003
38 38.00018 38.00018 38.00018
31 31.00009 31.00009 31.00009
25 25.00054 25.00054 25.00054
EOD
set multiplot title "Simulated against analytic period: every run on y = x" font ",13"
set lmargin at screen 0.1000
set rmargin at screen 0.7279
set tmargin at screen 0.8889
set bmargin at screen 0.1368
set key at screen 0.7581, 0.8889 left top vertical Left reverse samplen 2.5 spacing 1.2 box lc rgb "#999999" title "mapper"
plot $d_0_0 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" notitle, $d_0_0 using 1:2 with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "chains", $d_0_1 using 1:2:3:4 with yerrorbars lw 1.5 dt 1 pt 5 ps 0.9 lc rgb "#D55E00" notitle, $d_0_1 using 1:2 with linespoints lw 2 dt 2 pt 5 ps 0.9 lc rgb "#D55E00" title "dpma", x with lines dt 2 lw 1.5 lc rgb "#555555" title "y = x (bound)"
unset multiplot
