#!/usr/bin/env bash
# paper-figures.sh: the paper figures and tables `gridnoc report` cannot draw, from their committed CSVs:
#   regime  results/paper/patent-table2-regime.csv -> patent-table2-regime-contour.{md,gp,svg,png}: for each
#           scheduler / cluster mirror / network, the system size n from which 8 clusters reach 0.8 k and 0.9 k
#           speedup over one cluster, against the node speed (log-log, interpolated in log n between grid points).
#   table2  results/paper/patent-table2{,-load}.csv -> patent-table2{,-load}-fair.{md,gp,svg,png}: makespans, efficiency,
#           every speedup also against plain's one-cluster time.
#   table3  results/paper/patent-table3.csv -> patent-table3-survival.md, patent-table3-curves.*: complete-failure rate
#           per period at deadlines of F x plain's fault-free makespan (read from the runs' makespans), survival curves.
#   regime3 results/paper/patent-table3-regime.csv -> the regime map (rates, McNemar tests, where the ring wins), curves.
#   item5   B.4 failed queue vs simulation (patent-fq.*), DGSS thresholds (patent-dgss-survival.md), static rings
#           (patent-rings.md).
#   dpma-paired  paired imbalance intervals and the 100-stage periods (dpma-paired.md; also run by dpma).
#   Rates of 0/1 outcomes have Wilson 95 % intervals (always inside [0, 1]; Student t intervals are not, near 0
#   and 1); paired outcomes McNemar's exact test.
#   dpma    results/paper/dpma-{fig6-8,fig6-8-100,fig9-11,table1}.csv -> dpma-real-summary.md: per real STG
#           graph (its precedence method, time law and mean predecessors, read from the file's header, so
#           GN_STG_DIR must name the set) and per time law: who balances best, where 100 stages win, and the
#           dynamic expected value's effect.
# Deterministic: same CSV, same bytes. Usage: scripts/paper-figures.sh
#   [regime|table2|table3|regime3|item5|dpma|dpma-paired|all] (default all).
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
out=results/paper

# plain FILE: the CSV with the commas inside quoted fields (e.g. weights "1,0,0") turned into ';', so awk -F, works.
plain() { awk -F'"' -v OFS='"' '{ for (i = 2; i <= NF; i += 2) gsub(/,/, ";", $i) } 1' "$1"; }

# Student t 97.5 % quantiles for df = 1..40, to six decimals (rounded to three they moved the last printed digit of
# wide intervals).
TQ975="12.706205 4.302653 3.182446 2.776445 2.570582 2.446912 2.364624 2.306004 2.262157 2.228139 2.200985 2.178813 2.160369 2.144787 2.131450 2.119905 2.109816 2.100922 2.093024 2.085963 2.079614 2.073873 2.068658 2.063899 2.059539 2.055529 2.051831 2.048407 2.045230 2.042272 2.039513 2.036933 2.034515 2.032245 2.030108 2.028094 2.026192 2.024394 2.022691 2.021075"

# col FILE NAME: 1-based index of a CSV header column.
col() { head -n 1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }

render() { # render STEM: gp → svg and png
  gnuplot -e "fmt='svg'; out='$out/$1.svg'" "$out/$1.gp"
  gnuplot -e "fmt='png'; out='$out/$1.png'" "$out/$1.gp"
}

gp_head() { # gp_head WIDTH HEIGHT
  cat <<GP
if (!exists("fmt")) fmt = "svg"
if (fmt eq "svg") set terminal svg size $1,$2 font "DejaVu Sans,12" noenhanced background rgb "white"; else set terminal pngcairo size $1,$2 font "DejaVu Sans,11" noenhanced background rgb "white"
if (exists("out")) set output out
set border 3
set tics nomirror
set grid xtics ytics lc rgb "#dddddd"
GP
}

regime() {
  local csv=$out/patent-table2-regime.csv stem=patent-table2-regime-contour
  # Rows: series (scheduler/mirror), port Mbit/s, speed, n, speedup; sorted so n ascends within a line.
  local rows
  rows=$(awk -F, -v s="$(col "$csv" scheduler)" -v m="$(col "$csv" mirror)" -v p="$(col "$csv" port_mbps)" \
    -v v="$(col "$csv" speed)" -v n="$(col "$csv" n)" -v y="$(col "$csv" speedup_cluster)" \
    'NR > 1 { name = $s == "ring" ? "ring-" $m "-mirror" : $s; print name, $p + 0, $v + 0, $n + 0, $y }' <(plain "$csv") |
    sort -k1,1 -k2,2n -k3,3g -k4,4n)
  # Crossing of a threshold along n (log-linear interpolation); "> max" when never reached.
  local cross
  cross=$(echo "$rows" | awk '
    function flush() { if (key != "") { print key, c8 == "" ? "NaN" : c8, c9 == "" ? "NaN" : c9 } }
    { k = $1 " " $2 " " $3
      if (k != key) { flush(); key = k; c8 = ""; c9 = ""; pn = 0 }
      for (t = 8; t <= 9; t++) {
        thr = 8 * t / 10
        if ((t == 8 ? c8 : c9) == "" && $5 >= thr) {
          x = pn > 0 && py < thr ? exp(log(pn) + (log($4) - log(pn)) * (thr - py) / ($5 - py)) : $4
          if (t == 8) c8 = sprintf("%.0f", x); else c9 = sprintf("%.0f", x)
        }
      }
      pn = $4; py = $5 }
    END { flush() }')
  {
    echo "## Where the patent's near-linear speedup holds (Table 2 regime map)"
    echo
    echo "From \`$csv\` (scenario \`scenarios/paper/patent-table2-regime.cfg\`, drawn by \`scripts/paper-figures.sh\`):"
    echo "the system size n from which 8 clusters reach 0.8 k = 6.4 and 0.9 k = 7.2 times the speed of one cluster,"
    echo "interpolated in log n between the simulated sizes (1000 ... 200000); \"-\" = not reached by n = 200000."
    echo "Node speed 1 = the preset's 2005 PCs (500 / 400 / 150 Mflop/s sustained on the mat-vec)."
    echo
    echo "![$stem]($stem.svg)"
    echo
    echo "| series | network (Mbit/s) | node speed | n for 0.8 k | n for 0.9 k | speedup at n = 5000 | at n = 200000 |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    join <(echo "$cross" | awk '{ print $1 "_" $2 "_" $3, $4, $5 }' | sort) \
      <(echo "$rows" | awk '$4 == 5000 { a[$1 "_" $2 "_" $3] = $5 } $4 == 200000 { b[$1 "_" $2 "_" $3] = $5 }
                          END { for (k in a) print k, a[k], b[k] }' | sort) |
      tr '_' ' ' | sort -k1,1 -k2,2n -k3,3g |
      awk '{ printf "| %s | %s | %s | %s | %s | %.3f | %.3f |\n", $1, $2, $3, $4 == "NaN" ? "-" : $4,
             $5 == "NaN" ? "-" : $5, $6, $7 }'
  } >"$out/$stem.md"
  {
    echo "# scripts/paper-figures.sh: n needed for 0.8 k and 0.9 k speedup at k = 8 against node speed"
    echo "# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' for PNG)"
    gp_head 1000 520
    echo 'set logscale xy'
    echo 'set key bottom right Left reverse font ",10" samplen 3'
    echo 'set xlabel "node speed (1 = the 2005 PCs of the preset)"'
    echo 'set ylabel "system size n needed"'
    echo 'set xrange [0.015:2.6]'
    echo 'set yrange [500:400000]'
    echo 'set arrow from 1,500 to 1,400000 nohead dt 2 lc rgb "#888888"'
    echo 'set arrow from 0.015,5000 to 2.6,5000 nohead dt 3 lc rgb "#888888"'
    echo 'set label "2005 nodes" at 1.05,250000 tc rgb "#555555"'
    echo 'set label "patent n = 5000" at 0.25,4300 tc rgb "#555555"'
    # Series that never reach the threshold have no points: say so on the figure.
    local never
    never=$(echo "$cross" | awk '{ s = $1 ", " $2 " Mbit/s"; seen[s] = 1; if ($4 != "NaN") r8[s] = 1 }
                               END { for (s in seen) if (!(s in r8)) print s }' | sort | paste -sd';' | sed 's/;/; /g')
    [ -z "$never" ] || echo "set label 99 \"never reached by n = 200000: $never\" at screen 0.08,0.03 font \",10\" tc rgb \"#b71c1c\""
    echo 'set bmargin 6'
    local i=0 series
    for t in 4 5; do
      for series in $(echo "$cross" | awk '{ print $1 "_" $2 }' | sort -u); do
        echo "\$d_${t}_${series//[-.]/_} << EOD"
        echo "$cross" | awk -v s="$series" -v t="$t" '$1 "_" $2 == s && $t != "NaN" { print $3, $t }'
        echo "EOD"
      done
    done
    echo 'set multiplot layout 1,2'
    for t in 4 5; do
      [ "$t" = 4 ] && echo 'set title "speedup >= 0.8 k (6.4 at k = 8)"' || echo 'set title "speedup >= 0.9 k (7.2 at k = 8)"'
      local plot="plot" sep="" c=0
      for series in $(echo "$cross" | awk '{ print $1 "_" $2 }' | sort -u); do
        # A series that never reaches the threshold has no points (named under the figure instead).
        echo "$cross" | awk -v s="$series" -v t="$t" '$1 "_" $2 == s && $t != "NaN" { found = 1 } END { exit !found }' ||
          continue
        local name=${series%_*} bw=${series##*_} dt=1 lc=1
        case $name in ring-standby-mirror) lc=2 ;; plain) lc=3 ;; esac
        [ "$bw" = 1000 ] && dt=2
        plot+="$sep \$d_${t}_${series//[-.]/_} using 1:2 with linespoints lw 2 dt $dt lc $lc pt $((lc + 4)) title \"$name, $bw Mbit/s\""
        sep=","
        c=$((c + 1))
      done
      echo "$plot"
      echo 'unset label 99'
    done
    echo 'unset multiplot'
  } >"$out/$stem.gp"
  render "$stem"
}

