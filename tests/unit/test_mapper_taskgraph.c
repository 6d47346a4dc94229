/* Unit tests for mapper/taskgraph: construction, validation messages, topological order, statistics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "taskgraph.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The hand-checked graph: tasks a(2) b(3) c(1) d(4) e(5), ids 0..4, edges added as
 *   d->a (1), a->b (2), a->c (3), b->e (4), c->e (5).
 * Topological order, smallest ready id first: only d (3) has no predecessor -> d; then a (0); then b (1) and
 * c (2) are ready -> b, c; then e (4): 3 0 1 2 4.
 * Longest path by load: d a b e = 4+2+3+5 = 14 (via c: 4+2+1+5 = 12). Total load 15, parallelism 15/14,
 * total volume 15, CCR 15/15 = 1, depth 4 tasks, heaviest task 5. */
static taskgraph *diamond(void) {
  taskgraph *g = taskgraph_new();
  const char *names[] = {"a", "b", "c", "d", "e"};
  const double loads[] = {2, 3, 1, 4, 5};
  for (int t = 0; t < 5; t++)
    assert_int_equal(taskgraph_add_task(g, names[t], loads[t], NULL), t);
  const int edges[][2] = {{3, 0}, {0, 1}, {0, 2}, {1, 4}, {2, 4}};
  for (int e = 0; e < 5; e++)
    assert_int_equal(taskgraph_add_edge(g, edges[e][0], edges[e][1], e + 1, NULL), GN_OK);
  return g;
}

static void topological_order_and_adjacency(void **state) {
  taskgraph *g = diamond();
  gn_error err;
  assert_int_equal(taskgraph_finalize(g, "diamond", &err), GN_OK);
  const int want[] = {3, 0, 1, 2, 4};
  for (int k = 0; k < 5; k++)
    assert_int_equal(g->topo[k], want[k]);
  assert_int_equal(taskgraph_out_degree(g, 0), 2);
  assert_int_equal(taskgraph_in_degree(g, 4), 2);
  assert_int_equal(taskgraph_in_degree(g, 3), 0);
  /* successors of a, ordered by destination: b (edge 1) then c (edge 2) */
  assert_int_equal(g->succ_edge[g->succ_off[0]], 1);
  assert_int_equal(g->succ_edge[g->succ_off[0] + 1], 2);
  assert_int_equal(taskgraph_find_task(g, "d"), 3);
  assert_int_equal(taskgraph_find_task(g, "nope"), -1);
  taskgraph_free(g);
}

static void statistics_by_hand(void **state) {
  taskgraph *g = diamond();
  assert_int_equal(taskgraph_finalize(g, NULL, NULL), GN_OK);
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  assert_int_equal(st.n_tasks, 5);
  assert_int_equal(st.n_edges, 5);
  assert_true(st.total_load == 15);
  assert_true(st.cp_length == 14);
  assert_true(fabs(st.parallelism - 15.0 / 14.0) < 1e-12);
  assert_true(st.total_volume == 15);
  assert_true(st.ccr == 1);
  assert_int_equal(st.depth, 4);
  assert_true(st.max_load == 5);
  taskgraph *c = taskgraph_clone(g);
  assert_non_null(c);
  taskgraph_stats sc;
  taskgraph_stats_compute(c, &sc);
  assert_true(sc.cp_length == 14);
  assert_string_equal(c->name[4], "e");
  taskgraph_free(c);
  taskgraph_free(g);
}

/* x -> y, y -> z, z -> w, w -> y: x is released, y z w stay blocked. The walk starts at the first blocked
 * task (y) and follows blocked predecessors: y <- w <- z <- y, printed in edge direction: z -> w -> y -> z. */
static void cycle_message_names_the_cycle(void **state) {
  taskgraph *g = taskgraph_new();
  const char *names[] = {"x", "y", "z", "w"};
  for (int t = 0; t < 4; t++)
    taskgraph_add_task(g, names[t], 1, NULL);
  taskgraph_add_edge(g, 0, 1, 0, NULL);
  taskgraph_add_edge(g, 1, 2, 0, NULL);
  taskgraph_add_edge(g, 2, 3, 0, NULL);
  taskgraph_add_edge(g, 3, 1, 0, NULL);
  gn_error err;
  assert_int_equal(taskgraph_finalize(g, "g.txt", &err), GN_EINPUT);
  assert_string_equal(err.msg, "g.txt: the graph has a cycle: z -> w -> y -> z");
  assert_int_equal(g->finalized, 0);
  taskgraph_free(g);
}

static void validation_messages(void **state) {
  gn_error err;
  taskgraph *g = taskgraph_new();
  taskgraph_add_task(g, "p", 1, NULL);
  taskgraph_add_task(g, "q", 1, NULL);
  assert_int_equal(taskgraph_add_task(g, "r", NAN, &err), GN_EINPUT);
  assert_string_equal(err.msg, "task r: load nan is not a finite non-negative number");
  assert_int_equal(taskgraph_add_task(g, NULL, -1, &err), GN_EINPUT);
  assert_string_equal(err.msg, "task 2: load -1 is not a finite non-negative number");
  assert_int_equal(taskgraph_add_edge(g, 0, 5, 1, &err), GN_EINPUT);
  assert_string_equal(err.msg, "edge 0 -> 5 names an unknown task (tasks are 0..1)");
  assert_int_equal(taskgraph_add_edge(g, 0, 1, INFINITY, &err), GN_EINPUT);
  assert_string_equal(err.msg, "edge p -> q: volume inf is not a finite non-negative number");
  taskgraph_add_edge(g, 0, 1, 1, NULL);
  taskgraph_add_edge(g, 0, 1, 2, NULL);
  assert_int_equal(taskgraph_finalize(g, "f", &err), GN_EINPUT);
  assert_string_equal(err.msg, "f: duplicate edge p -> q");
  taskgraph_free(g);

  g = taskgraph_new();
  taskgraph_add_task(g, "p", 1, NULL);
  taskgraph_add_edge(g, 0, 0, 1, NULL);
  assert_int_equal(taskgraph_finalize(g, "f", &err), GN_EINPUT);
  assert_string_equal(err.msg, "f: self-loop on task p");
  taskgraph_free(g);

  g = taskgraph_new();
  taskgraph_add_task(g, "p", 1, NULL);
  taskgraph_add_task(g, "p", 2, NULL);
  assert_int_equal(taskgraph_finalize(g, "f", &err), GN_EINPUT);
  assert_string_equal(err.msg, "f: two tasks are named 'p'");
  taskgraph_free(g);

  g = taskgraph_new();
  assert_int_equal(taskgraph_finalize(g, "f", &err), GN_EINPUT);
  assert_string_equal(err.msg, "f: the graph has no tasks");
  taskgraph_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(topological_order_and_adjacency),
      cmocka_unit_test(statistics_by_hand),
      cmocka_unit_test(cycle_message_names_the_cycle),
      cmocka_unit_test(validation_messages),
  };
  return cmocka_run_group_tests_name("mapper.taskgraph", tests, NULL, NULL);
}
