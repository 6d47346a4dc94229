#!/usr/bin/env bash
# Integration: gridnoc grid --platform FILE.xml (docs/grids.md "Your own platform"): the committed patent preset
# file gives the preset's rows, a hand-written two-zone file the clusters, masters and shares computed by hand,
# a host state profile is a detected, reported failure, and bad files are one-line errors with exit 2.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
PATENT="$GN_SOURCE/platforms/patent-grid.xml"
P="$GN_FIXTURES/platforms"
TWO=(--platform "$P/grid-two-zone.xml" --n 4500 --iterations 20)

expect_output "--platform" "$GRIDNOC" grid --help

# The metrics of a --csv output (every column from `completed` on; metrics never hold a comma).
metrics() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "completed") k = NF - i + 1 }
           NR == 2 { s = ""; for (i = NF - k + 1; i <= NF; i++) s = s $i ","; print s }'
}
# metric NAME: one metric's value in a --csv output.
metric() {
  awk -F, -v m="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == m) k = NF - i }
                     NR == 2 { print $(NF - k) }'
}

# (a) Round trip: the preset written as XML and run through --platform gives the preset's own metrics.
round_trip() {
  local name=$1; shift
  "$GRIDNOC" grid "$@" --csv >"$GN_TMP/preset.csv" 2>"$GN_TMP/err" || fail "$name: preset run: $(cat "$GN_TMP/err")"
  "$GRIDNOC" grid --platform "$PATENT" "$@" --csv >"$GN_TMP/file.csv" 2>"$GN_TMP/err" ||
    fail "$name: platform run: $(cat "$GN_TMP/err")"
  local want got
  want=$(metrics <"$GN_TMP/preset.csv")
  got=$(metrics <"$GN_TMP/file.csv")
  [ -n "$want" ] && [ "$want" = "$got" ] || fail "$name: preset gave $want, its platform file $got"
}
round_trip "fault-free" --iterations 30
round_trip "failures" --failures weibull:nd07cpu --accel 5000 --iterations 50
[ "$(metric host_failures <"$GN_TMP/file.csv")" -gt 0 ] || fail "failures round trip: no host failed"
round_trip "period load" --period 2 --iterations 50
round_trip "3 clusters" --clusters 3 --iterations 30
[ "$(metric speedup_cluster <"$GN_TMP/file.csv")" != NA ] || fail "3 clusters: no one-cluster reference"

# (b) Two zones by hand (the fixture's header): A = a1 a2 b3 under a0 (no cluster_master, first host),
# B = b0 b1 b2 under bm; capability 25 and 20 of n = 4500 → 2500 and 2000 units; a0 also runs the grid master.
expect_output "cluster A: master a0, nodes a1 a2 b3, capability 25, share 2500 units" "$GRIDNOC" grid "${TWO[@]}"
grep -qF "cluster B: master bm, nodes b0 b1 b2, capability 20, share 2000 units" "$GN_TMP/out" ||
  fail "two zones: cluster B line missing: $(cat "$GN_TMP/out")"
grep -qF "grid master a0, injector inj, port bandwidth 50000000 B/s" "$GN_TMP/out" ||
  fail "two zones: masters line missing: $(cat "$GN_TMP/out")"
grep -Eq "completed +1" "$GN_TMP/out" || fail "two zones: the run did not complete"
# clusters = 1 keeps cluster A only (also the one-cluster reference): 4500 units on it.
expect_output "cluster A: master a0, nodes a1 a2 b3, capability 25, share 4500 units" "$GRIDNOC" grid "${TWO[@]}" \
  --clusters 1
grep -q "cluster B" "$GN_TMP/out" && fail "clusters = 1 still shows cluster B"

# (c) A host state profile in the file (b0 = node 3 off from 0.3 s to 0.6 s) is a failure the supervisor
# detects; the same interval as a Failure Trace Archive trace, injected the usual way, gives the same row.
"$GRIDNOC" grid "${TWO[@]/grid-two-zone.xml/grid-two-zone-down.xml}" --csv >"$GN_TMP/down.csv" 2>"$GN_TMP/err" ||
  fail "state profile run: $(cat "$GN_TMP/err")"
[ "$(metric host_failures <"$GN_TMP/down.csv")" = 1 ] || fail "state profile: host_failures is not 1"
awk "BEGIN { exit !($(metric miss_rate <"$GN_TMP/down.csv") > 0) }" || fail "state profile: not detected (miss_rate 0)"
{
  echo "# event_id component_id node_id platform_id node_name event_type event_start_time event_stop_time end"
  for i in 0 1 2 3 4 5; do echo "$i 0 $i 1 n$i 1 0 1000 2"; done
  echo "9 0 3 1 n3 0 0.3 0.6 NULL"
} >"$GN_TMP/b0.tab"
"$GRIDNOC" grid "${TWO[@]}" --failures "fta:$GN_TMP/b0.tab" --fta-start 0 --csv >"$GN_TMP/fta.csv" 2>"$GN_TMP/err" ||
  fail "fta run: $(cat "$GN_TMP/err")"
[ "$(metrics <"$GN_TMP/down.csv")" = "$(metrics <"$GN_TMP/fta.csv")" ] ||
  fail "state profile and FTA trace differ: $(metrics <"$GN_TMP/down.csv") vs $(metrics <"$GN_TMP/fta.csv")"

