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
if have xmllint "the star platform is well-formed XML"; then
  xmllint --noout "$GN_TMP/star.xml" 2>/dev/null || fail "star platform is not well-formed XML"
fi
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
if have xmllint "the rings SVG is well-formed XML"; then
  xmllint --noout "$GN_TMP/rings.svg" 2>/dev/null || fail "rings SVG is not well-formed"
fi
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
# Grid parameters without editing XML: node speeds (scale and per class), port/backplane/uplink bandwidth, switch
# latency, written into the platform; refused with a platform file and on a wrong class count.
"$GRIDNOC" platform grid --preset uniform --clusters 2 --nodes 1 --speed 2 --port-mbps 1000 --backplane-mbps 4000 \
  --uplink-mbps 200 --switch-latency 1e-5 -o "$GN_TMP/fast.xml" || fail "platform grid with grid parameters"
grep -q '<host id="node0" speed="2000000000f"' "$GN_TMP/fast.xml" || fail "--speed 2 not in the platform"
grep -q '<link id="node0_port" bandwidth="125000000Bps"' "$GN_TMP/fast.xml" || fail "--port-mbps not in the platform"
grep -q 'c0_backplane" bandwidth="500000000Bps" latency="1.0000000000000001e-05s"' "$GN_TMP/fast.xml" ||
  fail "--backplane-mbps / --switch-latency not in the platform"
grep -q 'uplink_0_1" bandwidth="25000000Bps"' "$GN_TMP/fast.xml" || fail "--uplink-mbps not in the platform"
expect_output 'speed="3000000000f"' "$GRIDNOC" platform grid --preset patent --class-speeds 1e9,2e9,3e9 --speed 1.5
expect_stderr "class_speeds: expected 3 positive" "$GRIDNOC" grid --class-speeds 1e9,2e9
expect_stderr "parameter 'speed' ('2') is given beside platform" "$GRIDNOC" grid \
  --platform "$GN_FIXTURES/platforms/grid-narrow-uplink.xml" --speed 2
# A preset-only parameter is refused beside a platform even at its default value: it would be dropped unseen.
expect_stderr "parameter 'speed' ('1') is given beside platform" "$GRIDNOC" grid \
  --platform "$GN_FIXTURES/platforms/grid-narrow-uplink.xml" --speed 1
expect_status 2 "$GRIDNOC" grid --mirror lazy

# Issue 14 defects, each with its reproduction.
# 1, 2: heartbeats faster than the cascade's latency: the fault-free run completes and prints nothing on stderr.
out=$("$GRIDNOC" grid --iterations 20 --heartbeat 0.003 --reference false 2>"$GN_TMP/hb.err") || fail "fast heartbeat run"
echo "$out" | grep -Eq "completed +1" || fail "fault-free run with a 3 ms heartbeat did not complete: $out"
[ ! -s "$GN_TMP/hb.err" ] || fail "grid printed on stderr: $(head -n 2 "$GN_TMP/hb.err")"
# Heartbeats whose trip outlasts their period on 100 nodes of one switch: SimGrid 3.32's wait_any_for read a
# dead observer here and the process crashed (sim/grid/grid_wait.cpp says why); it completes.
out=$("$GRIDNOC" grid --preset uniform --clusters 2 --nodes 100 --n 2000 --heartbeat 0.001 --iterations 2 \
  --reference false 2>&1) || fail "100 nodes at a 1 ms heartbeat: $out"
echo "$out" | grep -Eq "completed +1" || fail "100 nodes at a 1 ms heartbeat did not complete: $out"
# 3: the bound uses the node routes the run uses, not the file's narrowest link (an unused 10 Mbit/s uplink):
# (2n²/F) / (2n²/ΣF + ½·8n/β) = 8 ms / (4 ms + 0.64 ms) with β = the 12.5 MB/s node ports.
"$GRIDNOC" grid --platform "$GN_FIXTURES/platforms/grid-narrow-uplink.xml" --clusters 1 --scheduler plain \
  --network CM02 --n 2000 --iterations 5 | grep -Eq "speedup_bound +1.724137931$" || fail "speedup_bound ignores the node ports"
