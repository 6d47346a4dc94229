#!/usr/bin/env bash
# Integration: the bad-input catalogue. Every row of tests/fixtures/bad_inputs.tsv (exit status, one-line stderr,
# no output or temporary file left) holds, and docs/bad-inputs.md is the table generated from those rows.
set -u
exec bash "$GN_SOURCE/scripts/bad-inputs.sh" "$GRIDNOC" --check
