#!/usr/bin/env bash
# regen-platforms: rewrite the preset platforms under platforms/ with `gridnoc platform` (or into DIR).
# usage: scripts/regen-platforms.sh [GRIDNOC [DIR]]   (default: build/gridnoc, platforms)
# mesh100 is left out on purpose: its Full routing table is 2.3 MB of XML (over the 1 MB limit for a committed
# file); `gridnoc platform noc --chip mesh100 -o mesh100.xml` writes it on demand.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
gridnoc="${1:-$src/build/gridnoc}"
dir="${2:-$src/platforms}"
mkdir -p "$dir"
"$gridnoc" platform grid --preset patent -o "$dir/patent-grid.xml"
for chip in mesh20 mesh50 tile64 epiphany16; do
  "$gridnoc" platform noc --chip "$chip" -o "$dir/$chip.xml"
done