# (d) Bad files and bad usage: exit 2, one line naming file:line, never a SimGrid abort.
bad_file() {
  local fixture=$1 want=$2
  expect_status 2 "$GRIDNOC" grid --platform "$P/$fixture" --iterations 5
  [ "$(wc -l <"$GN_TMP/err")" = 1 ] || fail "$fixture: expected one line of error: $(cat "$GN_TMP/err")"
  grep -qF -- "$want" "$GN_TMP/err" || fail "$fixture: stderr lacks '$want': $(cat "$GN_TMP/err")"
}
bad_file bad_no_speed.xml "bad_no_speed.xml:5: <host id=\"b\"> has no speed"
bad_file bad_no_zone.xml "bad_no_zone.xml:3: <host id=\"lost\"> is in no zone"
bad_file bad_role.xml "bad_role.xml:4: host 'a': property gridnoc.role='boss' is unknown"
bad_file missing.xml "missing.xml: cannot read the platform"
bad_file grid-only-master.xml "grid-only-master.xml:11: cluster 'solo' has one host, 'only', which becomes its master"
bad_file grid-two-masters.xml "grid-two-masters.xml:8: host 'gm2' is a second gridnoc.role=grid_master"
bad_file grid-two-cluster-masters.xml "grid-two-cluster-masters.xml:8: host 'cm2' is a second cluster_master"
bad_file grid-idle-master.xml "grid-idle-master.xml:8: host 'lonely' is the cluster_master of cluster 'empty'"
expect_stderr "parameter 'shape' ('star') is given beside platform" "$GRIDNOC" grid --platform "$PATENT" --shape star
expect_stderr "parameter 'shape' ('cascade') is given beside platform" "$GRIDNOC" grid --platform "$PATENT" \
  --shape cascade
expect_status 2 "$GRIDNOC" grid --platform "$PATENT" --nodes 3
expect_stderr "clusters = 9, but the file has 8 clusters" "$GRIDNOC" grid --platform "$PATENT" --clusters 9
expect_status 2 "$GRIDNOC" grid --platform "$PATENT" --clusters 9
# Background load needs each node's speed profile: a host with one of its own in the file is refused.
expect_stderr "host 'b0' already has a speed profile" "$GRIDNOC" grid --platform "$P/grid-two-zone-speed.xml" \
  --period 1

# A scenario: platform paths are taken as written, relative to the directory gridnoc runs in (as fta:PATH).
mkdir -p "$GN_TMP/work/plat" && cp "$P/grid-two-zone.xml" "$GN_TMP/work/plat/"
cat >"$GN_TMP/work/g.cfg" <<CFG
kind = "grid";
output = "g.csv";
params = { platform = "plat/grid-two-zone.xml"; clusters = [1, 2]; n = 450; iterations = 5; };
CFG
(cd "$GN_TMP/work" && "$GRIDNOC" run g.cfg >/dev/null 2>"$GN_TMP/err") || fail "platform scenario: $(cat "$GN_TMP/err")"
[ "$(grep -c ',plat/grid-two-zone.xml,' "$GN_TMP/work/g.csv" 2>/dev/null)" = 2 ] ||
  fail "platform scenario: expected 2 rows on the file: $(cat "$GN_TMP/work/g.csv")"
# A Grid'5000-style file: <cluster> elements (generated hosts), no gridnoc property, a failure by trace_connect.
G5K="$P/grid-g5k-clusters.xml"
expect_output "cluster lyon: master lyon-0.g5k, nodes lyon-1.g5k" "$GRIDNOC" grid --platform "$G5K" --iterations 5
expect_output "capability 140, share 1842 units" "$GRIDNOC" grid --platform "$G5K" --iterations 5
expect_output "capability 240, share 3158 units" "$GRIDNOC" grid --platform "$G5K" --iterations 5
"$GRIDNOC" grid --platform "$G5K" --iterations 50 --csv >"$GN_TMP/g5k.csv" 2>"$GN_TMP/err" || fail "g5k run: $(cat "$GN_TMP/err")"
[ "$(metric completed <"$GN_TMP/g5k.csv")" = 1 ] || fail "g5k: run did not complete"
[ "$(metric host_failures <"$GN_TMP/g5k.csv")" = 1 ] || fail "g5k: the trace_connect failure was not counted"
[ "$(metric miss_rate <"$GN_TMP/g5k.csv")" != 0 ] || fail "g5k: the failure was never detected (miss_rate 0)"
# A file without <!DOCTYPE> (SimGrid 3.32's parser needs one; gridnoc adds it) runs like the same file with one.
"$GRIDNOC" grid "${TWO[@]}" --csv >"$GN_TMP/with.csv" 2>"$GN_TMP/err" || fail "two-zone run: $(cat "$GN_TMP/err")"
"$GRIDNOC" grid --platform "$P/grid-no-doctype.xml" --n 4500 --iterations 20 --csv >"$GN_TMP/without.csv" \
  2>"$GN_TMP/err" || fail "no-doctype run: $(cat "$GN_TMP/err")"
[ "$(metrics <"$GN_TMP/with.csv")" = "$(metrics <"$GN_TMP/without.csv")" ] || fail "no-doctype: different metrics"
# A platform SimGrid cannot route (no <route> at all in a Full zone) is refused before the run, not aborted in it.
expect_status 2 "$GRIDNOC" grid --platform "$P/override.xml"
expect_stderr "no route from a1 to lm" "$GRIDNOC" grid --platform "$P/override.xml"
finish
