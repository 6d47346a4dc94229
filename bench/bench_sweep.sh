#!/usr/bin/env bash
# bench_sweep.sh: wall time of a real sweep of 200 short grid runs (bench/sweep200.cfg) with --jobs 1 and
# --jobs 2, run alternately REPS times (the median of each is printed with their ratio), and a check that both
# job counts write byte-identical CSVs. Numbers go to docs/benchmarks.md (## Runner) by hand.
# Usage: bench/bench_sweep.sh GRIDNOC [REPS]   (default 5)
set -euo pipefail
G=$1
REPS=${2:-5}
CFG="$(cd "$(dirname "$0")" && pwd)/sweep200.cfg"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
sweep() { # sweep JOBS -> wall seconds
  local t0 t1
  t0=$(date +%s.%N)
  "$G" run "$CFG" --output "$W/j$1.csv" --fresh --jobs "$1" --quiet 2>"$W/err" || { cat "$W/err" >&2; exit 1; }
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.3f\n", $2 - $1}'
}
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
sweep 1 >/dev/null # warm-up: page cache, dynamic linking
: >"$W/t1"
: >"$W/t2"
for _ in $(seq "$REPS"); do
  sweep 1 >>"$W/t1"
  sweep 2 >>"$W/t2"
done
cmp -s "$W/j1.csv" "$W/j2.csv" || { echo "bench_sweep: --jobs 1 and --jobs 2 CSVs differ" >&2; exit 1; }
m1=$(median <"$W/t1")
m2=$(median <"$W/t2")
echo "load average before the end: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores)"
echo "| sweep of 200 grid runs (bench/sweep200.cfg), median of $REPS | wall |"
echo "|---|---:|"
echo "| --jobs 1 | ${m1} s |"
echo "| --jobs 2 | ${m2} s |"
awk -v a="$m2" -v b="$m1" 'BEGIN {printf "| --jobs 2 / --jobs 1 | %.3f (%.2fx) |\n", a / b, b / a}'
echo "CSVs with --jobs 1 and --jobs 2: byte-identical"
