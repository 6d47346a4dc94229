# map_cli: `gridnoc map` end to end: listing, hand-checked optima on the fixture diamonds, reproducible
# comparison tables, csv/json rows equal to the `map` kind's, output files, and usage/input errors (exit 2).
. "$(dirname "$0")/lib.sh"
F=$GN_FIXTURES/map
D=$F/diamond.stg
DC="$F/diamond_comm.stg?layout=comm"

expect_output "dpma" "$GRIDNOC" map --list
expect_output "+refine" "$GRIDNOC" map --list
for m in dptaa saatsa chains exact; do expect_output "$m " "$GRIDNOC" map --list; done

# Diamond a(2) -> b(3), c(3) -> d(2) (hand-checked in tests/unit/test_mapper_optima.c): optimum 5 in 2 stages
# without communication; 8 in 2 stages and 7 in 3 stages with volumes 1, 1, 4, 4 and comm factor 1.
expect_output "exact                       5            5    1.0000    0.0000            0    optimal    0.0000" \
  "$GRIDNOC" map "$D" -n 2 -m exact --no-time
expect_output "exact,2,1,1,8," "$GRIDNOC" map "$DC" -n 2 -m exact --format csv
expect_output '"period": 7,' "$GRIDNOC" map "$DC" -n 3 -m exact --format json
expect_output '"status": "optimal"' "$GRIDNOC" map "$DC" -n 3 -m exact --format json

# DPMA's Table 1 effect on a chain of 43 tasks of load 10 in 10 stages (hand-checked in test_mapper_optima.c):
# without the dynamic exp nine stages stop at 40 and the last takes 70; with it the period is 50.
T1=$F/table1_chain.stg
expect_output "dpma,10,1,1,70," "$GRIDNOC" map "$T1" -n 10 -m dpma --options dynamic_exp=false --format csv
expect_output "dpma,10,1,1,50," "$GRIDNOC" map "$T1" -n 10 -m dpma --format csv

# The side-by-side table is byte-identical across runs with the same seed once timing is left out; csv never
# carries timing.
G="gen:tasks=60,seed=4,ccr=0.5"
"$GRIDNOC" map "$G" -n 8 --compare --no-time --seed 3 >"$GN_TMP/t1" 2>&1 || fail "compare run 1 failed"
"$GRIDNOC" map "$G" -n 8 --compare --no-time --seed 3 >"$GN_TMP/t2" 2>&1 || fail "compare run 2 failed"
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s "$GN_TMP/t1" "$GN_TMP/t2" || fail "--compare --no-time differs between two runs"
for m in dpma dptaa saatsa chains; do grep -q "^$m " "$GN_TMP/t1" || fail "--compare lacks $m"; done
expect_output "time_ms" "$GRIDNOC" map "$G" -n 8 -m dpma,dpma+refine
"$GRIDNOC" map "$G" -n 8 -m dpma,saatsa --format csv >"$GN_TMP/c1" || fail "csv run failed"
GN_CHECKS=$((GN_CHECKS + 1))
head -1 "$GN_TMP/c1" | grep -q time && fail "csv header has a time column"
[ "$(wc -l <"$GN_TMP/c1")" = 3 ] || fail "csv: expected header + 2 rows"

# The `map` kind gives the same metrics as the command (same code path): run 1 of a scenario vs gridnoc map
# with the run's seed. Rows end with the 15 metrics (the scenario row then has a version column).
cat >"$GN_TMP/sc.cfg" <<CFG
kind = "map";
output = "$GN_TMP/out.csv";
params = { graph = "$G"; stages = 8; mapper = ["dpma", "saatsa"]; };
CFG
"$GRIDNOC" run "$GN_TMP/sc.cfg" --run 1 >"$GN_TMP/row" 2>"$GN_TMP/err" || fail "run --run 1: $(cat "$GN_TMP/err")"
seed=$(tail -1 "$GN_TMP/row" | awk -F, '{print $(NF-16)}')
kind_metrics=$(tail -1 "$GN_TMP/row" | awk -F, '{s = $(NF-15); for (i = NF-14; i < NF; i++) s = s "," $i; print s}')
cli_metrics=$("$GRIDNOC" map "$G" -n 8 -m saatsa --seed "$seed" --format csv | tail -1 |
  awk -F, '{s = $(NF-14); for (i = NF-13; i <= NF; i++) s = s "," $i; print s}')
GN_CHECKS=$((GN_CHECKS + 1))
[ -n "$kind_metrics" ] && [ "$kind_metrics" = "$cli_metrics" ] ||
  fail "map kind metrics '$kind_metrics' differ from gridnoc map '$cli_metrics'"

