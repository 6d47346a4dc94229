/* The boundary term of `bound` (mapper_bound.c): every boundary between two stages cuts edges, and each stage pays
 * for the edges it sends across.
 *
 * Take a partition with period T, stages 0..N-1, and D_k = stages 0..k, a downset (closed under predecessors),
 * for every boundary k = 0..N-2. Its stages cost at most (k+1) T and pay at least the edges leaving D_k, the
 * other N-1-k stages hold at most (N-1-k) T of load:
 *     W - (N-1-k) T <= load(D_k) <= (k+1) T - c(cut(D_k))                                              (a)
 * (W the total load, c(cut(D)) the cost of the edges leaving D). An edge u -> v is paid (once) when stage(u) <
 * stage(v), and then it crosses the boundaries stage(u) .. stage(v)-1, all in B_e = [first(u), last(v) - 1], the
 * stage windows for period T (exact_model_windows: valid for every partition with period <= T). Weighing the
 * edge c'_e = c_e / |B_e| in every boundary, sum_k c'(cut(D_k)) <= the communication paid, so summing the stage
 * costs:
 *     N T >= W + sum_k g_k,   g_k = min over downsets D meeting (a) and the windows of c'(cut(D)).          (b)
 * g_k is bounded below by Lagrangian relaxation of (a): for alpha, beta >= 0,
 *     g_k >= min_D [c'(cut(D)) + beta (load(D) + c(cut(D)) - (k+1) T) + alpha (W - (N-1-k) T - load(D))],
 * a minimum cut over downsets (a closure problem: one maximum flow), where any flow is at most every cut. A T for
 * which (b) fails, or a window is empty, is proven infeasible: the optimal period is above it. The windows are
 * first narrowed with communication (cheapest_prefixes, below). */
#include "mapper.h"

#include "exact_model.h"
#include "flow_net.h"
#include "taskgraph_reach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Multiplier steps per boundary after the bracket is found (each one maximum flow). */
#define CUTS_BISECT_STEPS 10
/* Work allowed per bound, in arcs of the maximum flows run (one flow per task for the windows, then about twenty
 * per boundary for each period tried): about 0.1 s. Past it a prefix counts as 0 and a period as not refuted,
 * which only leaves the bound lower. A graph whose windows and first three periods would not fit in it is not
 * tried at all (300 tasks x 20 stages, docs/benchmarks.md, need about 4e6). */
#define CUTS_WORK_ARCS 1e6
#define CUTS_FLOWS_PER_BOUNDARY 20

enum { IN = -1, OUT = -2 }; /* a task's node when it is not free */

typedef struct cuts_ctx {
  const taskgraph *g;
  int n, N;
  double cf, W;
  taskgraph_reach reach;
  int *first, *last, *node; /* node: the task's node in one boundary's network; IN or OUT when fixed */
  double *cw;               /* per edge: c'_e = c_e / |B_e| (0: no boundary can cut it) */
  double *prefix;           /* per task: the cheapest downset holding it, load + c(cut) (windows, below) */
  double work; /* arcs of the maximum flows run so far */
  flow_net f;
} cuts_ctx;

typedef struct lagrange_point {
  double value;     /* the lower bound on g_k at these multipliers */
  double load, cut; /* load(D) and c(cut(D)) of a minimiser D */
} lagrange_point;

/* In the minimiser of the last flow (the source side). */
static int in_minimiser(const cuts_ctx *c, int t) {
  return c->node[t] == IN || (c->node[t] >= 0 && flow_net_source_side(&c->f, c->node[t]));
}

/* min_D [c'(cut(D)) + beta (load(D) + c(cut(D))) - alpha load(D)] + alpha L - beta U, for boundary k. */
static lagrange_point lagrange(cuts_ctx *c, int k, double alpha, double beta, double L, double U) {
  const taskgraph *g = c->g;
  int free_tasks = 0;
  for (int t = 0; t < c->n; t++)
    c->node[t] = c->last[t] <= k ? IN : c->first[t] > k ? OUT : free_tasks++;
  int s = free_tasks, sink = free_tasks + 1;
  flow_net *f = &c->f;
  f->n_nodes = free_tasks + 2;
  flow_net_clear(f);
  double constant = 0, unbounded = 1, scale = 1;
  for (int t = 0; t < c->n; t++) {
    double a = (beta - alpha) * g->load[t]; /* what t costs inside D */
    scale += fabs(a);
    if (c->node[t] == IN)
      constant += a;
    else if (c->node[t] >= 0 && a > 0)
      flow_net_add_arc(f, c->node[t], sink, a);
    else if (c->node[t] >= 0 && a < 0) {
      constant += a;
      flow_net_add_arc(f, s, c->node[t], -a);
    }
  }
  for (int e = 0; e < g->n_edges; e++)
    scale += c->cw[e] + beta * c->cf * g->edge[e].volume;
  unbounded += 2 * scale;
  for (int e = 0; e < g->n_edges; e++) {
    int u = c->node[g->edge[e].src], v = c->node[g->edge[e].dst];
    double w = c->cw[e] + beta * c->cf * g->edge[e].volume; /* paid when u is in D and v is not */
    if (u == IN && v == OUT)
      constant += w;
    else if (u == IN && v >= 0)
      flow_net_add_arc(f, s, v, w);
    else if (u >= 0 && v == OUT)
      flow_net_add_arc(f, u, sink, w);
    else if (u >= 0 && v >= 0) {
      flow_net_add_arc(f, u, v, w);
      flow_net_add_arc(f, v, u, unbounded); /* v in D brings u */
    } else if (u >= 0 && v == IN)
      flow_net_add_arc(f, s, u, unbounded);
    else if (u == OUT && v >= 0)
      flow_net_add_arc(f, v, sink, unbounded);
  } /* u out and v in cannot happen: the windows are consistent along the edges */
  c->work += f->n_arcs;
  double flow = flow_net_max_flow(f, s, sink, unbounded, 1e-13 * unbounded);
  lagrange_point p = {constant + flow - 1e-10 * scale + alpha * L - beta * U, 0, 0};
  for (int t = 0; t < c->n; t++)
    if (in_minimiser(c, t))
      p.load += g->load[t];
  for (int e = 0; e < g->n_edges; e++)
    if (in_minimiser(c, g->edge[e].src) && !in_minimiser(c, g->edge[e].dst))
      p.cut += c->cf * g->edge[e].volume;
  return p;
}

