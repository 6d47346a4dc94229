/* mapper_dptaa: DPTAA-style baseline (the paper's ref. [4], DPMA paper): repeated balanced bisection that keeps
 * every cut acyclic, applied recursively until there is one part per stage.
 *
 * One bisection of a task set into k = k1 + k2 stages: the first part is a prefix of the set's topological
 * order, the one minimising max(cost(A) / k1, cost(B) / k2) (cost(A) includes what A pays for edges into B; the
 * parts' shares of the stages weigh them), then refined by single-task moves that keep A closed under
 * predecessors (a task of A whose successors in the set are all in B may go to B, and the reverse) while the
 * objective strictly drops. A gets stages first..first+k1-1, B the rest, and each is split again.
 * The paper says DPTAA cannot serve an odd number of cores: option strict=true refuses any odd split (so N
 * must be a power of two); the default splits k into floor(k/2) and ceil(k/2) with proportional targets so
 * that 20/50/100 stages can be compared. */
#include "mapper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct dptaa {
  const taskgraph *g;
  double comm_factor;
  int *stage;
  int *mark;    /* per task: 0 = outside the set being split, 1 = in A, 2 = in B */
  int *scratch; /* n tasks */
} dptaa;

/* Load and paid communication of A (edges A -> B), and load of B. */
typedef struct split_cost {
  double a, b;
} split_cost;

static double split_objective(split_cost c, int k1, int k2) {
  double x = c.a / k1, y = c.b / k2;
  return x > y ? x : y;
}

/* Change in cost when task t moves between A and B (to_b: A -> B). Edges to tasks outside the set are left to
 * the deeper levels and the final stage costs. */
static split_cost move_delta(const dptaa *d, int t, int to_b) {
  const taskgraph *g = d->g;
  double cut = 0;
  for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++) {
    const tg_edge *e = &g->edge[g->pred_edge[k]];
    if (d->mark[e->src] == 1)
      cut += e->volume; /* A -> t: becomes cut when t goes to B, stops being cut when t comes to A */
  }
  for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++) {
    const tg_edge *e = &g->edge[g->succ_edge[k]];
    if (d->mark[e->dst] == 2)
      cut -= e->volume; /* t -> B: internal once t is in B, cut when t is in A */
  }
  double cf = d->comm_factor, l = d->g->load[t];
  split_cost c = to_b ? (split_cost){-l + cf * cut, l} : (split_cost){l - cf * cut, -l};
  return c;
}

/* May t (in A when to_b, else in B) move without an edge going from B back to A? */
static int movable(const dptaa *d, int t, int to_b) {
  const taskgraph *g = d->g;
  if (to_b) {
    for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++)
      if (d->mark[g->edge[g->succ_edge[k]].dst] == 1)
        return 0;
  } else {
    for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++)
      if (d->mark[g->edge[g->pred_edge[k]].src] == 2)
        return 0;
  }
  return 1;
}

/* Split set[0..m) (in topological order) for k1 + k2 stages: marks A = 1, B = 2. */
static void bisect(dptaa *d, const int *set, int m, int k1, int k2) {
  split_cost c = {0, 0};
  for (int i = 0; i < m; i++) {
    d->mark[set[i]] = 2;
    c.b += d->g->load[set[i]];
  }
  /* The best prefix: grow A one task at a time along the order. */
  int best_len = k1;
  double best = INFINITY;
  split_cost best_c = c;
  for (int i = 0; i < m - k2; i++) {
    split_cost dc = move_delta(d, set[i], 0);
    c.a += dc.a;
    c.b += dc.b;
    d->mark[set[i]] = 1;
    double f = split_objective(c, k1, k2);
    if (i + 1 >= k1 && f < best) {
      best = f;
      best_len = i + 1;
      best_c = c;
    }
  }
  c = best_c;
  for (int i = 0; i < m; i++)
    d->mark[set[i]] = i < best_len ? 1 : 2;
  /* Refinement: first improving acyclicity-preserving move, until none (each strictly lowers the objective;
   * the pass cap bounds float ties). */
  int size_a = best_len;
  for (int pass = 0; pass < m; pass++) {
    int moved = 0;
    for (int i = 0; i < m; i++) {
      int t = set[i], to_b = d->mark[t] == 1;
      if ((to_b && size_a <= k1) || (!to_b && m - size_a <= k2) || !movable(d, t, to_b))
        continue;
      split_cost dc = move_delta(d, t, to_b);
      split_cost nc = {c.a + dc.a, c.b + dc.b};
      if (split_objective(nc, k1, k2) < best - 1e-12 * (best > 1 ? best : 1)) {
        c = nc;
        best = split_objective(nc, k1, k2);
        d->mark[t] = to_b ? 2 : 1;
        size_a += to_b ? -1 : 1;
        moved = 1;
      }
    }
    if (!moved)
      break;
  }
}

/* Assign set[0..m) (topological order, m >= k) to stages first..first+k-1. */
static int split(dptaa *d, int *set, int m, int k, int first, int strict, gn_error *err) {
  if (k == 1) {
    for (int i = 0; i < m; i++)
      d->stage[set[i]] = first;
    return GN_OK;
  }
  if (strict && k % 2)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "dptaa strict=true cannot split %d stages in two equal halves (N must be a power of two)", k);
  int k1 = k / 2, k2 = k - k1;
  bisect(d, set, m, k1, k2);
  /* Stable partition of the set into A then B keeps both in topological order. */
  int na = 0;
  for (int i = 0; i < m; i++)
    if (d->mark[set[i]] == 1)
      d->scratch[na++] = set[i];
  int nb = na;
  for (int i = 0; i < m; i++)
    if (d->mark[set[i]] == 2)
      d->scratch[nb++] = set[i];
  for (int i = 0; i < m; i++) {
    set[i] = d->scratch[i];
    d->mark[set[i]] = 0;
  }
  int rc = split(d, set, na, k1, first, strict, err);
  if (rc == GN_OK)
    rc = split(d, set + na, m - na, k2, first + k1, strict, err);
  return rc;
}

static const char *const dptaa_options[] = {"strict", NULL};

static int dptaa_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  int strict;
  int rc = mapper_options_check("dptaa", params->options, dptaa_options, err);
  if (rc == GN_OK)
    rc = mapper_option_bool("dptaa", params->options, "strict", 0, &strict, err);
  if (rc)
    return rc;
  int n = g->n_tasks;
  dptaa d = {g, params->comm_factor, out->stage, calloc((size_t)n, sizeof(int)), malloc((size_t)n * sizeof(int))};
  int *set = malloc((size_t)n * sizeof *set);
  if (!d.mark || !d.scratch || !set)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  else {
    memcpy(set, g->topo, (size_t)n * sizeof *set);
    rc = split(&d, set, n, params->n_stages, 0, strict, err);
  }
  free(d.mark);
  free(d.scratch);
  free(set);
  return rc;
}

const mapper mapper_dptaa = {"dptaa",
                             "DPTAA baseline: recursive balanced acyclic bisection (option strict: only even "
                             "splits, as the paper's DPTAA)",
                             dptaa_run, NULL, dptaa_options};