# 4: checkpoint retries of the iteration under way are re-executed work.
out=$("$GRIDNOC" grid --scheduler checkpoint --mode real --n 300 --iterations 6 --period 2 --accel 300000)
echo "$out" | grep -Eq "rollbacks +[1-9]" || fail "checkpoint run had no rollback: $out"
echo "$out" | grep -Eq "reexec_work +0$" && fail "checkpoint rollbacks counted no re-executed work: $out"
# 6: a run stopped by its deadline before Jacobi converged (x still far from the direct solve) is compared with
# the serial x at the iteration it reached.
out=$("$GRIDNOC" grid "${SMALL[@]}" --mode real --reference false --failures weibull:nd07cpu --deadline 0.1)
echo "$out" | grep -Eq "cause +deadline" || fail "deadline run did not stop early: $out"
echo "$out" | grep -Eq "x_error_direct +[0-9.]+e-0[1-5]$|x_error_direct +0\.0" || fail "stopped run had converged: $out"
echo "$out" | grep -Eq "x_matches_fault_free +1" || fail "stopped run compared with the wrong iteration: $out"
# 7: the CSV header does not depend on the order of the options.
a=$("$GRIDNOC" grid --preset uniform --clusters 3 --nodes 4 --iterations 2 --n 100 --csv --reference false | head -n 1)
b=$("$GRIDNOC" grid --n 100 --iterations 2 --nodes 4 --clusters 3 --preset uniform --csv --reference false | head -n 1)
[ -n "$a" ] && [ "$a" = "$b" ] || fail "grid --csv header follows the option order"
a=$("$GRIDNOC" pipeline "$GN_FIXTURES/noc/chain30.stg?layout=comm" -n 4 --items 50 --warmup 5 --csv | head -n 1)
b=$("$GRIDNOC" pipeline "$GN_FIXTURES/noc/chain30.stg?layout=comm" --warmup 5 --items 50 -n 4 --csv | head -n 1)
[ -n "$a" ] && [ "$a" = "$b" ] || fail "pipeline --csv header follows the option order"
# 8: one deadline for every scheduler of a repetition: with deadline_ref plain (the default) ring and plain get
# 1.25 x plain's fault-free makespan; with self the ring gets 1.25 x its own. Every stopped run ends at its deadline.
value() { awk -v k="$1" '$1 == k { print $2 }'; }
ff_plain=$("$GRIDNOC" grid "${SMALL[@]}" --scheduler plain --reference false | value makespan_s)
ff_ring=$("$GRIDNOC" grid "${SMALL[@]}" --scheduler ring --reference false | value makespan_s)
for s in ring plain replicate; do
  out=$("$GRIDNOC" grid "${SMALL[@]}" --scheduler $s --reference false --failures weibull:nd07cpu --accel 20000 \
    --seed 5 --deadline-factor 1.25)
  awk -v d="$(echo "$out" | value deadline_s)" -v r="$(echo "$out" | value deadline_ref_s)" -v f="$ff_plain" \
    'BEGIN { exit !(r == f && d > 1.25 * f - 1e-9 && d < 1.25 * f + 1e-9) }' || fail "$s: not plain's deadline: $out"
  if echo "$out" | grep -Eq "completed +0"; then
    [ "$(echo "$out" | value makespan_s)" = "$(echo "$out" | value deadline_s)" ] || echo "$out" | grep -Eq \
      "cause +unrecoverable" || fail "$s: a run stopped by its deadline ends elsewhere: $out"
  else
    awk -v m="$(echo "$out" | value makespan_s)" -v d="$(echo "$out" | value deadline_s)" 'BEGIN { exit !(m <= d) }' \
      || fail "$s: completed after its deadline: $out"
  fi
done
out=$("$GRIDNOC" grid "${SMALL[@]}" --scheduler ring --reference false --failures weibull:nd07cpu --accel 20000 \
  --seed 5 --deadline-factor 1.25 --deadline-ref self)
