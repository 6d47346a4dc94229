/* Unit tests for models/platform_units and models/platform_read: SimGrid quantities, a two-zone platform, links,
 * routes and profiles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "platform_grid.h"
#include "platform_read.h"
#include "platform_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double q(const char *text, platform_unit_kind kind) {
  double v = -1;
  assert_int_equal(platform_parse_quantity(text, kind, &v), 0);
  return v;
}

/* SimGrid's units: 1Gbps = 1e9 bits/s = 1.25e8 B/s; 1KiBps = 1024 B/s; 50us = 5e-5 s; 2m = 120 s; a speed list
 * reads its first pstate. */
static void quantities_follow_simgrid_units(void **state) {
  (void)state;
  assert_true(q("1.5Gf", PLATFORM_SPEED) == 1.5e9);
  assert_true(q("100Mflops", PLATFORM_SPEED) == 1e8);
  assert_true(q("2Gf,1Gf", PLATFORM_SPEED) == 2e9);
  assert_true(q("1e9f", PLATFORM_SPEED) == 1e9);
  assert_true(q("125MBps", PLATFORM_BANDWIDTH) == 1.25e8);
  assert_true(q("1Gbps", PLATFORM_BANDWIDTH) == 1.25e8);
  assert_true(q("1KiBps", PLATFORM_BANDWIDTH) == 1024);
  assert_true(q("50us", PLATFORM_TIME) == 50e-6);
  assert_true(q("2m", PLATFORM_TIME) == 120);
  assert_true(q("3", PLATFORM_TIME) == 3);
  double v;
  assert_int_equal(platform_parse_quantity("1 Gf", PLATFORM_SPEED, &v), -1);
  assert_int_equal(platform_parse_quantity("fast", PLATFORM_SPEED, &v), -1);
  assert_int_equal(platform_parse_quantity("-1f", PLATFORM_SPEED, &v), -1);
  assert_int_equal(platform_parse_quantity("1Gs", PLATFORM_TIME, &v), -1);
  assert_int_equal(platform_parse_quantity("1GBs", PLATFORM_BANDWIDTH, &v), -1);
}

/* two_zones.xml: zone site > zone lyon (lyon-a, lyon-b) and cluster paris (paris-0..2, radical 0-2). */
static void two_zone_platform_is_read(void **state) {
  (void)state;
  platform_desc p;
  gn_error err = {0};
  assert_int_equal(platform_read(GN_FIXTURES "/platforms/two_zones.xml", &p, &err), GN_OK);
  assert_int_equal(p.n_zones, 3);
  assert_int_equal(p.n_hosts, 5);
  assert_string_equal(p.zones[1].id, "lyon");
  assert_int_equal(p.zones[1].parent, 0);
  assert_true(p.zones[2].is_cluster);
  int b = platform_find_host(&p, "lyon-b");
  assert_int_equal(b, 1);
  assert_true(p.hosts[b].speed_flops == 5e8);
  assert_int_equal(p.hosts[b].cores, 2);
  assert_true(p.hosts[b].mem_mb == 1024 && p.hosts[b].io_mbps == 50);
  int c = platform_find_host(&p, "paris-2");
  assert_int_equal(p.hosts[c].zone, 2);
  assert_int_equal(p.hosts[c].cores, 4);
  assert_true(p.hosts[c].mem_mb == -1);
  platform_free(&p);
  assert_int_equal(platform_read(GN_FIXTURES "/platforms/bad_no_speed.xml", &p, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "bad_no_speed.xml:5: <host id=\"b\"> has no speed"));
  assert_int_equal(p.n_hosts, 0);
}

/* two_zones.xml as a grid: lyon = lyon-a (1 Gf = 10 units) + lyon-b (500 Mf x 2 cores = 10) = 20;
 * paris = 3 x (2 Gf x 4 cores = 80) = 240. override.xml: boss has a role (not a node); left = a1 + a2 =
 * 3 + 3 = 6 units, right = b1 (1) + b2 (200 Mf x 2 = 4) = 5, nodes listed cluster by cluster: a1 a2 b1 b2. */
static void platform_groups_into_grid_clusters(void **state) {
  (void)state;
  platform_desc p;
  grid g;
  int *host_of_node;
  gn_error err = {0};
  assert_int_equal(platform_read(GN_FIXTURES "/platforms/two_zones.xml", &p, &err), GN_OK);
  assert_int_equal(platform_to_grid(&p, &g, &host_of_node, &err), GN_OK);
  assert_int_equal(g.n_clusters, 2);
  assert_int_equal(g.n_nodes, 5);
  assert_true(g.clusters[0].ccp == 20 && g.clusters[1].ccp == 240);
  assert_int_equal(g.clusters[1].first_node, 2);
  free(host_of_node);
  grid_free(&g);
  platform_free(&p);

  assert_int_equal(platform_read(GN_FIXTURES "/platforms/override.xml", &p, &err), GN_OK);
  assert_int_equal(platform_to_grid(&p, &g, &host_of_node, &err), GN_OK);
  assert_int_equal(g.n_clusters, 2);
  assert_int_equal(g.n_nodes, 4);
  assert_true(g.clusters[0].ccp == 6 && g.clusters[1].ccp == 5);
  const char *want[] = {"a1", "a2", "b1", "b2"};
  for (int i = 0; i < 4; i++)
    assert_string_equal(p.hosts[host_of_node[i]].id, want[i]);
  assert_true(g.classes[g.nodes[3].klass].mem_mb == 64);
  free(host_of_node);
  grid_free(&g);
  platform_free(&p);

  assert_int_equal(platform_read(GN_FIXTURES "/platforms/nine_classes.xml", &p, &err), GN_OK);
  assert_int_equal(platform_to_grid(&p, &g, &host_of_node, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "nine_classes.xml:13: host 'h9' would be a node class of its own"));
  platform_free(&p);
}

