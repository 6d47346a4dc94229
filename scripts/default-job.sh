#!/usr/bin/env bash
# default-job.sh: the main job of the quick start (run.sh), on its built-in default.
set -euo pipefail
cd "$(dirname "$0")/.."
./build/gridnoc help
