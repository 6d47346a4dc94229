/* Unit tests for models/platform_units and models/platform_read: SimGrid quantities and a two-zone platform. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "platform_grid.h"
#include "platform_read.h"
#include "platform_units.h"

#include <stdlib.h>
#include <string.h>

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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(quantities_follow_simgrid_units),
      cmocka_unit_test(two_zone_platform_is_read),
      cmocka_unit_test(platform_groups_into_grid_clusters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
