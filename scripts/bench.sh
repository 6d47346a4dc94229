#!/usr/bin/env bash
# bench.sh: every benchmark of docs/benchmarks.md in one go, in the order of its sections (about 7 minutes on the
# idle 2-core reference machine; `cmake --build build --target bench` runs it too). Timings go to the page by hand,
# never into tests: the machine is shared, so compare ratios measured side by side in one run.
# Usage: scripts/bench.sh [BUILD_DIR]   (default build)
set -euo pipefail
B=${1:-build}
cd "$(dirname "$0")/.."
section() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

section "Mappers"
"$B/bench/bench_mappers" --graphs 10
"$B/bench/bench_mappers" --graphs 10 --ccr 1
section "Task graphs"
"$B/bench/bench_graph" 10
section "NoC pipeline"
"$B/bench/bench_noc_pipeline" 10000 100
section "NoC pipeline against raw SimGrid (same platform, cut, actors, messages; period and makespan must be identical)"
"$B/bench/bench_noc_raw" --reps 3 'gen:method=layrprob,tasks=100,layers=100,prob=1,ccr=0.5,seed=1' mesh100 100 chains 3000 "$B/gridnoc"
"$B/bench/bench_noc_raw" --reps 3 'gen:tasks=300,ccr=0.5,seed=1' mesh50 50 chains 300 "$B/gridnoc"
section "Grid against raw SimGrid (same platform, actors, messages; makespans must be identical)"
"$B/bench/bench_grid_raw" --reps 3 patent 0 0 5000 1000 "$B/gridnoc"
"$B/bench/bench_grid_raw" --reps 3 uniform 16 50 5000 30 "$B/gridnoc"
section "Grid"
bench/bench_grid.sh "$B/gridnoc" 100 2
section "Runner"
"$B/bench/bench_runner" --runs 200
bench/bench_sweep.sh "$B/gridnoc" 5
