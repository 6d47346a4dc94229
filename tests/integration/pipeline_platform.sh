#!/usr/bin/env bash
# Integration: `gridnoc pipeline --platform FILE.xml` (docs/noc.md "Your own platform"): a preset's XML gives the
# preset's numbers, routing is reported (XY, not XY, torus), host state profiles are failures, bad files exit 2.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
CHAIN="$GN_FIXTURES/noc/chain30.stg?layout=comm"
PRESETS="$GN_SOURCE/platforms"
PF="$GN_FIXTURES/platforms"

# A --csv row as sorted key=value pairs, without the named columns (the ones that say where the chip came from).
row_without() {
  local out=$1; shift
  python3 - "$out" "$@" <<'PY'
import csv, sys
# The command writes its parameters in the order given: compare columns by name.
for r in csv.DictReader(open(sys.argv[1])):
    print(";".join(f"{k}={v}" for k, v in sorted(r.items()) if k not in sys.argv[2:]))
PY
}
same_rows() { # NAME COLUMNS -- ARGS A -- ARGS B
  local name=$1 cols=$2; shift 3
  local a=() b=()
  while [ "$1" != "--" ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  GN_CHECKS=$((GN_CHECKS + 1))
  if ! "$GRIDNOC" pipeline "$CHAIN" "${a[@]}" --csv >"$GN_TMP/a.csv" 2>"$GN_TMP/err" ||
     ! "$GRIDNOC" pipeline "$CHAIN" "${b[@]}" --csv >"$GN_TMP/b.csv" 2>>"$GN_TMP/err"; then
    fail "$name: a run failed: $(cat "$GN_TMP/err")"
    return
  fi
  # shellcheck disable=SC2086
  [ "$(row_without "$GN_TMP/a.csv" $cols)" = "$(row_without "$GN_TMP/b.csv" $cols)" ] ||
    fail "$name: rows differ: $(tail -1 "$GN_TMP/a.csv") VS $(tail -1 "$GN_TMP/b.csv")"
  # The two runs must really have run something worth comparing.
  row_without "$GN_TMP/a.csv" | grep -q ";completed=1;" || fail "$name: the run did not complete"
}

# Round trip: a preset written as XML and read back gives the preset's numbers, with and without a failure.
same_rows "mesh20 round trip" platform -- --platform "$PRESETS/mesh20.xml" -n 8 --items 200 \
  -- --chip mesh20 -n 8 --items 200
same_rows "mesh20 round trip with a failure" platform -- \
  --platform "$PRESETS/mesh20.xml" -n 8 --items 200 --fail P3@2000 \
  -- --chip mesh20 -n 8 --items 200 --fail P3@2000
same_rows "epiphany16 round trip" "platform chip" -- \
  --platform "$PRESETS/epiphany16.xml" -n 8 --items 200 --fail P3@2000 \
  -- --chip epiphany16 -n 8 --items 200 --fail P3@2000
row_without "$GN_TMP/a.csv" | grep -q ';recoveries=1;' || fail "epiphany16 round trip: a recovery should have been seen"
expect_output "routing: XY (all 380 routes checked)" "$GRIDNOC" pipeline "$CHAIN" --platform "$PRESETS/mesh20.xml" -n 8 --items 100

# A host state profile (core_1_0 down at 0.2 s, up again at 0.5 s) = --fail 1:0@2000 with 1e-4 s per time unit.
# The fixture declares no ports (no link with property gridnoc.port): it runs as a chip without them.
same_rows "state profile = --fail" "platform chip fail ports" -- --platform "$PF/noc-2x2-profile.xml" -n 3 --items 200 \
  -- --chip 2x2 -n 3 --items 200 --fail 1:0@2000 --ports off
expect_output "ports: none declared" "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-2x2-profile.xml" -n 3 --items 200
expect_output "later up events ignored (NoC core failures are permanent)" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-2x2-profile.xml" -n 3 --items 200
expect_output "failure: core_1_0 at 2000, detected at" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-2x2-profile.xml" -n 3 --items 200

# Routing that is not XY is reported and still simulates; its link measures follow the file's routes. With the
# snake binding every flow joins neighbours, whose routes are the XY ones: the numbers of chip 2x2, routing_xy 0.
expect_output "routing: not XY (1 of 12 routes differ; first: core_0_0 -> core_1_1)" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-2x2-yfirst.xml" -n 4 --items 100
expect_output "items: 100 delivered, 0 lost" "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-2x2-yfirst.xml" -n 4 --items 100
same_rows "not XY: measured on the file's routes" "platform chip routing_xy ports" -- \
  --platform "$PF/noc-2x2-yfirst.xml" -n 4 --items 200 -- --chip 2x2 -n 4 --items 200 --ports off
row_without "$GN_TMP/a.csv" | grep -q ';hop_volume=10;.*;routing_xy=0;' || fail "not XY: $(cat "$GN_TMP/a.csv")"
# A route that differs and carries a flow: mesh20 whose core_3_4 -> core_0_0 goes north first (comm binding puts
# no flow there, so the numbers stay those of chip mesh20, but hop_volume: off XY it counts the links crossed,
# the two ports of each route included; the file's links are named in the summary).
python3 - "$PRESETS/mesh20.xml" "$GN_TMP/notxy.xml" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
hops = '<link_ctn id="inj_3_4"/>' + "".join(f'<link_ctn id="l_3_{y}_N"/>' for y in (4, 3, 2, 1))
hops += "".join(f'<link_ctn id="l_{x}_0_W"/>' for x in (3, 2, 1)) + '<link_ctn id="ej_0_0"/>'
route = r'(<route src="core_3_4" dst="core_0_0" symmetrical="NO">).*?(</route>)'
s, n = re.subn(route, lambda m: m.group(1) + hops + m.group(2), s)
assert n == 1
open(sys.argv[2], "w").write(s)
PY
same_rows "mesh20 with one Y-first route" "platform chip routing_xy hop_volume" -- --platform "$GN_TMP/notxy.xml" -n 8 --items 200 \
  --fail P3@2000 --binding comm -- --chip mesh20 -n 8 --items 200 --fail P3@2000 --binding comm
expect_output "busiest links: inj_0_1 0.130 l_0_1_S 0.130 ej_0_2 0.130" "$GRIDNOC" pipeline "$CHAIN" --platform "$GN_TMP/notxy.xml" -n 8 --items 200 \
  --fail P3@2000 --binding comm
expect_output "routing: TORUS (dimension order with wrap-around links): not mesh XY" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-torus3x3.xml" -n 6 --items 100
expect_output "    2  c1 " "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-torus3x3.xml" -n 6 --items 100

# A torus with its supervisor in a zone of its own (zoneRoute through core c0) and a state profile on c4 (0.1 s).
expect_output "failure: c4 at 1000, detected at 1350" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-torus3x3-sup.xml" -n 6 --items 200

# Bad platforms and combinations: exit 2, one line naming the file, line and element.
expect_stderr "noc-bad-only-x.xml:7: host 'core_1_0' has property x but not the other one" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-bad-only-x.xml" -n 2
expect_stderr "noc-bad-two-at-one.xml:8: hosts 'a' (line 7) and 'b' are both at x=1 y=0" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-bad-two-at-one.xml" -n 2
expect_stderr "has no route from 'core_1_0' to 'core_0_0'" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-bad-missing-route.xml" -n 2
expect_stderr "is a 3-D torus" "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-bad-torus3d.xml" -n 2
expect_stderr "core failures need a supervisor host" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-torus3x3.xml" -n 2 --fail P2@100
expect_stderr "zone 'world' has no <zoneRoute> from 'chip' (the cores) to 'ctl' (the supervisor 'supervisor')" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-bad-sup-no-zoneroute.xml" -n 2 --fail P2@100
sed 's/gw_src="c0"/gw_src="cchip_router"/' "$PF/noc-torus3x3-sup.xml" >"$GN_TMP/badgw.xml"
expect_stderr "badgw.xml:14: <zoneRoute> gw_src='cchip_router' is neither a host nor a <router>" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$GN_TMP/badgw.xml" -n 2
expect_stderr "parameter 'chip' ('tile64') is given beside platform" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-torus3x3.xml" --chip tile64 -n 2
# The default chip's own name too: it was dropped without a word.
expect_stderr "parameter 'chip' ('mesh20') is given beside platform" \
  "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/noc-torus3x3.xml" --chip mesh20 -n 2
expect_status 2 "$GRIDNOC" pipeline "$CHAIN" --platform "$GN_TMP/missing.xml" -n 2
expect_stderr "not a NoC chip" "$GRIDNOC" pipeline "$CHAIN" --platform "$PF/two_zones.xml" -n 2

# The `platform` key of a scenario (a path relative to the current directory, like `graph`).
cat >"$GN_TMP/plat.cfg" <<CFG
kind = "pipeline";
seed = 3;
params = { graph = "$CHAIN"; platform = ["$PF/noc-2x2-yfirst.xml", "$PF/noc-torus3x3.xml"]; stages = 3; items = 60; };
CFG
expect_status 0 "$GRIDNOC" run "$GN_TMP/plat.cfg" --output "$GN_TMP/plat.csv"
head -1 "$GN_TMP/plat.csv" | grep -q '^run,graph,chip,platform,broken,.*,latency,routing_xy,hop_volume,' ||
  fail "scenario CSV header: $(head -1 "$GN_TMP/plat.csv")"
[ "$(wc -l <"$GN_TMP/plat.csv")" = 3 ] || fail "scenario: expected 2 rows"

finish
