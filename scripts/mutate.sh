#!/usr/bin/env bash
# mutate.sh: a small mutation run. Each mutant below changes one core computation (period, bound, statistics,
# routes, ring, deadlines, failures) in the source, rebuilds the unit tests that cover it and runs them: a
# mutant is KILLED when a test fails (or it no longer builds), and SURVIVES when every test passes — a test
# that should exist does not. The source is restored after each mutant (and on exit, whatever happens).
# Usage: scripts/mutate.sh [BUILD_DIR (default build)] [--only REGEX]. Prints one line per mutant and the
# kill rate. Takes ~1 min per mutant on the shared 2-core machine (a relink of each test program).
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=build
ONLY=
while [ $# -gt 0 ]; do
  case "$1" in
    --only) ONLY=$2; shift 2 ;;
    *) BUILD=$1; shift ;;
  esac
done
[ -f "$BUILD/CMakeCache.txt" ] || { echo "mutate: $BUILD is not a configured build (scripts/setup.sh $BUILD)" >&2; exit 2; }

# name | file | exact original text (one occurrence) | replacement (no "|" in either) | the unit test programs to run
# [| why the mutant is equivalent: it cannot change any result, so no test can kill it (it is run all the same,
# and must survive; it is not counted in the kill rate)]
MUTANTS=(
  "bound=total/N|mapper/partition.c|return avg > heaviest ? avg : heaviest;|return avg;|test_mapper_bound test_mapper_optima test_mapper_properties test_mapper_bruteforce"
  "bound without the heaviest task... as max(avg, heaviest/2)|mapper/partition.c|return avg > heaviest ? avg : heaviest;|return avg > heaviest / 2 ? avg : heaviest / 2;|test_mapper_bound test_mapper_optima test_mapper_properties"
  "bound without the sender's own room|mapper/mapper_bound.c|if (d.free_room[u] > lb)|if (0)|test_mapper_bound test_mapper_optima test_mapper_properties test_mapper_bruteforce|equivalent: the own room is also inside period_possible (forced_payment is -1 below it), so the bisection reaches the same value from a lower start"
  "bound without the forced payments|mapper/mapper_bound.c|return n_stages * T >= need - 1e-9 * need;|return 1;|test_mapper_bound test_mapper_optima test_mapper_properties test_mapper_bruteforce"
  "period = the smallest stage|mapper/partition.c|if (cost[s] > m->period)|if (cost[s] < m->period)|test_mapper_optima test_mapper_properties test_mapper_bruteforce"
  "receiver pays instead of sender|mapper/partition.c|stage_cost[p->stage[a]] += comm_factor|stage_cost[p->stage[b]] += comm_factor|test_mapper_optima test_mapper_properties test_mapper_bruteforce"
  "communication free|mapper/partition.c|stage_cost[p->stage[a]] += comm_factor * g->edge[e].volume;|stage_cost[p->stage[a]] += 0 * comm_factor * g->edge[e].volume;|test_mapper_optima test_mapper_properties test_mapper_bruteforce"
  "Student t: n in place of n - 1 degrees of freedom|analysis/stats.c|gsl_cdf_tdist_Pinv(0.975, (double)(k - 1))|gsl_cdf_tdist_Pinv(0.975, (double)k)|test_analysis_report"
  "standard deviation over n|analysis/stats.c|out->sd = sqrt(raw_ss / (double)(k - 1));|out->sd = sqrt(raw_ss / (double)k);|test_analysis_report"
  "Wilson centre = p|analysis/stats.c|double centre = (p + z2 / (2 * m)) / (1 + z2 / m);|double centre = p;|test_analysis_report"
  "Wilson half-width without the z2/4n2 term|analysis/stats.c|sqrt(p * (1 - p) / m + z2 / (4 * m * m))|sqrt(p * (1 - p) / m)|test_analysis_report"
  "route YX instead of XY|models/noc/noc.c|  while (x != tx) {|  while (0) {|test_models_noc test_sim_noc"
  "route turns the wrong way in y|models/noc/noc.c|int dir = ty > y ? NOC_SOUTH : NOC_NORTH;|int dir = ty > y ? NOC_NORTH : NOC_SOUTH;|test_models_noc test_sim_noc"
  "ring successor off by one|models/grid/ring.c|replica[u] = (j + 1 + s) % p;|replica[u] = (j + s + 2) % p;|test_models_ring test_sim_grid"
  "ring ties to the higher index|models/grid/ring.c|return (x->index > y->index) - (x->index < y->index);|return (x->index < y->index) - (x->index > y->index);|test_models_ring test_sim_grid"
  "apportionment floor -> round|models/grid/ring.c|shares[i] = (long)floor(quota);|shares[i] = (long)floor(quota + 0.5);|test_models_ring test_sim_grid|equivalent: rounding gives +1 to every remainder >= 0.5 and the adjusting loops then add to the largest remainders left or take from the smallest of those rounded up: largest-remainder shares again"
  "apportionment remainder to the smallest fraction|models/grid/ring.c|shares[r[k % n].index]++;|shares[r[n - 1 - k % n].index]++;|test_models_ring test_sim_grid"
  "deadline never ends a run|sim/grid/grid_master.c|if (cfg->deadline_s > 0 && now > cfg->deadline_s) {|if (cfg->deadline_s > 0 && now > 2 * cfg->deadline_s) {|test_sim_grid"
  "Daly interval without its r/9 term|models/grid/failure.c|(1 + sqrt(r) / 3 + r / 9) - delta_s;|(1 + sqrt(r) / 3) - delta_s;|test_models_grid"
  "Young interval in place of Daly|models/grid/failure.c|(1 + sqrt(r) / 3 + r / 9) - delta_s;|1;|test_models_grid"
)

