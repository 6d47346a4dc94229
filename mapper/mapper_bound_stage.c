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

#include <float.h>
#include <stdlib.h>

typedef struct flow_net {
  int n_nodes, n_arcs; /* tasks 0..n-1, source n, sink n+1; arc a's reverse is a ^ 1 */
  int *head, *next, *to, *level, *cursor, *queue;
  double *cap, *cap0;
} flow_net;

static void add_arc(flow_net *f, int x, int y, double c) {
  int a = f->n_arcs;
  f->to[a] = y, f->cap0[a] = c, f->next[a] = f->head[x], f->head[x] = a;
  f->to[a + 1] = x, f->cap0[a + 1] = 0, f->next[a + 1] = f->head[y], f->head[y] = a + 1;
  f->n_arcs += 2;
}

static int bfs_levels(flow_net *f, int s, int t, double eps) {
  for (int i = 0; i < f->n_nodes; i++)
    f->level[i] = -1;
  int qh = 0, qt = 0;
  f->queue[qt++] = s;
  f->level[s] = 0;
  while (qh < qt) {
    int x = f->queue[qh++];
    for (int a = f->head[x]; a >= 0; a = f->next[a])
      if (f->cap[a] > eps && f->level[f->to[a]] < 0) {
        f->level[f->to[a]] = f->level[x] + 1;
        f->queue[qt++] = f->to[a];
      }
  }
  return f->level[t] >= 0;
}

static double push(flow_net *f, int x, int t, double limit, double eps) {
  if (x == t)
    return limit;
  for (int *a = &f->cursor[x]; *a >= 0; *a = f->next[*a]) {
    int y = f->to[*a];
    if (f->cap[*a] > eps && f->level[y] == f->level[x] + 1) {
      double got = push(f, y, t, limit < f->cap[*a] ? limit : f->cap[*a], eps);
      if (got > 0) {
        f->cap[*a] -= got;
        f->cap[*a ^ 1] += got;
        return got;
      }
    }
  }
  return 0;
}

/* m(u): the maximum flow from the source, joined to u alone, to the sink. */
static double cheapest_stage(flow_net *f, int u, double unbounded, double eps) {
  int n = f->n_nodes - 2, s = n, t = n + 1;
  for (int a = 0; a < f->n_arcs; a++)
    f->cap[a] = f->cap0[a];
  /* the source's only arc (its reverse stays on task 0: harmless, the source is never reached again) */
  f->to[f->head[s]] = u;
  f->cap[f->head[s]] = unbounded;
  double flow = 0;
  while (bfs_levels(f, s, t, eps)) {
    for (int i = 0; i < f->n_nodes; i++)
      f->cursor[i] = f->head[i];
    double got;
    while ((got = push(f, s, t, unbounded, eps)) > 0)
      flow += got;
  }
  return flow * (1 - 1e-12);
}

int mapper_stage_bound(const taskgraph *g, double comm_factor, double floor_value, double *out) {
  int n = g->n_tasks;
  size_t nodes = (size_t)(n > 0 ? n : 0) + 2, arcs = 2 * (nodes + (size_t)(g->n_edges > 0 ? g->n_edges : 0));
  flow_net f = {.n_nodes = n + 2};
  f.head = malloc(nodes * sizeof *f.head);
  f.level = malloc(nodes * sizeof *f.level);
  f.cursor = malloc(nodes * sizeof *f.cursor);
  f.queue = malloc(nodes * sizeof *f.queue);
  f.next = malloc(arcs * sizeof *f.next);
  f.to = malloc(arcs * sizeof *f.to);
  f.cap = malloc(arcs * sizeof *f.cap);
  f.cap0 = malloc(arcs * sizeof *f.cap0);
  double unbounded = 1, best = floor_value, *single = malloc(nodes * sizeof *single); /* cost of S = {u} */
  int rc = GN_OK;
  if (!f.head || !f.level || !f.cursor || !f.queue || !f.next || !f.to || !f.cap || !f.cap0 || !single) {
    rc = GN_ENOMEM;
    goto done;
  }
  for (int i = 0; i < n + 2; i++)
    f.head[i] = -1;
  for (int x = 0; x < n; x++) {
    add_arc(&f, x, n + 1, g->load[x]);
    single[x] = g->load[x];
    for (int k = g->succ_off[x]; k < g->succ_off[x + 1]; k++) {
      const tg_edge *e = &g->edge[g->succ_edge[k]];
      add_arc(&f, x, e->dst, comm_factor * e->volume);
      single[x] += comm_factor * e->volume;
    }
    unbounded += single[x];
  }
  add_arc(&f, n, 0, 0);
  double eps = 1e-13 * unbounded;
  for (int u = 0; u < n; u++)
    if (single[u] > best) { /* m(u) <= cost({u}): no better than best otherwise */
      double m = cheapest_stage(&f, u, unbounded, eps);
      if (m > best)
        best = m;
    }
done:
  *out = best;
  free(single);
  free(f.head), free(f.level), free(f.cursor), free(f.queue);
  free(f.next), free(f.to), free(f.cap), free(f.cap0);
  return rc;
}
