#!/usr/bin/env bash
# check-results.sh: are the committed results/ still what the code produces? For every scenario whose
# reference CSV is committed, re-run a few of its runs (`gridnoc run S --run I`) and compare each row with the
# committed row, version column aside. A run that fails is a failure (status 1), unless the scenario names a
# ${VAR} folder that is not set here (its data is not on this machine): that row is skipped and counted.
# Usage: scripts/check-results.sh [RUNS_PER_SCENARIO (default 2)] [SCENARIO...]
set -uo pipefail
cd "$(dirname "$0")/.."
per=${1:-2}
shift || true
GRIDNOC=${GRIDNOC:-build/gridnoc}
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(scenarios/default*.cfg scenarios/paper/*.cfg scenarios/teaching/*.cfg)
[ -x "$GRIDNOC" ] || { echo "check-results: no gridnoc binary at $GRIDNOC (set GRIDNOC)" >&2; exit 2; }
err_file=$(mktemp "${TMPDIR:-/tmp}/check-results.XXXXXX")
trap 'rm -f "$err_file"' EXIT
# The first ${VAR} the scenario names that is not set in the environment (none: status 1).
missing_var() {
  local v
  for v in $(grep -o '\${[A-Za-z_][A-Za-z_0-9]*}' "$1" | tr -d '${}' | sort -u); do
    [ -n "${!v:-}" ] || { echo "$v"; return 0; }
  done
  return 1
}
status=0
skipped=0
checked=0
for s in "${scenarios[@]}"; do
  # The committed CSV is the scenario's `reference`, written relative to the scenario file's folder.
  out=$(sed -n 's/^reference *= *"\(.*\)";.*/\1/p' "$s" | head -1)
  [ -z "$out" ] || out=$(realpath -m --relative-to=. "$(dirname "$s")/$out")
  if [ -z "$out" ] || [ ! -f "$out" ]; then
    echo "check-results: $s: no committed output ($out)" >&2
    status=1
    continue
  fi
  total=$(($(wc -l <"$out") - 1))
  # Spread the sampled runs over the file: first, last, and evenly in between.
  for k in $(seq 0 $((per - 1))); do
    i=$(( per > 1 ? k * (total - 1) / (per - 1) : 0 ))
    want=$(awk -F, -v r="$i" 'NR > 1 && $1 == r' "$out" | sed 's/,[^,]*$//')
    if ! got=$("$GRIDNOC" run "$s" --run "$i" 2>"$err_file" | tail -n 1 | sed 's/,[^,]*$//') \
       || [ -z "$got" ]; then
      # Only a scenario on data this machine lacks (a ${VAR} folder, e.g. real STG files via GN_STG_DIR, with VAR
      # unset) is skipped — and said so; any other failed run is a failure of the check.
      if var=$(missing_var "$s"); then
        echo "check-results: $s run $i: SKIPPED, \$$var is not set: $(head -n 1 "$err_file")" >&2
        skipped=$((skipped + 1))
      else
        echo "check-results: $s run $i: FAILED: $(head -n 1 "$err_file")" >&2
        status=1
      fi
      continue
    fi
    checked=$((checked + 1))
    if [ "$want" = "$got" ]; then
      echo "check-results: $s run $i: same"
    else
      echo "check-results: $s run $i: DIFFERS" >&2
      echo "  committed: $want" >&2
      echo "  now:       $got" >&2
      status=1
    fi
  done
done
echo "check-results: $checked rows compared, $skipped skipped (data not on this machine), status $status" >&2
exit $status
