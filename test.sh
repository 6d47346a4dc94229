#!/usr/bin/env bash
# Quick start, command 2: the same set-up, then the whole test suite with ctest. A skipped test (exit 77) is
# listed by ctest as "Not Run ... (Skipped)"; a skipped optional check inside a test (a tool missing) is listed
# at the end from build/skipped-checks.txt, with the skipped whole tests.
set -euo pipefail
cd "$(dirname "$0")"
GN_SETUP_TEST=1 scripts/setup.sh build
rm -f build/skipped-checks.txt
status=0
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@" || status=$?
if [ -s build/skipped-checks.txt ]; then
  echo "Skipped (whole tests that exit 77, optional checks without their tool):"
  sort -u build/skipped-checks.txt | sed 's/^/  /'
fi
exit "$status"
