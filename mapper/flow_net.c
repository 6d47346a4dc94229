/* flow_net: Dinic's maximum flow (level graph by breadth-first search, blocking flow by depth-first pushes). */
#include "flow_net.h"

#include "gn_error.h"

#include <stdlib.h>

int flow_net_init(flow_net *f, int n_nodes, int max_arcs) {
  size_t nodes = (size_t)(n_nodes > 0 ? n_nodes : 1), arcs = (size_t)(max_arcs > 0 ? max_arcs : 1);
  *f = (flow_net){.n_nodes = n_nodes, .max_arcs = max_arcs};
  f->head = malloc(nodes * sizeof *f->head);
  f->level = malloc(nodes * sizeof *f->level);
  f->cursor = malloc(nodes * sizeof *f->cursor);
  f->queue = malloc(nodes * sizeof *f->queue);
  f->next = malloc(arcs * sizeof *f->next);
  f->to = malloc(arcs * sizeof *f->to);
  f->cap = malloc(arcs * sizeof *f->cap);
  f->cap0 = malloc(arcs * sizeof *f->cap0);
  if (!f->head || !f->level || !f->cursor || !f->queue || !f->next || !f->to || !f->cap || !f->cap0) {
    flow_net_free(f);
    return GN_ENOMEM;
  }
  flow_net_clear(f);
  return GN_OK;
}

void flow_net_free(flow_net *f) {
  free(f->head), free(f->level), free(f->cursor), free(f->queue);
  free(f->next), free(f->to), free(f->cap), free(f->cap0);
  *f = (flow_net){0};
}

void flow_net_clear(flow_net *f) {
  f->n_arcs = 0;
  for (int i = 0; i < f->n_nodes; i++)
    f->head[i] = -1;
}

void flow_net_add_arc(flow_net *f, int x, int y, double c) {
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

double flow_net_max_flow(flow_net *f, int s, int t, double unbounded, double eps) {
  for (int a = 0; a < f->n_arcs; a++)
    f->cap[a] = f->cap0[a];
  double flow = 0;
  while (bfs_levels(f, s, t, eps)) {
    for (int i = 0; i < f->n_nodes; i++)
      f->cursor[i] = f->head[i];
    double got;
    while ((got = push(f, s, t, unbounded, eps)) > 0)
      flow += got;
  }
  return flow;
}
