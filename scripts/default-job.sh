#!/usr/bin/env bash
# default-job.sh: the main job of the quick start (run.sh): run the default scenarios (DPMA mapping quality,
# grid speedup) into out/default/ (not under git), draw their figures, compare each CSV with the committed
# reference in results/default/ (the runs are deterministic: the same rows) and say where the results went.
# Every run is done afresh (--fresh); the committed files are never written.
set -euo pipefail
cd "$(dirname "$0")/.."
gridnoc=${GRIDNOC:-./build/gridnoc}   # GRIDNOC: another build's binary
jobs=$(nproc 2>/dev/null || echo 2)
out=out/default
for pair in default:map default-grid:grid; do
  s=scenarios/${pair%%:*}.cfg csv=$out/${pair#*:}.csv
  echo "== $s"
  "$gridnoc" run "$s" --jobs "$jobs" --fresh --output "$csv"
  "$gridnoc" report "$s" --csv "$csv" --out "$out" >/dev/null
  "$gridnoc" report "$csv" --against "results/default/${pair#*:}.csv" | head -n 5 || true
done
echo
echo "Results in $(pwd)/$out/ (the committed references: results/default/):"
echo "  map.csv, grid.csv                        one row per run (parameters, seed, metrics)"
echo "  imbalance.{svg,png,pdf,md}               DPMA vs DPTAA vs SAATSA vs chains (cf. DPMA Figs 6-8)"
echo "  throughput.{svg,png,pdf,md}              DPMA throughput by graph size (cf. DPMA Figs 9-11)"
echo "  speedup.{svg,png,pdf,md}                 grid speedup with 1..8 clusters (cf. patent Table 2)"
echo "Full reproductions: scenarios/paper/ (results/README.md compares them with the sources)."
