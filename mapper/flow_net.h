/* flow_net: maximum flow by Dinic's algorithm on a small network with real capacities (the minimum cuts of the
 * bound's stage and boundary terms, mapper_bound_stage.c and mapper_bound_cuts.c). */
#ifndef FLOW_NET_H
#define FLOW_NET_H

typedef struct flow_net {
  int n_nodes, n_arcs, max_arcs; /* arc a's reverse is a ^ 1 */
  int *head, *next, *to, *level, *cursor, *queue;
  double *cap, *cap0; /* residual capacity; capacity as added */
} flow_net;

/* Room for n_nodes nodes and max_arcs arcs (reverse arcs included); GN_ENOMEM when it does not fit. */
int flow_net_init(flow_net *f, int n_nodes, int max_arcs);
void flow_net_free(flow_net *f);
/* Remove every arc. */
void flow_net_clear(flow_net *f);
/* An arc x -> y of capacity c and its reverse of capacity 0 (the caller keeps within max_arcs). */
void flow_net_add_arc(flow_net *f, int x, int y, double c);
/* Restore every capacity as added, then push a maximum flow from s to t (no path carries more than unbounded;
 * residual capacities up to eps count as 0). Any flow is at most every cut (weak duality), so the value returned
 * is a lower bound on the minimum cut even where rounding stopped the search early. Afterwards
 * flow_net_source_side(f, x) says whether x is on the source side of a minimum cut. */
double flow_net_max_flow(flow_net *f, int s, int t, double unbounded, double eps);
static inline int flow_net_source_side(const flow_net *f, int x) { return f->level[x] >= 0; }

#endif