/* A lower bound on g_k: the Lagrangian dual, maximised along the multiplier of the side of (a) that the
 * unconstrained minimiser breaks (concave along each: bracket by doubling, then bisect on the minimiser's side). */
static double boundary_bound(cuts_ctx *c, int k, double T) {
  double L = c->W - (c->N - 1 - k) * T, U = (k + 1) * T;
  lagrange_point p = lagrange(c, k, 0, 0, L, U);
  int low = p.load < L, high = p.load + p.cut > U;
  if (!low && !high)
    return p.value; /* the unconstrained minimiser meets (a): g_k exactly */
  double best = p.value, lo = 0, hi = 0, step = 1;
  for (int e = 0; e < c->g->n_edges; e++)
    step += c->cw[e];
  step /= c->W > 0 ? c->W : 1;
  for (int i = 0; i < 60; i++) { /* bracket: the minimiser's side changes between lo and hi */
    hi = lo + step;
    p = low ? lagrange(c, k, hi, 0, L, U) : lagrange(c, k, 0, hi, L, U);
    if (p.value > best)
      best = p.value;
    if (low ? p.load >= L : p.load + p.cut <= U)
      break;
    lo = hi;
    step *= 2;
  }
  for (int i = 0; i < CUTS_BISECT_STEPS; i++) {
    double mid = (lo + hi) / 2;
    p = low ? lagrange(c, k, mid, 0, L, U) : lagrange(c, k, 0, mid, L, U);
    if (p.value > best)
      best = p.value;
    *((low ? p.load < L : p.load + p.cut > U) ? &lo : &hi) = mid;
  }
  return best > 0 ? best : 0;
}

/* prefix[t] = min over downsets D holding t of load(D) + c(cut(D)): a minimum cut (source -> t unbounded, x -> sink
 * load(x), x -> y c_xy and y -> x unbounded, so D = the source side is closed under predecessors). D_{stage(t)}
 * is such a downset and its stages pay its cut, so (stage(t) + 1) T >= prefix[t]: a window bound with
 * communication, found once for every T. */
static void cheapest_prefixes(cuts_ctx *c) {
  const taskgraph *g = c->g;
  flow_net *f = &c->f;
  int s = c->n, sink = c->n + 1;
  double unbounded = 1;
  f->n_nodes = c->n + 2;
  flow_net_clear(f);
  for (int x = 0; x < c->n; x++) {
    flow_net_add_arc(f, x, sink, g->load[x]);
    unbounded += g->load[x];
  }
  for (int e = 0; e < g->n_edges; e++) {
    flow_net_add_arc(f, g->edge[e].src, g->edge[e].dst, c->cf * g->edge[e].volume);
    unbounded += c->cf * g->edge[e].volume;
  }
  for (int e = 0; e < g->n_edges; e++)
    flow_net_add_arc(f, g->edge[e].dst, g->edge[e].src, unbounded);
  int source_arc = f->n_arcs;
  flow_net_add_arc(f, s, 0, unbounded);
  for (int t = 0; t < c->n; t++) {
    f->to[source_arc] = t; /* its reverse stays on task 0: harmless, the source is never reached again */
    double m = c->work < CUTS_WORK_ARCS ? flow_net_max_flow(f, s, sink, unbounded, 1e-13 * unbounded) : 0;
    c->prefix[t] = m * (1 - 1e-12);
    c->work += f->n_arcs;
  }
}

