#!/usr/bin/env bash
# Integration: same scenario + seed => byte-identical CSV, whatever the parallelism. One sweep per experiment kind
# registered in runner/experiment.c (map, pipeline with drawn failures, grid with failures and background load),
# each run with --jobs 1 and --jobs 2 and compared byte for byte; also a single run replayed alone (--run I)
# gives the sweep's row. (The Slurm path is compared with --jobs 1 by integration.slurm; the Release build
# against the sanitizer build by .ci/run.)
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
cd "$GN_TMP" || exit 1
# The registered kinds, as the binary itself lists them for an unknown kind.
printf 'kind = "no-such-kind";\n' > kinds.cfg
kinds=$("$GRIDNOC" run kinds.cfg 2>&1 | sed -n 's/.*known: \([a-z, ]*\)).*/\1/p' | tr -d ',')
GN_CHECKS=$((GN_CHECKS + 1))
[ -n "$kinds" ] || fail "could not read the experiment kinds from 'gridnoc run' ($("$GRIDNOC" run kinds.cfg 2>&1))"
for kind in $kinds; do
  cfg="$GN_FIXTURES/determinism/$kind.cfg"
  GN_CHECKS=$((GN_CHECKS + 1))
  [ -f "$cfg" ] || { fail "experiment kind '$kind' has no determinism scenario $cfg"; continue; }
  expect_status 0 "$GRIDNOC" run "$cfg" --jobs 1 --output "$kind-j1.csv"
  expect_status 0 "$GRIDNOC" run "$cfg" --jobs 2 --output "$kind-j2.csv"
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s "$kind-j1.csv" "$kind-j2.csv" || fail "$kind: --jobs 1 and --jobs 2 CSVs differ: $(diff "$kind-j1.csv" "$kind-j2.csv" | head -c 600)"
  GN_CHECKS=$((GN_CHECKS + 1))
  [ "$(wc -l < "$kind-j1.csv")" -ge 5 ] || fail "$kind: expected at least 4 runs, got $(wc -l < "$kind-j1.csv") lines"
  # The last run again, alone: same row as in the sweep.
  last=$(($(wc -l < "$kind-j1.csv") - 2))
  expect_status 0 "$GRIDNOC" run "$cfg" --run "$last"
  GN_CHECKS=$((GN_CHECKS + 1))
  [ "$(tail -n 1 "$GN_TMP/out")" = "$(tail -n 1 "$kind-j1.csv")" ] || fail "$kind: run $last alone differs from its sweep row"
done
finish
