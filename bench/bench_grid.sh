#!/usr/bin/env bash
# bench_grid.sh: wall and CPU times of the grid simulator (numbers for docs/benchmarks.md, section "Grid").
# Usage: bench/bench_grid.sh [GRIDNOC] [RUNS] [JOBS] [ITERATIONS]   (defaults: build/gridnoc, 100 failure runs,
#        2 jobs, 20 iterations of the 10,000-node grid)
# 1. the patent experiment: 48 nodes, n = 5000, 1000 iterations, ring (aim < 10 s);
# 2. RUNS failure runs of it (busy-morning period: load + Weibull nd07cpu failures, time accelerated 2000x), JOBS
#    at a time with xargs -P (aim: 100 runs < 2 min with 2 jobs); deadline 3x the fault-free makespan of 1.;
# 3. a 10,000-node grid (100 clusters x 100 nodes) for ITERATIONS iterations.
# CPU time (user + sys of the children) is printed too: the reference machine is shared, so wall time varies.
set -euo pipefail
G=${1:-build/gridnoc}
RUNS=${2:-100}
JOBS=${3:-2}
ITER=${4:-20}
TIMEFORMAT='%R s wall, %U s user + %S s sys'
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT

echo "patent experiment (ring, fault-free, 1000 iterations):"
time "$G" grid --preset patent --scheduler ring --reference false >"$OUT"
ff=$(awk '$1 == "makespan_s" {print $2}' "$OUT")
echo "  simulated makespan $ff s"

echo "$RUNS failure runs (period 2, weibull:nd07cpu, accel 2000), $JOBS jobs:"
deadline=$(echo "3 * $ff" | bc -l)
time (seq 1 "$RUNS" | xargs -P "$JOBS" -I{} "$G" grid --preset patent --scheduler ring --period 2 --accel 2000 \
  --reference false --deadline "$deadline" --seed {} --csv >"$OUT" 2>&1 || true) # a completely failed run exits 1
echo "  rows: $(grep -c '^[0-9]' "$OUT"), complete failures: $(grep -cE ',0,(unrecoverable-unit|grid-master-died|deadline),' "$OUT" || true)"

echo "10,000-node grid (100 x 100), $ITER iterations:"
time "$G" grid --preset patent --clusters 100 --nodes 100 --iterations "$ITER" --reference false >"$OUT"
grep -E "completed|makespan_s" "$OUT" | sed 's/^/ /'
