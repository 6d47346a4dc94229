/* mapper_bound: a lower bound on the optimal period that counts communication (the `bound` of every mapping row).
 *
 * Derivation (sender pays, DESIGN.md's cost model). Take a partition with period T and a task u in stage s.
 * Each successor v of u (edge cost c_v = comm_factor x volume) is either in stage s, which then holds load(v),
 * or elsewhere, and then stage s pays c_v. So with k_v = [v in stage s]:
 *     load(u) + sum_v load(v) k_v + sum_v c_v (1 - k_v) <= cost(s) <= T.                          (1)
 * (1) alone gives T >= load(u) + sum_v min(load(v), c_v). And u's own payment p_u = sum_v c_v (1 - k_v) is at
 * least f_u(T) = the minimum of sum_v c_v (1 - k_v) over 0 <= k <= 1 subject to (1) — a fractional knapsack,
 * solved greedily. Summing stage costs: N T >= total load + sum_u p_u >= total load + sum_u f_u(T). f_u does not
 * grow with T, so the smallest T meeting both conditions is found by bisection (on whole numbers when every cost
 * is one: the optimum is then whole too). With no communication this is max(total load / N, heaviest task),
 * rounded up when the loads are whole; so rounded, it holds with communication too (taken last).
 * Third condition (issue 27), the stage bound of mapper_bound_stage.c: T >= the cheapest stage that can hold u,
 * for every u (a minimum cut each); the bisection starts from it, so the result is the max of all three. Then the
 * boundary bound (mapper_bound_cuts.c) raises it, then the spectral term (mapper_bound_spectral.c). The
 * refutation term on top (exact's stage search proving periods above this bound infeasible) is in
 * mapper_bound_refute.c, with mapper_lower_bound: the search itself uses the forced payments below, so this file
 * does not call it. */
#include "mapper.h"

#include <math.h>
#include <stdlib.h>

/* A successor kept in u's stage changes the left side of (1) by w = load(v) - c_v and saves c_v. */
/* The boundary bound's reachability sets take tasks^2 / 4 bytes (6 MB at this size). */
#define CUTS_MAX_TASKS 5000
/* The spectral term: 50 eigen-decompositions at 300 tasks x 20 stages, 22 at 100 stages (about 0.5 s of CPU
 * either way), fewer on bigger graphs, none past about 600 tasks (fewer than 5) nor at 100 tasks or less, where
 * the refutation term settles most graphs. */
#define SPECTRAL_WORK 1.9e9
#define SPECTRAL_STEPS 50
#define SPECTRAL_FEWEST 5
#define SPECTRAL_MIN_TASKS 100

typedef struct keep_item {
  double w, c;
} keep_item;

typedef struct bound_data {
  int n;
  double total;
  int *off;            /* n + 1: u's items with w > 0 are item[off[u] .. off[u+1]-1], best c/w first */
  keep_item *item;
  double *free_room;   /* per u: T - free_room[u] is the room left after keeping every item with w <= 0 */
  double *pay_all;     /* per u: payment when only the items with w <= 0 are kept */
} bound_data;

static int by_ratio(const void *a, const void *b) {
  const keep_item *x = a, *y = b;
  double l = x->c * y->w, r = y->c * x->w; /* x->c / x->w > y->c / y->w, without dividing */
  return (l < r) - (l > r);
}

/* f_u(T), or -1 when (1) cannot hold. */
static double forced_payment(const bound_data *d, int u, double T) {
  double cap = T - d->free_room[u], pay = d->pay_all[u];
  if (cap < -1e-9 * (T > 1 ? T : 1))
    return -1;
  for (int k = d->off[u]; k < d->off[u + 1] && cap > 0; k++) {
    double take = cap >= d->item[k].w ? 1 : cap / d->item[k].w;
    pay -= take * d->item[k].c;
    cap -= take * d->item[k].w;
  }
  return pay > 0 ? pay : 0;
}

/* Both necessary conditions for a period T (monotone: once true, true for every larger T). */
static int period_possible(const bound_data *d, int n_stages, double T) {
  double paid = 0;
  for (int u = 0; u < d->n; u++) {
    double f = forced_payment(d, u, T);
    if (f < 0)
      return 0;
    paid += f;
  }
  double need = d->total + paid;
  return n_stages * T >= need - 1e-9 * need;
}

