#!/usr/bin/env bash
# Integration: `gridnoc report` on a scenario's plots (Markdown + gnuplot SVG/PNG, byte-reproducible) and on
# a bare CSV (statistics checked against hand-computed values).
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
mkdir "$GN_TMP/work" && cd "$GN_TMP/work" || exit 1

cat > rep.cfg <<'CFG'
kind = "map";
output = "res/rep.csv";
figures = "res/fig";
params = { mapper = ["dpma", "chains"]; stages = [2, 4]; };
graphs = { generate = { method = "sameprob"; tasks = 30; count = 3; }; };
plots = (
  { name = "imbalance"; type = "bars"; x = "stages"; y = "imbalance"; series = "mapper"; title = "Imbalance"; },
  { name = "ratio"; type = "lines"; x = "stages"; y = "t_over_lb"; series = "mapper"; facet = "graph"; }
);
CFG
expect_status 0 "$GRIDNOC" run rep.cfg --jobs 2
expect_output "res/fig/imbalance.md res/fig/imbalance.svg res/fig/imbalance.png" "$GRIDNOC" report rep.cfg
for f in imbalance.md imbalance.svg imbalance.png imbalance.gp ratio.svg ratio.png; do
  GN_CHECKS=$((GN_CHECKS + 1))
  [ -s "res/fig/$f" ] || fail "res/fig/$f missing or empty"
done
expect_status 0 "$GRIDNOC" report rep.cfg --out again
for f in imbalance.svg imbalance.png ratio.svg ratio.png imbalance.md; do
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s "res/fig/$f" "again/$f" || fail "$f differs between two reports"
done
GN_CHECKS=$((GN_CHECKS + 1))
grep -q "| stages | mapper | n | mean imbalance | sd | 95% CI ± |" res/fig/imbalance.md || fail "table header"

# Hand-checked statistics: group a = {1, 2, 3, 6}: mean 3, sd sqrt(14/3) = 2.160, CI t(0.975,3) = 3.182446
# * 2.160247 / 2 = 3.437; group b = {10}: n/a.
cat > hand.csv <<'CSV'
run,k,rep,seed,m,version
0,a,0,1,1,x
1,a,1,2,2,x
2,b,0,3,10,x
3,a,2,4,3,x
4,a,3,5,6,x
CSV
expect_output "| a | 4 | 3 | 2.16 | 3.437 |" "$GRIDNOC" report hand.csv
expect_output "| b | 1 | 10 | n/a | n/a |" "$GRIDNOC" report hand.csv --by k --metric m
printf 'run,k,rep,seed,m,version\n0,a,0,1,oops,x\n' > bad.csv
expect_stderr "bad.csv:2: 'm' value 'oops' is not a number" "$GRIDNOC" report bad.csv
expect_stderr "plot: 'imbalanse' is not a metric of kind 'map' (did you mean 'imbalance'?)" \
  "$GRIDNOC" report <(sed 's/y = "imbalance"/y = "imbalanse"/' rep.cfg)
finish
