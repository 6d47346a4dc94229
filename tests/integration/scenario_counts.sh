#!/usr/bin/env bash
# Integration: the runs column of scenarios/README.md's table is true. For each row, its files (a list or a
# glob, expanded in order) against its "a + b + ..." counts: `gridnoc run S --dry-run`, or for a scenario on
# data this machine lacks (the real STG graphs under GN_STG_DIR) the rows of its committed reference. Every
# shipped scenario must have a row.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
cd "$GN_SOURCE/scenarios" || exit 1
G=$GRIDNOC
listed=0
while IFS='|' read -r _ files _ counts _; do
  read -ra want <<<"$(tr -d ' ' <<<"$counts" | tr '+' ' ')"
  mapfile -t names < <(grep -o '`[^`]*\.cfg`' <<<"$files" | tr -d '`')
  cfgs=()
  for n in "${names[@]}"; do for f in $n; do cfgs+=("$f"); done; done
  GN_CHECKS=$((GN_CHECKS + 1))
  [ ${#cfgs[@]} = ${#want[@]} ] || { fail "$files: ${#cfgs[@]} files, ${#want[@]} counts"; continue; }
  for i in "${!cfgs[@]}"; do
    s=${cfgs[$i]}
    listed=$((listed + 1))
    got=$(env -u GN_STG_DIR "$G" run "$s" --dry-run --output "$GN_TMP/none.csv" 2>/dev/null | sed -n 's/.*kind [a-z]*, \([0-9]*\) runs.*/\1/p')
    if [ -z "$got" ]; then # needs data: count the committed rows
      ref=$(sed -n 's/^reference *= *"\(.*\)";.*/\1/p' "$s")
      got=$(($(wc -l < "$(dirname "$s")/$ref") - 1))
    fi
    GN_CHECKS=$((GN_CHECKS + 1))
    [ "$got" = "${want[$i]}" ] || fail "scenarios/README.md says $s has ${want[$i]} runs; it has $got"
  done
done < <(sed -n '/^| file | what | runs |/,/^$/p' README.md | grep '^| `')
GN_CHECKS=$((GN_CHECKS + 1))
shipped=$(find . -name '*.cfg' | wc -l)
[ "$listed" = "$shipped" ] || fail "scenarios/README.md lists $listed scenarios; $shipped are shipped"
finish
