#!/usr/bin/env bash
# Integration: a sweep as a user's shell meets it: one writer per output (a second is refused naming the
# first; a run killed with -9 leaves no lock that blocks; a file system without locks is an error, not an
# unlocked write), Ctrl-C/SIGTERM stop with a message and resume, progress lines without a terminal, a
# per-run timeout, and the resumed CSV byte-identical to one uninterrupted run.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1

# 8 grid runs of a few tenths of a second each (long enough to be caught running).
cat > slow.cfg <<'CFG'
kind = "grid";
output = "out/slow.csv";
seed = 5;
repeat = 2;
params = { scheduler = ["ring", "plain"]; clusters = [2, 3]; iterations = 80; n = 20000; };
CFG
expect_status 0 "$GRIDNOC" run slow.cfg --jobs 2 --quiet --output ref.csv

# Waits (at most ~20 s) until FILE has at least N lines.
wait_lines() { for _ in $(seq 1 200); do [ "$(cat "$1" 2>/dev/null | wc -l)" -ge "$2" ] && return 0; sleep 0.1; done; return 1; }

# Two writers: the second is refused at once, naming the first; the CSV ends complete, no duplicates.
"$GRIDNOC" run slow.cfg --jobs 1 --quiet --output conc.csv 2>first.err &
first=$!
wait_lines conc.csv 1
expect_status 1 "$GRIDNOC" run slow.cfg --jobs 1 --output conc.csv
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(cat "$GN_TMP/err")" = "gridnoc: conc.csv: is being written by pid $first on $(hostname) (lock conc.csv.lock): wait for it to finish, or write to another --output" ] ||
  fail "second writer: $(cat "$GN_TMP/err")"
wait $first
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s conc.csv ref.csv || fail "the CSV of two concurrent starts differs from one run: $(cat first.err)"
GN_CHECKS=$((GN_CHECKS + 1))
[ ! -e conc.csv.lock ] || fail "the lock file was left behind"

# kill -9 leaves a lock file but no lock: the next run takes it and finishes the CSV.
"$GRIDNOC" run slow.cfg --jobs 1 --quiet --output killed.csv 2>/dev/null &
victim=$!
wait_lines killed.csv 2
kill -9 $victim
wait $victim 2>/dev/null
GN_CHECKS=$((GN_CHECKS + 1))
[ -e killed.csv.lock ] || fail "expected a stale lock file after kill -9"
expect_status 0 "$GRIDNOC" run slow.cfg --jobs 2 --quiet --output killed.csv
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s killed.csv ref.csv || fail "the CSV resumed after kill -9 differs from one run"

# A file system without record locks (NFS without lockd, simulated by a preloaded shim): a clear error, no CSV.
if [ -n "${GN_LOCKFAIL_LIB:-}" ]; then
  expect_stderr "cannot lock nfs.csv.lock: No locks available" env LD_PRELOAD="$GN_LOCKFAIL_LIB" \
    "$GRIDNOC" run slow.cfg --output nfs.csv
  GN_CHECKS=$((GN_CHECKS + 1))
  [ ! -e nfs.csv ] || fail "a CSV was written without the lock"
  expect_stderr "cannot lock" env LD_PRELOAD="$GN_LOCKFAIL_LIB" \
    "$GRIDNOC" merge --scenario slow.cfg --output nfs2.csv ref.csv
fi

# SIGINT and SIGTERM: whole rows kept, one line saying how many and how to resume, status 128 + signal.
for sig in INT TERM; do
  rm -f sig.csv
  "$GRIDNOC" run slow.cfg --jobs 1 --quiet --output sig.csv 2>sig.err &
  pid=$!
  wait_lines sig.csv 3
  kill -s $sig $pid
  wait $pid
  status=$?
  want=$([ $sig = INT ] && echo 130 || echo 143)
  GN_CHECKS=$((GN_CHECKS + 1))
  [ "$status" = "$want" ] || fail "SIG$sig: status $status, expected $want"
  done_rows=$(($(wc -l < sig.csv) - 1))
  GN_CHECKS=$((GN_CHECKS + 1))
  grep -q "gridnoc: interrupted: $done_rows of 8 runs in sig.csv; run the same command to resume" sig.err ||
    fail "SIG$sig: no interrupted line for $done_rows rows: $(cat sig.err)"
  GN_CHECKS=$((GN_CHECKS + 1))
  "$GRIDNOC" run slow.cfg --jobs 2 --output sig.csv 2>resume.err | cat
  grep -q "gridnoc: resuming sig.csv: $done_rows of 8 runs done, $((8 - done_rows)) to run" resume.err ||
    fail "no resuming line: $(cat resume.err)"
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s sig.csv ref.csv || fail "the CSV resumed after SIG$sig differs from one run"
done

# Without a terminal: progress lines every N runs; none with --quiet.
"$GRIDNOC" run slow.cfg --jobs 2 --fresh --output prog.csv --progress-every 3 2>&1 >/dev/null | cat > prog.err
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "^gridnoc: progress: 3 of 8 runs finished" prog.err || fail "no progress line at 3 runs: $(cat prog.err)"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "^gridnoc: progress: 8 of 8 runs finished, .*ETA done" prog.err || fail "no final progress line: $(cat prog.err)"
"$GRIDNOC" run slow.cfg --jobs 2 --fresh --quiet --output prog.csv 2>&1 >/dev/null | cat > quiet.err
GN_CHECKS=$((GN_CHECKS + 1))
! grep -q "progress" quiet.err || fail "--quiet printed progress: $(cat quiet.err)"

# --run-timeout: an overlong run is killed and recorded as failed (reason timeout), not as a row.
expect_status 1 "$GRIDNOC" run slow.cfg --jobs 2 --run-timeout 0.01 --output to.csv
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "^gridnoc: run 0 failed: timeout" "$GN_TMP/err" || fail "no timeout reason: $(cat "$GN_TMP/err")"
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(wc -l < to.csv)" = 1 ] || fail "timed-out runs left rows: $(cat to.csv)"

# Emitting makes the directories it needs; the parallel hint names this machine's cores.
expect_output "Run with: $PWD/deep/er/jobs/run.sh $(nproc)" "$GRIDNOC" run slow.cfg --emit parallel --emit-dir deep/er/jobs
finish
