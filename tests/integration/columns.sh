#!/usr/bin/env bash
# Integration: the column dictionary beside every result CSV (X.csv -> X.columns.csv). run and merge write it;
# its rows name the CSV's columns in order with their role, type and unit from the kinds' tables (hand-checked
# entries below); every committed result CSV has one, equal to `gridnoc run S --columns`; the docs' pandas
# example reads a CSV with it (when pandas is installed).
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1
G=$GRIDNOC
check() { GN_CHECKS=$((GN_CHECKS + 1)); "$@" || fail "check failed: $*"; }
names() { tail -n +2 "$1" | cut -d, -f1 | paste -sd, -; }

expect_status 0 "$G" run "$GN_SOURCE/scenarios/teaching/slowest-stage.cfg" --quiet --output s.csv
check [ -s s.columns.csv ]
check [ "$(head -n 1 s.csv)" = "$(names s.columns.csv)" ]
check [ "$(head -n 1 s.columns.csv)" = "column,role,type,unit,meaning" ]
check grep -qx 'sim_period,metric,number,time units,simulated period (a value)' s.columns.csv
check grep -q '^comm_factor,parameter,number,time units per unit of volume,' s.columns.csv
check grep -qx 'completed,metric,0/1,,share of runs completed (0 or 1 per run)' s.columns.csv
check grep -q '^stages,parameter,integer,,' s.columns.csv
check grep -q '^period_ratio,metric,number,,.*>= 1' s.columns.csv
"$G" run "$GN_SOURCE/scenarios/teaching/slowest-stage.cfg" --columns > printed.csv
check cmp -s printed.csv s.columns.csv
# A grid CSV: seconds, and a word column.
"$G" run "$GN_SOURCE/scenarios/teaching/redundancy.cfg" --columns > g.columns.csv
check grep -qx 'makespan_s,metric,number,s,makespan (a value)' g.columns.csv
check grep -q '^cause,metric,string,,' g.columns.csv
# merge writes it beside its output too.
expect_status 0 "$G" run "$GN_SOURCE/scenarios/teaching/slowest-stage.cfg" --quiet --runs 0-5 --output p0.csv
expect_status 0 "$G" run "$GN_SOURCE/scenarios/teaching/slowest-stage.cfg" --quiet --runs 6-11 --output p1.csv
check [ ! -e p0.columns.csv ]
expect_status 0 "$G" merge --scenario "$GN_SOURCE/scenarios/teaching/slowest-stage.cfg" --output m.csv p0.csv p1.csv s.columns.csv
check cmp -s m.columns.csv s.columns.csv
# Every committed result CSV has its dictionary, the one its scenario prints.
for s in "$GN_SOURCE"/scenarios/*.cfg "$GN_SOURCE"/scenarios/*/*.cfg; do
  ref=$(sed -n 's/^reference *= *"\(.*\)";.*/\1/p' "$s")
  csv="$(dirname "$s")/$ref" dict="$(dirname "$s")/${ref%.csv}.columns.csv"
  GN_CHECKS=$((GN_CHECKS + 1))
  [ -f "$dict" ] || { fail "no dictionary beside $csv"; continue; }
  check [ "$(head -n 1 "$csv")" = "$(names "$dict")" ]
  # The real-graph scenarios need their data to load: compare where they can.
  if "$G" run "$s" --columns > now.csv 2>/dev/null; then check cmp -s now.csv "$dict"; fi
done
PY=
for py in python3 /usr/bin/python3; do "$py" -c 'import pandas' 2>/dev/null && { PY=$py; break; }; done
if [ -n "$PY" ]; then
  # The example of scenarios/README.md ("Reading a result CSV"), as written there.
  sed -n '/^```python$/,/^```$/p' "$GN_SOURCE/scenarios/README.md" | sed '1d;$d' > example.py
  check [ -s example.py ]
  GN_CHECKS=$((GN_CHECKS + 1))
  (cd "$GN_SOURCE" && "$PY" "$GN_TMP/work/example.py") > pandas.out 2>&1 || fail "the pandas example fails: $(cat pandas.out)"
  check grep -q "sim_period" pandas.out
else
  echo "pandas missing: its example not run"
fi
finish
