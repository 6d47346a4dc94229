/* best_reorder: a question left open by the stage search, asked again in other candidate orders. */
#include "best_reorder.h"

#include "exact_model.h"
#include "gn_seed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define QUESTIONS_MAX 64 /* as best's own descent: a few suffice, a huge gap is not stepped through */

/* A topological order of g (Kahn's): each step places the ready task pick chooses (its index in ready[0..n_ready))
 * and makes ready the successors it was the last predecessor of. 0 when there is no memory for it. */
typedef int (*ready_pick)(const taskgraph *g, const int *ready, int n_ready, void *ctx);

static int ready_order(const taskgraph *g, ready_pick pick, void *ctx, int *order) {
  int n = g->n_tasks, n_ready = 0;
  int *waiting = malloc((size_t)n * sizeof *waiting), *ready = malloc((size_t)n * sizeof *ready);
  int ok = waiting && ready;
  for (int t = 0; ok && t < n; t++)
    if ((waiting[t] = g->pred_off[t + 1] - g->pred_off[t]) == 0)
      ready[n_ready++] = t;
  for (int k = 0; ok && k < n; k++) { /* a DAG: some task is ready until all are placed */
    int i = pick(g, ready, n_ready, ctx), u = order[k] = ready[i];
    ready[i] = ready[--n_ready];
    for (int j = g->succ_off[u]; j < g->succ_off[u + 1]; j++) {
      int v = g->edge[g->succ_edge[j]].dst;
      if (--waiting[v] == 0)
        ready[n_ready++] = v;
    }
  }
  free(waiting);
  free(ready);
  return ok;
}

/* The heaviest ready task (ties: the earlier in g->topo; ctx: each task's rank there). */
static int pick_heaviest(const taskgraph *g, const int *ready, int n_ready, void *ctx) {
  const int *rank = ctx;
  int best = 0;
  for (int i = 1; i < n_ready; i++) {
    int t = ready[i], b = ready[best];
    if (g->load[t] > g->load[b] || (g->load[t] == g->load[b] && rank[t] < rank[b]))
      best = i;
  }
  return best;
}

/* A ready task drawn uniformly (ctx: the gsl_rng). */
static int pick_random(const taskgraph *g, const int *ready, int n_ready, void *ctx) {
  (void)g;
  (void)ready;
  return (int)gsl_rng_uniform_int(ctx, (unsigned long)n_ready);
}

/* A topological order of g that takes, of the ready tasks, the heaviest first (ties: the earlier in g->topo): the
 * stage search then fills each stage with its big tasks first and the small ones last, as first-fit decreasing
 * packs bins. order: n entries; 0 when there is no memory for it. */
static int heaviest_first_order(const taskgraph *g, int *order) {
  int *rank = malloc((size_t)g->n_tasks * sizeof *rank);
  for (int k = 0; rank && k < g->n_tasks; k++)
    rank[g->topo[k]] = k;
  int ok = rank && ready_order(g, pick_heaviest, rank, order);
  free(rank);
  return ok;
}

/* A topological order of g that takes, of the ready tasks, one drawn uniformly by rng: each restart of the
 * stage search (restarts, below) decides the candidates along another path. 0 when there is no memory for it. */
static int random_order(const taskgraph *g, gsl_rng *rng, int *order) { return ready_order(g, pick_random, rng, order); }

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

/* One pass: "period <= *T?" on h (g itself, or reversed; reach: h's), the candidates decided in order (a
 * topological order of h), then lower on each YES. *T is left at the question that ran out, or set below lo when
 * none did; *spent: the nodes taken. */
