#!/usr/bin/env bash
# bench_mapping_table: issue 27's table in one run — `best` and `exact` on real and generated graphs, with and
# without communication, at 50 to 1000 tasks; per graph set and stage count: the share `exact` proves optimal
# within the limit, how often `best` is at that optimum, mean T/bound (`best`'s period over the lower bound it
# reports), mean T/optimum over the proven cases, and the CPU time of each (docs/benchmarks.md).
# Usage: bench/bench_mapping_table.sh GRIDNOC STG_DIR OUTDIR [TIME_LIMIT_S]   (runs everything, then the table)
#        bench/bench_mapping_table.sh --table FILE.csv...   (the table from bench_mapping.sh CSV files; a later
#                                                           file's row replaces an earlier one: a rerun of one mapper)
# STG_DIR holds 100/, 300/ and 500/ with the STG random graphs (*.stg). The limit (default 60 s) is exact's
# --time-limit; every run is one `gridnoc map` process timed by bench_mapping.sh (CPU = user + sys).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

table() {
  awk -F'"' 'FNR == 1 { next }
    { graph = $2; split($3, f, ","); n = f[2]; m = f[3]
      key = graph SUBSEP n; row[key SUBSEP m] = f[5] SUBSEP f[6] SUBSEP f[7] SUBSEP f[8]; cases[key] = 1 }
    function label(g,   t, c, parts, k) {
      if (g ~ /^gen:/) {
        t = match(g, /tasks=[0-9]+/) ? substr(g, RSTART + 6, RLENGTH - 6) : "?"
        c = match(g, /ccr=[^,]*/) ? substr(g, RSTART + 4, RLENGTH - 4) : "0"
        return sprintf("generated %5d tasks, %s", t, c + 0 ? "ccr " c : "no communication")
      }
      k = split(g, parts, "/")
      return sprintf("real STG %5d tasks, %s", parts[k - 1], g ~ /\?volume=/ ? "unit volumes" : "no communication")
    }
    function median(list,   v, k, i, j, x) {
      k = split(list, v, " ")
      for (i = 2; i <= k; i++) { # insertion sort: a few dozen values
        x = v[i] + 0
        for (j = i - 1; j >= 1 && v[j] + 0 > x; j--) v[j + 1] = v[j]
        v[j + 1] = x
      }
      return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
    }
    END {
      for (key in cases) {
        split(key, k, SUBSEP); c = label(k[1]) SUBSEP sprintf("%4d", k[2]); cells[c] = 1
        split(row[key SUBSEP "best"], b, SUBSEP); split(row[key SUBSEP "exact"], e, SUBSEP)
        if (b[3] == "" || b[3] == "killed" || e[3] == "" || e[3] == "killed") { missing[c]++; continue }
        cnt[c]++; tb[c] += b[1] / b[2]
        bcpu[c] = bcpu[c] " " b[4]; if (b[4] > bmax[c]) bmax[c] = b[4]
        ecpu[c] = ecpu[c] " " e[4]; if (e[4] > emax[c]) emax[c] = e[4]
        if (e[3] == "optimal") { proven[c]++; topt[c] += b[1] / e[1]; if (b[1] <= e[1] * (1 + 1e-9)) hit[c]++ }
        if (b[1] < e[1] * (1 - 1e-9)) below[c]++
      }
      for (c in cells) {
        split(c, k, SUBSEP)
        if (!cnt[c]) { printf "%s|%s|0|—|—|—|—|—|—|%d killed or missing\n", k[1], k[2], missing[c]
                       continue }
        printf "%s|%s|%d|%s|%s|%.4f|%s|%.2f / %.2f|%.2f / %.2f|%s\n", k[1], k[2], cnt[c],
          sprintf("%d (%.0f %%)", proven[c], 100 * proven[c] / cnt[c]), proven[c] ? hit[c] + 0 " / " proven[c] : "—",
          tb[c] / cnt[c], proven[c] ? sprintf("%.4f", topt[c] / proven[c]) : "—",
          median(bcpu[c]), bmax[c], median(ecpu[c]), emax[c],
          (missing[c] ? missing[c] " killed or missing" : "") (below[c] ? " best below exact " below[c] : "")
      }
    }' "$@" | sort -t'|' -k1,1 -k2,2n | awk -F'|' '
    NR == 1 { printf "| graphs | N | cases | `exact` optimal | `best` at the optimum | mean T / bound (`best`) "
              printf "| mean T / optimum (`best`, proven cases) | `best` CPU s median / max "
              print "| `exact` CPU s median / max | note |"
              print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|" }
    { gsub(/ +/, " ", $1); sub(/^ +/, "", $2); out = "|"
      for (i = 1; i <= 10; i++) out = out " " $i " |"
      print out }'
}

if [ "${1:-}" = --table ]; then
  shift
  table "$@"
  exit
fi
[ $# -ge 3 ] || { sed -n 6,8p "$0" >&2; exit 2; }
gridnoc=$1 stg=$2 out=$3 limit=${4:-60}
mkdir -p "$out"
run() { # file stages graphs...
  local file=$1 stages=$2
  shift 2
  GN_BENCH_MAPPERS="best exact" GN_BENCH_STAGES="$stages" GN_BENCH_GRAPHS="$*" \
    "$here/bench_mapping.sh" "$gridnoc" "$stg" "$out/$file" "$limit" list
}
gen() { # tasks ccr seeds...: the four generator methods' cases as issue 27 names them (M, C by seed mod 4 when C = -)
  local tasks=$1 ccr=$2 s
  shift 2
  for s in "$@"; do
    case $ccr:$((s % 4)) in
      -:1) echo "gen:method=layrpred,tasks=$tasks,ccr=0.5,seed=$s" ;;
      -:2) echo "gen:method=layrprob,tasks=$tasks,ccr=0.5,seed=$s" ;;
      -:3) echo "gen:method=layrpred,tasks=$tasks,ccr=1,seed=$s" ;;
      -:0) echo "gen:method=layrprob,tasks=$tasks,ccr=1,seed=$s" ;;
      *) echo "gen:method=layrpred,tasks=$tasks,ccr=$ccr,seed=$s gen:method=layrprob,tasks=$tasks,ccr=$ccr,seed=$s" ;;
    esac
  done
}
# Without communication: the real STG random sets, and generated graphs of 1000 tasks at 200 stages.
run stg100.csv "20 50 100" "$stg"/100/*.stg
run stg300.csv "20 50 100" "$stg"/300/*.stg
run stg500.csv "20 50 100" "$stg"/500/*.stg
run gen1000.csv 200 $(for m in layrpred layrprob sameprob samepred; do echo "gen:method=$m,tasks=1000,seed=1"; done)
# ... and with the time laws and in-degrees that were hardest at 300 tasks (two peaks, normal; docs/benchmarks.md)
run gen1000t.csv 200 $(for m in layrpred layrprob sameprob samepred; do
  for t in norm2pks,preds=12 norm,preds=30; do echo "gen:method=$m,tasks=1000,times=$t,seed=2"; done
done)
# With communication: generated graphs of 50 tasks (seeds 221-228, 241-248), 100 tasks (81-84) and 300 tasks
# (ccr 0.5, seeds 1-5), and two real 100-task graphs with every edge's volume 1.
run gen50.csv "5 10" $(gen 50 - 221 222 223 224 225 226 227 228 241 242 243 244 245 246 247 248)
run gen100.csv "10 20" $(gen 100 - 81 82 83 84)
run stg100v.csv "10 20" "$stg/100/rand0000.stg?volume=1" "$stg/100/rand0010.stg?volume=1"
run gen300.csv 20 $(gen 300 0.5 1 2 3 4 5)
table "$out"/*.csv
