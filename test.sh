#!/usr/bin/env bash
# Quick start, command 2: the same set-up, then the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")"
GN_SETUP_TEST=1 scripts/setup.sh build
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
