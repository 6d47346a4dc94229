#!/usr/bin/env bash
# bench_mapping: every mapper and exact on the STG sets and on generated graphs with communication, one CSV row
# per run with the CPU time and peak memory of the whole `gridnoc map` process (docs/benchmarks.md). The solvers
# are compared on the same models by bench_exact_mip.
# Usage: bench/bench_mapping.sh GRIDNOC STG_DIR OUT.csv [TIME_LIMIT_S] [stg|gen|all|list]
#   STG_DIR holds 300/ and 500/ with the STG random graphs (*.stg); generated graphs need nothing. The last
#   argument picks the STG files, the generated graphs with communication, or both (default).
#   GN_BENCH_STAGES overrides the stage counts (default "20 50 100"), GN_BENCH_MAPPERS the mappers (default: all
#   but exact, then exact; a list given runs exactly those, exact included if named). `list` takes the graphs
#   from GN_BENCH_GRAPHS (graph sources: files, or gen:... specifications).
set -euo pipefail
gridnoc=$1 stg=$2 out=$3 limit=${4:-10} which=${5:-all}
heuristics=${GN_BENCH_MAPPERS:-dpma dptaa saatsa chains dpma+refine dptaa+refine saatsa+refine chains+refine best}
echo "graph,stages,mapper,options,period,bound,status,cpu_s,max_rss_kb" >"$out"
one() { # graph stages mapper options
  local row stat
  stat=$(mktemp)
  # A solver that overruns its CPU limit (CBC's root work does not always look at the clock) is cut at 3x + 5 s
  # of CPU (ulimit -t: CPU time, not wall time, which the shared machine stretches).
  row=$(/usr/bin/time -f "%U %S %M" -o "$stat" bash -c 'ulimit -t $1; shift; exec "$@"' _ $((3 * ${limit%.*} + 5)) \
        "$gridnoc" map "$1" -n "$2" -m "$3" ${4:+--options "$4"} --time-limit "$limit" --format csv | tail -1) ||
    row="killed"
  [ -n "$row" ] || row="killed"
  # csv columns: graph (quoted, may hold commas),mapper,stages,comm_factor,seed,period,... 14 more ...,status,
  # bound,gap (docs/mappers.md): counted from the end.
  # The times are the last line of $stat: a process killed by a signal has a line about it first.
  tail -n 1 "$stat" | awk -v r="$row" -v g="$1" -v n="$2" -v m="$3" -v o="$4" '{
      k = split(r, f, ",")
      if (r == "killed") { printf "\"%s\",%s,%s,%s,,,killed,%.3f,%s\n", g, n, m, o, $1 + $2, $3; next }
      printf "\"%s\",%s,%s,%s,%s,%s,%s,%.3f,%s\n", g, n, m, o, f[k-14], f[k-1], f[k-2], $1 + $2, $3 }' >>"$out"
  rm -f "$stat"
}
graphs=""
[ "$which" != list ] || graphs=${GN_BENCH_GRAPHS:?list needs GN_BENCH_GRAPHS}
[ "$which" = gen ] || [ "$which" = list ] || graphs=$(ls "$stg"/300/*.stg "$stg"/500/*.stg)
[ "$which" = stg ] || [ "$which" = list ] || for method in sameprob samepred layrprob layrpred; do
  for ccr in 0.5 1; do
    for seed in 1 2 3; do graphs="$graphs gen:method=$method,tasks=300,ccr=$ccr,seed=$seed"; done
  done
done
for g in $graphs; do
  for n in ${GN_BENCH_STAGES:-20 50 100}; do
    for m in $heuristics; do one "$g" "$n" "$m" ""; done
    # exact on the generated graphs (non-whole costs: one optimisation MIP) at N = 20 and seed 1 only: shared CPU.
    [ -z "${GN_BENCH_MAPPERS:-}" ] || continue
    case $g in gen:*seed=1) [ "$n" = 20 ] && one "$g" "$n" exact "" || true ;; gen:*) ;; *) one "$g" "$n" exact "" ;; esac
  done
done