static int prepare(const taskgraph *g, double comm_factor, bound_data *d) {
  int n = g->n_tasks;
  d->n = n;
  d->total = 0;
  d->off = calloc((size_t)n + 1, sizeof *d->off);
  d->item = malloc(((size_t)g->n_edges + 1) * sizeof *d->item);
  d->free_room = malloc((size_t)n * sizeof *d->free_room);
  d->pay_all = malloc((size_t)n * sizeof *d->pay_all);
  if (!d->off || !d->item || !d->free_room || !d->pay_all)
    return GN_ENOMEM;
  int m = 0;
  for (int u = 0; u < n; u++) {
    d->total += g->load[u];
    d->off[u] = m;
    d->free_room[u] = g->load[u];
    d->pay_all[u] = 0;
    for (int k = g->succ_off[u]; k < g->succ_off[u + 1]; k++) {
      const tg_edge *e = &g->edge[g->succ_edge[k]];
      double c = comm_factor * e->volume, w = g->load[e->dst] - c;
      if (c <= 0)
        continue; /* keeping v costs room and saves nothing */
      d->pay_all[u] += c;
      d->free_room[u] += c;
      if (w <= 0) { /* keeping v is free: load(v) <= c_v */
        d->pay_all[u] -= c;
        d->free_room[u] += w;
      } else
        d->item[m++] = (keep_item){w, c};
    }
    qsort(d->item + d->off[u], (size_t)(m - d->off[u]), sizeof *d->item, by_ratio);
  }
  d->off[n] = m;
  return GN_OK;
}

int mapper_forced_payments(const taskgraph *g, double comm_factor, double T, double *f) {
  bound_data d = {0};
  int rc = GN_OK;
  if (comm_factor > 0 && (rc = prepare(g, comm_factor, &d)) == GN_OK)
    for (int u = 0; u < g->n_tasks; u++)
      f[u] = forced_payment(&d, u, T);
  else
    for (int u = 0; u < g->n_tasks; u++)
      f[u] = g->load[u] <= T * (1 + 1e-9) ? 0 : -1;
  free(d.off);
  free(d.item);
  free(d.free_room);
  free(d.pay_all);
  return rc;
}

double mapper_lower_bound_with(const taskgraph *g, int n_stages, double comm_factor, int terms) {
  double loads_lb = partition_lower_bound(g, n_stages), lb = loads_lb;
  int integral = partition_costs_integral(g, comm_factor);
  bound_data d = {0};
  if (comm_factor > 0 && n_stages > 1 && prepare(g, comm_factor, &d) == GN_OK) {
    for (int u = 0; u < d.n; u++)
      if (d.free_room[u] > lb)
        lb = d.free_room[u];
    /* the stage bound: one minimum cut per task, skipped on graphs where n x (n + edges) passes 2e8 */
    if ((terms & MAPPER_BOUND_STAGE) && (double)d.n * (d.n + g->n_edges) <= 2e8)
      (void)mapper_stage_bound(g, comm_factor, lb, &lb); /* out of memory: lb stays the bound without it */
    if (!period_possible(&d, n_stages, lb)) {
      double lo = lb, hi = d.total; /* at hi every successor fits in its sender's stage: nothing is forced */
      for (int u = 0; u < d.n; u++)
        hi += d.pay_all[u];
      if (integral) {
        lo = ceil(lo - 1e-9);
        hi = ceil(hi);
        while (hi - lo > 1) { /* period_possible(hi), not period_possible(lo) */
          double mid = floor((lo + hi) / 2);
          *(period_possible(&d, n_stages, mid) ? &hi : &lo) = mid;
        }
        lb = period_possible(&d, n_stages, lo) ? lo : hi;
      } else {
        for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; it++) {
          double mid = (lo + hi) / 2;
          *(period_possible(&d, n_stages, mid) ? &hi : &lo) = mid;
        }
        lb = lo;
      }
    }
    /* the boundary bound: a few maximum flows per boundary and period tried (docs/mappers.md gives the cost) */
    if ((terms & MAPPER_BOUND_CUTS) && d.n <= CUTS_MAX_TASKS)
      (void)mapper_cuts_bound(g, n_stages, comm_factor, lb, integral, &lb); /* out of memory: lb stays */
    /* the spectral term: SPECTRAL_WORK / (n^2 (n + 6 k)) eigen-decompositions (k = min(N, n) eigenpairs each:
     * 9 ms at 300 tasks x 20 stages, 20 ms at 100 stages), at most SPECTRAL_STEPS */
    int k = n_stages < d.n ? n_stages : d.n;
    double steps = SPECTRAL_WORK / ((double)d.n * d.n * (d.n + 6.0 * k));
    if ((terms & MAPPER_BOUND_SPECTRAL) && d.n > SPECTRAL_MIN_TASKS && steps >= SPECTRAL_FEWEST)
      (void)mapper_spectral_bound(g, n_stages, comm_factor, steps > SPECTRAL_STEPS ? SPECTRAL_STEPS : (int)steps, lb,
                                  &lb); /* out of memory: lb stays */
  }
  free(d.off);
  free(d.item);
  free(d.free_room);
  free(d.pay_all);
  if (integral)
    lb = ceil(lb - 1e-9);
  /* Every stage costs at least its load, so the bound without communication holds with it too, rounded up as it is
   * there when the loads are whole (the heaviest stage's load is then whole) even where the edge costs are not:
   * without it a graph with tiny volumes could not be proven where the same graph without them is at once (issue
   * 27: layrpred 50 tasks, ccr 0.001, N = 5: period 58, bound 57.4 before). Taken last, so the terms above run as
   * they did wherever it does not raise the bound. */
  if (partition_costs_integral(g, 0) && ceil(loads_lb - 1e-9) > lb)
    lb = ceil(loads_lb - 1e-9);
  return lb;
}
