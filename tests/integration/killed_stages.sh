#!/usr/bin/env bash
# Integration: NoC actors killed by failures give back what they hold, and a run says nothing on stderr (SimGrid
# neither). CI also runs this in the ASan + UBSan build with detect_leaks=1, where a killed actor's memory is a
# LeakSanitizer report: the arbiter killed at time 0 by its core's failure (it now lives on the supervisor's
# host), stages killed by a recovery with receives still transferring (released later by the supervisor).
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
cd "$GN_TMP" || exit 1
G=$GRIDNOC

# A core failing at time 0 on a fair-sharing chip (the arbiter's host before the fix).
expect_quiet "$G" pipeline "$GN_FIXTURES/stg/small.stg" --chip mesh20 -n 3 --items 100 --fail P1@0
grep -q "failure: core_0_0 at 0" "$GN_TMP/out" || fail "no failure at 0: $(head -c 300 "$GN_TMP/out")"
# Stages killed by a recovery, or ending early, while receives into them still transfer: SimGrid printed a
# backtrace for each (its Comm destructor) when they were released from the dying stage.
expect_quiet "$G" pipeline gen:tasks=30,seed=2,ccr=1 --chip mesh20 -n 5 --items 200 --fail P2@1000
expect_quiet "$G" pipeline gen:tasks=40,seed=3,ccr=2 --chip mesh20 -n 8 --items 300 --fail weibull:0.7:800 --seed 5
grep -q "recover" "$GN_TMP/out" || fail "no recovery: $(head -c 300 "$GN_TMP/out")"
finish
