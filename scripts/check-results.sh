#!/usr/bin/env bash
# check-results.sh: are the committed results/ still what the code produces? For every scenario whose
# reference CSV is committed, re-run a few of its runs (`gridnoc run S --run I`) and compare each row with the committed
# row, version column aside. Usage: scripts/check-results.sh [RUNS_PER_SCENARIO (default 2)] [SCENARIO...]
set -uo pipefail
cd "$(dirname "$0")/.."
per=${1:-2}
shift || true
GRIDNOC=${GRIDNOC:-build/gridnoc}
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(scenarios/default*.cfg scenarios/paper/*.cfg scenarios/teaching/*.cfg)
status=0
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
    if ! got=$("$GRIDNOC" run "$s" --run "$i" 2>"${TMPDIR:-/tmp}/check-results.err" | tail -n 1 | sed 's/,[^,]*$//') \
       || [ -z "$got" ]; then
      # A scenario on data this machine lacks (e.g. real STG files via GN_STG_DIR) cannot be checked here.
      echo "check-results: $s run $i: cannot run here: $(head -n 1 "${TMPDIR:-/tmp}/check-results.err")" >&2
      continue
    fi
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
exit $status