static int descend(const taskgraph *g, const taskgraph *h, const taskgraph_reach *reach, int is_reversed,
                   const mapper_params *params, const int *order, double lo, double *T, long nodes,
                   exact_memory *memory, partition *out, double *period, long *spent, gn_error *err) {
  int n = g->n_tasks, N = params->n_stages, rc = GN_OK;
  int *first = malloc((size_t)n * sizeof *first), *last = malloc((size_t)n * sizeof *last);
  partition *ph = partition_clone(out), *back = partition_clone(out);
  if (!first || !last || !ph || !back)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int open = 0;
  *spent = 0;
  for (int q = 0; rc == GN_OK && nodes > 0 && *T >= lo && *T < *period && q < QUESTIONS_MAX; q++) {
    exact_model_windows(h, reach, N, *T, first, last);
    exact_answer answer;
    long used;
    rc = exact_search_decide_ordered(h, N, params->comm_factor, *T, first, last, NULL, order,
                                     params->deadline_s > 0 ? params->deadline_s : HUGE_VAL, nodes, memory, ph,
                                     &answer, &used, err);
    nodes -= used > 0 ? used : 1;
    *spent += used > 0 ? used : 1;
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
  partition_free(ph);
  partition_free(back);
  return rc;
}

/* descend on h in the heaviest-first order. */
static int descend_heaviest(const taskgraph *g, const taskgraph *h, const taskgraph_reach *reach, int is_reversed,
                            const mapper_params *params, double lo, double *T, long nodes, exact_memory *memory,
                            partition *out, double *period, gn_error *err) {
  int *order = malloc((size_t)h->n_tasks * sizeof *order);
  long spent;
  int rc = order && heaviest_first_order(h, order)
               ? descend(g, h, reach, is_reversed, params, order, lo, T, nodes, memory, out, period, &spent, err)
               : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  free(order);
  return rc;
}

/* The i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: the restarts' budgets in units. */
static long luby(long i) {
  for (long k = 1;; k++) {
    if (i == (1L << k) - 1)
      return 1L << (k - 1);
    if (i < (1L << k) - 1)
      return luby(i - (1L << (k - 1)) + 1);
  }
}

/* The open question T asked again and again on g, each time in a random topological order (best's seed) within
 * BEST_RESTART_UNIT x luby(i) nodes, then the descent below it on a YES, until none is open or `nodes` are spent.
 * The memory of failed sets is shared by every restart (valid whatever the order), so none searches again what
 * an earlier one refuted. */
static int restarts(const taskgraph *g, const taskgraph_reach *reach, const mapper_params *params, double lo,
                    double *T, long nodes, exact_memory *memory, partition *out, double *period, gn_error *err) {
  int *order = malloc((size_t)g->n_tasks * sizeof *order);
  gsl_rng *rng = gn_rng_new(params->seed);
  int rc = order && rng ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (long i = 1; rc == GN_OK && nodes > 0 && *T >= lo && *T < *period; i++) {
    /* past the deadline (exact's incumbent) each question stops at once: no restart would ever use its nodes */
    if (params->deadline_s > 0 && (double)clock() / CLOCKS_PER_SEC >= params->deadline_s)
      break;
    long unit = BEST_RESTART_UNIT * luby(i), spent;
    if (!random_order(g, rng, order)) {
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      break;
    }
    rc = descend(g, g, reach, 0, params, order, lo, T, unit < nodes ? unit : nodes, memory, out, period, &spent, err);
    nodes -= spent;
  }
  free(order);
  gsl_rng_free(rng);
  return rc;
}

int best_reordered_descent(const taskgraph *g, const taskgraph_reach *reach, const mapper_params *params, int passes,
                           double lo, double open, long nodes, exact_memory *memory, partition *out, double *period,
                           gn_error *err) {
  double T = open;
  int rc = passes >= 1 ? descend_heaviest(g, g, reach, 0, params, lo, &T, nodes, memory, out, period, err) : GN_OK;
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
    rc = descend_heaviest(g, h, &h_reach, 1, params, lo, &T, nodes, fresh, out, period, err);
  taskgraph_reach_free(&h_reach);
  exact_memory_free(fresh);
  taskgraph_free(h);
  /* Still open: restarts in random orders (passes = 3), with g's memory. */
  if (rc == GN_OK && passes >= 3 && T >= lo && T < *period)
    rc = restarts(g, reach, params, lo, &T, BEST_RESTART_BUDGETS * nodes, memory, out, period, err);
  return rc;
}
