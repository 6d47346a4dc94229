#!/usr/bin/env bash
# default-job.sh: the main job of the quick start (run.sh): run the default scenarios (DPMA mapping quality,
# grid speedup), draw their figures and say where the results went. Every run is done afresh (--fresh), so a
# fresh clone really simulates rather than finding the committed CSVs complete; the runs are deterministic, so
# the committed results/default/ files come out byte for byte the same.
set -euo pipefail
cd "$(dirname "$0")/.."
gridnoc=${GRIDNOC:-./build/gridnoc}   # GRIDNOC: another build's binary
jobs=$(nproc 2>/dev/null || echo 2)
for s in scenarios/default.cfg scenarios/default-grid.cfg; do
  echo "== $s"
  "$gridnoc" run "$s" --jobs "$jobs" --fresh
  "$gridnoc" report "$s" >/dev/null
done
echo
echo "Results in $(pwd)/results/default/:"
echo "  map.csv, grid.csv                        one row per run (parameters, seed, metrics)"
echo "  imbalance.{svg,png,pdf,md}               DPMA vs DPTAA vs SAATSA vs chains (cf. DPMA Figs 6-8)"
echo "  throughput.{svg,png,pdf,md}              DPMA throughput by graph size (cf. DPMA Figs 9-11)"
echo "  speedup.{svg,png,pdf,md}                 grid speedup with 1..8 clusters (cf. patent Table 2)"
echo "Full reproductions: scenarios/paper/ (results/README.md compares them with the sources)."
