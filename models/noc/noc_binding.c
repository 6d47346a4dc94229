/* noc_binding: stage flows, the snake and communication-aware bindings, and hop-weighted volume. */
#include "noc_binding_priv.h"

#include <stdlib.h>

static int flow_cmp(const void *a, const void *b) {
  const noc_flow *x = a, *y = b;
  if (x->src_stage != y->src_stage)
    return x->src_stage < y->src_stage ? -1 : 1;
  return (x->dst_stage > y->dst_stage) - (x->dst_stage < y->dst_stage);
}

int noc_stage_flows(const taskgraph *g, const partition *p, noc_flow **flows, int *n_flows, gn_error *err) {
  noc_flow *f = malloc((size_t)(g->n_edges > 0 ? g->n_edges : 1) * sizeof *f);
  if (!f)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int n = 0;
  for (int e = 0; e < g->n_edges; e++) {
    int a = p->stage[g->edge[e].src], b = p->stage[g->edge[e].dst];
    if (a != b)
      f[n++] = (noc_flow){a, b, g->edge[e].volume};
  }
  qsort(f, (size_t)n, sizeof *f, flow_cmp);
  int m = 0;
  for (int i = 0; i < n; i++) {
    if (m > 0 && f[m - 1].src_stage == f[i].src_stage && f[m - 1].dst_stage == f[i].dst_stage)
      f[m - 1].volume += f[i].volume;
    else
      f[m++] = f[i];
  }
  *flows = f;
  *n_flows = m;
  return GN_OK;
}

double noc_binding_hop_volume(const noc_chip *chip, const int *stage_core, const noc_flow *flows, int n_flows) {
  double total = 0;
  for (int i = 0; i < n_flows; i++)
    total += flows[i].volume * noc_hops(chip, stage_core[flows[i].src_stage], stage_core[flows[i].dst_stage]);
  return total;
}

int noc_bind_snake(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows, int n_flows,
                      int *stage_core, gn_error *err) {
  for (int s = 0; s < n_stages; s++)
    stage_core[s] = logical[s];
  return GN_OK;
}

int noc_binding_stage_index(const noc_flow *flows, int n_flows, int n_stages, int **off_out, int **idx_out) {
  int *off = calloc((size_t)n_stages + 1, sizeof *off), *idx = malloc((size_t)(2 * n_flows + 1) * sizeof *idx);
  int *fill = calloc((size_t)n_stages + 1, sizeof *fill);
  if (!off || !idx || !fill) {
    free(off);
    free(idx);
    free(fill);
    return -1;
  }
  for (int i = 0; i < n_flows; i++) {
    off[flows[i].src_stage + 1]++;
    off[flows[i].dst_stage + 1]++;
  }
  for (int s = 0; s < n_stages; s++)
    off[s + 1] += off[s];
  for (int i = 0; i < n_flows; i++) {
    idx[off[flows[i].src_stage] + fill[flows[i].src_stage]++] = i;
    idx[off[flows[i].dst_stage] + fill[flows[i].dst_stage]++] = i;
  }
  free(fill);
  *off_out = off;
  *idx_out = idx;
  return 0;
}

/* Hop-weighted volume of the flows touching stage s (the part of the total that moving s changes). */
static double stage_traffic(const noc_chip *chip, const int *stage_core, int s, const noc_flow *flows, const int *off,
                            const int *idx) {
  double t = 0;
  for (int j = off[s]; j < off[s + 1]; j++) {
    const noc_flow *f = &flows[idx[j]];
    t += f->volume * noc_hops(chip, stage_core[f->src_stage], stage_core[f->dst_stage]);
  }
  return t;
}

void noc_binding_search(const noc_binding_search_ops *ops, const int *logical, int k, int n_stages,
                        int *stage_core, int *owner, int passes, int skip_seen_swaps) {
  for (int pass = 0, improved = 1; improved && pass < passes; pass++) {
    improved = 0;
    for (int s = 0; s < n_stages; s++)
      for (int i = 0; i < k; i++) {
        int c = logical[i], t = owner[c], old = stage_core[s];
        if (c == old || (skip_seen_swaps && t >= 0 && t < s))
          continue;
        if (ops->leave)
          ops->leave(ops->ctx, s, t);
        stage_core[s] = c;
        if (t >= 0)
          stage_core[t] = old;
        if (ops->arrive(ops->ctx, s, t)) {
          owner[c] = s;
          owner[old] = t;
          improved = 1;
          continue;
        }
        if (ops->leave)
          ops->leave(ops->ctx, s, t);
        stage_core[s] = old;
        if (t >= 0)
          stage_core[t] = c;
        if (ops->restore)
          ops->restore(ops->ctx, s, t);
      }
  }
}

int *noc_binding_owners(const noc_chip *chip, const int *stage_core, int n_stages) {
  int *owner = malloc((size_t)noc_core_count(chip) * sizeof *owner);
  for (int c = 0; owner && c < noc_core_count(chip); c++)
    owner[c] = -1;
  for (int s = 0; owner && s < n_stages; s++)
    owner[stage_core[s]] = s;
  return owner;
}

/* The comm binding's search state: the hop-weighted volume of the flows touching the two moved stages before
 * the move (a flow between them counted on both sides, before and after alike, so the comparison is exact). */
typedef struct comm_search {
  const noc_chip *chip;
  const noc_flow *flows;
  const int *stage_core, *off, *idx;
  double before;
} comm_search;

static double moved_traffic(const comm_search *cs, int s, int t) {
  return stage_traffic(cs->chip, cs->stage_core, s, cs->flows, cs->off, cs->idx) +
         (t >= 0 ? stage_traffic(cs->chip, cs->stage_core, t, cs->flows, cs->off, cs->idx) : 0);
}

static void comm_leave(void *ctx, int s, int t) {
  comm_search *cs = ctx;
  cs->before = moved_traffic(cs, s, t);
}

static int comm_arrive(void *ctx, int s, int t) {
  comm_search *cs = ctx;
  return moved_traffic(cs, s, t) < cs->before - 1e-9 * (cs->before > 1 ? cs->before : 1);
}

/* Start from the snake, then first-improvement local search: move a stage to a free logical core, or swap the
 * cores of two stages, whenever that lowers the hop-weighted volume; stop when a full pass finds nothing (at
 * most 50 passes, which bounds the time on 100-core chips to milliseconds). Moves are tried in a fixed order,
 * so the result is deterministic. */
int noc_bind_comm(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows, int n_flows,
                  int *stage_core, gn_error *err) {
  noc_bind_snake(chip, logical, k, n_stages, flows, n_flows, stage_core, err);
  int *off = NULL, *idx = NULL, *owner = noc_binding_owners(chip, stage_core, n_stages);
  if (!owner || noc_binding_stage_index(flows, n_flows, n_stages, &off, &idx)) {
    free(owner);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  comm_search cs = {chip, flows, stage_core, off, idx, 0};
  noc_binding_search_ops ops = {&cs, comm_leave, comm_arrive, NULL};
  noc_binding_search(&ops, logical, k, n_stages, stage_core, owner, 50, 0);
  free(off);
  free(idx);
  free(owner);
  return GN_OK;
}
