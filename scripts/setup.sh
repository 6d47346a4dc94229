#!/usr/bin/env bash
# setup.sh: install the Debian packages gridnoc needs (when missing), configure and build.
# Usage: scripts/setup.sh [BUILD_DIR [extra cmake args...]]   (default build dir: build)
#        scripts/setup.sh --packages-only
# Idempotent: a second run installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build and run-time packages. gnuplot draws the figures; CBC (default) and GLPK solve the exact mapping MIP.
PACKAGES=(build-essential cmake pkg-config libsimgrid-dev libgsl-dev libcmocka-dev libconfig-dev
          libxml2-dev libglpk-dev coinor-libcbc-dev gnuplot-nox librsvg2-bin)
# Extra packages for the test suite only (GN_SETUP_TEST=1): the single-node Slurm of the distributed tests, GNU
# parallel, xmllint and man, pandas for the column dictionary's example (a check skipped without them is listed
# at the end), and python3 for scripts/audit-results.py (the results' independent audit, standard library only).
if [ "${GN_SETUP_TEST:-0}" = 1 ]; then
  PACKAGES+=(slurm-wlm munge parallel libxml2-utils man-db python3 python3-pandas)
fi
# Extra packages for the sanitizer build (GN_SETUP_SANITIZE=1).
if [ "${GN_SETUP_SANITIZE:-0}" = 1 ]; then
  PACKAGES+=(clang libclang-rt-14-dev valgrind)
fi
# Extra package for the coverage build (GN_SETUP_COVERAGE=1, scripts/coverage.sh): gcovr sums gcov's counters.
if [ "${GN_SETUP_COVERAGE:-0}" = 1 ]; then
  PACKAGES+=(gcovr)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing packages. Run this, then try again:" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

[ "${1:-}" = --packages-only ] && exit 0

BUILD_DIR=${1:-build}
shift || true
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
fi
cmake --build "$BUILD_DIR" -j"$(nproc)" 2>&1 | grep -vE '^\[ *[0-9]+%\]|^-- |^Consolidate|^Scanning' || true
test "${PIPESTATUS[0]}" = 0 || { echo "setup: build failed" >&2; exit 1; }
