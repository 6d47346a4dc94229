/* The lower bound's value, hand-derived on graphs where each of its terms is the one that decides it (tests
 * elsewhere only check bound <= optimum, which a weaker bound such as total / N passes). Derivation of the terms:
 * mapper/mapper_bound.c: max(total / N, heaviest task, u's own room load(u) + sum_v min(load(v), c_v)), raised by
 * bisection until N T >= total + the payments f_u(T) each sender is forced to make; then by the boundary term
 * (mapper_bound_cuts.c), which the terms' own cases leave out (MAPPER_BOUND_STAGE only) and then check whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "mapper.h"
#include "partition.h"
#include "taskgraph.h"

/* A chain t0 -> t1 -> ... with these loads and every edge of this volume. */
static taskgraph *chain(const double *load, int n, double volume) {
  taskgraph *g = taskgraph_new();
  gn_error err = {0};
  for (int i = 0; i < n; i++)
    assert_true(taskgraph_add_task(g, NULL, load[i], &err) >= 0);
  for (int i = 0; i + 1 < n; i++)
    assert_int_equal(taskgraph_add_edge(g, i, i + 1, volume, &err), GN_OK);
  assert_int_equal(taskgraph_finalize(g, "chain", &err), GN_OK);
  return g;
}

static void average_load_decides(void **state) {
  (void)state;
  /* Loads 2, 3, 4, 3 on 2 stages: total / N = 6 > heaviest 4. */
  double load[4] = {2, 3, 4, 3};
  taskgraph *g = chain(load, 4, 0);
  assert_float_equal(partition_lower_bound(g, 2), 6.0, 1e-12);
  assert_float_equal(mapper_lower_bound(g, 2, 0), 6.0, 1e-12);
  assert_float_equal(mapper_lower_bound(g, 3, 0), 4.0, 1e-12); /* 12 / 3 = 4 = heaviest: both say 4 */
  taskgraph_free(g);
}

static void heaviest_task_decides(void **state) {
  (void)state;
  /* Loads 1, 1, 10, 1 on 2 stages: the heaviest task 10 > total / N = 6.5. */
  double load[4] = {1, 1, 10, 1};
  taskgraph *g = chain(load, 4, 0);
  assert_float_equal(partition_lower_bound(g, 2), 10.0, 1e-12);
  assert_float_equal(mapper_lower_bound(g, 2, 0), 10.0, 1e-12);
  taskgraph_free(g);
}

static void own_room_decides(void **state) {
  (void)state;
  /* Two tasks of load 1, an edge of cost 5, 2 stages. t0's stage holds t1 (+1) or pays 5: at least
   * 1 + min(1, 5) = 2, above total / N = 1 and the heaviest task 1. */
  double load[2] = {1, 1};
  taskgraph *g = chain(load, 2, 5);
  assert_float_equal(mapper_lower_bound_with(g, 2, 1.0, MAPPER_BOUND_STAGE), 2.0, 1e-12);
  /* With comm_factor 0.5 the edge costs 2.5: still min(1, 2.5) = 1, bound 2. */
  assert_float_equal(mapper_lower_bound_with(g, 2, 0.5, MAPPER_BOUND_STAGE), 2.0, 1e-12);
  /* The boundary term sees that no stage may stay empty (the windows put t0 in stage 0, t1 in stage 1), so stage 0
   * pays the edge: the only partition, periods 6 and 3.5 — the bound is the optimum (whole costs), or within the
   * bisection's 1e-4 of it. */
  assert_float_equal(mapper_lower_bound(g, 2, 1.0), 6.0, 1e-12);
  double bound = mapper_lower_bound(g, 2, 0.5);
  assert_true(bound >= 3.5 * (1 - 1e-4) && bound <= 3.5);
  taskgraph_free(g);
}

static void forced_payments_decide(void **state) {
  (void)state;
  /* Loads 10, 10, 10, edges of cost 9, 2 stages. total / N = 15, heaviest 10, own room 10 + min(10, 9) = 19.
   * At T = 19 neither t0 nor t1 can keep its successor (10 + 10 > 19), so each pays 9: N T = 38 < 30 + 18 = 48.
   * At T = 20 both can keep theirs: 40 >= 30. The costs are whole, so the bound is 20 — the optimum too
   * ({t0}, {t1, t2}: 10 + 9 = 19 and 20). */
  double load[3] = {10, 10, 10};
  taskgraph *g = chain(load, 3, 9);
  assert_float_equal(mapper_lower_bound_with(g, 2, 1.0, MAPPER_BOUND_STAGE), 20.0, 1e-12);
  assert_float_equal(mapper_lower_bound(g, 2, 1.0), 20.0, 1e-12);
  taskgraph_free(g);
  /* The same with edges of 9.5 (not whole: bisection on reals). Own room 19.5; for T = 19.5 + x (x < 0.5) each of
   * t0, t1 keeps a fraction 2x of its successor and pays 9.5 (1 - 2x): 2 T >= 30 + 19 (1 - 2x) gives x >= 1/4. */
  g = chain(load, 3, 9.5);
  assert_float_equal(mapper_lower_bound_with(g, 2, 1.0, MAPPER_BOUND_STAGE), 19.75, 1e-9);
  /* The boundary term: at T < 20 stage 0 = {t0} (t1 with it costs 29.5) leaves 20 > T for stage 1, and
   * {t0, t1} costs 29.5: refuted; the bisection on reals stops within 1e-4 of the optimum 20. */
  double bound = mapper_lower_bound(g, 2, 1.0);
  assert_true(bound >= 20 * (1 - 1e-4) && bound <= 20);
  taskgraph_free(g);
}

static void whole_loads_round_up(void **state) {
  (void)state;
  /* Loads 2, 2, 1, volumes 0.001, 2 stages. Every stage costs at least its load, and whole loads make the heaviest
   * stage's load whole: at least ceil(5 / 2) = 3, though the payments give only about 2.5004 — and 3 is the
   * optimum ({t0}, {t1, t2}: 2.001 and 3). Without whole loads nothing is rounded: loads 2.5, 2, 0.5 have the
   * optimum 2.501 (the same cut), and the bound must stay at or below it. */
  double load[3] = {2, 2, 1};
  taskgraph *g = chain(load, 3, 0.001);
  assert_float_equal(mapper_lower_bound_with(g, 2, 1.0, MAPPER_BOUND_STAGE), 3.0, 0);
  assert_float_equal(mapper_lower_bound(g, 2, 1.0), 3.0, 0);
  taskgraph_free(g);
  double half[3] = {2.5, 2, 0.5};
  g = chain(half, 3, 0.001);
  double bound = mapper_lower_bound(g, 2, 1.0);
  assert_true(bound > 2.5 && bound <= 2.501);
  taskgraph_free(g);
}

static void nothing_to_do(void **state) {
  (void)state;
  /* Loads 0, an edge of volume 0: every partition has period 0, and so has the bound (the boundary term never
   * refutes a period of 0). */
  double load[2] = {0, 0};
  taskgraph *g = chain(load, 2, 0);
  assert_float_equal(mapper_lower_bound(g, 2, 1.0), 0.0, 1e-12);
  taskgraph_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(average_load_decides),
      cmocka_unit_test(heaviest_task_decides),
      cmocka_unit_test(own_room_decides),
      cmocka_unit_test(forced_payments_decide),
      cmocka_unit_test(whole_loads_round_up),
      cmocka_unit_test(nothing_to_do),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