[ "$(echo "$out" | value deadline_ref_s)" = "$ff_ring" ] || fail "deadline_ref self: not the ring's own: $out"
expect_stderr "deadline_ref must be self or a scheduler" "$GRIDNOC" grid "${SMALL[@]}" --deadline-ref plan
# 9: a run stopped at 3 x tells the outcome at any tighter deadline D (the stop changes nothing before it, and the
# reference, hence the failures drawn, is the same): stopped just before its completion date it fails there, just
# after it completes at the same date (what scripts/paper-figures.sh relies on for survival curves).
F=(--scheduler ring --reference false --failures weibull:nd07cpu --accel 20000 --seed 7)
out=$("$GRIDNOC" grid "${SMALL[@]}" "${F[@]}" --deadline-factor 3)
M=$(echo "$out" | value makespan_s); R=$(echo "$out" | value deadline_ref_s)
echo "$out" | grep -Eq "completed +1" || fail "equivalence case did not complete: $out"
before=$(awk -v m="$M" -v r="$R" 'BEGIN { printf "%.15g", (m - 1e-6) / r }')
after=$(awk -v m="$M" -v r="$R" 'BEGIN { printf "%.15g", (m + 1e-6) / r }')
out=$("$GRIDNOC" grid "${SMALL[@]}" "${F[@]}" --deadline-factor "$before")
echo "$out" | grep -Eq "completed +0" && echo "$out" | grep -Eq "cause +deadline" &&
  [ "$(echo "$out" | value makespan_s)" = "$(echo "$out" | value deadline_s)" ] || fail "stopped 1 us early: $out"
out=$("$GRIDNOC" grid "${SMALL[@]}" "${F[@]}" --deadline-factor "$after")
echo "$out" | grep -Eq "completed +1" && [ "$(echo "$out" | value makespan_s)" = "$M" ] || fail "stopped 1 us late: $out"
# 10: the named presets of the patent's regime are their fits: lab = weibull:nd07cpu, office = weibull:microsoft99
# (the same row but for the name).
for pair in lab:weibull:nd07cpu office:weibull:microsoft99; do
  a=$("$GRIDNOC" grid "${SMALL[@]}" --reference false --accel 20000 --seed 5 --csv --failures "${pair%%:*}" | tail -n 1)
  b=$("$GRIDNOC" grid "${SMALL[@]}" --reference false --accel 20000 --seed 5 --csv --failures "${pair#*:}" | tail -n 1)
  [ -n "$a" ] && [ "${a/,${pair%%:*},/,${pair#*:},}" = "$b" ] || fail "preset ${pair%%:*} is not ${pair#*:}: $a / $b"
done
# 11: --trace-json, the run's timeline as Chrome / Perfetto trace-event JSON. 2 clusters x 2 uniform nodes (1 Gflop/s),
# n = 40, 20 iterations, plain scheduler: 7 tracks (4 nodes, 2 cluster masters, the grid master) in 3 processes.
# Fault-free: every node computes its 10 units each iteration, so 20 x 4 = 80 compute boxes, 20 x 40 = 800 units,
# each 10 units x 2n flops / 1e9 flop/s = 0.8 us; 20 iteration instants; the end instant at the printed makespan.
# Node 1 down from 0.05 s to 0.09 s (an FTA trace): a failure instant at 50000 us and a recovery at 90000 us on
# node1's track, then a missed reply, a detection and a re-dispatch of its 10 units from the failed-task queue, whose
# re-computation is a box marked reexec. A deadline of 0.1 s: a global "deadline" instant at 100000 us. Same bytes
# twice; a refused output path is an input error.
G2=(--preset uniform --clusters 2 --nodes 2 --n 40 --iterations 20 --scheduler plain --heartbeat 0.004)
{
  echo "# event_id component_id node_id platform_id node_name event_type event_start_time event_stop_time end"
  for i in 0 1 2 3; do echo "$i 0 $i 1 n$i 1 0 1000 2"; done
  echo "9 0 1 1 n1 0 0.05 0.09 NULL"
} >"$GN_TMP/down1.tab"
out=$("$GRIDNOC" grid "${G2[@]}" --failures none --trace-json "$GN_TMP/g0.json") || fail "grid --trace-json"
M=$(echo "$out" | value makespan_s)
"$GRIDNOC" grid "${G2[@]}" --failures "fta:$GN_TMP/down1.tab" --fta-start 0 --trace-json "$GN_TMP/g1.json" >/dev/null ||
  fail "grid --trace-json with a failure"
