# gridnoc report: lines of speedup_bound by clusters, one line per shape, one panel per n
# Run: gnuplot -e "fmt='svg'; out='fig.svg'" THIS_FILE (fmt 'png' for PNG)
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size 900,400 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size 900,400 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid ytics lc rgb "#dddddd"
set key below horizontal
set offsets 0.5, 0.5, 0, 0
set xlabel "clusters"
set ylabel "bound on speedup vs fastest node"
$d_0_0 << EOD
1 3.776978417 0
2 6.739409499 0
3 9.125144844 0
4 11.0876452 0
5 12.73035887 0
6 14.12556054 0
7 15.32527106 0
8 16.36788776 0
EOD
$d_0_1 << EOD
1 3.776978417 0
2 6.739409499 0
3 9.125144844 0
4 11.0876452 0
5 12.73035887 0
6 14.12556054 0
7 15.32527106 0
8 16.36788776 0
EOD
$d_1_0 << EOD
1 4.176610979 0
2 8.297771456 0
3 12.36457843 0
4 16.37810014 0
5 20.33937703 0
6 24.24942263 0
7 28.10922441 0
8 31.91974464 0
EOD
$d_1_1 << EOD
1 4.176610979 0
2 8.297771456 0
3 12.36457843 0
4 16.37810014 0
5 20.33937703 0
6 24.24942263 0
7 28.10922441 0
8 31.91974464 0
EOD
set multiplot layout 1,2 title "Physical bound on the speedup over the fastest node (compute + all-gather over the node's port)"
set title "n = 5000"
plot $d_0_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "cascade", $d_0_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "star"
set title "n = 100000"
plot $d_1_0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#0072B2" title "cascade", $d_1_1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 0.8 lc rgb "#D55E00" title "star"
unset multiplot
