/* Unit tests for models/noc*: mesh geometry, XY routes in the generated platform, logical cores, presets,
 * failure plans and bindings (no SimGrid here). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "noc.h"
#include "noc_binding.h"
#include "noc_failures.h"
#include "noc_platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static noc_chip *chip_new(int w, int h) {
  gn_error err;
  noc_chip *c = noc_chip_new("t", w, h, 1e9, 8e9, 1e-9, 2e-9, &err);
  assert_non_null(c);
  return c;
}

/* (0,0) -> (3,2) on a 4x5 mesh: X first (3 hops east), then Y (2 hops south) = Manhattan distance 5. */
static void xy_route_goes_x_then_y(void **state) {
  noc_chip *c = chip_new(4, 5);
  int links[16];
  char name[32];
  int n = noc_xy_route(c, 0, 2 * 4 + 3, links);
  assert_int_equal(n, 5);
  assert_int_equal(noc_hops(c, 0, 11), 5);
  const char *want[] = {"l_0_0_E", "l_1_0_E", "l_2_0_E", "l_3_0_S", "l_3_1_S"};
  for (int i = 0; i < n; i++) {
    noc_link_name(c, links[i], name, sizeof name);
    assert_string_equal(name, want[i]);
  }
  /* Back: (3,2) -> (0,0) goes west along row 2, then north: its own route, not the reverse. */
  n = noc_xy_route(c, 11, 0, links);
  noc_link_name(c, links[0], name, sizeof name);
  assert_string_equal(name, "l_3_2_W");
  noc_link_name(c, links[n - 1], name, sizeof name);
  assert_string_equal(name, "l_0_1_N");
  assert_int_equal(noc_link_target(c, 0 * 4 + NOC_WEST), -1); /* no link leaves the mesh westwards at (0,0) */
  noc_chip_free(c);
}

/* Walks every <route> of the XML independently of noc_xy_route: each link must start where the previous one
 * ended, all X moves come before any Y move, the walk ends at dst, and its length is the Manhattan distance. */
static int check_route(const char *route, int *checked) {
  int sx, sy, dx, dy;
  if (sscanf(route, "<route src=\"core_%d_%d\" dst=\"core_%d_%d\"", &sx, &sy, &dx, &dy) != 4)
    return 1; /* a supervisor route */
  const char *end = strstr(route, "</route>");
  int x = sx, y = sy, hops = 0, moved_y = 0;
  for (const char *p = strstr(route, "<link_ctn id=\"l_"); p && p < end; p = strstr(p + 1, "<link_ctn id=\"l_")) {
    int lx, ly;
    char d;
    if (sscanf(p, "<link_ctn id=\"l_%d_%d_%c", &lx, &ly, &d) != 3 || lx != x || ly != y)
      return 0;
    if (d == 'E' || d == 'W') {
      if (moved_y)
        return 0;
      x += d == 'E' ? 1 : -1;
    } else {
      moved_y = 1;
      y += d == 'S' ? 1 : -1;
    }
    hops++;
  }
  (*checked)++;
  return x == dx && y == dy && hops == abs(dx - sx) + abs(dy - sy);
}

static void platform_routes_are_xy_and_manhattan(void **state) {
  noc_chip *c = chip_new(4, 3);
  gn_error err;
  assert_int_equal(noc_chip_set_broken_list(c, "1:1", &err), GN_OK);
  char *xml;
  size_t len;
  assert_int_equal(noc_platform_xml(c, &xml, &len, &err), GN_OK);
  assert_int_equal(strlen(xml), len);
  assert_non_null(strstr(xml, "routing=\"Full\""));
  assert_non_null(strstr(xml, "<prop id=\"network/model\" value=\"CM02\"/>"));
  assert_null(strstr(xml, "<host id=\"core_1_1\"")); /* broken: no host */
  assert_non_null(strstr(xml, "l_1_1_E"));           /* but its router still forwards */
  /* Hop latency = wire 1 ns + router 2 ns. */
  assert_non_null(strstr(xml, "<link id=\"l_0_0_E\" bandwidth=\"8000000000Bps\" latency=\"3.0000000000000004e-09s\""));
  int checked = 0;
  for (const char *p = strstr(xml, "<route "); p; p = strstr(p + 1, "<route "))
    assert_true(check_route(p, &checked));
  assert_int_equal(checked, 11 * 10); /* every ordered pair of the 11 healthy cores */
  free(xml);
  noc_chip_free(c);
}

