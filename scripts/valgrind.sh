#!/usr/bin/env bash
# valgrind.sh: memcheck on the integration runs: one mapping (every heuristic mapper), one pipeline simulation
# with a core failure, one grid run with failures (period 2: failure rate and background load), one small sweep
# (the runner and its forked children), and a grid and a pipeline on user platform files with file profiles. Fails on any memcheck error or definite leak; SimGrid's still-reachable
# memory is not reported; scripts/valgrind.supp holds the SimGrid-internal suppressions, each explained.
# Usage: scripts/valgrind.sh [BUILD_DIR]   (default build; a non-sanitizer build: valgrind and ASan exclude
#        each other). Takes 25-50 s (26 s CPU); run by .ci/run.
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-build}
G=$(readlink -f "$BUILD/gridnoc")
[ -x "$G" ] || { echo "valgrind: no $BUILD/gridnoc (build first: scripts/setup.sh $BUILD)" >&2; exit 2; }
if grep -q '^GN_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  echo "valgrind: $BUILD is a sanitizer build; use a plain one" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "valgrind: not installed (GN_SETUP_SANITIZE=1 scripts/setup.sh --packages-only)" >&2; exit 2; }
SUPP=$(pwd)/scripts/valgrind.supp
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gn_valgrind.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
status=0
# check NAME CMD...: CMD under memcheck (children too); report and remember a failure.
check() {
  local name=$1; shift
  if (cd "$WORK" && valgrind -q --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
        --error-exitcode=99 --trace-children=yes --trace-children-skip='*gnuplot*,*rsvg-convert*' --suppressions="$SUPP" "$@") >"$WORK/$name.out" 2>"$WORK/$name.err"; then
    echo "valgrind: $name: clean" >&2
  else
    echo "valgrind: $name: FAILED (status $?)" >&2
    grep -E '^==[0-9]+==|failed' "$WORK/$name.err" | head -n 40 >&2
    status=1
  fi
}
check map "$G" map gen:tasks=200,ccr=0.5,seed=2 -n 8 -m dpma,dptaa,saatsa,chains --no-time
check pipeline "$G" pipeline gen:tasks=30,ccr=0.3 --chip mesh20 -n 4 --items 200 --fail P1@500
check grid "$G" grid --clusters 2 --iterations 10 --n 400 --period 2 --seed 1
# User platform files: the grid's state profile replayed as a failure, the NoC's torus with a profile failure.
check grid-platform "$G" grid --platform "$(pwd)/tests/fixtures/platforms/grid-two-zone-down.xml" --n 900 --iterations 10
check pipeline-platform "$G" pipeline gen:tasks=30,ccr=0.3 --platform "$(pwd)/tests/fixtures/platforms/noc-torus3x3-sup.xml" \
  -n 6 --items 200
check sweep "$G" run "$(pwd)/tests/fixtures/bad/map.cfg" --jobs 2 --output "$WORK/sweep.csv"
# Reports: a CSV's tables (replicates, word columns, kinds), a scenario's figures and its pictures' simulation.
check report-csv "$G" report "$(pwd)/results/teaching/redundancy.csv"
check report-scenario "$G" report "$(pwd)/scenarios/teaching/slowest-stage.cfg" --csv "$(pwd)/results/teaching/slowest-stage.csv" \
  --out "$WORK/report"
exit $status