/* read-links.xml, checked by hand: l1 = 1Gbps (1.25e8 B/s) + 10us; l2 = 125MBps + 0s; dup = 2GBps +
 * 1ms, SPLITDUPLEX; wan = 10MBps + 5ms. Routes: a->b (l1, dup UP), b->c one-way (dup DOWN by attribute, l2);
 * a->gw ends at a router and is not listed. Cluster cl: bw 10Gbps = 1.25e9, lat 5us, bb 40Gbps = 5e9, 2us. */
static void links_routes_and_cluster_figures_are_read(void **state) {
  (void)state;
  platform_desc p;
  gn_error err = {0};
  assert_int_equal(platform_read(GN_FIXTURES "/platforms/read-links.xml", &p, &err), GN_OK);
  assert_int_equal(p.n_links, 4);
  int l1 = platform_find_link(&p, "l1"), l2 = platform_find_link(&p, "l2"), dup = platform_find_link(&p, "dup");
  assert_int_equal(l1, 1); /* wan, declared on line 7, is link 0 */
  assert_true(p.links[l1].bw_Bps == 1.25e8 && p.links[l1].lat_s == 1e-5 && !p.links[l1].splitduplex);
  assert_true(p.links[l2].bw_Bps == 1.25e8 && p.links[l2].lat_s == 0);
  assert_true(p.links[dup].bw_Bps == 2e9 && p.links[dup].lat_s == 1e-3 && p.links[dup].splitduplex);
  assert_int_equal(p.links[dup].line, 21);
  assert_true(p.links[platform_find_link(&p, "wan")].bw_Bps == 1e7);
  assert_int_equal(platform_find_link(&p, "dup_UP"), -1);

  assert_int_equal(p.n_routes, 2);
  const platform_route *ab = &p.routes[0], *bc = &p.routes[1];
  assert_int_equal(ab->src, platform_find_host(&p, "a"));
  assert_int_equal(ab->dst, platform_find_host(&p, "b"));
  assert_int_equal(ab->zone, 1);
  assert_true(ab->symmetrical);
  assert_int_equal(ab->n_hops, 2);
  assert_int_equal(ab->hops[0].link, l1);
  assert_int_equal(ab->hops[0].dir, 0);
  assert_int_equal(ab->hops[1].link, dup);
  assert_int_equal(ab->hops[1].dir, 1);
  assert_int_equal(ab->line, 22);
  assert_false(bc->symmetrical);
  assert_int_equal(bc->n_hops, 2);
  assert_int_equal(bc->hops[0].link, dup);
  assert_int_equal(bc->hops[0].dir, 2);
  assert_int_equal(bc->hops[1].link, l2);

  const platform_zone *cl = &p.zones[2];
  assert_string_equal(cl->id, "cl");
  assert_true(cl->host_bw_Bps == 1.25e9 && cl->host_lat_s == 5e-6 && cl->bb_bw_Bps == 5e9 && cl->bb_lat_s == 2e-6);
  assert_string_equal(cl->topology, "TORUS");
  assert_string_equal(cl->topo_parameters, "2,1,1");
  assert_true(p.zones[1].host_bw_Bps == 0 && p.zones[1].topology == NULL);
  platform_free(&p);
}

/* read-links.xml's profiles, in declaration order: the inline trace "blink" (line 8), a's state_file (15), b's
 * availability_file (16, the old name of speed_file), the link dup's state_file (21), the cluster's speed_file
 * (one use per host n0 and n1; line 27: libxml2 numbers an element by the line where its start tag ends); the
 * <trace_connect> of line 13 names host c, declared after it. */
