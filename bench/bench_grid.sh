#!/usr/bin/env bash
# bench_grid.sh: wall times of the grid simulator (numbers for docs/benchmarks.md, section "Grid").
# Usage: bench/bench_grid.sh [GRIDNOC] [RUNS] [JOBS]   (defaults: build/gridnoc, 100 failure runs, 2 jobs)
# 1. the patent experiment: 48 nodes, n = 5000, 1000 iterations, ring (aim < 10 s);
# 2. RUNS failure runs of it (busy-morning period: load + Weibull nd07cpu failures, time accelerated), JOBS at a
#    time with xargs -P (aim: 100 runs < 2 min with 2 jobs); the deadline is 3x the fault-free makespan of 1.;
# 3. a 10,000-node grid (100 clusters x 100 nodes) for 100 iterations.
set -euo pipefail
G=${1:-build/gridnoc}
RUNS=${2:-100}
JOBS=${3:-2}
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }

t=$(now)
ff=$("$G" grid --preset patent --scheduler ring --reference false | awk '$1 == "makespan_s" {print $2}')
echo "patent experiment (ring, fault-free, 1000 iterations): $(since "$t") s wall, makespan $ff s simulated"

t=$(now)
deadline=$(echo "3 * $ff" | bc -l)
seq 1 "$RUNS" | xargs -P "$JOBS" -I{} "$G" grid --preset patent --scheduler ring --period 2 --accel 2000 \
  --reference false --deadline "$deadline" --seed {} --csv >/tmp/bench_grid_runs.$$ 2>&1
rows=$(grep -c '^[0-9]' /tmp/bench_grid_runs.$$ || true)
failed=$(awk -F, 'NR > 1 && /^[0-9]/ && $0 ~ /,0,(unrecoverable-unit|grid-master-died|deadline),/' /tmp/bench_grid_runs.$$ | wc -l)
rm -f /tmp/bench_grid_runs.$$
echo "$RUNS failure runs, $JOBS jobs: $(since "$t") s wall ($rows rows, $failed complete failures)"

t=$(now)
"$G" grid --preset patent --clusters 100 --nodes 100 --iterations 100 --reference false | grep -E "makespan_s|completed"
echo "10,000-node grid, 100 iterations: $(since "$t") s wall"