# survival CSV STEM KEYCOLS TITLE XLABEL: complete-failure rate per (condition, scheduler) with Wilson 95 %
# intervals, and per condition the paired comparison of ring (eager mirror) with each baseline: runs of one
# repetition share their failures (seed_ignores), so McNemar's exact test on the discordant pairs.
# run_cells CSV "KEYS" [FACTORS]: one line per run, "condition scheduler rep completed host_failures cause", the
# condition being the KEYS' values joined by '/'. Ring runs are named by their cluster mirror (ring-eager,
# ring-standby) and their m when it is not 2. With FACTORS (e.g. "1.25 2"), each run is judged again at every
# deadline D = factor x deadline_ref_s (plain's fault-free makespan, one deadline per repetition), the factor
# appended to the condition: completed only if it completed by D (makespan_s <= D), which is what a run stopped
# at D reports (the stop changes nothing before it); a later completion becomes cause "deadline".
run_cells() {
  plain "$1" | awk -F, -v keys="$2" -v factors="$3" -v hdr="$(head -n 1 "$1")" '
    BEGIN { nk = split(keys, kk, " "); nf = split(factors, ff, " "); nh = split(hdr, hh, ",")
      for (i = 1; i <= nh; i++) idx[hh[i]] = i }
    NR > 1 {
      cond = ""; for (i = 1; i <= nk; i++) cond = cond (i > 1 ? "/" : "") $(idx[kk[i]])
      name = $(idx["scheduler"]) == "ring" ? "ring-" $(idx["mirror"]) : $(idx["scheduler"])
      if ($(idx["scheduler"]) == "ring" && $(idx["m"]) != 2) name = name "-m" $(idx["m"])
      c = $(idx["completed"]); ca = $(idx["cause"])
      if (nf == 0) { print cond, name, $(idx["rep"]), c, $(idx["host_failures"]), ca; next }
      for (i = 1; i <= nf; i++) {
        ok = c == 1 && $(idx["makespan_s"]) <= ff[i] * $(idx["deadline_ref_s"])
        print cond (cond == "" ? "" : "/") ff[i], name, $(idx["rep"]), ok, $(idx["host_failures"]), \
          ok || c == 1 ? (ok ? "none" : "deadline") : ca
      }
    }'
}

