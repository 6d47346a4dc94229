#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, run the main job on its default scenario, and say
# where gridnoc is and how to put it on PATH (the README writes `gridnoc ...`).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh build
scripts/default-job.sh
echo
echo "gridnoc is $(pwd)/build/gridnoc. To type 'gridnoc' as the README does, run this line (or add it to ~/.bashrc):"
echo "  export PATH=\"$(pwd)/build:\$PATH\""
echo "To install it elsewhere: cmake --install build --prefix \$HOME/.local   (then \$HOME/.local/bin/gridnoc)"
