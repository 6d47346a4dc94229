#!/usr/bin/env bash
# Integration: `gridnoc platform noc` and `gridnoc pipeline` (summary, CSV, SVGs, failures, exit statuses,
# reproducibility), and the `pipeline` kind through `gridnoc run`.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
CHAIN="$GN_FIXTURES/noc/chain30.stg?layout=comm"

# Platform XML: a Full-routed zone with one host per healthy core plus the supervisor, CM02.
expect_status 0 "$GRIDNOC" platform noc --chip mesh20 -o "$GN_TMP/mesh20.xml"
[ "$(grep -c '<host id="core_' "$GN_TMP/mesh20.xml")" = 20 ] || fail "mesh20 platform: not 20 core hosts"
grep -q 'routing="Full"' "$GN_TMP/mesh20.xml" || fail "platform without Full routing"
grep -q 'value="CM02"' "$GN_TMP/mesh20.xml" || fail "platform without CM02"
[ "$(grep -c '<route src="core_.*dst="core_' "$GN_TMP/mesh20.xml")" = 380 ] || fail "mesh20: not 20 x 19 routes"
expect_output 'core_3_2' "$GRIDNOC" platform noc --chip 4x3 --broken 1:1
expect_stderr "presets: mesh20, mesh50, mesh100, tile64, epiphany16" "$GRIDNOC" platform noc --chip mesh30
expect_status 2 "$GRIDNOC" platform noc --chip 0x3
expect_status 2 "$GRIDNOC" platform noc --chip 4x3 --broken 9:9
expect_stderr "did you mean 'noc'" "$GRIDNOC" platform nco

# A run: the summary shows both periods; a chain bound snake-wise has no shared link, so they agree.
expect_output "period: analytic 35, simulated 35" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 8 --items 100
expect_output "0 link(s) shared" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 8 --items 100 --binding comm

# Link arbitration: the triangle 1->2, 1->3, 2->3 (tests/unit/test_sim_noc.c has the hand computation) gives 30
# with fair sharing (the default) and 35 with tcp; the joint placement runs end to end.
TRI="$GN_FIXTURES/noc/triangle.stg?layout=comm"
expect_output "simulated 30.0" "$GRIDNOC" pipeline "$TRI" --chip mesh20 -n 3 -m chains --items 300
expect_output "simulated 35.0" "$GRIDNOC" pipeline "$TRI" --chip mesh20 -n 3 -m chains --items 300 --link-sharing tcp
expect_output "max(analytic, link) 25" "$GRIDNOC" pipeline "$TRI" --chip mesh20 -n 3 -m chains --items 300
expect_output "period: analytic" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 8 --items 60 --binding joint
# The joint placement is never slower than the pairs mapper + snake and mapper + comm: it simulates a probe of
# every candidate and keeps the fastest. On this graph its analytic search alone is slower than comm (the probe
# says joint 29.80, comm 27.93), so a joint placement that trusted its estimate would fail the comparison.
JG='gen:method=sameprob,tasks=40,ccr=0.3,seed=3'
sim_period() { "$GRIDNOC" pipeline "$JG" --chip mesh20 -n 10 --items 60 "$@" | sed -n 's/.*, simulated \([^ ]*\) .*/\1/p'; }
J=$(sim_period --binding joint) C=$(sim_period --binding comm) SN=$(sim_period --binding snake)
GN_CHECKS=$((GN_CHECKS + 1))
awk -v j="$J" -v c="$C" -v s="$SN" 'BEGIN { exit !(j != "" && c != "" && s != "" && j + 0 <= c + 0 && j + 0 <= s + 0) }' ||
  fail "joint placement $J slower than comm $C or snake $SN"
expect_output "joint placement: kept comm; probe periods (60 items): joint 29.80" \
  "$GRIDNOC" pipeline "$JG" --chip mesh20 -n 10 --items 60 --binding joint
# Re-mappings after a failure keep the analytic joint placement (no probe inside a simulation).
expect_output "recoveries 1" "$GRIDNOC" pipeline "$JG" --chip mesh20 -n 10 --items 60 --binding joint --fail P2@300
expect_stderr "link sharing must be rr, age (or fair), tcp or oldest, got 'wrr'" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 --link-sharing wrr
# oldest runs on our own network model, as rr: a generated chip only.
expect_stderr "link sharing oldest runs on a generated chip only" "$GRIDNOC" pipeline "$GN_FIXTURES/stg/small.stg" \
  --platform "$GN_FIXTURES/platforms/noc-2x2-yfirst.xml" -n 2 --link-sharing oldest
expect_stderr "parameter 'hop_cost' must be in 0..1e+300, got '-1'" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 --hop-cost -1

# Bad input: exit 2 with the reason.
expect_stderr "parameter 'stages' is required" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20
expect_stderr "unknown mapper" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 -m dpm
expect_stderr "chip mesh20 has 20 logical cores" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 25
expect_stderr "unknown binding 'spiral'" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 --binding spiral
expect_stderr "expected Pi@TIME" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 --fail P99@10
expect_stderr "unknown option '--itmes'" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 --itmes 5
expect_status 2 "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 4 --loss maybe
expect_status 2 "$GRIDNOC" pipeline "$GN_TMP/missing.stg" --chip mesh20 -n 4

# A failure: detected, re-mapped, resumed; exit 0; the same seed gives the same bytes.
expect_output "recoveries 1" "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 8 --items 200 --fail P3@2000
run_csv() { "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 8 --items 150 --fail exp:3000 --seed "$1" --csv; }
run_csv 9 >"$GN_TMP/a.csv" 2>"$GN_TMP/err" && run_csv 9 >"$GN_TMP/b.csv" 2>"$GN_TMP/err" || fail "pipeline --csv failed"
cmp -s "$GN_TMP/a.csv" "$GN_TMP/b.csv" || fail "same seed, different CSV"
[ "$(wc -l <"$GN_TMP/a.csv")" = 2 ] || fail "--csv: expected a header and one row"
head -1 "$GN_TMP/a.csv" | grep -q '^seed,graph,.*,sim_period,.*,target_met,completed,min_message_bytes,flow_share_min,flow_share_mean,in_phase_writers,in_phase_bound$' ||
  fail "--csv header"

# Pictures: the chip coloured by stage, and the timeline with the failure marked.
expect_status 0 "$GRIDNOC" pipeline "$CHAIN" --chip mesh20 -n 8 --items 200 --fail P3@2000 \
  --svg-chip "$GN_TMP/chip.svg" --svg-timeline "$GN_TMP/tl.svg"
grep -q '>S8<' "$GN_TMP/chip.svg" || fail "chip SVG lacks stage 8"
grep -q 'marker-end="url(#arrow)"' "$GN_TMP/chip.svg" || fail "chip SVG lacks flow arrows"
grep -q '>failure<' "$GN_TMP/tl.svg" || fail "timeline lacks the failure"
grep -q '>detected<' "$GN_TMP/tl.svg" || fail "timeline lacks the detection"
grep -q 'epoch 1 (mapping 2)' "$GN_TMP/tl.svg" || fail "timeline lacks the re-mapped epoch"
if have xmllint "the SVGs are well-formed XML"; then
  xmllint --noout "$GN_TMP/chip.svg" "$GN_TMP/tl.svg" 2>/dev/null || fail "SVG is not well-formed XML"
fi

# The pipeline kind through the runner: one job or two, the same CSV.
cat >"$GN_TMP/pipe.cfg" <<CFG
kind = "pipeline";
seed = 3;
params = { graph = "$CHAIN"; chip = "mesh20"; stages = [4, 6]; items = 60; fail = ["", "P2@500"]; };
CFG
expect_status 0 "$GRIDNOC" run "$GN_TMP/pipe.cfg" --output "$GN_TMP/r1.csv"
expect_status 0 "$GRIDNOC" run "$GN_TMP/pipe.cfg" --output "$GN_TMP/r2.csv" --jobs 2
cmp -s "$GN_TMP/r1.csv" "$GN_TMP/r2.csv" || fail "runner: --jobs 2 changed the CSV"
[ "$(wc -l <"$GN_TMP/r1.csv")" = 5 ] || fail "runner: expected 4 rows"
# --flows: one line per flow; two flows converging on P6 each get half of its ejection port (docs/noc.md).
expect_output "2        5->6     core_3_1->core_2_1       1  10         8000000    20.00003      10.00003    0.50000075" \
  "$GRIDNOC" pipeline "$GN_FIXTURES/noc/converge.stg?layout=comm" --chip mesh20 \
  --partition "$GN_FIXTURES/noc/converge.part" --items 1000 --flows
# --trace-json: the timeline's events as Chrome / Perfetto trace-event JSON, checked against the format's schema
# (an object with traceEvents; X events with ts and dur >= 0, i events with a scope, M events naming tracks) and
# by hand: stage 1 of DPMA's 4-stage cut costs 75 time units (75 ms shown), the failure of core_0_0 at 5000 and
# its detection at 5550 (as the run prints) are instants on its track, the re-map a global instant; same bytes
# twice.
TG=gen:method=layrprob,tasks=60,seed=3
expect_output "detected at 5550" "$GRIDNOC" pipeline "$TG" --chip mesh20 -n 4 -m dpma --fail P1@5000 --trace-items 2 --trace-json "$GN_TMP/t1.json"
expect_status 0 "$GRIDNOC" pipeline "$TG" --chip mesh20 -n 4 -m dpma --fail P1@5000 --trace-items 2 --trace-json "$GN_TMP/t2.json"
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s "$GN_TMP/t1.json" "$GN_TMP/t2.json" || fail "--trace-json is not deterministic"
GN_CHECKS=$((GN_CHECKS + 1))
python3 -B - "$GN_SOURCE/tests/integration" "$GN_TMP/t1.json" <<'PY' || fail "--trace-json does not follow the trace-event format"
import sys
sys.path.insert(0, sys.argv[1])
from trace_events import load
ev = load(sys.argv[2])
names = {e["tid"]: e["args"]["name"] for e in ev if e["name"] == "thread_name"}
assert names[1] == "core_0_0: stage 1 in mapping 1", names
first = next(e for e in ev if e["ph"] == "X" and e["tid"] == 1 and e["cat"] == "compute")
assert first["ts"] == 0 and first["dur"] == 75000, first
inst = [(e["name"], e["tid"], e["ts"]) for e in ev if e["ph"] == "i"]
assert ("failure", 1, 5000000) in inst and ("detection", 1, 5550000) in inst, inst
assert any(n == "re-map" for n, _, _ in inst), inst
assert any(e["ph"] == "X" and e["args"]["mapping"] == 2 for e in ev)
PY
# The small-message warning (docs/noc-validation.md, "Error by message size": about 2 % or more below 4000
# bytes). three.stg's smallest message is volume 1: 1 x 1e-6 s x 8e9 B/s = 8000 bytes (no warning); at 4e-7 s a
# unit, 3200 bytes (a warning naming them).
THREE="$GN_FIXTURES/noc/three.stg?layout=comm"
expect_output "period: analytic" "$GRIDNOC" pipeline "$THREE" --chip 3x1 -n 3 --time-unit 1e-6 --items 40
grep -q "warning: messages as small" "$GN_TMP/out" && fail "8000-byte messages warned about"
expect_output "warning: messages as small as 3200 bytes (below 4000)" \
  "$GRIDNOC" pipeline "$THREE" --chip 3x1 -n 3 --time-unit 4e-7 --items 40

# The in-phase warning (docs/noc-validation.md, "Which runs rest on writes in phase"): converge3's three equal
# writes into (2,0) stay in phase at 40 against the port's 30; with 2 items of warm-up in 40 the same; none where
# the writes carry no data (comm factor 0: the period is the stages' compute) nor at the port's bound (oldest: 30).
C3="$GN_FIXTURES/noc/converge3.stg?layout=comm"
expect_output "warning: 3 equal writes into core_2_0 stay in phase" \
  "$GRIDNOC" pipeline "$C3" --chip 4x4 -m chains -n 4 --binding links --items 40 --link-sharing age
grep -q "the period may be as low as 30 (docs/noc-validation.md)" "$GN_TMP/out" || fail "converge3: no bound of 30"
for extra in "--comm-factor 0" "--link-sharing oldest"; do
  # shellcheck disable=SC2086 # extra is two words
  expect_output "period: analytic" "$GRIDNOC" pipeline "$C3" --chip 4x4 -m chains -n 4 --binding links --items 40 $extra
  grep -q "in phase" "$GN_TMP/out" && fail "converge3 $extra: warned about writes in phase"
done

finish
