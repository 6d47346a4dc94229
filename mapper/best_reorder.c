/* best_reorder: a question left open by the stage search, asked again in other candidate orders. */
#include "best_reorder.h"

#include "exact_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define QUESTIONS_MAX 64 /* as best's own descent: a few suffice, a huge gap is not stepped through */

/* A topological order of g that takes, of the ready tasks, the heaviest first (ties: the earlier in g->topo): the
 * stage search then fills each stage with its big tasks first and the small ones last, as first-fit decreasing
 * packs bins. order: n entries; 0 when there is no memory for it. */
static int heaviest_first_order(const taskgraph *g, int *order) {
  int n = g->n_tasks, n_ready = 0;
  int *rank = malloc((size_t)n * sizeof *rank), *waiting = malloc((size_t)n * sizeof *waiting);
  int *ready = malloc((size_t)n * sizeof *ready);
  int ok = rank && waiting && ready;
  for (int k = 0; ok && k < n; k++)
    rank[g->topo[k]] = k;
  for (int t = 0; ok && t < n; t++)
    if ((waiting[t] = g->pred_off[t + 1] - g->pred_off[t]) == 0)
      ready[n_ready++] = t;
  for (int k = 0; ok && k < n; k++) { /* a DAG: some task is ready until all are placed */
    int best = 0;
    for (int i = 1; i < n_ready; i++) {
      int t = ready[i], b = ready[best];
      if (g->load[t] > g->load[b] || (g->load[t] == g->load[b] && rank[t] < rank[b]))
        best = i;
    }
    int u = order[k] = ready[best];
    ready[best] = ready[--n_ready];
    for (int j = g->succ_off[u]; j < g->succ_off[u + 1]; j++) {
      int v = g->edge[g->succ_edge[j]].dst;
      if (--waiting[v] == 0)
        ready[n_ready++] = v;
    }
  }
  free(rank);
  free(waiting);
  free(ready);
  return ok;
}

/* g with every edge turned round and task t renumbered n - 1 - t: stage s of a partition of it is stage N - 1 - s
 * of one of g with the same stage loads (no edge costs anything here). NULL when out of memory. */
static taskgraph *reversed(const taskgraph *g, gn_error *err) {
  int n = g->n_tasks, rc = GN_OK;
  taskgraph *h = taskgraph_new();
  if (!h)
    return NULL;
  for (int j = 0; rc == GN_OK && j < n; j++) {
    int id = taskgraph_add_task(h, NULL, g->load[n - 1 - j], err);
    rc = id < 0 ? id : GN_OK;
  }
  for (int e = 0; rc == GN_OK && e < g->n_edges; e++)
    rc = taskgraph_add_edge(h, n - 1 - g->edge[e].dst, n - 1 - g->edge[e].src, g->edge[e].volume, err);
  if (rc == GN_OK)
    rc = taskgraph_finalize(h, "reversed graph", err);
  if (rc != GN_OK) {
    taskgraph_free(h);
    return NULL;
  }
  return h;
}

/* One pass: "period <= *T?" on h (g itself, or reversed; reach: h's), heaviest first, then lower on each YES. *T
 * is left at the question that ran out, or set below lo when none did. */
static int descend(const taskgraph *g, const taskgraph *h, const taskgraph_reach *reach, int is_reversed,
                   const mapper_params *params, double lo, double *T, long nodes, exact_memory *memory, partition *out,
                   double *period, gn_error *err) {
  int n = g->n_tasks, N = params->n_stages, rc = GN_OK;
  int *first = malloc((size_t)n * sizeof *first), *last = malloc((size_t)n * sizeof *last);
  int *order = malloc((size_t)n * sizeof *order);
  partition *ph = partition_clone(out), *back = partition_clone(out);
  if (rc == GN_OK && (!first || !last || !order || !ph || !back || !heaviest_first_order(h, order)))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int open = 0;
  for (int q = 0; rc == GN_OK && nodes > 0 && *T >= lo && *T < *period && q < QUESTIONS_MAX; q++) {
    exact_model_windows(h, reach, N, *T, first, last);
    exact_answer answer;
    long used;
    rc = exact_search_decide_ordered(h, N, params->comm_factor, *T, first, last, NULL, order,
                                     params->deadline_s > 0 ? params->deadline_s : HUGE_VAL, nodes, memory, ph,
                                     &answer, &used, err);
    nodes -= used > 0 ? used : 1;
    open = rc == GN_OK && answer == EXACT_UNKNOWN;
    if (rc || answer != EXACT_YES)
      break;
    for (int t = 0; t < n; t++)
      back->stage[t] = is_reversed ? N - 1 - ph->stage[n - 1 - t] : ph->stage[t];
    partition_metrics pm;
    if ((rc = partition_evaluate(g, back, params->comm_factor, &pm, err)) || pm.period >= *period)
      break;
    *period = pm.period;
    memcpy(out->stage, back->stage, (size_t)n * sizeof *out->stage);
    *T = *period - 1;
  }
  if (!open)
    *T = lo - 1;
  free(first);
  free(last);
  free(order);
  partition_free(ph);
  partition_free(back);
  return rc;
}

int best_reordered_descent(const taskgraph *g, const taskgraph_reach *reach, const mapper_params *params, int passes,
                           double lo, double open, long nodes, exact_memory *memory, partition *out, double *period,
                           gn_error *err) {
  double T = open;
  int rc = passes >= 1 ? descend(g, g, reach, 0, params, lo, &T, nodes, memory, out, period, err) : GN_OK;
  if (rc != GN_OK || passes < 2 || T < lo || T >= *period)
    return rc;
  /* Still open: from the sinks' side. The graph's order packs the first stages and repairs the last, tightest
   * ones; heaviest first from the sources still missed a held-out optimum that heaviest first from the sinks finds
   * (docs/benchmarks.md). A fresh memory: the reversed graph's placed sets are other sets. */
  taskgraph *h = reversed(g, err);
  exact_memory *fresh = h ? exact_memory_new() : NULL;
  taskgraph_reach h_reach = {0};
  if (!h || !fresh)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  else if ((rc = taskgraph_reach_compute(h, &h_reach, err)) == GN_OK)
    rc = descend(g, h, &h_reach, 1, params, lo, &T, nodes, fresh, out, period, err);
  taskgraph_reach_free(&h_reach);
  exact_memory_free(fresh);
  taskgraph_free(h);
  return rc;
}
