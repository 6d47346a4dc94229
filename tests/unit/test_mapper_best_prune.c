/* best's tabu search weighs a move in full only when a lower bound on its excess says it could be chosen
 * (mapper_best.c, cannot_win): skipping the others must change nothing. best with the bounds (the default) and with
 * every move weighed in full (prune=0) must give the same partition, bit for bit, on graphs with and without
 * communication (whole-number costs without it make ties, where the random tie-break must see the same moves in the
 * same order). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "graph_source.h"
#include "mapper.h"

#include <stdio.h>
#include <string.h>

static partition *run(const taskgraph *g, int N, double cf, const char *options, uint64_t seed) {
  mapper_params mp = {.n_stages = N, .comm_factor = cf, .seed = seed, .options = options};
  partition *p;
  mapper_status status;
  gn_error err;
  if (mapper_run_with_status("best", g, &mp, &p, &status, &err))
    fail_msg("best %s: %s", options, err.msg);
  return p;
}

/* The tabu phase alone (nodes=0), a budget small enough to stop short of the bound, several targets. */
static void bounds_change_no_choice(void **state) {
  (void)state;
  static const char *const specs[] = {
      "method=layrpred,tasks=80,ccr=0.5", "method=layrprob,tasks=80,ccr=1", "method=sameprob,tasks=60,ccr=2",
      "method=layrpred,tasks=80",         "method=sameprob,tasks=60,times=unif,ccr=1",
  };
  int cases = 0;
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
    for (int seed = 1; seed <= 3; seed++) {
      char spec[128];
      snprintf(spec, sizeof spec, "gen:%s,seed=%d", specs[i], seed);
      taskgraph *g = NULL;
      gn_error err;
      if (graph_source_load(spec, &g, &err))
        fail_msg("%s: %s", spec, err.msg);
      for (int N = 4; N <= 12; N += 4) {
        double cf = seed == 3 ? 0.3 : 1;
        partition *a = run(g, N, cf, "moves=400,nodes=0", (uint64_t)seed);
        partition *b = run(g, N, cf, "moves=400,nodes=0,prune=0", (uint64_t)seed);
        if (memcmp(a->stage, b->stage, (size_t)g->n_tasks * sizeof *a->stage) != 0)
          fail_msg("%s N=%d: the bounds changed best's partition", spec, N);
        partition_free(a);
        partition_free(b);
        cases++;
      }
      taskgraph_free(g);
    }
  assert_int_equal(cases, 45);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(bounds_change_no_choice),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