/* 3x2 mesh with (1,0) broken: snake order is row 0 west->east (0, [1 broken], 2), row 1 east->west (5, 4, 3). */
static void logical_cores_snake_around_broken(void **state) {
  noc_chip *c = chip_new(3, 2);
  gn_error err;
  assert_int_equal(noc_chip_set_broken_list(c, "1:0", &err), GN_OK);
  int logical[6];
  assert_int_equal(noc_logical_cores(c, NULL, logical), 5);
  int want[] = {0, 2, 5, 4, 3};
  for (int i = 0; i < 5; i++)
    assert_int_equal(logical[i], want[i]);
  unsigned char dead[6] = {0, 0, 0, 0, 1, 0}; /* (1,1) died at run time */
  assert_int_equal(noc_logical_cores(c, dead, logical), 4);
  assert_int_equal(logical[3], 3);
  assert_int_equal(noc_chip_set_broken_list(c, "3:0", &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "outside the 3x2 mesh"));
  assert_int_equal(noc_chip_set_broken_list(c, "1-1", &err), GN_EINPUT);
  noc_chip_free(c);
}

static void presets_and_sizes(void **state) {
  gn_error err;
  noc_chip *c;
  const char *names[] = {"mesh20", "mesh50", "mesh100", "tile64", "epiphany16"};
  const int cores[] = {20, 50, 100, 64, 16};
  for (int i = 0; i < 5; i++) {
    assert_int_equal(noc_chip_from_spec(names[i], &c, &err), GN_OK);
    assert_int_equal(noc_core_count(c), cores[i]);
    noc_chip_free(c);
  }
  assert_int_equal(noc_chip_from_spec("epiphany16", &c, &err), GN_OK);
  assert_true(c->core_speed_flops == 2e9 && c->link_bw_Bps == 8e9); /* 1 GHz x 2 flops; 8 B/cycle */
  noc_chip_free(c);
  assert_int_equal(noc_chip_from_spec("6x4", &c, &err), GN_OK);
  assert_int_equal(c->width, 6);
  assert_int_equal(c->height, 4);
  noc_chip_free(c);
  assert_int_equal(noc_chip_from_spec("mesh30", &c, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "mesh20, mesh50, mesh100, tile64, epiphany16"));
  assert_int_equal(noc_chip_from_spec("0x4", &c, &err), GN_EINPUT);
  assert_int_equal(noc_chip_from_spec("4x4x", &c, &err), GN_EINPUT);
}

/* Heterogeneous speeds: within nominal x [0.8, 1.2], not all equal, the same for the same seed, and written
 * per core into the platform. */
static void spread_speeds_are_seeded(void **state) {
  noc_chip *a = chip_new(4, 4), *b = chip_new(4, 4);
  gn_error err;
  assert_int_equal(noc_chip_spread_speeds(a, 0.2, 5, &err), GN_OK);
  assert_int_equal(noc_chip_spread_speeds(b, 0.2, 5, &err), GN_OK);
  int differ = 0;
  for (int c = 0; c < 16; c++) {
    assert_true(a->speed_flops[c] >= 0.8e9 && a->speed_flops[c] <= 1.2e9);
    assert_true(a->speed_flops[c] == b->speed_flops[c]);
    differ |= a->speed_flops[c] != a->speed_flops[0];
  }
  assert_true(differ);
  char *xml, want[160];
  size_t len;
  assert_int_equal(noc_platform_xml(a, &xml, &len, &err), GN_OK);
  /* core 15 of the 4x4 mesh is (3,3): its position rides along as properties x and y. */
  snprintf(want, sizeof want, "<host id=\"core_3_3\" speed=\"%.17gf\"><prop id=\"x\" value=\"3\"/><prop id=\"y\" value=\"3\"/></host>",
           a->speed_flops[15]);
  assert_non_null(strstr(xml, want));
  free(xml);
  assert_int_equal(noc_chip_spread_speeds(a, 1, 5, &err), GN_EINPUT);
  noc_chip_free(a);
  noc_chip_free(b);
}

