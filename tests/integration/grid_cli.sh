#!/usr/bin/env bash
# Integration: gridnoc grid and gridnoc platform grid: options, input errors (exit 2, file:line), same seed =
# same bytes, real-mode exactness under failures, the rings SVG, and the `grid` kind through gridnoc run.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
FTA="$GN_FIXTURES/fta"
SMALL=(--preset uniform --clusters 3 --nodes 4 --n 40 --iterations 60)

expect_output "--scheduler" "$GRIDNOC" grid --help
expect_stderr "did you mean 'ring'" "$GRIDNOC" grid --scheduler rnig
expect_status 2 "$GRIDNOC" grid --scheduler rnig
expect_status 2 "$GRIDNOC" grid --m 0
expect_status 2 "$GRIDNOC" grid --mode real --n 5000
expect_status 2 "$GRIDNOC" grid --iterations many
expect_stderr "did you mean '--iterations'" "$GRIDNOC" grid --iteration 5
expect_stderr "unknown failure model 'weibull:nd07'" "$GRIDNOC" grid "${SMALL[@]}" --failures weibull:nd07
expect_stderr "unknown time period '5'" "$GRIDNOC" grid "${SMALL[@]}" --period 5
expect_stderr "short_line.tab:3: expected 9 fields" "$GRIDNOC" grid "${SMALL[@]}" --failures "fta:$FTA/short_line.tab"
expect_status 2 "$GRIDNOC" grid "${SMALL[@]}" --failures "fta:$FTA/bad_type.tab"

# Platforms: 8 cluster zones in a cascade (7 switch-to-switch routes), or a star around cluster 0.
expect_output '<zone id="c7" routing="Cluster">' "$GRIDNOC" platform grid --preset patent
"$GRIDNOC" platform grid --preset patent --clusters 4 --shape star -o "$GN_TMP/star.xml" || fail "platform grid -o"
[ "$(grep -c '<zoneRoute src="c0"' "$GN_TMP/star.xml")" = 3 ] || fail "star platform: expected 3 routes from c0"
xmllint --noout "$GN_TMP/star.xml" 2>/dev/null || fail "star platform is not well-formed XML"
expect_status 2 "$GRIDNOC" platform grid --shape ring

# Same parameters and seed: byte-identical CSV (failures drawn with GSL from the seed).
run_csv() { "$GRIDNOC" grid "${SMALL[@]}" --failures weibull:nd07cpu --accel 20000 --csv "$@"; }
run_csv --seed 5 >"$GN_TMP/a.csv" 2>&1 || fail "grid run a"
run_csv --seed 5 >"$GN_TMP/b.csv" 2>&1 || fail "grid run b"
cmp -s "$GN_TMP/a.csv" "$GN_TMP/b.csv" || fail "same seed gave different CSV rows"
grep -q "x_matches_fault_free" "$GN_TMP/a.csv" || fail "CSV header lacks x_matches_fault_free"

# Real mode under drawn failures: the final x is the fault-free x, bit for bit, whatever the scheduler.
for s in ring plain replicate checkpoint; do
  out=$("$GRIDNOC" grid "${SMALL[@]}" --mode real --scheduler "$s" --failures weibull:nd07cpu --accel 20000 \
        --seed 3 --deadline-factor 0) || fail "real mode $s failed"
  echo "$out" | grep -Eq "x_matches_fault_free +1" || fail "real mode $s: x differs from the fault-free x: $out"
  echo "$out" | grep -Eq "host_failures +[1-9]" || fail "real mode $s: no failure hit the run"
done

# The rings SVG of the last iteration: well-formed, both rings drawn, one circle per cluster and node.
"$GRIDNOC" grid --preset patent --iterations 20 --n 500 --failures weibull:nd07cpu --accel 50000 --seed 2 \
  --svg "$GN_TMP/rings.svg" >/dev/null || fail "grid --svg"
xmllint --noout "$GN_TMP/rings.svg" 2>/dev/null || fail "rings SVG is not well-formed"
grep -q "cluster ring" "$GN_TMP/rings.svg" || fail "rings SVG lacks the cluster ring"
[ "$(grep -c '<circle' "$GN_TMP/rings.svg")" -ge 60 ] || fail "rings SVG: expected >= 56 member circles + legend"

# The `grid` kind through the scenario runner.
cat >"$GN_TMP/g.cfg" <<CFG
kind = "grid";
output = "$GN_TMP/g.csv";
params = { preset = "uniform"; clusters = [1, 2]; nodes = 2; n = 20; iterations = 5; scheduler = "plain"; };
CFG
expect_status 0 "$GRIDNOC" run "$GN_TMP/g.cfg"
[ "$(wc -l <"$GN_TMP/g.csv")" = 3 ] || fail "grid scenario: expected a header and 2 rows"
finish
