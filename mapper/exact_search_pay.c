/* exact_search_pay: a stronger least payment per task for the stage search with communication.
 *
 * In a partition with period <= T, task u's stage S holds u and costs load(S) + comm_factor x volume(edges leaving
 * S) <= T; u itself pays for its edges leaving S. So u pays at least
 *     f(u) = min over task sets S containing u with cost(S) <= T of c(edges from u leaving S).
 * The forced payment of mapper_bound.c is the fractional knapsack over u's successors alone (a kept successor costs
 * its load); here a kept successor must in turn hold or pay its own successors, down the graph. For lambda >= 0
 *     f(u) >= L(lambda) = min over S containing u of c(out(u) \ S) + lambda x (cost(S) - T)
 * (the added term is <= 0 on the sets allowed), and L(lambda) + lambda T is a minimum s-t cut (S = the source side):
 * source -> u unbounded, x -> sink lambda x load(x), x -> y lambda x c_xy, plus c_uy on u's own edges. Any flow is
 * at most every cut, so each lambda tried gives a valid bound (shaved for rounding); the best is kept. Sets no
 * pipeline could use are allowed: that only weakens it. */
#include "exact_search.h"

#include "flow_net.h"

#include <stdlib.h>

/* cost(S) - T for the source side S of the last flow */
static double slope(const taskgraph *g, const flow_net *f, double comm_factor, double T) {
  double cost = -T;
  for (int x = 0; x < g->n_tasks; x++)
    if (flow_net_source_side(f, x)) {
      cost += g->load[x];
      for (int k = g->succ_off[x]; k < g->succ_off[x + 1]; k++) {
        const tg_edge *e = &g->edge[g->succ_edge[k]];
        if (!flow_net_source_side(f, e->dst))
          cost += comm_factor * e->volume;
      }
    }
  return cost;
}

/* L(lambda) for task u: the capacities set (arcs in the order built below), one maximum flow. */
static double lagrangian(const taskgraph *g, flow_net *f, double comm_factor, double T, int u, double lambda,
                         int source_arc, double base, double *slope_out) {
  int a = 0;
  double unbounded = base * (1 + lambda); /* above every cut that avoids the source arc */
  for (int x = 0; x < g->n_tasks; x++) {
    f->cap0[a] = lambda * g->load[x];
    a += 2;
    for (int k = g->succ_off[x]; k < g->succ_off[x + 1]; k++, a += 2) {
      double c = comm_factor * g->edge[g->succ_edge[k]].volume;
      f->cap0[a] = lambda * c + (x == u ? c : 0);
    }
  }
  f->to[source_arc] = u;
  f->cap0[source_arc] = unbounded;
  double flow = flow_net_max_flow(f, g->n_tasks, g->n_tasks + 1, unbounded, 1e-13 * unbounded);
  *slope_out = slope(g, f, comm_factor, T);
  return flow * (1 - 1e-12) - lambda * T * (1 + 1e-12);
}

int exact_search_raise_payments(const taskgraph *g, double comm_factor, double T, double *pay) {
  int n = g->n_tasks;
  flow_net f;
  if (flow_net_init(&f, n + 2, 2 * (n + 1 + g->n_edges)) != GN_OK)
    return GN_ENOMEM;
  double base = 1; /* x (1 + lambda): more than all capacities together */
  for (int x = 0; x < n; x++) {
    flow_net_add_arc(&f, x, n + 1, 0);
    base += g->load[x];
    for (int k = g->succ_off[x]; k < g->succ_off[x + 1]; k++) {
      const tg_edge *e = &g->edge[g->succ_edge[k]];
      flow_net_add_arc(&f, x, e->dst, 0);
      base += 2 * comm_factor * e->volume;
    }
  }
  int source_arc = f.n_arcs;
  flow_net_add_arc(&f, n, 0, base);
  for (int u = 0; u < n; u++) {
    double out = 0;
    for (int k = g->succ_off[u]; k < g->succ_off[u + 1]; k++)
      out += comm_factor * g->edge[g->succ_edge[k]].volume;
    if (pay[u] < 0 || pay[u] >= out)
      continue; /* no stage fits u at all, or it pays every edge already */
    double lo = 0, hi = 1, sl = 1, best = pay[u];
    /* L is concave in lambda, its slope cost(S) - T: double while it rises, then bisect */
    for (int i = 0; i < 20 && sl > 0; i++) {
      double l = lagrangian(g, &f, comm_factor, T, u, hi, source_arc, base, &sl);
      best = l > best ? l : best;
      if (sl > 0)
        lo = hi, hi *= 2;
    }
    for (int i = 0; i < 12 && sl <= 0; i++) { /* sl > 0 still: no set of cost <= T holds u; leave it */
      double mid = (lo + hi) / 2, l, mid_slope;
      l = lagrangian(g, &f, comm_factor, T, u, mid, source_arc, base, &mid_slope);
      best = l > best ? l : best;
      if (mid_slope > 0)
        lo = mid;
      else
        hi = mid;
    }
    pay[u] = best < out ? best : out;
  }
  flow_net_free(&f);
  return GN_OK;
}