"$GRIDNOC" grid "${G2[@]}" --failures "fta:$GN_TMP/down1.tab" --fta-start 0 --trace-json "$GN_TMP/g2.json" >/dev/null ||
  fail "grid --trace-json with a failure, again"
"$GRIDNOC" grid "${G2[@]}" --failures "fta:$GN_TMP/down1.tab" --fta-start 0 --deadline 0.1 \
  --trace-json "$GN_TMP/g3.json" >/dev/null || fail "grid --trace-json with a deadline"
GN_CHECKS=$((GN_CHECKS + 1))
cmp -s "$GN_TMP/g1.json" "$GN_TMP/g2.json" || fail "grid --trace-json is not deterministic"
GN_CHECKS=$((GN_CHECKS + 1))
python3 -B - "$GN_SOURCE/tests/integration" "$GN_TMP" "$M" <<'PY' || fail "grid --trace-json: wrong events"
import sys
sys.path.insert(0, sys.argv[1])
import trace_events
def load(name):
    return trace_events.load(sys.argv[2] + "/" + name)
ev = load("g0.json")
threads = {e["tid"]: (e["pid"], e["args"]["name"]) for e in ev if e["name"] == "thread_name"}
assert len(threads) == 7 and len([e for e in ev if e["name"] == "process_name"]) == 3, threads
assert threads[2] == (1, "node1 (uniform-1g)") and threads[4] == (2, "node3 (uniform-1g)"), threads
assert threads[5] == (1, "c0_master: cluster master (supervisor)") and threads[7][1] == "grid_master: grid master"
comp = [e for e in ev if e.get("cat") == "compute"]
assert len(comp) == 80 and sum(e["args"]["units"] for e in comp) == 800, len(comp)
assert all(e["dur"] == 0.8 and e["name"] == "compute" for e in comp), comp[0]
assert len([e for e in ev if e["name"] == "iteration"]) == 20
assert not [e for e in ev if e.get("cat") in ("failure", "detection", "re-dispatch")]
end = [e for e in ev if e["name"] == "end"]
assert len(end) == 1 and end[0]["s"] == "g" and abs(end[0]["ts"] - float(sys.argv[3]) * 1e6) < 1e-3, end
ev = load("g1.json")
inst = [(e["name"], e["tid"], e["ts"]) for e in ev if e["ph"] == "i" and e["name"] != "receive work"]
assert ("failure", 2, 50000) in inst and ("recovery", 2, 90000) in inst, inst
for name in ("missed reply", "detection"):
    t = [ts for n, tid, ts in inst if n == name and tid == 2]
    assert len(t) == 1 and 50000 < t[0] < 90000, (name, inst)
redo = [e for e in ev if e["name"] == "re-dispatch"]
assert len(redo) == 1 and redo[0]["tid"] == 5 and redo[0]["args"]["units"] == 10, redo
again = [e for e in ev if e["name"] == "re-compute"]
assert len(again) == 1 and again[0]["args"]["reexec"] == 1 and again[0]["ts"] >= redo[0]["ts"], again
assert again[0]["tid"] == 1, again
ev = load("g3.json")
dl = [e for e in ev if e["name"] == "deadline"]
assert len(dl) == 1 and dl[0]["ts"] == 100000 and dl[0]["args"]["cause"] == "deadline", dl
assert all(e["ts"] <= 100000 for e in ev if "ts" in e)
PY
expect_stderr "nodir/t.json: cannot write" "$GRIDNOC" grid "${G2[@]}" --trace-json nodir/t.json
expect_stderr "--trace-json needs a value" "$GRIDNOC" grid "${G2[@]}" --trace-json
# 12: the sweep's reference cache (OUTPUT.cache, named to each run in GN_RUNNER_CACHE_DIR): the schedulers of a
# repetition share one fault-free reference (same seed, the same parameters but the scheduler), so after ring's run
# the folder holds 1 entry, still 1 after plain's and replicate's, 2 after another seed's; every row of a sweep is
# the row of the same run simulated alone (--run, no cache); the folder goes once the sweep is complete.
mkdir "$GN_TMP/refs"
for s in ring plain replicate; do
  GN_RUNNER_CACHE_DIR="$GN_TMP/refs" "$GRIDNOC" grid "${SMALL[@]}" --scheduler $s --failures weibull:nd07cpu \
    --accel 20000 --deadline-factor 1.25 --reference false --seed 4 >/dev/null || fail "cache: $s"
  [ "$(ls "$GN_TMP/refs" | wc -l)" = 1 ] || fail "cache: $s did not share the repetition's reference"
