/* The stage bound of `bound` (mapper_bound.c): the cheapest stage any task can be in.
 *
 * In a valid pipeline every edge leaving a stage S goes to a later stage, so S pays all of them:
 *     cost(S) = load(S) + comm_factor x volume(edges leaving S).
 * The stage holding task u is one such S with u in it, so the optimal period is at least
 *     m(u) = min over every task set S containing u of load(S) + comm_factor x volume(edges leaving S),
 * and at least max_u m(u). m(u) is a minimum s-t cut (S = the source side): source -> u (unbounded),
 * x -> sink with capacity load(x) (cut when x is in S), x -> y with capacity c_xy (cut when x is in S and y is
 * not). The maximum flow (Dinic's algorithm) is its value; any flow is at most every cut (weak duality), so the
 * flow found, shaved by a relative 1e-12 for rounding, is a true lower bound even if the search stopped early.
 * Sets that no pipeline could use (all tasks, non-convex sets) are allowed: that only makes the bound weaker. */
#include "mapper.h"

#include "flow_net.h"

#include <stdlib.h>

int mapper_stage_bound(const taskgraph *g, double comm_factor, double floor_value, double *out) {
  int n = g->n_tasks, s = n, t = n + 1; /* tasks 0..n-1, source n, sink n+1 */
  flow_net f;
  double unbounded = 1, best = floor_value, *single = malloc(((size_t)(n > 0 ? n : 0) + 1) * sizeof *single);
  int rc = flow_net_init(&f, n + 2, 2 * (n + 1 + (g->n_edges > 0 ? g->n_edges : 0)));
  if (rc || !single) {
    rc = GN_ENOMEM;
    goto done;
  }
  for (int x = 0; x < n; x++) {
    flow_net_add_arc(&f, x, t, g->load[x]);
    single[x] = g->load[x]; /* cost of S = {x} */
    for (int k = g->succ_off[x]; k < g->succ_off[x + 1]; k++) {
      const tg_edge *e = &g->edge[g->succ_edge[k]];
      flow_net_add_arc(&f, x, e->dst, comm_factor * e->volume);
      single[x] += comm_factor * e->volume;
    }
    unbounded += single[x];
  }
  /* the source's only arc, pointed at u for m(u) (its reverse stays on task 0: harmless, the source is never
   * reached again) */
  int source_arc = f.n_arcs;
  flow_net_add_arc(&f, s, 0, unbounded);
  double eps = 1e-13 * unbounded;
  for (int u = 0; u < n; u++)
    if (single[u] > best) { /* m(u) <= cost({u}): no better than best otherwise */
      f.to[source_arc] = u;
      double m = flow_net_max_flow(&f, s, t, unbounded, eps) * (1 - 1e-12);
      if (m > best)
        best = m;
    }
done:
  *out = best;
  free(single);
  flow_net_free(&f);
  return rc;
}