# Output files: the partition file (one line per task) and the DOT drawing.
expect_status 0 "$GRIDNOC" map "$D" -n 2 -m chains --partition-out "$GN_TMP/p.txt" --dot "$GN_TMP/p.dot"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "^stages 2$" "$GN_TMP/p.txt" && [ "$(grep -c '^[1-4] [12]$' "$GN_TMP/p.txt")" = 4 ] ||
  fail "partition file: $(cat "$GN_TMP/p.txt")"
grep -q "digraph" "$GN_TMP/p.dot" || fail "dot file lacks a digraph"

# Errors: exit 2 with a message that helps.
expect_stderr "did you mean 'dpma'" "$GRIDNOC" map "$D" -n 2 -m dpmaa
expect_status 2 "$GRIDNOC" map "$D" -n 2 -m dpmaa
expect_stderr "only 4 tasks" "$GRIDNOC" map "$D" -n 5
expect_status 2 "$GRIDNOC" map "$D" -n 5
expect_stderr "missing -n" "$GRIDNOC" map "$D"
expect_stderr "missing GRAPH" "$GRIDNOC" map -n 2
expect_stderr "expected table, csv or json" "$GRIDNOC" map "$D" -n 2 --format xml
expect_stderr "has no option 'dynamic_exps'" "$GRIDNOC" map "$D" -n 2 --options dynamic_exps=false
expect_status 2 "$GRIDNOC" map "$D" -n 2 --options dynamic_exps=false
expect_stderr "need a single mapper" "$GRIDNOC" map "$D" -n 2 --compare --partition-out "$GN_TMP/x"
expect_stderr "power of two" "$GRIDNOC" map "$D" -n 3 -m dptaa --options strict=true
expect_status 2 "$GRIDNOC" map "$GN_TMP/missing.stg" -n 2
expect_stderr "not a whole number" "$GRIDNOC" map "$D" -n two
# --compare names its own mappers; -m with it is refused whichever comes first.
expect_stderr "--compare and -m exclude each other" "$GRIDNOC" map "$D" -n 2 --compare -m dpma
expect_status 2 "$GRIDNOC" map "$D" -n 2 -m dpma --compare
# An unknown option is reported as such, not as an option missing its value.
expect_stderr "unknown option '--bogus' (see gridnoc map --help)" "$GRIDNOC" map "$D" -n 2 --bogus
expect_stderr "unknown option '--bogus'" "$GRIDNOC" map "$D" --bogus -n 2
expect_stderr "did you mean '--seed'" "$GRIDNOC" map "$D" -n 2 --seeed 3
expect_status 2 "$GRIDNOC" map "$D" -n 2 --seeed 3
# A generated graph with communication is written self-describing: gen -> file -> map needs no ?layout=comm,
# and the default mapper (best) is never worse than any mapper --compare runs.
"$GRIDNOC" graph gen method=sameprob tasks=300 ccr=1 seed=1 -o "$GN_TMP/ccr.stg"
expect_output "optimal" "$GRIDNOC" map "$GN_TMP/ccr.stg" -n 1
"$GRIDNOC" map "$GN_TMP/ccr.stg" -n 20 --compare --no-time --format csv >"$GN_TMP/cmp.csv"
awk -F, 'NR > 1 { p[$2] = $6 } END { for (m in p) if (p["best"] > p[m] + 1e-9) exit 1 }' "$GN_TMP/cmp.csv" ||
  fail "best is worse than another mapper: $(cat "$GN_TMP/cmp.csv")"
# A plain file with a cost after each predecessor names the option it needs.
printf '1\n0 0 0\n1 5 1 0 3\n2 0 1 1\n' >"$GN_TMP/costs.stg"
expect_stderr "needs ?layout=comm" "$GRIDNOC" map "$GN_TMP/costs.stg" -n 1

# --assignment: the stage assignment stage by stage. Hand-checked on a 12-task graph with volumes: the three
# stages' loads sum to the total 65, each cost is its load plus what it sends (comm factor 1), the period 41 is
# the largest cost; consecutive task names fold (5-12); JSON carries the same under "assignment".
A=gen:method=layrprob,tasks=12,seed=3,ccr=1
expect_output "    3      8           41            0           41  5-12" "$GRIDNOC" map "$A" -n 3 -m dpma --no-time --assignment
grep -q "^    1      2           14      6.08226      20.0823  1 3$" "$GN_TMP/out" || fail "--assignment stage 1: $(cat "$GN_TMP/out")"
expect_output '"assignment": [{"stage": 1, "tasks": ["1", "3"], "load": 14, "sent": 6.082262544, "cost": 20.08226254}' "$GRIDNOC" map "$A" -n 3 -m dpma --no-time --assignment --format json
expect_stderr "--assignment prints with --format table or json" "$GRIDNOC" map "$A" -n 3 -m dpma --assignment --format csv
finish