done
GN_RUNNER_CACHE_DIR="$GN_TMP/refs" "$GRIDNOC" grid "${SMALL[@]}" --scheduler plain --failures weibull:nd07cpu \
  --accel 20000 --deadline-factor 1.25 --reference false --seed 5 >/dev/null || fail "cache: another seed"
[ "$(ls "$GN_TMP/refs" | wc -l)" = 2 ] || fail "cache: another seed shared a reference"
cat >"$GN_TMP/c.cfg" <<CFG
kind = "grid";
output = "$GN_TMP/c.csv";
seed = 4;
repeat = 2;
params = { preset = "uniform"; clusters = 3; nodes = 4; n = 40; iterations = 60; failures = "weibull:nd07cpu";
           accel = 20000.0; deadline_factor = 1.25; reference = false; scheduler = ["ring", "plain", "replicate"]; };
seed_ignores = ["scheduler"];
CFG
"$GRIDNOC" run "$GN_TMP/c.cfg" --runs 0-3 --jobs 2 --quiet || fail "cache: a part of the sweep"
[ ! -e "$GN_TMP/c.csv.cache" ] || fail "cache: the folder outlived the part it served"
"$GRIDNOC" run "$GN_TMP/c.cfg" --jobs 2 --quiet || fail "cache: the rest of the sweep"
[ ! -e "$GN_TMP/c.csv.cache" ] || fail "cache: the folder outlived the complete sweep"
for i in 0 1 2 3 4 5; do
  [ "$("$GRIDNOC" run "$GN_TMP/c.cfg" --run $i | tail -n 1)" = "$(sed -n "$((i + 2))p" "$GN_TMP/c.csv")" ] ||
    fail "cache: run $i differs from the same run simulated alone"
done
# A folder of that name that is someone's keeps what is not an entry of ours (only 16-hex-digit names go).
rm -f "$GN_TMP/c.csv" && mkdir "$GN_TMP/c.csv.cache" && echo keep >"$GN_TMP/c.csv.cache/notes.txt"
"$GRIDNOC" run "$GN_TMP/c.cfg" --jobs 2 --quiet || fail "cache: the sweep in a user's folder"
[ "$(cat "$GN_TMP/c.csv.cache/notes.txt" 2>/dev/null)" = keep ] || fail "cache: a user's file in the folder was removed"
[ "$(ls "$GN_TMP/c.csv.cache")" = notes.txt ] || fail "cache: entries left beside a user's file"
# A link planted under an entry's name is neither read nor written through: the reference is simulated again and
# the row is the run's own.
mkdir "$GN_TMP/refs2" && echo victim >"$GN_TMP/victim"
GN_RUNNER_CACHE_DIR="$GN_TMP/refs2" "$GRIDNOC" grid "${SMALL[@]}" --scheduler ring --failures weibull:nd07cpu \
  --accel 20000 --deadline-factor 1.25 --reference false --seed 4 --csv >/dev/null || fail "cache: ring, seed 4"
entry=$(ls "$GN_TMP/refs2")
rm "$GN_TMP/refs2/$entry" && ln -s "$GN_TMP/victim" "$GN_TMP/refs2/$entry"
alone=$("$GRIDNOC" grid "${SMALL[@]}" --scheduler plain --failures weibull:nd07cpu --accel 20000 \
  --deadline-factor 1.25 --reference false --seed 4 --csv | tail -n 1)
linked=$(GN_RUNNER_CACHE_DIR="$GN_TMP/refs2" "$GRIDNOC" grid "${SMALL[@]}" --scheduler plain \
  --failures weibull:nd07cpu --accel 20000 --deadline-factor 1.25 --reference false --seed 4 --csv | tail -n 1)
[ "$linked" = "$alone" ] || fail "cache: a planted link changed the row"
[ "$(cat "$GN_TMP/victim")" = victim ] || fail "cache: a planted link was written through"
[ ! -L "$GN_TMP/refs2/$entry" ] || fail "cache: the planted link was not replaced by the entry"
finish