static void profiles_and_trace_connects_are_read(void **state) {
  (void)state;
  platform_desc p;
  gn_error err = {0};
  assert_int_equal(platform_read(GN_FIXTURES "/platforms/read-links.xml", &p, &err), GN_OK);
  assert_int_equal(p.n_profiles, 5);
  const platform_profile *blink = &p.profiles[0], *a_state = &p.profiles[1];
  assert_string_equal(blink->id, "blink");
  assert_null(blink->source);
  assert_true(blink->periodicity == 10);
  assert_int_equal(blink->line, 8);
  assert_string_equal(blink->text, "\n0 1\n2 0\n4 1\n");
  assert_string_equal(a_state->id, "a:state_file");
  assert_true(a_state->periodicity == -1);
  assert_int_equal(a_state->line, 15);
  assert_true(a_state->source[0] == '/');
  assert_non_null(strstr(a_state->source, "/tests/fixtures/platforms/prof-state.txt"));
  assert_non_null(strstr(a_state->text, "5 0\n7 1\n"));
  assert_string_equal(p.profiles[2].id, "b:availability_file");
  assert_string_equal(p.profiles[3].id, "dup:state_file");
  assert_string_equal(p.profiles[4].id, "cl:speed_file");

  assert_int_equal(p.n_uses, 6);
  assert_int_equal(p.n_traces, 6);
  const struct {
    platform_trace_kind kind;
    const char *host, *link;
    int profile, line;
  } want[] = {{PLATFORM_TRACE_STATE, "a", NULL, 1, 15}, {PLATFORM_TRACE_SPEED, "b", NULL, 2, 16},
              {PLATFORM_TRACE_STATE, NULL, "dup", 3, 21}, {PLATFORM_TRACE_SPEED, "n0", NULL, 4, 27},
              {PLATFORM_TRACE_SPEED, "n1", NULL, 4, 27},  {PLATFORM_TRACE_STATE, "c", NULL, 0, 13}};
  for (int i = 0; i < 6; i++) {
    const platform_trace_use *u = &p.uses[i];
    assert_int_equal(u->kind, want[i].kind);
    assert_int_equal(u->host, want[i].host ? platform_find_host(&p, want[i].host) : -1);
    assert_int_equal(u->link, want[i].link ? platform_find_link(&p, want[i].link) : -1);
    assert_int_equal(u->profile, want[i].profile);
    assert_int_equal(u->line, want[i].line);
  }
  platform_free(&p);
}

/* A relative profile name not next to the platform file is looked up in the current directory. */
static void profile_file_is_found_in_the_current_directory(void **state) {
  (void)state;
  char dir[] = "/tmp/gn-read-XXXXXX", path[64], cwd[4096];
  assert_non_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/p.xml", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs("<?xml version='1.0'?>\n<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Full\">\n"
        "<host id=\"h\" speed=\"1Gf\" state_file=\"prof-state.txt\"/>\n</zone>\n</platform>\n",
        f);
  fclose(f);
  assert_non_null(getcwd(cwd, sizeof cwd));
  platform_desc p;
  gn_error err = {0};
  assert_int_equal(platform_read(path, &p, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "p.xml:4: host 'h': state_file 'prof-state.txt' cannot be read: No such file"));
  assert_int_equal(chdir(GN_FIXTURES "/platforms"), 0);
  int rc = platform_read(path, &p, &err);
  assert_int_equal(chdir(cwd), 0);
  unlink(path);
  rmdir(dir);
  assert_int_equal(rc, GN_OK);
  assert_int_equal(p.n_profiles, 1);
  assert_non_null(strstr(p.profiles[0].source, "/tests/fixtures/platforms/prof-state.txt"));
  platform_free(&p);
}

static void expect_error(const char *fixture, const char *message) {
  char path[512];
  snprintf(path, sizeof path, "%s/platforms/%s", GN_FIXTURES, fixture);
  platform_desc p;
  gn_error err = {0};
  assert_int_equal(platform_read(path, &p, &err), GN_EINPUT);
  char want[1024];
  snprintf(want, sizeof want, "%s:%s", path, message);
  assert_string_equal(err.msg, want);
  assert_int_equal(p.n_hosts + p.n_links + p.n_profiles + p.n_uses, 0);
}

static void bad_profiles_name_file_and_line(void **state) {
  (void)state;
  expect_error("read-bad-trace.xml", "6: <trace_connect> trace 'nope' is not declared (a <trace> must come before "
                                     "the <trace_connect> that uses it)");
  expect_error("read-bad-element.xml", "8: <trace_connect> element 'ghost' is not a host of the platform");
  expect_error("read-bad-kind.xml", "8: <trace_connect> kind='POWER' is unknown (HOST_AVAIL, SPEED, LINK_AVAIL, "
                                    "BANDWIDTH or LATENCY)");
  expect_error("read-bad-kind-link.xml", "9: <trace_connect> kind=\"SPEED\" needs a host, but 'l' is a link");
  expect_error("read-bad-link-twice.xml", "7: link 'l' is declared twice");
  expect_error("read-bad-latency.xml", "5: <link id=\"l\"> has no latency attribute");
  expect_error("read-bad-state-file.xml",
               "5: host 'h': state_file 'missing-state.txt' cannot be read: No such file or directory");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(quantities_follow_simgrid_units),
      cmocka_unit_test(two_zone_platform_is_read),
      cmocka_unit_test(platform_groups_into_grid_clusters),
      cmocka_unit_test(links_routes_and_cluster_figures_are_read),
      cmocka_unit_test(profiles_and_trace_connects_are_read),
      cmocka_unit_test(profile_file_is_found_in_the_current_directory),
      cmocka_unit_test(bad_profiles_name_file_and_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
