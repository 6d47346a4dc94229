#!/usr/bin/env bash
# Integration: `gridnoc platform describe`: zones, clusters, hosts and capability of a hand-written two-zone
# platform, routes queried from SimGrid, and bad platform files rejected with file:line and exit 2 (never a
# SimGrid abort).
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
P="$GN_FIXTURES/platforms"

expect_output "--route" "$GRIDNOC" platform describe --help
expect_output "describe" "$GRIDNOC" platform --help
# two_zones.xml: lyon-b = 500 Mflop/s x 2 cores = 1e9 flop/s = 10 cpu units (1 unit = 1e8 flop/s);
# paris-N = 2 Gflop/s x 4 cores = 80 units.
expect_output "zone lyon (routing Full, line 7, in site): 2 host(s) (leaf: one grid cluster)" \
  "$GRIDNOC" platform describe "$P/two_zones.xml"
expect_output "lyon-b: 500000000 flop/s x 2 core(s) = 10 cpu units, mem 1024 MB, io 50 MB/s" \
  "$GRIDNOC" platform describe "$P/two_zones.xml"
expect_output "paris-2: 2000000000 flop/s x 4 core(s) = 80 cpu units" "$GRIDNOC" platform describe "$P/two_zones.xml"
# lyon-a -> paris-2: its own link (1 Gbit/s = 1.25e8 B/s, 10 us), the WAN (5 ms), the cluster backbone (5 us) and
# paris-2's down link (50 us): 5.065 ms in all, the WAN (1e7 B/s) the narrowest.
expect_output "total latency 0.005065 s, narrowest link 10000000 B/s" \
  "$GRIDNOC" platform describe "$P/two_zones.xml" --route lyon-a paris-2
# override.xml: gridnoc.cluster splits one zone into left (a1 + a2 = 3 + 3 units) and right (b1 = 1, b2 = 200 Mf x
# 2 cores = 4): shares 6/11 and 5/11; boss (gridnoc.role grid_master) and the masters lm/rm are not nodes.
expect_output "cluster left: master lm, 2 node(s) (a1 a2), capability 6, share 0.5454545455" \
  "$GRIDNOC" platform describe "$P/override.xml"
expect_output "as a grid: 2 cluster(s), 4 node(s)" "$GRIDNOC" platform describe "$P/override.xml"
expect_output "grid master boss, failure injector boss, port bandwidth 100000000 B/s" \
  "$GRIDNOC" platform describe "$P/override.xml"
# Without cluster_master roles a cluster's first host is its master (two_zones.xml: lyon-a for lyon).
expect_output "cluster lyon: master lyon-a, 1 node(s) (lyon-b)" "$GRIDNOC" platform describe "$P/two_zones.xml"
# The same files as chips: a NoC preset is XY, a grid file is not a chip.
expect_output "XY (all" "$GRIDNOC" platform describe "$GN_SOURCE/platforms/epiphany16.xml"
expect_output "as a chip: not usable: " "$GRIDNOC" platform describe "$P/override.xml"
expect_output "as a grid: not usable: " "$GRIDNOC" platform describe "$P/nine_classes.xml"
# The patent grid preset: node0 (cluster 0) to node47 (cluster 7) crosses 7 switch-to-switch uplinks, 11 links.
expect_output "route node0 -> node47: 11 link(s)" \
  "$GRIDNOC" platform describe "$GN_SOURCE/platforms/patent-grid.xml" --route node0 node47
# epiphany16 core_0_0 -> core_3_3: injection port, XY = 3 hops east then 3 south (1.5 ns each = 9 ns), ejection port.
expect_output "route core_0_0 -> core_3_3: 8 link(s)" \
  "$GRIDNOC" platform describe "$GN_SOURCE/platforms/epiphany16.xml" --route core_0_0 core_3_3
expect_output "total latency 9e-09 s" \
  "$GRIDNOC" platform describe "$GN_SOURCE/platforms/epiphany16.xml" --route core_0_0 core_3_3
expect_output "core_1_0: 1000000000 flop/s x 1 core(s) = 10 cpu units, at x=1 y=0" \
  "$GRIDNOC" platform describe "$GN_SOURCE/platforms/mesh20.xml"

# A platform that is one <cluster> (no <zone>) is valid SimGrid: described, routed and usable as a grid.
expect_output "cluster c: master c-0, 3 node(s) (c-1 c-2 c-3), capability 30, share 1" \
  "$GRIDNOC" platform describe "$P/root-cluster.xml"
expect_output "route c-0 -> c-1: 2 link(s)" "$GRIDNOC" platform describe "$P/root-cluster.xml" --route c-0 c-1
expect_output "share 400 units" "$GRIDNOC" grid --platform "$P/root-cluster.xml" --n 400 --iterations 3

# Bad files: exit 2, file:line naming the element and what is missing or wrong.
expect_stderr "bad_no_speed.xml:5: <host id=\"b\"> has no speed attribute" "$GRIDNOC" platform describe "$P/bad_no_speed.xml"
expect_stderr "bad_no_zone.xml:3: <host id=\"lost\"> is in no zone" "$GRIDNOC" platform describe "$P/bad_no_zone.xml"
expect_stderr "bad_prop.xml:4: host 'a': property mem='lots' is not a non-negative number" \
  "$GRIDNOC" platform describe "$P/bad_prop.xml"
expect_stderr "bad_speed.xml:4: <host id=\"a\">: speed='1 Gf' is not a SimGrid quantity" \
  "$GRIDNOC" platform describe "$P/bad_speed.xml"
expect_stderr "bad_role.xml:4: host 'a': property gridnoc.role='boss' is unknown" \
  "$GRIDNOC" platform describe "$P/bad_role.xml"
expect_stderr "bad_radical.xml:4: radical='3-1': the range 3-1 runs backwards" \
  "$GRIDNOC" platform describe "$P/bad_radical.xml"
expect_stderr "bad_link.xml:6: link 'nowhere' is not declared" "$GRIDNOC" platform describe "$P/bad_link.xml"
expect_stderr "bad_unclosed.xml:6: not a platform file" "$GRIDNOC" platform describe "$P/bad_unclosed.xml"
expect_stderr "nonexistent.xml: cannot read the platform" "$GRIDNOC" platform describe "$P/nonexistent.xml"
expect_stderr "override.xml: no route from a1 to lm" "$GRIDNOC" platform describe "$P/override.xml" --route a1 lm
expect_status 2 "$GRIDNOC" platform describe "$P/override.xml" --route a1 lm
expect_stderr "no host 'nobody'" "$GRIDNOC" platform describe "$P/two_zones.xml" --route lyon-a nobody
for f in "$P"/bad_*.xml "$P/nonexistent.xml"; do
  expect_status 2 "$GRIDNOC" platform describe "$f"
done
expect_status 2 "$GRIDNOC" platform describe "$P/two_zones.xml" --route lyon-a
finish