survival() {
  local csv=$out/$1.csv stem=$2-survival keys=$3 title=$4 xlabel=$5
  if [ ! -f "$csv" ]; then
    echo "paper-figures.sh: $csv missing (gridnoc run scenarios/paper/$1.cfg --reference)" >&2
    return 0
  fi
  local cells
  cells=$(run_cells "$csv" "$keys" "${6:-}")
  # Wilson interval, z = 1.96; rows: condition scheduler n fails rate lo hi mean_host_failures deadline unrecoverable
  local stats
  stats=$(echo "$cells" | awk '
    { k = $1 " " $2; n[k]++; f[k] += 1 - $4; hf[k] += $5; dl[k] += $6 == "deadline"; ur[k] += $6 == "unrecoverable-unit"
      if (!(k in seen)) { seen[k] = 1; order[++no] = k } }
    END { z = 1.96
      for (i = 1; i <= no; i++) { k = order[i]; p = f[k] / n[k]; d = 1 + z * z / n[k]
        c = (p + z * z / (2 * n[k])) / d; h = z / d * sqrt(p * (1 - p) / n[k] + z * z / (4 * n[k] * n[k]))
        lo = c - h < 0 ? 0 : c - h; hi = c + h > 1 ? 1 : c + h
        printf "%s %d %d %.10g %.10g %.10g %.1f %d %d\n", k, n[k], f[k], p, lo, hi, hf[k] / n[k], dl[k], ur[k] } }')
  # McNemar, per condition: every ring (by mirror and m) against every other scheduler that is not a ring, and the
  # eager against the standby ring (m = 2).
  local pairs
  pairs=$(echo "$cells" | awk '
    { ok[$1, $2, $3] = $4; S[$2] = 1; R[$3] = 1; if (!($1 in seen)) { seen[$1] = 1; order[++no] = $1 } }
    function binom2(b, c,   n, k, i, t, p) { n = b + c; k = b < c ? b : c; if (n == 0) return 1
      t = exp(-n * log(2)); p = 0; for (i = 0; i <= k; i++) { p += t; t = t * (n - i) / (i + 1) }
      p *= 2; return p > 1 ? 1 : p }
    function pair(cd, a, o,   b, c, r) { b = 0; c = 0
      for (r in R) if ((cd, a, r) in ok && (cd, o, r) in ok) {
        if (ok[cd, a, r] == 0 && ok[cd, o, r] == 1) b++
        if (ok[cd, a, r] == 1 && ok[cd, o, r] == 0) c++ }
      printf "%s %s %s %d %d %.3g\n", cd, a, o, b, c, binom2(b, c) }
    END { for (i = 1; i <= no; i++) for (a in S) if (a ~ /^ring/) {
        for (o in S) if (o !~ /^ring/) pair(order[i], a, o)
        if (a == "ring-eager" && ("ring-standby" in S)) pair(order[i], a, "ring-standby") } }' |
    awk '{ n = split($1, v, "/"); print v[1] + 0, (n > 1 ? v[2] + 0 : 0), $0 }' | sort -k1,1g -k2,2g -k4,4 -k5,5 |
    cut -d' ' -f3-)
  {
    echo "## $title"
    echo
    echo "From \`$csv\`, drawn by \`scripts/paper-figures.sh table3\`: complete-failure rate = share of runs not"
    echo "completed (deadline passed, a unit lost beyond recovery, or the grid master dead), Wilson 95 % interval"
    echo "(inside [0, 1] by construction), mean node failures seen per run."
    echo
    [ -z "${6:-}" ] || echo "Deadline factors ${6}: a run counts as completed only if it completed by that multiple of plain's fault-free makespan in its repetition (deadline_ref_s), one deadline for every scheduler of a repetition."
    [ -z "${6:-}" ] || echo
    [ "${7:-}" = nofig ] || echo "![$stem]($stem.svg)"
    [ "${7:-}" = nofig ] || echo
    echo "| $(echo "$keys" | sed 's/ / \/ /g') | scheduler | runs | failed | rate | 95 % interval | of which deadline / unit lost | node failures / run |"
    echo "|---|---|---:|---:|---:|---|---:|---:|"
    echo "$stats" | awk '{ printf "| %s | %s | %d | %d | %.2f | [%.3f, %.3f] | %d / %d | %s |\n", $1, $2, $3, $4, $5, $6, $7, $9, $10, $8 }'
    # No pair when the scenario has no baseline (the DGSS thresholds: the ring alone): no table then.
    if [ -n "$pairs" ]; then
      echo
      echo "Paired comparisons in the same repetitions (same failures and load): runs only the ring failed / runs only"
      echo "the other failed, and McNemar's exact two-sided p (below 0.05: a significant difference)."
      echo
      echo "| $(echo "$keys" | sed 's/ / \/ /g') | ring | other scheduler | only the ring failed | only the other failed | p |"
      echo "|---|---|---|---:|---:|---:|"
      echo "$pairs" | awk '{ printf "| %s | %s | %s | %d | %d | %s |\n", $1, $2, $3, $4, $5, $6 }'
    fi
  } >"$out/$stem.md"
  [ "${7:-}" != nofig ] || return 0
  # Figure: grouped bars (one group per condition, one bar per scheduler) with the Wilson intervals.
  local conds scheds
  conds=$(echo "$stats" | awk '{ if (!($1 in s)) { s[$1] = 1; print $1 } }')
  scheds=$(echo "$stats" | awk '{ if (!($2 in s)) { s[$2] = 1; print $2 } }')
  local ns
  ns=$(echo "$scheds" | wc -l)
  {
    echo "# scripts/paper-figures.sh: complete-failure rate with Wilson 95 % intervals"
    echo "# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' for PNG)"
    # 65 px per condition (at least 900) so the condition labels under the bars do not run into each other
    local ncond
    ncond=$(echo "$conds" | wc -l)
    gp_head $((ncond * 65 + 120 > 900 ? ncond * 65 + 120 : 900)) 480
    echo 'set key below horizontal'
    echo 'set yrange [0:1]'
    echo "set xlabel \"$xlabel\""
    echo 'set ylabel "complete-failure rate (Wilson 95 % interval)"'
    echo "set title \"$title\""
    local i=0 xt="" sched j=0
    while read -r cnd; do xt+="${xt:+, }\"$cnd\" $i"; i=$((i + 1)); done <<<"$conds"
    echo "set xtics ($xt)"
    echo "set xrange [-0.6:$((i - 1)).6]"
    echo "set boxwidth $(awk -v n="$ns" 'BEGIN { printf "%.3f", 0.8 / n }') absolute"
    echo 'set style fill solid 0.85 border lc rgb "#333333"'
    local plot="plot"
    while read -r sched; do
      echo "\$d_$j << EOD"
      echo "$stats" | awk -v s="$sched" -v j="$j" -v ns="$ns" -v conds="$(echo "$conds" | paste -sd' ')" '
        BEGIN { nc = split(conds, c, " "); for (i = 1; i <= nc; i++) pos[c[i]] = i - 1 }
        $2 == s { printf "%.3f %s %s %s\n", pos[$1] + (j - (ns - 1) / 2) * 0.8 / ns, $5, $6, $7 }'
      echo "EOD"
      [ "$j" -eq 0 ] || plot+=","
      plot+=" \$d_$j using 1:2 with boxes lc $((j + 1)) title \"$sched\", \$d_$j using 1:2:3:4 with yerrorbars lc rgb \"#222222\" pt 0 notitle"
      j=$((j + 1))
    done <<<"$scheds"
    echo "$plot"
  } >"$out/$stem.gp"
  render "$stem"
}

# table2_fair CSV STEM "WHERE" TITLE: Table 2 compared fairly — per scheduler and cluster count (cascade), the
# absolute makespan, the efficiency, the speedup over the scheduler's own one-cluster time (speedup_cluster) and
# the speedup over the best one-cluster time, plain's (plain's 1-cluster makespan / this makespan), in one table
# per group of WHERE (a column name: n or period); the figure draws the speedup over plain's one-cluster time.
table2_fair() {
  local csv=$out/$1.csv stem=$2 group=$3 title=$4
  [ -f "$csv" ] || { echo "paper-figures.sh: $csv missing" >&2; return 0; }
  local rows
  rows=$(plain "$csv" | awk -F, -v g="$group" -v hdr="$(head -n 1 "$csv")" '
    BEGIN { nh = split(hdr, hh, ","); for (i = 1; i <= nh; i++) idx[hh[i]] = i }
    NR > 1 && $(idx["shape"]) != "star" {
      name = $(idx["scheduler"]) == "ring" ? "ring-" $(idx["mirror"]) : $(idx["scheduler"])
      k = $(idx["clusters"]); G = $(idx[g]); ms[G, name, k] = $(idx["makespan_s"]); ef[G, name, k] = $(idx["efficiency"])
      sc[G, name, k] = $(idx["speedup_cluster"]); if (!(G in sg)) { sg[G] = 1; gs[++ng] = G }
      if (!(name in sn)) { sn[name] = 1; ns[++nn] = name }; if (k > kmax) kmax = k }
    END { for (a = 1; a <= ng; a++) for (b = 1; b <= nn; b++) for (k = 1; k <= kmax; k++) if ((gs[a], ns[b], k) in ms)
      printf "%s %s %d %s %.10g %.10g %.10g\n", gs[a], ns[b], k, ms[gs[a], ns[b], k], ef[gs[a], ns[b], k],
        sc[gs[a], ns[b], k], ms[gs[a], "plain", 1] / ms[gs[a], ns[b], k] }')
  {
    echo "## $title"
    echo
    echo "From \`$csv\` (cascade), by \`scripts/paper-figures.sh table2\`. Per scheduler and cluster count k: makespan"
    echo "(s), efficiency (speedup over the fastest node / capability ratio), the speedup over the scheduler's own"
    echo "one-cluster time (the patent's measure, bound k) and over the best one-cluster time, plain's (what a user"
    echo "gains over running plain on one cluster)."
    echo
    echo "![$stem]($stem.svg)"
    local G
    for G in $(echo "$rows" | awk '{ if (!($1 in s)) { s[$1] = 1; print $1 } }'); do
      echo
      echo "$group = $G:"
      echo
      echo "| scheduler | k | makespan (s) | efficiency | speedup vs own 1 cluster | speedup vs plain's 1 cluster |"
      echo "|---|---:|---:|---:|---:|---:|"
      echo "$rows" | awk -v G="$G" '$1 == G { printf "| %s | %d | %.3f | %.3f | %.2f | %.2f |\n", $2, $3, $4, $5, $6, $7 }'
    done
  } >"$out/$stem.md"
  local groups scheds ng
  groups=$(echo "$rows" | awk '{ if (!($1 in s)) { s[$1] = 1; print $1 } }')
  scheds=$(echo "$rows" | awk '{ if (!($2 in s)) { s[$2] = 1; print $2 } }')
  ng=$(echo "$groups" | wc -l)
  {
    echo "# scripts/paper-figures.sh: speedup over plain's one-cluster time"
    echo "# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' for PNG)"
    gp_head $((420 * ng + 60)) 460
    echo "set multiplot layout 1,$ng title \"$title\""
    echo 'set xlabel "clusters k"'
    echo 'set xrange [1:8]'
    local first=1 Gv j
    while read -r Gv; do
      echo "set title \"$group = $Gv\""
      if [ "$first" = 1 ]; then echo "set ylabel \"speedup vs plain's one-cluster makespan\""; echo 'set key top left'; else echo 'unset ylabel'; echo 'unset key'; fi
      local plot="plot x with lines dt 2 lc rgb \"#888888\" title \"k\"" j=0
      while read -r sched; do
        echo "\$t_${Gv//[^0-9A-Za-z]/_}_$j << EOD"
        echo "$rows" | awk -v G="$Gv" -v s="$sched" '$1 == G && $2 == s { print $3, $7 }'
        echo "EOD"
        plot+=", \$t_${Gv//[^0-9A-Za-z]/_}_$j using 1:2 with linespoints lw 2 lc $((j + 1)) title \"$sched\""
        j=$((j + 1))
      done <<<"$scheds"
      echo "$plot"
      first=0
    done <<<"$groups"
    echo "unset multiplot"
  } >"$out/$stem.gp"
  render "$stem"
}

table2() {
  table2_fair patent-table2 patent-table2-fair n "Patent Table 2 compared fairly: dedicated nodes, cascade"
  table2_fair patent-table2-load patent-table2-load-fair period \
    "Patent Table 2 with background load: n = 5000, dedicated (period 0) and morning load (period 2)"
}

# rings_static: rebuilt against static rings (patent-rings.csv), paired by repetition: without failures the mean
# makespan difference (static - rebuilt) with its Student t 95 % interval; with failures the complete-failure
# rates (Wilson) at three deadline factors and McNemar's exact test on the paired outcomes. -> patent-rings.md
rings_static() {
  local csv=$out/patent-rings.csv
  plain "$csv" | awk -F, -v hdr="$(head -n 1 "$csv")" -v TQ="$TQ975" '
    BEGIN { nh = split(hdr, hh, ","); for (i = 1; i <= nh; i++) idx[hh[i]] = i; nf = split("1.25 1.5 2", F, " ")
      split(TQ, tq, " ") }
    function wilson(f, n,   z, p, d, c, h) { z = 1.96; p = f / n; d = 1 + z * z / n; c = (p + z * z / (2 * n)) / d
      h = z / d * sqrt(p * (1 - p) / n + z * z / (4 * n * n)); return sprintf("%.2f [%.3f, %.3f]", p, c - h < 0 ? 0 : c - h, c + h > 1 ? 1 : c + h) }
    function binom2(b, c,   n, k, i, t, p) { n = b + c; k = b < c ? b : c; if (n == 0) return 1
      t = exp(-n * log(2)); p = 0; for (i = 0; i <= k; i++) { p += t; t = t * (n - i) / (i + 1) }
      p *= 2; return p > 1 ? 1 : p }
    NR > 1 { r = $(idx["rep"]); k = $(idx["rings"]); f = $(idx["failures"])
      ms[f, k, r] = $(idx["makespan_s"]); ok[f, k, r] = $(idx["completed"]); ref[f, r] = $(idx["deadline_ref_s"]); R[r] = 1 }
    END {
      print "## Rings rebuilt every iteration against static rings (patent B.2-B.3)"
      print ""
      print "From `results/paper/patent-rings.csv` (ring, standby mirror, m = 2, morning load redrawn every 0.2 s, 20"
      print "iterations, 40 repetitions; static and rebuilt face the same load and failures), by `scripts/paper-figures.sh item5`."
      print ""
      n = 0; s = 0; q = 0; ms_r = 0; ms_s = 0
      for (r in R) if (("none", "rebuilt", r) in ms && ("none", "static", r) in ms) {
        d = ms["none", "static", r] - ms["none", "rebuilt", r]; n++; s += d; q += d * d; ms_r += ms["none", "rebuilt", r]; ms_s += ms["none", "static", r] }
      if (n > 1) { m = s / n; sd = sqrt((q - n * m * m) / (n - 1)); h = tq[n - 1 <= 40 ? n - 1 : 40] * sd / sqrt(n)
        printf "Without failures (%d pairs): mean makespan rebuilt %.4f s, static %.4f s; static - rebuilt %.4f s [%.4f, %.4f] (95 %% t).\n", n, ms_r / n, ms_s / n, m, m - h, m + h }
      print ""
      print "With failures (nd07cpu, accel 3e4): complete-failure rate [Wilson 95 %] at a deadline of F x plain'"'"'s fault-free"
      print "makespan, and McNemar'"'"'s exact p on the paired runs (only rebuilt failed / only static failed)."
      print ""
      print "| F | rebuilt | static | only rebuilt failed / only static failed | p |"
      print "|---:|---|---|---|---:|"
      f = "weibull:nd07cpu"
      for (i = 1; i <= nf; i++) { n = 0; a = 0; c = 0; b1 = 0; b2 = 0
        for (r in R) if ((f, "rebuilt", r) in ms && (f, "static", r) in ms) { n++
          x = ok[f, "rebuilt", r] == 1 && ms[f, "rebuilt", r] <= F[i] * ref[f, r]
          y = ok[f, "static", r] == 1 && ms[f, "static", r] <= F[i] * ref[f, r]
          a += !x; c += !y; b1 += !x && y; b2 += x && !y }
        if (n) printf "| %s | %s | %s | %d / %d | %.3g |\n", F[i], wilson(a, n), wilson(c, n), b1, b2, binom2(b1, b2) } }' \
    >"$out/patent-rings.md"
}

# item5: the patent's other checkable points. (1) B.4's expected failed-queue length (series and closed form at
# the run's measured miss rate q) against the simulated failed-queue length per cluster-iteration, every ring run of
# the regime map (patent-fq.{md,gp,svg,png}); (2) the DGSS thresholds varied (patent-dgss.csv: rates at three
# deadline factors, patent-dgss-survival.md).
item5() {
  local csv=$out/patent-table3-regime.csv stem=patent-fq
  if [ -f "$csv" ]; then
    local pts
    pts=$(plain "$csv" | awk -F, -v hdr="$(head -n 1 "$csv")" '
      BEGIN { nh = split(hdr, hh, ","); for (i = 1; i <= nh; i++) idx[hh[i]] = i }
      NR > 1 && $(idx["scheduler"]) == "ring" && $(idx["mirror"]) == "standby" {
        print $(idx["m"]), $(idx["accel"]), $(idx["miss_rate"]), $(idx["failed_queue_mean"]), $(idx["fq_patent_series"]), $(idx["fq_patent_closed"]) }')
    {
      echo "## Patent B.4: expected failed-queue length against the simulation"
      echo
      echo "From \`$csv\` (ring, standby mirror, m = 1, 2, 3; every run), by \`scripts/paper-figures.sh item5\`. Per"
      echo "cluster-iteration: units that lost every copy (simulated) against B.4's series and closed form at the run's"
      echo "measured per-assignment miss rate q (T = n / N units per node, p / (m + 1) segments per cluster)."
      echo
      echo "![$stem]($stem.svg)"
      echo
      echo "| m | accel | runs | mean q | simulated | B.4 series | B.4 closed form |"
      echo "|---:|---:|---:|---:|---:|---:|---:|"
      echo "$pts" | awk '{ k = $1 " " $2; n[k]++; q[k] += $3; s[k] += $4; a[k] += $5; c[k] += $6; if (!(k in o)) { o[k] = 1; ord[++no] = k } }
        END { for (i = 1; i <= no; i++) { k = ord[i]; split(k, v, " ")
          printf "| %s | %s | %d | %.4f | %.2f | %.2f | %.2f |\n", v[1], v[2], n[k], q[k] / n[k], s[k] / n[k], a[k] / n[k], c[k] / n[k] } }'
    } >"$out/$stem.md"
    {
      echo "# scripts/paper-figures.sh: B.4 failed-queue length against the simulation"
      echo "# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' for PNG)"
      gp_head 1100 500
      echo 'set title "Failed-task queue per cluster-iteration: simulated (circles) vs patent B.4 series (+) and closed form (x)"'
      echo 'set key outside right top'
      echo 'set xlabel "measured miss rate q (replies missed / work sent to nodes)"'
      echo 'set ylabel "units per cluster-iteration"'
      echo 'set logscale y'
      local mm plot="plot"
      for mm in 1 2 3; do
        echo "\$f$mm << EOD"
        echo "$pts" | awk -v m="$mm" '$1 == m && $3 > 0 { print $3, ($4 > 0 ? $4 : 0.01), $5, $6 }'
        echo "EOD"
        [ "$mm" = 1 ] || plot+=","
        plot+=" \$f$mm using 1:2 with points pt 6 ps 0.6 lc $mm title \"simulated, m = $mm\", \$f$mm using 1:3 with points pt 1 ps 0.6 lc $mm title \"B.4 series, m = $mm\", \$f$mm using 1:4 with points pt 2 ps 0.6 lc $mm title \"B.4 closed, m = $mm\""
      done
      echo "$plot"
    } >"$out/$stem.gp"
    render "$stem"
  fi
  [ -f "$out/patent-rings.csv" ] && rings_static
  [ -f "$out/patent-dgss.csv" ] && survival patent-dgss patent-dgss "accel l1 l2 l3" \
    "DGSS thresholds l1 / l2 / l3 varied (ring, standby mirror, morning, 20 iterations, 40 runs per cell)" "" \
    "1.25 1.5 2" nofig
  [ -f "$out/patent-dgss.csv" ] && {
    echo
    echo "Paired against the default thresholds (0.2 / 0.5 / 0.8) in the same repetitions: runs only the default failed"
    echo "/ runs only the other setting failed, McNemar's exact p."
    echo
    echo "| accel / deadline factor | l1 / l2 / l3 | only default failed | only this failed | p |"
    echo "|---|---|---:|---:|---:|"
    run_cells "$out/patent-dgss.csv" "accel l1 l2 l3" "1.25 1.5 2" | awk '
      { n = split($1, v, "/"); th = v[2] "/" v[3] "/" v[4]; cd = v[1] "/" v[5]; ok[cd, th, $3] = $4; R[$3] = 1
        if (!(cd in sc)) { sc[cd] = 1; cds[++nc] = cd }; if (!(th in st)) { st[th] = 1; ths[++nt] = th } }
      function binom2(b, c,   n, k, i, t, p) { n = b + c; k = b < c ? b : c; if (n == 0) return 1
        t = exp(-n * log(2)); p = 0; for (i = 0; i <= k; i++) { p += t; t = t * (n - i) / (i + 1) }
        p *= 2; return p > 1 ? 1 : p }
      END { for (i = 1; i <= nc; i++) for (j = 1; j <= nt; j++) if (ths[j] != "0.2/0.5/0.8") { b = 0; c = 0
          for (r in R) { x = ok[cds[i], "0.2/0.5/0.8", r]; y = ok[cds[i], ths[j], r]; b += !x && y; c += x && !y }
          printf "| %s | %s | %d | %d | %.3g |\n", cds[i], ths[j], b, c, binom2(b, c) } }'
  } >>"$out/patent-dgss-survival.md"
  return 0
}

# curves CSV STEM PANELKEY TITLE [LO HI KEYPOS]: the survival curves — share of runs completed by a deadline of F x plain's
# fault-free makespan (F from 1 to 3, the runs' strict stop), one panel per value of PANELKEY, one line per
# scheduler; the key (gnuplot position KEYPOS, default bottom right) sits in the first panel.
curves() {
  local csv=$out/$1.csv stem=$2 key=$3 title=$4 lo=${5:-100} hi=${6:-300} keypos=${7:-bottom right}
  [ -f "$csv" ] || { echo "paper-figures.sh: $csv missing" >&2; return 0; }
  local factors pts panels scheds
  factors=$(awk -v lo="$lo" -v hi="$hi" 'BEGIN { for (f = lo; f <= hi; f += 2) printf "%s%.2f", (f > lo ? " " : ""), f / 100 }')
  pts=$(run_cells "$csv" "$key" "$factors" | awk '{ k = $1 " " $2; n[k]++; ok[k] += $4; if (!(k in s)) { s[k] = 1; o[++no] = k } }
    END { for (i = 1; i <= no; i++) { split(o[i], a, " "); split(a[1], b, "/"); printf "%s %s %s %.4f\n", b[1], b[2], a[2], ok[o[i]] / n[o[i]] } }')
  panels=$(echo "$pts" | awk '{ if (!($1 in s)) { s[$1] = 1; print $1 } }')
  scheds=$(echo "$pts" | awk '{ if (!($3 in s)) { s[$3] = 1; print $3 } }')
  local np
  np=$(echo "$panels" | wc -l)
  {
    echo "# scripts/paper-figures.sh: survival curves (share of runs completed by the deadline)"
    echo "# Run: gnuplot -e \"fmt='svg'; out='fig.svg'\" THIS_FILE (fmt 'png' for PNG)"
    gp_head $((330 * np + 60)) 460
    echo 'set yrange [-0.02:1.02]'
    echo "set xrange [$(awk -v lo="$lo" 'BEGIN { print lo / 100 }'):$(awk -v hi="$hi" 'BEGIN { print hi / 100 }')]"
    echo "set multiplot layout 1,$np title \"$title\""
    local panel j sched first=1
    while read -r panel; do
      echo "set title \"$key $panel\""
      echo 'set xlabel "deadline / plain fault-free makespan"'
      if [ "$first" = 1 ]; then echo 'set ylabel "share of runs completed by the deadline"'; echo "set key $keypos samplen 1.5 font \",9\" spacing 0.9"; else echo 'unset ylabel'; echo 'unset key'; fi
      local plot="plot" j=0
      while read -r sched; do
        echo "\$d_${panel//[^0-9A-Za-z]/_}_$j << EOD"
        echo "$pts" | awk -v p="$panel" -v s="$sched" '$1 == p && $3 == s { print $2, $4 }'
        echo "EOD"
        [ "$j" -eq 0 ] || plot+=","
        plot+=" \$d_${panel//[^0-9A-Za-z]/_}_$j using 1:2 with lines lw 2 lc $((j + 1)) dt $((j % 4 + 1)) title \"$sched\""
        j=$((j + 1))
      done <<<"$scheds"
      echo "$plot"
      first=0
    done <<<"$panels"
    echo "unset multiplot"
  } >"$out/$stem.gp"
  render "$stem"
}

# regime3: the accelerated regime map (patent-table3-regime.csv): rates and paired tests at five deadline factors,
# the survival curves per failure intensity, and the map of where each ring beats or loses to each baseline.
regime3() {
  local csv=$out/patent-table3-regime.csv
  [ -f "$csv" ] || { echo "paper-figures.sh: $csv missing" >&2; return 0; }
  survival patent-table3-regime patent-table3-regime "accel" \
    "Patent Table 3 regime map (morning, 20 iterations, 40 runs per cell)" "" "1.1 1.25 1.5 2 3" nofig
  curves patent-table3-regime patent-table3-regime-curves accel \
    "Completed by the deadline, by failure acceleration (morning, 20 iterations, 40 runs per line)" 100 300 \
    "at graph 0.98, graph 0.66 right top"  # clear of the checkpoint line that stays low on the right
  # The map: per accel x factor, for each ring and each baseline, + (ring fails significantly less, p < 0.05),
  # - (significantly more), = (no significant difference), from the McNemar rows of the table.
  {
    echo
    echo "### Where the ring beats the baselines (from the paired tests above)"
    echo
    echo "Per failure acceleration / deadline factor: '+' the ring fails significantly less often than the baseline"
    echo "(McNemar p < 0.05), '-' significantly more often, '=' no significant difference."
    echo
    awk -F'|' '/^\| [0-9e.+]+\/[0-9.]+ \| ring/ && NF == 8 {
        gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $4); b = $5 + 0; c = $6 + 0; p = $7 + 0
        mark = p < 0.05 ? (b < c ? "+" : "-") : "="
        k = $3 " vs " $4; if (!(k in sk)) { sk[k] = 1; rows[++nr] = k }
        if (!($2 in sc)) { sc[$2] = 1; cols[++nc] = $2 }
        m[k, $2] = mark }
      END { printf "| ring vs baseline |"; for (j = 1; j <= nc; j++) printf " %s |", cols[j]; print ""
        printf "|---|"; for (j = 1; j <= nc; j++) printf "---|"; print ""
        for (i = 1; i <= nr; i++) { printf "| %s |", rows[i]; for (j = 1; j <= nc; j++) printf " %s |", m[rows[i], cols[j]]; print "" } }' \
      "$out/patent-table3-regime-survival.md"
  } >>"$out/patent-table3-regime-survival.md"
}

table3() {
  survival patent-table3 patent-table3 "period" \
    "Patent Table 3 at the patent's size (1000 iterations, documented failure rates): one deadline per repetition" \
    "period / deadline factor (x plain's fault-free makespan)" "1.1 1.25 1.5 2 3"
  curves patent-table3 patent-table3-curves period \
    "Patent Table 3, survival curves (1000 iterations, nd07cpu at its documented rate, lab PCs)" 70 200
}

# graph_facts: "graph method law preds" for every ${GN_STG_DIR}/... graph named in the CSVs.
graph_facts() {
  local g f
  for g in $(cat "$@" | cut -d, -f2 | grep '^\${GN_STG_DIR}' | sort -u); do
    f=${GN_STG_DIR}${g#\$\{GN_STG_DIR\}}
    echo "$g $(grep -m1 'Precedence constraints generator' "$f" | awk '{ print $NF }') \
$(grep -m1 'Task processing time generator' "$f" | awk '{ print $NF }') \
$(grep -m1 'Ave. Predecessors' "$f" | awk '{ gsub(/[()]/, "", $NF); printf "%.1f", $NF }')"
  done
}

# imbalance_tables CSV: per graph (rows) x stages, the imbalance of each mapper and the winner; then per time law.
imbalance_tables() {
  local csv=$1 facts=$2
  plain "$csv" | awk -F, -v g="$(col "$csv" graph)" -v st="$(col "$csv" stages)" -v m="$(col "$csv" mapper)" \
    -v y="$(col "$csv" imbalance)" -v facts="$facts" '
    BEGIN { while ((getline line < facts) > 0) { split(line, f, " "); meth[f[1]] = f[2]; law[f[1]] = f[3]; pred[f[1]] = f[4] } }
    NR > 1 { v[$g, $st, $m] = $y; G[$g] = 1; S[$st] = 1; M[$m] = 1 }
    END {
      nm = split("dptaa saatsa dpma dpma+refine chains", mm, " ")
      ns = 0; for (s in S) ss[++ns] = s + 0
      for (i = 1; i <= ns; i++) for (j = i + 1; j <= ns; j++) if (ss[j] < ss[i]) { t = ss[i]; ss[i] = ss[j]; ss[j] = t }
      printf "| graph | method | time law | preds/task | stages |"
      for (k = 1; k <= nm; k++) printf " %s |", mm[k]
      printf " lowest of the paper'"'"'s three |\n|---|---|---|---:|---:|"
      for (k = 1; k <= nm; k++) printf "---:|"
      printf "---|\n"
      n = 0; for (x in G) gg[++n] = x
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (gg[j] < gg[i]) { t = gg[i]; gg[i] = gg[j]; gg[j] = t }
      for (i = 1; i <= n; i++) for (s = 1; s <= ns; s++) {
        x = gg[i]; name = x; sub(/.*\//, "", name); sub(/\.stg$/, "", name)
        printf "| %s | %s | %s | %s | %d |", name, meth[x], law[x], pred[x], ss[s]
        best = ""; bv = 1e300
        for (k = 1; k <= nm; k++) {
          val = v[x, ss[s], mm[k]]; printf " %.3f |", val
          if (k <= 3) { if (val < bv - 1e-12) { bv = val; best = mm[k] } else if (val < bv + 1e-12) best = best " = " mm[k] }
          sum[law[x], ss[s], mm[k]] += val; all[ss[s], mm[k]] += val
        }
        cnt[law[x], ss[s]]++; cntall[ss[s]]++
        L[law[x]] = 1
        if (best == "dpma") strict[ss[s]]++
        if (best ~ /dpma/) tied[ss[s]]++
        if (best == "dpma") lstrict[law[x], ss[s]]++
        printf " %s |\n", best
      }
      printf "\nMean imbalance per time law (graphs in the law), and on how many graphs DPMA is strictly lowest of DPTAA / SAATSA / DPMA:\n\n"
      printf "| time law | stages | graphs |"
      for (k = 1; k <= nm; k++) printf " %s |", mm[k]
      printf " DPMA strictly lowest |\n|---|---:|---:|"
      for (k = 1; k <= nm; k++) printf "---:|"
      printf "---:|\n"
      nl = 0; for (l in L) ll[++nl] = l
      for (i = 1; i <= nl; i++) for (j = i + 1; j <= nl; j++) if (ll[j] < ll[i]) { t = ll[i]; ll[i] = ll[j]; ll[j] = t }
      for (i = 1; i <= nl; i++) for (s = 1; s <= ns; s++) {
        printf "| %s | %d | %d |", ll[i], ss[s], cnt[ll[i], ss[s]]
        for (k = 1; k <= nm; k++) printf " %.3f |", sum[ll[i], ss[s], mm[k]] / cnt[ll[i], ss[s]]
        printf " %d / %d |\n", lstrict[ll[i], ss[s]], cnt[ll[i], ss[s]]
      }
      for (s = 1; s <= ns; s++) {
        printf "| **all** | %d | %d |", ss[s], cntall[ss[s]]
        for (k = 1; k <= nm; k++) printf " **%.3f** |", all[ss[s], mm[k]] / cntall[ss[s]]
        printf " **%d / %d** (tied or strictly lowest: %d) |\n", strict[ss[s]], cntall[ss[s]], tied[ss[s]]
      }
    }'
}

# dpma_paired: every "lowest imbalance" claim with its paired interval — per CSV and stage count, the mean paired
# difference of imbalance between two of the paper's mappers over the same graphs, its Student t 95 % interval
# (two-sided, df = graphs - 1) and how many graphs each is strictly lower on; and, at 100 stages on 300 tasks, each
# graph's period beside its imbalance for every mapper and the proven optimum (exact), so imbalance is read with
# the period it belongs to. Needs only the committed CSVs.
dpma_paired() {
  local f out_md=$out/dpma-paired.md
  {
    echo "## DPMA: paired imbalance differences and the period beside the imbalance"
    echo
    echo "By \`scripts/paper-figures.sh dpma\` from the committed CSVs. Difference = first mapper's imbalance (or period"
    echo "over its bound, t_over_lb) minus the second's on the same graph (negative: the first is better); 95 % Student t interval of the mean"
    echo "difference over the graphs (df = graphs - 1); a claim \"A has the lowest imbalance\" is supported only where"
    echo "the interval of A against each other mapper lies below 0."
    local fm f metric
    for fm in dpma-fig6-8:imbalance dpma-fig6-8-100:imbalance generated-dpma-fig6-8:imbalance \
      dpma-fig6-8-comm:imbalance dpma-fig6-8-comm:t_over_lb \
      generated-dpma-fig6-8-comm:imbalance generated-dpma-fig6-8-comm:t_over_lb; do
      f=${fm%%:*} metric=${fm#*:}
      [ -f "$out/$f.csv" ] || continue
      echo
      echo "\`$f.csv\`, $metric:"
      echo
      echo "| stages | pair | graphs | mean difference | 95 % interval | first strictly lower / second strictly lower |"
      echo "|---:|---|---:|---:|---|---|"
      plain "$out/$f.csv" | awk -F, -v metric="$metric" -v hdr="$(head -n 1 "$out/$f.csv")" -v TQ="$TQ975" '
        BEGIN { nh = split(hdr, hh, ","); for (i = 1; i <= nh; i++) idx[hh[i]] = i
          split(TQ, tq, " ")
          np = split("dpma-dptaa dpma-saatsa saatsa-dptaa", pairs, " ") }
        NR > 1 { cf = $(idx["comm_factor"]); st = $(idx["stages"]) (cf != 0 ? " (comm " cf ")" : ""); g = $(idx["graph"])
          v[st, g, $(idx["mapper"])] = $(idx[metric])
          if (!(st in ss)) { ss[st] = 1; sts[++nst] = st }; if (!(g in gg)) { gg[g] = 1; gs[++ng] = g } }
        END { for (a = 1; a <= nst; a++) for (q = 1; q <= np; q++) {
            split(pairs[q], mm, "-"); n = 0; sum = 0; sq = 0; lo1 = 0; lo2 = 0
            for (b = 1; b <= ng; b++) if ((sts[a], gs[b], mm[1]) in v && (sts[a], gs[b], mm[2]) in v) {
              d = v[sts[a], gs[b], mm[1]] - v[sts[a], gs[b], mm[2]]; n++; sum += d; sq += d * d; lo1 += d < 0; lo2 += d > 0 }
            if (n < 2) continue
            m = sum / n; sd = sqrt((sq - n * m * m) / (n - 1)); h = (n - 1 <= 40 ? tq[n - 1] : 1.96) * sd / sqrt(n)
            printf "| %s | %s - %s | %d | %.3f | [%.3f, %.3f]%s | %d / %d |\n", sts[a], mm[1], mm[2], n, m, m - h, m + h,
              (m + h < 0 || m - h > 0) ? " (excludes 0)" : "", lo1, lo2 } }'
    done
    [ -f "$out/dpma-fig6-8.csv" ] || return 0
    echo
    echo "At 100 stages (\`dpma-fig6-8.csv\`, 300 tasks): period (imbalance) per graph. Where every mapper reaches the"
    echo "optimal period, imbalance only measures the lightest stage, and the optimum itself may score above 1."
    echo
    echo "| graph | exact (optimal) | DPMA | DPTAA | SAATSA |"
    echo "|---|---|---|---|---|"
    plain "$out/dpma-fig6-8.csv" | awk -F, -v hdr="$(head -n 1 "$out/dpma-fig6-8.csv")" '
      BEGIN { nh = split(hdr, hh, ","); for (i = 1; i <= nh; i++) idx[hh[i]] = i }
      NR > 1 && $(idx["stages"]) == 100 { g = $(idx["graph"]); sub(/.*\//, "", g); sub(/\.stg$/, "", g)
        c[g, $(idx["mapper"])] = sprintf("%g (%.2f)", $(idx["period"]), $(idx["imbalance"])); if (!(g in gg)) { gg[g] = 1; gs[++ng] = g } }
      END { for (b = 1; b <= ng; b++) printf "| %s | %s | %s | %s | %s |\n", gs[b], c[gs[b], "exact"], c[gs[b], "dpma"], c[gs[b], "dptaa"], c[gs[b], "saatsa"] }'
  } >"$out_md"
}

dpma() {
  dpma_paired
  if [ -z "${GN_STG_DIR:-}" ]; then
    echo "paper-figures.sh dpma: set GN_STG_DIR to the Standard Task Graph Set copy the CSVs were computed from" >&2
    return 2
  fi
  local facts
  facts=$(mktemp)
  graph_facts $out/dpma-fig6-8.csv $out/dpma-fig6-8-100.csv $out/dpma-fig9-11.csv >"$facts"
  {
    echo "## DPMA on real Standard Task Graph Set graphs: per graph and per time law"
    echo
    echo "Drawn by \`scripts/paper-figures.sh dpma\` from the committed CSVs and the graphs' own headers (precedence"
    echo "method, task time law, mean predecessors per task). Imbalance = (max - min stage load) / exp; the last"
    echo "column names the lowest of the paper's three mappers (ties joined by =). dpma+refine and chains (the"
    echo "optimal cut of one topological order) are our references."
    echo
    echo "### Figs 6-8, 300 tasks (\`dpma-fig6-8.csv\`)"
    echo
    imbalance_tables $out/dpma-fig6-8.csv "$facts"
    echo
    echo "### Figs 6-8, 100 tasks (\`dpma-fig6-8-100.csv\`)"
    echo
    imbalance_tables $out/dpma-fig6-8-100.csv "$facts"
    echo
    echo "### Figs 9-11: DPMA throughput 1/T per graph (\`dpma-fig9-11.csv\`)"
    echo
    echo "| graph | tasks | method | time law | 20 stages | 50 stages | 100 stages | T / bound at 100 | best |"
    echo "|---|---:|---|---|---:|---:|---:|---:|---|"
    local csv=$out/dpma-fig9-11.csv
    plain "$csv" | awk -F, -v g="$(col "$csv" graph)" -v st="$(col "$csv" stages)" -v th="$(col "$csv" throughput)" \
      -v lb="$(col "$csv" t_over_lb)" -v ta="$(col "$csv" tasks)" -v facts="$facts" '
      BEGIN { while ((getline line < facts) > 0) { split(line, f, " "); meth[f[1]] = f[2]; law[f[1]] = f[3] } }
      NR > 1 { t[$g, $st] = $th; r[$g, $st] = $lb; tasks[$g] = $ta; G[$g] = 1 }
      END {
        n = 0; for (x in G) gg[++n] = x
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
          if (tasks[gg[j]] < tasks[gg[i]] || (tasks[gg[j]] == tasks[gg[i]] && gg[j] < gg[i])) { z = gg[i]; gg[i] = gg[j]; gg[j] = z }
        for (i = 1; i <= n; i++) {
          x = gg[i]; name = x; sub(/.*\//, "", name); sub(/\.stg$/, "", name)
          best = t[x, 100] >= t[x, 50] && t[x, 100] >= t[x, 20] ? "100" : t[x, 50] >= t[x, 20] ? "50" : "20"
          if (best == "100" && t[x, 100] == t[x, 50]) best = "50 = 100"
          win[tasks[x]] += best == "100"; cnt[tasks[x]]++
          printf "| %s | %d | %s | %s | %.4f | %.4f | %.4f | %.3f | %s |\n", name, tasks[x], meth[x], law[x],
            t[x, 20], t[x, 50], t[x, 100], r[x, 100], best
        }
        printf "\n100 stages strictly best:"
        split("100 300 500", sz, " ")
        for (s = 1; s <= 3; s++) printf " %d tasks on %d / %d graphs%s", sz[s], win[sz[s]], cnt[sz[s]], s < 3 ? ";" : "."
        printf "\n"
      }'
    echo
    echo "### Table 1: period with the static and the dynamic expected value, 300 tasks (\`dpma-table1.csv\`)"
    echo
    echo "| graph | time law | stages | exp | static period | dynamic period |"
    echo "|---|---|---:|---:|---:|---:|"
    csv=$out/dpma-table1.csv
    plain "$csv" | awk -F, -v g="$(col "$csv" graph)" -v st="$(col "$csv" stages)" -v o="$(col "$csv" options)" \
      -v p="$(col "$csv" period)" -v e="$(col "$csv" exp)" -v facts="$facts" '
      BEGIN { while ((getline line < facts) > 0) { split(line, f, " "); law[f[1]] = f[3] } }
      NR > 1 { k = $o ~ /true/ ? "dyn" : "sta"; v[$g, $st, k] = $p; ex[$g, $st] = $e; G[$g] = 1; S[$st] = 1 }
      END {
        n = 0; for (x in G) gg[++n] = x
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (gg[j] < gg[i]) { z = gg[i]; gg[i] = gg[j]; gg[j] = z }
        split("20 40 100", ss, " ")
        for (i = 1; i <= n; i++) for (s = 1; s <= 3; s++) {
          x = gg[i]; name = x; sub(/.*\//, "", name); sub(/\.stg$/, "", name)
          printf "| %s | %s | %d | %.2f | %g | %g |\n", name, law[x], ss[s], ex[x, ss[s]], v[x, ss[s], "sta"], v[x, ss[s], "dyn"]
          better[ss[s]] += v[x, ss[s], "dyn"] < v[x, ss[s], "sta"]; worse[ss[s]] += v[x, ss[s], "dyn"] > v[x, ss[s], "sta"]
          ms[ss[s]] += v[x, ss[s], "sta"]; md[ss[s]] += v[x, ss[s], "dyn"]
        }
        for (s = 1; s <= 3; s++)
          printf "| **mean** | | %d | | **%.1f** | **%.1f** (lower on %d, higher on %d of %d graphs) |\n", ss[s],
            ms[ss[s]] / n, md[ss[s]] / n, better[ss[s]], worse[ss[s]], n
      }'
  } >"$out/dpma-real-summary.md"
  rm -f "$facts"
}

case "$what" in
  regime) regime ;;
  table3) table3 ;;
  regime3) regime3 ;;
  table2) table2 ;;
  item5) item5 ;;
  dpma) dpma ;;
  dpma-paired) dpma_paired ;;
  all) regime; table2; table3; regime3; item5; dpma ;;
  *) echo "usage: scripts/paper-figures.sh [regime|table2|table3|regime3|item5|dpma|dpma-paired|all]" >&2; exit 2 ;;
esac
