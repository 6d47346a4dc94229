/* Unit tests for the mesh-aware placement (models/noc_links, noc_placement, the links binding): link loads,
 * contended links, the hop- and contention-aware cost on hand-checked cases, and the joint placement. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "graph_source.h"
#include "mapper.h"
#include "noc_links.h"
#include "noc_placement.h"

#include <math.h>
#include <stdlib.h>

static noc_chip *chip_new(int w, int h) {
  gn_error err;
  noc_chip *c = noc_chip_new("t", w, h, 1e9, 8e9, 1e-9, 2e-9, &err);
  assert_non_null(c);
  return c;
}

/* Three stages on a 3x1 row, cores 0, 1, 2. Flows 0->1 (4) and 0->2 (6) leave core 0 over link (0,0)E: one
 * sender, written one after the other, so that link is not contended; 1->2 (5) joins 0->2 on (1,0)E: two
 * senders. Loads: (0,0)E 4 + 6 = 10, (1,0)E 6 + 5 = 11 = the busiest. */
static void link_loads_and_contended_links(void **state) {
  noc_chip *c = chip_new(3, 1);
  int core[] = {0, 1, 2};
  noc_flow flows[] = {{0, 1, 4}, {0, 2, 6}, {1, 2, 5}};
  double *load = calloc((size_t)noc_link_id_count(c), sizeof *load);
  noc_link_loads(c, core, flows, 3, load);
  assert_true(load[0 * 4 + NOC_EAST] == 10);
  assert_true(load[1 * 4 + NOC_EAST] == 11);
  assert_true(noc_link_max_volume(c, core, flows, 3) == 11);
  assert_int_equal(noc_contended_links(c, core, flows, 3), 1);
  assert_int_equal(noc_contended_links(c, core, flows, 2), 0); /* only stage 0's two flows */
  free(load);
  noc_chip_free(c);
}

static taskgraph *two_task_graph(void) {
  gn_error err;
  taskgraph *g = taskgraph_new();
  int a = taskgraph_add_task(g, "a", 4, &err), b = taskgraph_add_task(g, "b", 3, &err);
  taskgraph_add_edge(g, a, b, 2, &err);
  assert_int_equal(taskgraph_finalize(g, "test", &err), GN_OK);
  return g;
}

/* a (load 4) -> b (load 3), volume 2, on cores 0 and 3 of a 4x1 row (3 hops), comm factor 1, hop cost 0.5: the
 * write costs 2 × (0.5 × 3 + 1) = 5, alone on its links: stage a's cycle 4 + 5 = 9. Analytic 4 + 2 = 6, the
 * busiest link carries 2. */
static void hop_aware_cost(void **state) {
  gn_error err;
  noc_chip *c = chip_new(4, 1);
  taskgraph *g = two_task_graph();
  partition *p = partition_new(2, 2);
  p->stage[1] = 1;
  int core[] = {0, 3};
  noc_flow flow = {0, 1, 2};
  noc_placement_cost cost;
  assert_int_equal(noc_placement_evaluate(g, p, c, core, &flow, 1, 1, 0.5, &cost, &err), GN_OK);
  assert_true(cost.analytic == 6);
  assert_true(fabs(cost.contention_period - 9) < 1e-6);
  assert_true(cost.link_bound == 2);
  assert_true(fabs(cost.score - 9) < 1e-6);
  /* hop cost 0: the chip as simulated, alone on its links the write costs comm_factor × volume. */
  assert_int_equal(noc_placement_evaluate(g, p, c, core, &flow, 1, 1, 0, &cost, &err), GN_OK);
  assert_true(fabs(cost.contention_period - 6) < 1e-6);
  partition_free(p);
  taskgraph_free(g);
  noc_chip_free(c);
}

/* Stages A (load 10) on core 0 and B (load 10) on core 1 both write 10 to C (load 1) on core 2 of a 3x1 row:
 * they meet on (1,0)E. Each sees the other's 10 per item there: at period T the link is busy with it a share
 * rho = 10 / T, and the write is stretched by 1 / (1 - rho)²: the estimate is the T with
 * 10 + 10 / (1 - 10 / T)² = T (about 31.5). Analytic 20, busiest link 20. */
