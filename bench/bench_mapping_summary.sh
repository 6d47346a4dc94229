#!/usr/bin/env bash
# bench_mapping_summary: the tables of docs/benchmarks.md from bench_mapping.sh CSV files — per graph set and
# stage count: every mapper's mean T/bound, mean T/best and mean/max CPU; exact's proven share, CPU and memory;
# how often best equals a proven optimum and how often another mapper beats it (never, if all is well).
# Usage: bench/bench_mapping_summary.sh FILE.csv... (a later file's row replaces an earlier one for the same
# graph, stages, mapper and options: a rerun of one mapper).
set -euo pipefail
awk -F'"' 'FNR == 1 { next }
  { graph = $2; split($3, f, ","); n = f[2]; m = f[3]; o = f[4]
    if (graph ~ /^gen:/) { match(graph, /ccr=[^,]*/); set = "gen ccr " substr(graph, RSTART + 4, RLENGTH - 4) }
    else { nf = split(graph, parts, "/"); set = "STG " parts[nf - 1] }
    key = graph SUBSEP n SUBSEP m SUBSEP o
    row[key] = set SUBSEP n SUBSEP m SUBSEP f[5] SUBSEP f[6] SUBSEP f[7] SUBSEP f[8] SUBSEP f[9]
    if (m == "best") best[graph SUBSEP n] = f[5]
    if (m == "exact") { exact[graph SUBSEP n] = f[5]; exact_status[graph SUBSEP n] = f[7] } }
  END {
    for (key in row) {
      split(key, k, SUBSEP); split(row[key], r, SUBSEP); if (r[6] == "killed") continue
      c = r[1] " N=" r[2]; cells[c] = 1; id = r[3] SUBSEP c; mappers[r[3]] = 1
      cnt[id]++; tb[id] += r[4] / r[5]; cpu[id] += r[7]; if (r[7] > cpumax[id]) cpumax[id] = r[7]
      if (r[8] > rss[id]) rss[id] = r[8]
      b = best[k[1] SUBSEP k[2]]
      if (b != "") { tbest[id] += r[4] / b; if (b > r[4] + 1e-9) beaten[c]++ }
      if (r[3] == "exact" && r[6] == "optimal") proven[c]++
      if (r[3] == "best" && exact_status[k[1] SUBSEP k[2]] == "optimal") {
        opt[c]++; if (r[4] <= exact[k[1] SUBSEP k[2]] + 1e-9) hit[c]++ }
    }
    for (c in cells) {
      id = "exact" SUBSEP c
      printf "A| %s | %s | %s | %s | %d/%d | %d |\n", c, cnt[id] ? proven[c] + 0 "/" cnt[id] : "-",
        cnt[id] ? sprintf("%.2f / %.2f", cpu[id] / cnt[id], cpumax[id]) : "-", cnt[id] ? sprintf("%.0f", rss[id] / 1024) : "-",
        hit[c], opt[c], beaten[c] }
    for (m in mappers) for (c in cells) {
      id = m SUBSEP c; if (!cnt[id]) continue
      printf "B| %s, %s | %.4f | %.4f | %.3f | %.2f |\n", m, c, tb[id] / cnt[id], tbest[id] / cnt[id], cpu[id] / cnt[id], cpumax[id] }
  }' "$@" | sort -t'|' -k1,1 -k2,2V | awk '
  /^A/ && !a++ { print "| set, N | exact optimal | exact mean / max CPU s | exact max RSS MB | best = T_opt | best beaten |"; print "|---|---:|---:|---:|---:|---:|" }
  /^B/ && !b++ { print ""; print "| mapper, set, N | mean T/bound | mean T/best | mean CPU s | max CPU s |"; print "|---|---:|---:|---:|---:|" }
  { print substr($0, 2) }'
