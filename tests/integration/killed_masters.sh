#!/usr/bin/env bash
# Integration: grid and cluster masters that fail die with sends and receives in flight; they release them on
# exit (grid_inflight_*), and the run says nothing on stderr. CI's leak pass runs this test under LeakSanitizer,
# where a comm left behind is a leak of the comm and of the actors it points to.
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
# Seed 1: the grid master's host fails while it posts the receives of its first batch (two exist: each joins the
# ledger as it is posted). Seed 3, period 1: the grid master dies mid-run and cluster masters 1 and 2 are killed
# with the run, their host on, in the middle of a round (their comms are dropped after the run). The deadline's
# reference is the run's own (self): it sets the failure horizon, hence the failures these seeds were chosen for.
for seed_period in 1:3 3:1; do
  expect_quiet "$G" grid --iterations 20 --n 60 --mode real --accel 8000 --master-failures true \
    --seed "${seed_period%:*}" --period "${seed_period#*:}" --deadline-ref self
  grep -q "cause *grid-master-died" "$GN_TMP/out" || fail "$seed_period: the grid master did not die: $(head -c 300 "$GN_TMP/out")"
done
# A grid master's failure on a platform with multi-core hosts: the run's end cancels every execution a node
# started (one per core), not only the one it waits for (SimGrid aborted: "The Impossible Did Happen").
for period in 2 3; do
  expect_quiet "$G" grid --platform "$GN_SOURCE/tests/fixtures/platforms/grid-two-zone.xml" --n 900 --iterations 10 \
    --master-failures true --period "$period" --accel 8000
  grep -q "cause *grid-master-died" "$GN_TMP/out" || fail "period $period: the grid master did not die: $(head -c 300 "$GN_TMP/out")"
done
finish
