#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and run the main job on its default scenario.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh build
exec scripts/default-job.sh