static void contention_estimate_fixed_point(void **state) {
  gn_error err;
  noc_chip *c = chip_new(3, 1);
  taskgraph *g = taskgraph_new();
  int a = taskgraph_add_task(g, "a", 10, &err), b = taskgraph_add_task(g, "b", 10, &err);
  int d = taskgraph_add_task(g, "c", 1, &err);
  taskgraph_add_edge(g, a, d, 10, &err);
  taskgraph_add_edge(g, b, d, 10, &err);
  assert_int_equal(taskgraph_finalize(g, "test", &err), GN_OK);
  partition *p = partition_new(3, 3);
  p->stage[a] = 0;
  p->stage[b] = 1;
  p->stage[d] = 2;
  int core[] = {0, 1, 2};
  noc_flow flows[] = {{0, 2, 10}, {1, 2, 10}};
  noc_placement_cost cost;
  assert_int_equal(noc_placement_evaluate(g, p, c, core, flows, 2, 1, 0, &cost, &err), GN_OK);
  double T = cost.contention_period, r = 1 - 10 / T;
  assert_true(fabs(10 + 10 / (r * r) - T) < 1e-4 * T);
  assert_true(T > 31 && T < 32);
  assert_true(cost.analytic == 20 && cost.link_bound == 20);
  partition_free(p);
  taskgraph_free(g);
  noc_chip_free(c);
}

static double links_score(const taskgraph *g, const partition *p, const noc_chip *c, const int *core,
                          const noc_flow *f, int n) {
  gn_error err;
  noc_placement_cost cost;
  assert_int_equal(noc_placement_evaluate(g, p, c, core, f, n, 1, 0, &cost, &err), GN_OK);
  return cost.score;
}

/* A generated 60-task DAG (ccr 0.5) in 12 stages on a 4x5 mesh: the links binding never has a busier link than
 * the comm binding it starts from; the joint placement's score is never above dpma + links (its first round
 * starts there and only improves); both give distinct logical cores, and the joint placement is deterministic. */
static void links_binding_and_joint_placement(void **state) {
  gn_error err;
  noc_chip *c = chip_new(4, 5);
  taskgraph *g;
  assert_int_equal(graph_source_load("gen:tasks=60,ccr=0.5,seed=2", &g, &err), GN_OK);
  int logical[20], k = noc_logical_cores(c, NULL, logical), n = 12;
  mapper_params mp = {.n_stages = n, .comm_factor = 1, .seed = 1, .options = NULL};
  partition *p;
  assert_int_equal(mapper_run_by_name("dpma", g, &mp, &p, &err), GN_OK);
  noc_flow *f;
  int nf, comm_core[12], links_core[12];
  assert_int_equal(noc_stage_flows(g, p, &f, &nf, &err), GN_OK);
  assert_int_equal(noc_binding_find("comm", &err)->bind(c, logical, k, n, f, nf, comm_core, &err), GN_OK);
  assert_int_equal(noc_binding_find("links", &err)->bind(c, logical, k, n, f, nf, links_core, &err), GN_OK);
  assert_true(noc_link_max_volume(c, links_core, f, nf) <= noc_link_max_volume(c, comm_core, f, nf));
  double base = links_score(g, p, c, links_core, f, nf);

  noc_placement_request req = {"dpma", NULL, n, 1, 0, 1};
  partition *jp, *jp2;
  noc_flow *jf, *jf2;
  int jn, jn2, jcore[12], jcore2[12];
  assert_int_equal(noc_place_joint(g, c, logical, k, &req, &jp, &jf, &jn, jcore, &err), GN_OK);
  assert_true(links_score(g, jp, c, jcore, jf, jn) <= base * (1 + 1e-9));
  for (int s = 0; s < n; s++)
    for (int t = 0; t < s; t++)
      assert_true(jcore[s] != jcore[t] && links_core[s] != links_core[t]);
  assert_int_equal(noc_place_joint(g, c, logical, k, &req, &jp2, &jf2, &jn2, jcore2, &err), GN_OK);
  assert_memory_equal(jcore, jcore2, sizeof jcore);
  assert_memory_equal(jp->stage, jp2->stage, (size_t)g->n_tasks * sizeof *jp->stage);
  partition_free(jp);
  partition_free(jp2);
  free(jf);
  free(jf2);
  free(f);
  partition_free(p);
  taskgraph_free(g);
  noc_chip_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(link_loads_and_contended_links),
      cmocka_unit_test(hop_aware_cost),
      cmocka_unit_test(contention_estimate_fixed_point),
      cmocka_unit_test(links_binding_and_joint_placement),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