restore() { [ -n "${saved:-}" ] && [ -f "$saved" ] && cp "$saved" "$file" && rm -f "$saved"; saved=; }
trap 'restore' EXIT INT TERM
killed=0; survived=0; total=0; equivalents=0
for m in "${MUTANTS[@]}"; do
  IFS='|' read -r name file orig repl tests equivalent <<<"$m"
  if [ -n "$ONLY" ] && ! grep -qE -- "$ONLY" <<<"$name"; then continue; fi
  count=$(grep -cF -- "$orig" "$file")
  [ "$count" = 1 ] || { echo "mutate: $name: the original text occurs $count times in $file (the source moved?)" >&2; exit 2; }
  saved=$(mktemp); cp "$file" "$saved"
  python3 - "$file" "$orig" "$repl" <<'PY'
import sys
p, old, new = sys.argv[1:4]
s = open(p).read()
open(p, "w").write(s.replace(old, new, 1))
PY
  total=$((total + 1))
  verdict=SURVIVED; why="every test passed"
  # shellcheck disable=SC2086
  if ! nice cmake --build "$BUILD" -j2 --target $tests >/dev/null 2>&1; then
    verdict=KILLED; why="does not build"
  else
    for t in $tests; do
      if ! timeout 600 "$BUILD/tests/$t" >/dev/null 2>&1; then verdict=KILLED; why="by $t"; break; fi
    done
  fi
  restore
  if [ -n "$equivalent" ]; then
    equivalents=$((equivalents + 1))
    [ "$verdict" = SURVIVED ] && why="$equivalent" || { why="$why, though marked equivalent"; survived=$((survived + 1)); }
  elif [ "$verdict" = KILLED ]; then killed=$((killed + 1))
  else survived=$((survived + 1)); fi
  printf '%-9s %s (%s): %s\n' "$verdict" "$name" "$file" "$why"
done
# Rebuild the restored sources, so the build is the code again.
nice cmake --build "$BUILD" -j2 >/dev/null 2>&1
t=$((total - equivalents))
echo "mutate: $killed of $t mutants killed ($(awk -v k="$killed" -v t="$t" 'BEGIN { printf "%.0f", t ? 100 * k / t : 0 }') %), $survived survived; $equivalents equivalent mutants (survived, as they must)"
[ "$survived" = 0 ]
