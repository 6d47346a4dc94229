#!/usr/bin/env bash
# coverage.sh: line and branch coverage of the test suite (gcov counters, summed by gcovr), per room.
# Usage: scripts/coverage.sh [BUILD_DIR (default build-cov)] [--min PERCENT]
# Builds BUILD_DIR with -DGN_COVERAGE=ON (Debug, no optimisation: every line counts as written), runs the whole
# suite there, then prints lines and branches covered per room (mapper/, models/, analysis/, core/, runner/,
# sim/, cli/) and writes BUILD_DIR/coverage.txt (per file). With --min P it fails when one of the library rooms
# (mapper/, models/, analysis/, core/) covers under P % of its lines.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=build-cov
MIN=
while [ $# -gt 0 ]; do
  case "$1" in
    --min) MIN=$2; shift 2 ;;
    *) BUILD=$1; shift ;;
  esac
done
# setup.sh installs gcovr with the suite's packages when it is missing (as root; otherwise it prints the line).
GN_SETUP_TEST=1 GN_SETUP_COVERAGE=1 scripts/setup.sh "$BUILD" -DGN_COVERAGE=ON -DCMAKE_BUILD_TYPE=Debug
command -v gcovr >/dev/null || { echo "coverage: gcovr is not installed (apt-get install gcovr)" >&2; exit 2; }
find "$BUILD" -name '*.gcda' -delete
rm -f "$BUILD/skipped-checks.txt"
# libgcov's own complaints (a .gcda it cannot write under `ulimit -f`) would be a second stderr line.
export GCOV_ERROR_FILE=/dev/null
ctest --test-dir "$BUILD" -j"$(nproc)" --output-on-failure >"$BUILD/coverage-ctest.log" 2>&1 ||
  { tail -n 30 "$BUILD/coverage-ctest.log" >&2; echo "coverage: the suite failed in $BUILD" >&2; exit 1; }
gcovr --gcov-ignore-parse-errors -r . --object-directory "$BUILD" -e 'tests/' -e 'bench/' -e "$BUILD/" --txt-metric branch \
  -o "$BUILD/coverage-branches.txt" >/dev/null 2>&1 || true
gcovr --gcov-ignore-parse-errors -r . --object-directory "$BUILD" -e 'tests/' -e 'bench/' -e "$BUILD/" -o "$BUILD/coverage.txt" 2>/dev/null
# Per room: the sums of gcovr's per-file lines and branches (its JSON summary).
gcovr --gcov-ignore-parse-errors -r . --object-directory "$BUILD" -e 'tests/' -e 'bench/' -e "$BUILD/" --json-summary "$BUILD/coverage.json" \
  2>/dev/null
python3 - "$BUILD/coverage.json" "$MIN" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
rooms = {}
for f in data["files"]:
    room = f["filename"].split("/")[0]
    r = rooms.setdefault(room, [0, 0, 0, 0])
    r[0] += f["line_covered"]; r[1] += f["line_total"]; r[2] += f["branch_covered"]; r[3] += f["branch_total"]
print("| room | lines | branches |")
print("|---|---|---|")
low = []
for room in sorted(rooms):
    lc, lt, bc, bt = rooms[room]
    lp = 100.0 * lc / lt if lt else 100.0
    bp = 100.0 * bc / bt if bt else 100.0
    print(f"| {room}/ | {lp:.1f} % ({lc}/{lt}) | {bp:.1f} % ({bc}/{bt}) |")
    if sys.argv[2] and room in ("mapper", "models", "analysis", "core") and lp < float(sys.argv[2]):
        low.append(f"{room}/ {lp:.1f} %")
if low:
    print("coverage: under " + sys.argv[2] + " % of lines: " + ", ".join(low), file=sys.stderr)
    sys.exit(1)
PY
