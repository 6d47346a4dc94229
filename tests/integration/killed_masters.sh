#!/usr/bin/env bash
# Integration: grid and cluster masters that fail die with sends and receives in flight; they release them on
# exit (grid_inflight_*), and the run says nothing on stderr. (Under LeakSanitizer the grid still shows the
# handles a node keeps when it is killed inside its wait, sim/grid/grid_wait.cpp: not in CI's leak pass.)
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
cd "$GN_TMP" || exit 1
G=$GRIDNOC

# Masters that fail: the grid master dies with plans in flight, cluster masters with work in flight.
for sched in ring plain; do
  expect_quiet "$G" grid --preset uniform --clusters 3 --nodes 4 --n 120 --iterations 30 --failures weibull:nd07cpu \
    --accel 300000 --scheduler "$sched" --master-failures true
  grep -q "cause *grid-master-died" "$GN_TMP/out" || fail "$sched: the grid master did not die: $(head -c 300 "$GN_TMP/out")"
done
finish
