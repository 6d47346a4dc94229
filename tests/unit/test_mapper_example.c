/* The worked example of docs/extending.md (tests/examples/mapper_even.c) compiles against the mapper interface
 * as the guide shows it, gives valid pipelines on random DAGs, and hand-checked stages on a small chain. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../examples/mapper_even.c"


#include <gsl/gsl_rng.h>

/* chain of 7 tasks a0 -> a1 -> ... -> a6 cut into 3: block k holds positions with floor(k*3/7) = s. */
static void chain_by_hand(void **state) {
  taskgraph *g = taskgraph_new();
  gn_error err;
  for (int t = 0; t < 7; t++)
    assert_true(taskgraph_add_task(g, NULL, 1 + t, &err) >= 0);
  for (int t = 0; t + 1 < 7; t++)
    assert_int_equal(taskgraph_add_edge(g, t, t + 1, 0, &err), GN_OK);
  assert_int_equal(taskgraph_finalize(g, "chain", &err), GN_OK);
  partition *p = partition_new(7, 3);
  mapper_params mp = {.n_stages = 3, .comm_factor = 0, .seed = 1, .options = NULL};
  assert_int_equal(mapper_even.run(g, &mp, p, &err), GN_OK);
  const int want[7] = {0, 0, 0, 1, 1, 2, 2};
  for (int t = 0; t < 7; t++)
    assert_int_equal(p->stage[t], want[t]);
  partition_metrics m;
  assert_int_equal(partition_evaluate(g, p, 0, &m, &err), GN_OK);
  assert_true(m.period == 13); /* stage 3 = loads 6 + 7 */
  partition_free(p);
  taskgraph_free(g);
}

/* Random DAGs of 1..40 tasks, every N from 1 to tasks: always a valid pipeline with N non-empty stages. */
static void valid_on_random_dags(void **state) {
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(r, 12345);
  for (int trial = 0; trial < 60; trial++) {
    int n = 1 + (int)gsl_rng_uniform_int(r, 40);
    taskgraph *g = taskgraph_new();
    gn_error err;
    for (int t = 0; t < n; t++)
      assert_true(taskgraph_add_task(g, NULL, 1 + (double)gsl_rng_uniform_int(r, 9), &err) >= 0);
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++)
        if (gsl_rng_uniform(r) < 0.2)
          assert_int_equal(taskgraph_add_edge(g, j, i, 1, &err), GN_OK); /* backwards in id order */
    assert_int_equal(taskgraph_finalize(g, "random", &err), GN_OK);
    for (int stages = 1; stages <= n; stages++) {
      partition *p = partition_new(n, stages);
      mapper_params mp = {.n_stages = stages, .comm_factor = 1, .seed = 7, .options = NULL};
      assert_int_equal(mapper_even.run(g, &mp, p, &err), GN_OK);
      assert_int_equal(partition_validate(g, p, &err), GN_OK);
      partition_free(p);
    }
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(chain_by_hand),
      cmocka_unit_test(valid_on_random_dags),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