/* 3x2 mesh, logical order 0,1,2,5,4,3: "P4@10" = physical 5 at 10, "0:1@5" = physical 3 at 5; sorted by time. */
static void failure_lists_and_laws(void **state) {
  noc_chip *c = chip_new(3, 2);
  gn_error err;
  noc_failure *f;
  int n;
  assert_int_equal(noc_failures_parse(c, "P4@10,0:1@5,P4@20", 1, &f, &n, &err), GN_OK);
  assert_int_equal(n, 2); /* P4 twice: its earliest time counts */
  assert_int_equal(f[0].core, 3);
  assert_true(f[0].time == 5);
  assert_int_equal(f[1].core, 5);
  assert_true(f[1].time == 10);
  free(f);
  assert_int_equal(noc_failures_parse(c, "P7@1", 1, &f, &n, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "logical core 1..6"));
  assert_int_equal(noc_failures_parse(c, "weibull:2", 1, &f, &n, &err), GN_EINPUT);
  /* Drawn lifetimes: one per healthy core, positive, the same for the same seed. */
  noc_failure *g;
  int m;
  assert_int_equal(noc_failures_parse(c, "weibull:1.5:100", 7, &f, &n, &err), GN_OK);
  assert_int_equal(noc_failures_parse(c, "weibull:1.5:100", 7, &g, &m, &err), GN_OK);
  assert_int_equal(n, 6);
  assert_int_equal(m, 6);
  for (int i = 0; i < n; i++) {
    assert_true(f[i].time > 0);
    assert_true(f[i].time == g[i].time && f[i].core == g[i].core);
    if (i > 0)
      assert_true(f[i].time >= f[i - 1].time);
  }
  free(f);
  free(g);
  noc_chip_free(c);
}

/* 2x2 mesh, logical P1=(0,0) P2=(1,0) P3=(1,1) P4=(0,1). Flows 1->3 (volume 10) and 2->3 (volume 1).
 * Snake: stage 3 on (1,1): 10 x 2 hops + 1 x 1 hop = 21. The best is 11 (stage 3 next to both others, e.g.
 * on (1,0) with stage 1 on (1,1) and stage 2 on (0,0)): the comm binding's swaps reach it (traced by hand in
 * the order bind_comm tries its moves: swap(1,2) gives 12, swap(1,3) gives 11, nothing improves after). */
static void comm_binding_lowers_hop_volume(void **state) {
  noc_chip *c = chip_new(2, 2);
  gn_error err;
  int logical[4], core[3];
  int k = noc_logical_cores(c, NULL, logical);
  noc_flow flows[] = {{0, 2, 10}, {1, 2, 1}};
  const noc_binding_method *snake = noc_binding_find("snake", &err), *comm = noc_binding_find("comm", &err);
  assert_non_null(snake);
  assert_non_null(comm);
  assert_int_equal(snake->bind(c, logical, k, 3, flows, 2, core, &err), GN_OK);
  assert_true(noc_binding_hop_volume(c, core, flows, 2) == 21);
  assert_int_equal(comm->bind(c, logical, k, 3, flows, 2, core, &err), GN_OK);
  assert_true(noc_binding_hop_volume(c, core, flows, 2) == 11);
  assert_true(core[0] != core[1] && core[1] != core[2] && core[0] != core[2]);
  assert_null(noc_binding_find("spiral", &err));
  assert_non_null(strstr(err.msg, "snake, comm"));
  noc_chip_free(c);
}

/* Stage flows aggregate task edges: tasks a,b in stage 0, c in stage 1: a->c (2) + b->c (3) = one flow of 5. */
static void stage_flows_aggregate_edges(void **state) {
  gn_error err;
  taskgraph *g = taskgraph_new();
  int a = taskgraph_add_task(g, "a", 1, &err), b = taskgraph_add_task(g, "b", 1, &err);
  int c = taskgraph_add_task(g, "c", 1, &err);
  taskgraph_add_edge(g, a, b, 7, &err);
  taskgraph_add_edge(g, a, c, 2, &err);
  taskgraph_add_edge(g, b, c, 3, &err);
  assert_int_equal(taskgraph_finalize(g, "test", &err), GN_OK);
  partition *p = partition_new(3, 2);
  p->stage[c] = 1;
  noc_flow *f;
  int n;
  assert_int_equal(noc_stage_flows(g, p, &f, &n, &err), GN_OK);
  assert_int_equal(n, 1);
  assert_true(f[0].src_stage == 0 && f[0].dst_stage == 1 && f[0].volume == 5);
  free(f);
  partition_free(p);
  taskgraph_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(xy_route_goes_x_then_y),
      cmocka_unit_test(platform_routes_are_xy_and_manhattan),
      cmocka_unit_test(logical_cores_snake_around_broken),
      cmocka_unit_test(presets_and_sizes),
      cmocka_unit_test(spread_speeds_are_seeded),
      cmocka_unit_test(failure_lists_and_laws),
      cmocka_unit_test(comm_binding_lowers_hop_volume),
      cmocka_unit_test(stage_flows_aggregate_edges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
