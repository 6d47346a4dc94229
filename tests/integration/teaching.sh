#!/usr/bin/env bash
# Integration: the expected answers of docs/teaching.md, obtained again by the commands the page gives, run as a
# student would from a fresh folder: every sweep simulates here (its CSV and figures land in this folder), each
# fresh CSV equals its committed reference (report --against), and the committed results/ files are not touched.
# Plus what the answers rely on: `--partition FILE` for map and pipeline (a hand-made cut evaluated and
# simulated), Q1.3's edited scenario, and the message naming what changed in a scenario.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1
G=$GRIDNOC
T="$GN_SOURCE/scenarios/teaching"
R=$PWD
GRAPH=gen:method=layrprob,tasks=60,seed=3

# The mean of one group of a report table: report_mean CSV BY METRIC "| a | b |" -> the mean column.
report_mean() { "$G" report "$1" --by "$2" --metric "$3" | grep -F -- "$4" | head -1 | awk -F'|' '{gsub(/ /, "", $(NF-3)); print $(NF-3)}'; }
# less A B: A < B as numbers.
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }
check() { GN_CHECKS=$((GN_CHECKS + 1)); "$@" || fail "check failed: $*"; }

committed() { (cd "$GN_SOURCE/results" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
committed > before.sum
# The handout's commands, for each experiment: run, report, and the fresh CSV against its reference.
for e in slowest-stage:slowest-stage communication:communication redundancy:redundancy-reexec slow-network:slow-network; do
  fig=${e#*:} e=${e%%:*}
  expect_status 0 "$G" run "$T/$e.cfg" --quiet
  expect_status 0 "$G" report "$T/$e.cfg"
  check [ -s "$e.csv" ] && check [ -s "$fig.png" ]
  expect_output "the same" "$G" report "$e.csv" --against "$GN_SOURCE/results/teaching/$e.csv"
done
check [ -s slowest-stage-dpma12-chip.png ]
# A second run resumes; the reference itself is refused unless asked for.
expect_status 0 "$G" run "$T/slowest-stage.cfg" --jobs 1
check grep -q "12 runs, 12 already done, 0 run now" "$GN_TMP/err"
cd "$GN_SOURCE/results/teaching" && expect_stderr "is the scenario's committed reference" "$G" run "$T/slowest-stage.cfg"
cd "$R" || exit 1
# A differing run is listed cell by cell, exit status 1.
sed '2s/,[^,]*,\([^,]*\)$/,999,\1/' slowest-stage.csv > changed.csv
expect_status 1 "$G" report changed.csv --against slowest-stage.csv
check grep -q "^run 0: .* 999 (reference " "$GN_TMP/out"

# 1.1 LB 74.5, DPMA 75 with 4 stages.
expect_output "LB 74.5" "$G" map "$GRAPH" -n 4 -m dpma --no-time
grep -qE "^dpma +75 +75 +1.0067" "$GN_TMP/out" || fail "1.1: dpma is not 75 / 1.0067: $(cat "$GN_TMP/out")"
# 1.2 The hand-made 2-stage cut (tasks 1-10 | 11-60): period 243 in evaluation and in simulation.
{ echo "stages 2"; for i in $(seq 1 60); do echo "$i $([ $i -le 10 ] && echo 1 || echo 2)"; done; } > bad.part
expect_output "file                      243" "$G" map "$GRAPH" --partition bad.part --no-time
expect_output "period: analytic 243, simulated 243 " "$G" pipeline "$GRAPH" --chip mesh20 --partition bad.part --comm-factor 0
expect_output "dpma                      149 " "$G" map "$GRAPH" -n 2 -m dpma --no-time
# --partition is refused with -m, and a stage count other than the file's names both.
expect_stderr "--partition evaluates the given cut" "$G" map "$GRAPH" --partition bad.part -m dpma
expect_stderr "bad.part: has 2 stages but 3 are wanted" "$G" pipeline "$GRAPH" --chip mesh20 --partition bad.part -n 3
# 1.3 No volumes; with ccr=1 and comm_factor 1 the ratio leaves 1 (1.12 at 12 stages, 1.29 under rr, 1.37 under
# tcp; 1.078 without the cores' ports).
expect_output "ccr           0" "$G" graph info "$GRAPH"
expect_output "(ratio 1.124" "$G" pipeline "$GRAPH,ccr=1" --chip mesh20 -n 12 -m dpma --comm-factor 1
expect_output "(ratio 1.288" "$G" pipeline "$GRAPH,ccr=1" --chip mesh20 -n 12 -m dpma --comm-factor 1 --link-sharing rr
expect_output "(ratio 1.374" "$G" pipeline "$GRAPH,ccr=1" --chip mesh20 -n 12 -m dpma --comm-factor 1 --link-sharing tcp
expect_output "(ratio 1.078" "$G" pipeline "$GRAPH,ccr=1" --chip mesh20 -n 12 -m dpma --comm-factor 1 --ports off
# ... and the handout's edited scenario (comm_factor = 1 alone) runs and keeps every ratio at 1.
sed 's/comm_factor = 0.0/comm_factor = 1.0/' "$T/slowest-stage.cfg" > cf1.cfg
check grep -q "comm_factor = 1.0" cf1.cfg
expect_status 0 "$G" run cf1.cfg --output cf1.csv --quiet
"$G" report cf1.csv --by stages,mapper --metric period_ratio > cf1.md
check [ "$(grep -c '^| [0-9]* | [a-z]* | 1 | 0 | 1 |' cf1.md)" = 12 ]

# 2: T/LB at comm_factor 0 and 2, cut volumes.
C="$R/communication.csv"
check [ "$(report_mean "$C" comm_factor,mapper t_over_lb "| 0 | dpma |")" = 1.008 ]
check [ "$(report_mean "$C" comm_factor,mapper t_over_lb "| 0 | chains |")" = 1.008 ]
check [ "$(report_mean "$C" comm_factor,mapper t_over_lb "| 0 | dptaa |")" = 1.026 ]
check [ "$(report_mean "$C" comm_factor,mapper t_over_lb "| 2 | chains |")" = 2.411 ]
check [ "$(report_mean "$C" comm_factor,mapper t_over_lb "| 2 | dpma |")" = 3.699 ]
check [ "$(report_mean "$C" comm_factor,mapper cut_volume "| 2 | dpma |")" = 416.9 ]
check [ "$(report_mean "$C" comm_factor,mapper cut_volume "| 2 | chains |")" = 328.7 ]

# 3: ring re-executes less and takes longer, at every failure rate; runs 0 and 18 share their seed.
D="$R/redundancy.csv"
for a in 1 300 3000; do
  check less "$(report_mean "$D" accel,scheduler reexec_work "| $a | ring |")" "$(report_mean "$D" accel,scheduler reexec_work "| $a | plain |")"
  check less "$(report_mean "$D" accel,scheduler makespan_s "| $a | plain |")" "$(report_mean "$D" accel,scheduler makespan_s "| $a | ring |")"
done
"$G" report "$D" --by accel,scheduler --metric makespan_s > paired.md
check grep -q "^| 3000 | ring - plain | 6 | 1.543 | .* | 1.205 to 1.881 | yes |" paired.md
"$G" run "$GN_SOURCE/scenarios/teaching/redundancy.cfg" --list > list.txt
check [ "$(awk 'NR == 1 { print $NF }' list.txt)" = "$(awk 'NR == 19 { print $NF }' list.txt)" ]
check grep -q "^18 .*scheduler=ring" list.txt

# 4: speedups by size and shape.
S="$R/slow-network.csv"
check [ "$(report_mean "$S" n,clusters,shape speedup_cluster "| 1000 | 8 | star |")" = 0.857 ]
check [ "$(report_mean "$S" n,clusters,shape speedup_cluster "| 1000 | 8 | cascade |")" = 0.5283 ]
check [ "$(report_mean "$S" n,clusters,shape speedup_cluster "| 5000 | 5 | star |")" = 1.94 ]
check [ "$(report_mean "$S" n,clusters,shape speedup_cluster "| 5000 | 5 | cascade |")" = 1.884 ]
check [ "$(report_mean "$S" n,clusters,shape speedup_cluster "| 5000 | 8 | star |")" = 1.848 ]
check [ "$(report_mean "$S" n,clusters,shape speedup_cluster "| 5000 | 8 | cascade |")" = 1.714 ]
# Q4.2 over every cluster count 1..8: 5 is the best for both shapes.
for shape in star cascade; do
  best=$("$G" report "$S" --where n=5000 --where shape=$shape --by clusters --metric speedup_cluster |
         awk -F'|' '/^\| [0-9]+ \|/ { gsub(/ /, ""); if ($(NF-3) + 0 > b) { b = $(NF-3) + 0; k = $2 } } END { print k }')
  check [ "$best" = 5 ]
done
check [ "$(grep -c '^[0-9]*,' "$S")" = 32 ]

# Editing a scenario under an existing CSV: the message names the parameter that changed.
printf 'kind = "map";\noutput = "e.csv";\nparams = { stages = [2, 3]; graph = "gen:tasks=12"; };\n' > e.cfg
expect_status 0 "$G" run e.cfg --quiet
sed -i 's/stages = \[2, 3\]/stages = [2, 4]/' e.cfg
expect_stderr "e.csv:3: run 1 was written with stages = '3', the scenario now says '4' (the scenario changed)" "$G" run e.cfg
# Nothing under results/ changed.
committed > after.sum
check cmp -s before.sum after.sum
finish
