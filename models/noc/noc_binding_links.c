/* noc_binding_links: the "links" binding — stages placed so that the busiest mesh link carries the least. */
#include "noc_binding_priv.h"
#include "noc_links.h"

#include <stdlib.h>

/* Where the search keeps its state: each flow's route, the per-link loads, the flows touching each stage. */
typedef struct link_search {
  const noc_chip *chip;
  const noc_flow *flows;
  int *stage_core;
  double *load;     /* [link ids] Σ volume */
  int *off, *idx;   /* flows touching stage s: idx[off[s] .. off[s+1]) (a flow between two stages twice) */
  double best_max, best_sq;
} link_search;

/* Add (sign 1) or take off (sign -1) flow f's volume along its XY route. */
static void route_add(link_search *ls, int f, double sign) {
  int links[2 * NOC_MAX_SIDE];
  const noc_flow *fl = &ls->flows[f];
  int m = noc_xy_route(ls->chip, ls->stage_core[fl->src_stage], ls->stage_core[fl->dst_stage], links);
  for (int i = 0; i < m; i++)
    ls->load[links[i]] += sign * fl->volume;
}

/* Take off or put back every flow touching stage s (and t >= 0), each once. */
static void stages_add(link_search *ls, int s, int t, double sign) {
  for (int j = ls->off[s]; j < ls->off[s + 1]; j++)
    route_add(ls, ls->idx[j], sign);
  for (int j = t >= 0 ? ls->off[t] : 0; t >= 0 && j < ls->off[t + 1]; j++) {
    const noc_flow *f = &ls->flows[ls->idx[j]];
    if (f->src_stage != s && f->dst_stage != s)
      route_add(ls, ls->idx[j], sign);
  }
}

/* The objective: the busiest link first, then Σ load² (spreads the traffic, so the search has a slope to
 * follow where the maximum does not move). */
static void objective(const link_search *ls, double *max, double *squares) {
  *max = *squares = 0;
  for (int l = 0; l < noc_link_id_count(ls->chip); l++) {
    if (ls->load[l] > *max)
      *max = ls->load[l];
    *squares += ls->load[l] * ls->load[l];
  }
}

static int better(double max, double sq, double best_max, double best_sq) {
  double eps = 1e-9 * (best_max > 1 ? best_max : 1);
  if (max < best_max - eps)
    return 1;
  return max <= best_max + eps && sq < best_sq - 1e-9 * (best_sq > 1 ? best_sq : 1);
}

static void links_leave(void *ctx, int s, int t) { stages_add(ctx, s, t, -1); }
static void links_restore(void *ctx, int s, int t) { stages_add(ctx, s, t, 1); }

static int links_arrive(void *ctx, int s, int t) {
  link_search *ls = ctx;
  stages_add(ls, s, t, 1);
  double max, sq;
  objective(ls, &max, &sq);
  if (!better(max, sq, ls->best_max, ls->best_sq))
    return 0;
  ls->best_max = max;
  ls->best_sq = sq;
  return 1;
}

/* Start from the comm binding (few hops), then first-improvement local search over moves to a free logical
 * core and swaps of two stages, in a fixed order (deterministic), at most 30 passes. */
int noc_bind_links(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows,
                   int n_flows, int *stage_core, gn_error *err) {
  int rc = noc_bind_comm(chip, logical, k, n_stages, flows, n_flows, stage_core, err);
  if (rc)
    return rc;
  link_search ls = {chip, flows, stage_core, NULL, NULL, NULL, 0, 0};
  int *owner = noc_binding_owners(chip, stage_core, n_stages);
  ls.load = calloc((size_t)noc_link_id_count(chip), sizeof *ls.load);
  if (!owner || !ls.load || noc_binding_stage_index(flows, n_flows, n_stages, &ls.off, &ls.idx)) {
    free(owner);
    free(ls.load);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  noc_link_loads(chip, stage_core, flows, n_flows, ls.load);
  objective(&ls, &ls.best_max, &ls.best_sq);
  noc_binding_search_ops ops = {&ls, links_leave, links_arrive, links_restore};
  noc_binding_search(&ops, logical, k, n_stages, stage_core, owner, 30, 0);
  free(owner);
  free(ls.load);
  free(ls.off);
  free(ls.idx);
  return GN_OK;
}
