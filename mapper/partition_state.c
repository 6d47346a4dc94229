/* partition_state: the incremental view of a partition that the local searches move tasks in. */
#include "partition_state.h"

#include <stdlib.h>
#include <string.h>

int partition_state_init(partition_state *st, const taskgraph *g, partition *p, double comm_factor,
                         gn_error *err) {
  memset(st, 0, sizeof *st);
  st->p = p;
  st->comm_factor = comm_factor;
  size_t arcs = (size_t)(g->n_edges > 0 ? g->n_edges : 1);
  st->stage_cost = malloc((size_t)p->n_stages * sizeof *st->stage_cost);
  st->stage_size = calloc((size_t)p->n_stages, sizeof *st->stage_size);
  st->succ = malloc(arcs * sizeof *st->succ);
  st->pred = malloc(arcs * sizeof *st->pred);
  if (!st->stage_cost || !st->stage_size || !st->succ || !st->pred) {
    partition_state_free(st);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (int k = 0; k < g->n_edges; k++) {
    const tg_edge *out = &g->edge[g->succ_edge[k]], *in = &g->edge[g->pred_edge[k]];
    st->succ[k] = (partition_arc){out->dst, comm_factor * out->volume};
    st->pred[k] = (partition_arc){in->src, comm_factor * in->volume};
  }
  partition_stage_costs(g, p, comm_factor, st->stage_cost);
  for (int t = 0; t < g->n_tasks; t++)
    st->stage_size[p->stage[t]]++;
  return GN_OK;
}

void partition_state_free(partition_state *st) {
  free(st->stage_cost);
  free(st->stage_size);
  free(st->succ);
  free(st->pred);
  st->stage_cost = NULL;
  st->stage_size = NULL;
  st->succ = st->pred = NULL;
  free(st->over);
  st->over = NULL;
}

int partition_state_track_over(partition_state *st, double at, gn_error *err) {
  int n = st->p->n_stages;
  free(st->over);
  st->over = calloc((size_t)(n + 63) / 64, sizeof *st->over);
  if (!st->over)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  st->over_at = at;
  for (int k = 0; k < n; k++)
    partition_state_mark_over(st, k);
  return GN_OK;
}

int partition_trial_init(partition_trial *tr, const taskgraph *g, gn_error *err) {
  int in_max = 0;
  for (int t = 0; t < g->n_tasks; t++)
    if (g->pred_off[t + 1] - g->pred_off[t] > in_max)
      in_max = g->pred_off[t + 1] - g->pred_off[t];
  memset(tr, 0, sizeof *tr);
  tr->stage = malloc(((size_t)in_max + 2) * sizeof *tr->stage);
  tr->cost = malloc(((size_t)in_max + 2) * sizeof *tr->cost);
  if (!tr->stage || !tr->cost) {
    partition_trial_free(tr);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  return GN_OK;
}

void partition_trial_free(partition_trial *tr) {
  free(tr->stage);
  free(tr->cost);
  tr->stage = NULL;
  tr->cost = NULL;
}

double partition_state_period(const partition_state *st) {
  double m = st->stage_cost[0];
  for (int s = 1; s < st->p->n_stages; s++)
    if (st->stage_cost[s] > m)
      m = st->stage_cost[s];
  return m;
}