void mapper_windows_narrow(const taskgraph *g, int n_stages, double T, const double *prefix, int *first) {
  for (int k = 0; k < g->n_tasks; k++) { /* in topological order: first(t) >= first(a predecessor) */
    int t = g->topo[k], by_prefix = (int)fmin(ceil(prefix[t] / T - 1e-9) - 1, (double)n_stages);
    if (by_prefix > first[t])
      first[t] = by_prefix;
    for (int j = g->pred_off[t]; j < g->pred_off[t + 1]; j++)
      if (first[g->edge[g->pred_edge[j]].src] > first[t])
        first[t] = first[g->edge[g->pred_edge[j]].src];
  }
}

/* 1 when no partition has period <= T: an empty window, or (b) fails. */
static int refuted(cuts_ctx *c, double T) {
  const taskgraph *g = c->g;
  if (!(T > 0))
    return 0; /* a period of 0 is possible only with nothing to do or pay: never refuted here */
  exact_model_windows(g, &c->reach, c->N, T, c->first, c->last);
  mapper_windows_narrow(g, c->N, T, c->prefix, c->first);
  for (int t = 0; t < c->n; t++)
    if (c->first[t] > c->last[t])
      return 1;
  for (int e = 0; e < g->n_edges; e++) {
    int span = c->last[g->edge[e].dst] - c->first[g->edge[e].src];
    c->cw[e] = span > 0 ? c->cf * g->edge[e].volume / span : 0;
  }
  double slack = c->N * T - c->W, tol = 1e-9 * c->N * T, paid = 0;
  for (int k = 0; k + 1 < c->N && c->work < CUTS_WORK_ARCS; k++)
    if ((paid += boundary_bound(c, k, T)) > slack + tol)
      return 1;
  return 0;
}

int mapper_cheapest_prefixes(const taskgraph *g, double comm_factor, double *prefix) {
  cuts_ctx c = {.g = g, .n = g->n_tasks, .cf = comm_factor, .prefix = prefix};
  int rc = flow_net_init(&c.f, c.n + 2, 2 * (c.n + 2 * g->n_edges + 1));
  if (rc == GN_OK)
    cheapest_prefixes(&c);
  flow_net_free(&c.f);
  return rc;
}

int mapper_cuts_bound(const taskgraph *g, int n_stages, double comm_factor, double floor_value, int integral,
                      double *out) {
  cuts_ctx c = {.g = g, .n = g->n_tasks, .N = n_stages, .cf = comm_factor};
  gn_error err;
  *out = floor_value;
  double arcs = 2.0 * (c.n + 2.0 * g->n_edges + 1), total = 0; /* every cost, loads and edges */
  for (int t = 0; t < c.n; t++)
    total += g->load[t];
  for (int e = 0; e < g->n_edges; e++)
    total += comm_factor * g->edge[e].volume;
  /* costs so large that the multipliers' products could overflow (1e300 in the bad-input fixtures): not tried */
  if (n_stages < 2 || comm_factor <= 0 || g->n_tasks < 1 || !(total * n_stages < 1e200) ||
      (c.n + 3.0 * CUTS_FLOWS_PER_BOUNDARY * (n_stages - 1)) * arcs > CUTS_WORK_ARCS)
    return GN_OK;
  for (int t = 0; t < c.n; t++)
    c.W += g->load[t];
  c.first = malloc((size_t)c.n * sizeof *c.first);
  c.last = malloc((size_t)c.n * sizeof *c.last);
  c.node = malloc((size_t)c.n * sizeof *c.node);
  c.cw = malloc(((size_t)g->n_edges + 1) * sizeof *c.cw);
  c.prefix = malloc((size_t)c.n * sizeof *c.prefix);
  int rc = c.first && c.last && c.node && c.cw && c.prefix ? GN_OK : GN_ENOMEM;
  if (rc == GN_OK)
    rc = flow_net_init(&c.f, c.n + 2, (int)arcs);
  if (rc == GN_OK)
    cheapest_prefixes(&c);
  if (rc == GN_OK)
    rc = taskgraph_reach_compute(g, &c.reach, &err);
  if (rc == GN_OK && refuted(&c, floor_value)) {
    /* lo is refuted, hi not (yet): the optimum is above lo */
    double lo = floor_value, hi = floor_value > 0 ? floor_value : 1;
    for (int i = 0; i < 30; i++) {
      hi = integral ? ceil(hi * 1.25) : hi * 1.25;
      if (!refuted(&c, hi))
        break;
      lo = hi;
    }
    if (integral)
      while (hi - lo > 1) {
        double mid = floor((lo + hi) / 2);
        *(refuted(&c, mid) ? &lo : &hi) = mid;
      }
    else
      for (int i = 0; i < 20 && hi - lo > 1e-4 * hi; i++) {
        double mid = (lo + hi) / 2;
        *(refuted(&c, mid) ? &lo : &hi) = mid;
      }
    *out = integral ? floor(lo) + 1 : lo; /* whole-number costs: the optimum is whole, and above lo */
  }
  taskgraph_reach_free(&c.reach);
  flow_net_free(&c.f);
  free(c.first);
  free(c.last);
  free(c.node);
  free(c.cw);
  free(c.prefix);
  return rc;
}
