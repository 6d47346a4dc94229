/* Unit tests for models/platform_grid's platform_grid_layout: clusters, nodes, masters, classes and port
 * bandwidth of a grid simulated on a platform file, and the bad files it refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "platform_grid.h"
#include "platform_read.h"

#include <stdio.h>
#include <string.h>

static const char *host(const platform_desc *p, int i) { return p->hosts[i].id; }

/* grid-two-zone.xml by hand (its header comment): cluster A = zone A's a0 a1 a2 and b3 (gridnoc.cluster=A),
 * no cluster_master, so a0 (first in file order) is its master and a1 a2 b3 its nodes: 10 + 10 + 5 = 25 cpu
 * units. Cluster B: bm has gridnoc.role=cluster_master; nodes b0, b1 (500 Mf x 2 cores = 10), b2: 5 + 10 + 5 =
 * 20. No grid_master role: cluster A's master a0 runs the grid master; inj is the injector. The narrowest
 * bandwidth is the 50 MB/s uplink. Classes in file order: a1 (1 Gf), a2 (1 Gf, 2048 MB, 80 MB/s), b0 (500 Mf);
 * b1 (2 x 500 Mf, no mem or io) is a1's class. */
static void two_zones_by_hand(void **state) {
  (void)state;
  platform_desc p;
  grid g;
  platform_grid_hosts h;
  gn_error err = {0};
  assert_int_equal(platform_read(GN_FIXTURES "/platforms/grid-two-zone.xml", &p, &err), GN_OK);
  assert_int_equal(platform_grid_layout(&p, 0, &g, &h, &err), GN_OK);
  assert_int_equal(g.n_clusters, 2);
  assert_int_equal(g.n_nodes, 6);
  assert_int_equal(h.n_nodes, 6);
  const char *nodes[] = {"a1", "a2", "b3", "b0", "b1", "b2"};
  for (int i = 0; i < 6; i++) {
    assert_string_equal(host(&p, h.node[i]), nodes[i]);
    assert_int_equal(g.nodes[i].cluster, i < 3 ? 0 : 1);
  }
  assert_int_equal(g.clusters[1].first_node, 3);
  assert_true(g.clusters[0].ccp == 25 && g.clusters[1].ccp == 20);
  assert_string_equal(host(&p, h.cluster_master[0]), "a0");
  assert_string_equal(host(&p, h.cluster_master[1]), "bm");
  assert_string_equal(host(&p, h.grid_master), "a0");
  assert_string_equal(host(&p, h.injector), "inj");
  assert_true(g.port_bw_bps == 50e6);
  assert_true(platform_min_bandwidth(&p) == 50e6);
  assert_int_equal(g.n_classes, 3);
  assert_int_equal(g.nodes[4].klass, 0);
  assert_true(g.classes[1].mem_mb == 2048 && g.classes[1].io_mbps == 80);
  /* Weights 0,1,0 (memory only): a2 alone has memory. */
  grid_set_weights(&g, (grid_weights){0, 1, 0});
  assert_true(g.clusters[0].ccp == 2048 && g.clusters[1].ccp == 0);
  grid_free(&g);
  platform_grid_hosts_free(&h);

  /* clusters = 1 keeps A only; bm is left idle, the masters stay where they were. */
  assert_int_equal(platform_grid_layout(&p, 1, &g, &h, &err), GN_OK);
  assert_int_equal(g.n_clusters, 1);
  assert_int_equal(g.n_nodes, 3);
  assert_string_equal(host(&p, h.node[2]), "b3");
  assert_string_equal(host(&p, h.grid_master), "a0");
  grid_free(&g);
  platform_grid_hosts_free(&h);

  assert_int_equal(platform_grid_layout(&p, 3, &g, &h, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "grid-two-zone.xml: clusters = 3, but the file has 2 clusters"));
  assert_null(g.nodes);
  assert_null(h.node);
  platform_free(&p);
}

/* The committed patent preset: 8 clusters of 6 nodes named node0..node47, masters by role, 12.5 MB/s ports. */
static void patent_preset_file(void **state) {
  (void)state;
  platform_desc p;
  grid g;
  platform_grid_hosts h;
  gn_error err = {0};
  assert_int_equal(platform_read(GN_FIXTURES "/../../platforms/patent-grid.xml", &p, &err), GN_OK);
  assert_int_equal(platform_grid_layout(&p, 0, &g, &h, &err), GN_OK);
  assert_int_equal(g.n_clusters, 8);
  assert_int_equal(g.n_nodes, 48);
  char name[32];
  for (int i = 0; i < 48; i++) {
    snprintf(name, sizeof name, "node%d", i);
    assert_string_equal(host(&p, h.node[i]), name);
    assert_int_equal(g.nodes[i].cluster, i / 6);
  }
  assert_string_equal(host(&p, h.cluster_master[7]), "c7_master");
  assert_string_equal(host(&p, h.grid_master), "grid_master");
  assert_string_equal(host(&p, h.injector), "injector");
  assert_true(g.port_bw_bps == 12.5e6);
  /* cpu units per cluster: 2 x (5 + 4 + 1.5) = 21. */
  assert_true(g.clusters[3].ccp == 21);
  grid_free(&g);
  platform_grid_hosts_free(&h);
  platform_free(&p);
}

static void expect_error(const char *fixture, const char *message) {
  platform_desc p;
  grid g;
  platform_grid_hosts h;
  gn_error err = {0};
  char path[512];
  snprintf(path, sizeof path, "%s/platforms/%s", GN_FIXTURES, fixture);
  assert_int_equal(platform_read(path, &p, &err), GN_OK);
  assert_int_equal(platform_grid_layout(&p, 0, &g, &h, &err), GN_EINPUT);
  if (!strstr(err.msg, message))
    fail_msg("%s: got '%s', expected '%s'", fixture, err.msg, message);
  assert_null(g.clusters);
  assert_null(h.cluster_master);
  platform_free(&p);
}

static void bad_layouts_name_host_and_line(void **state) {
  (void)state;
  expect_error("grid-only-master.xml", "grid-only-master.xml:11: cluster 'solo' has one host, 'only', which "
                                       "becomes its master and leaves no node");
  expect_error("grid-two-masters.xml",
               "grid-two-masters.xml:8: host 'gm2' is a second gridnoc.role=grid_master (the first is 'gm1', line 5)");
  expect_error("grid-two-cluster-masters.xml", "grid-two-cluster-masters.xml:8: host 'cm2' is a second "
                                               "cluster_master of cluster 'left' (the first is 'cm1', line 6)");
  expect_error("grid-idle-master.xml", "grid-idle-master.xml:8: host 'lonely' is the cluster_master of cluster "
                                       "'empty', which has no compute host");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(two_zones_by_hand),
      cmocka_unit_test(patent_preset_file),
      cmocka_unit_test(bad_layouts_name_host_and_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
