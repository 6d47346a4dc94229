/* mapper_refine: the improvement pass any mapper can be followed by ("dpma+refine"): single-task moves out of
 * the bottleneck stage that keep the pipeline valid and lower the period. */
#include "mapper.h"

#include <stdlib.h>

/* Relative tolerance for "strictly lower": stage costs are updated incrementally, so exact float equality
 * cannot be trusted after many moves. */
static double tolerance(double period) { return 1e-9 * (period > 1 ? period : 1); }

/* Try every valid move of one task of the bottleneck stage b; apply the first that leaves every stage it touches
 * strictly below the old period (so b stops being at the period without creating a new one there). */
static int improve_once(const taskgraph *g, partition_state *st, int b, double period) {
  partition *p = st->p;
  double eps = tolerance(period);
  if (st->stage_size[b] < 2)
    return 0;
  for (int t = 0; t < g->n_tasks; t++) {
    if (p->stage[t] != b)
      continue;
    int lo, hi;
    partition_state_range(g, st, t, &lo, &hi);
    for (int s = lo; s <= hi; s++) {
      if (s == b)
        continue;
      partition_state_move(g, st, t, s);
      /* The period may stay (another stage is at it too): accept if every stage the move touched is now
       * strictly below it, so one stage fewer sits at the period. */
      int ok = st->stage_cost[b] < period - eps && st->stage_cost[s] < period - eps;
      for (int k = g->pred_off[t]; ok && k < g->pred_off[t + 1]; k++)
        ok = st->stage_cost[p->stage[g->edge[g->pred_edge[k]].src]] < period - eps;
      if (ok)
        return 1;
      partition_state_move(g, st, t, b);
    }
  }
  return 0;
}

int mapper_refine(const taskgraph *g, double comm_factor, partition *p, gn_error *err) {
  partition_state st;
  int rc = partition_state_init(&st, g, p, comm_factor, err);
  if (rc)
    return rc;
  /* Every accepted move lowers the multiset of stages at the period, so the loop ends; the cap only bounds
   * pathological float cases. */
  long cap = 64L * g->n_tasks * p->n_stages + 1000;
  for (long it = 0; it < cap; it++) {
    double period = partition_state_period(&st);
    int moved = 0;
    for (int b = 0; b < p->n_stages && !moved; b++)
      if (st.stage_cost[b] >= period - tolerance(period))
        moved = improve_once(g, &st, b, period);
    if (!moved)
      break;
  }
  partition_state_free(&st);
  return GN_OK;
}
