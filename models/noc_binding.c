/* noc_binding: stage flows, the snake and communication-aware bindings, and hop-weighted volume. */
#include "noc_binding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int bind_snake(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows, int n_flows,
                      int *stage_core, gn_error *err) {
  for (int s = 0; s < n_stages; s++)
    stage_core[s] = logical[s];
  return GN_OK;
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

/* Start from the snake, then first-improvement local search: move a stage to a free logical core, or swap the
 * cores of two stages, whenever that lowers the hop-weighted volume; stop when a full pass finds nothing (at
 * most 50 passes, which bounds the time on 100-core chips to milliseconds). Moves are tried in a fixed order,
 * so the result is deterministic. */
static int bind_comm(const noc_chip *chip, const int *logical, int k, int n_stages, const noc_flow *flows, int n_flows,
                     int *stage_core, gn_error *err) {
  int *off = calloc((size_t)n_stages + 1, sizeof *off), *idx = malloc((size_t)(2 * n_flows + 1) * sizeof *idx);
  int *owner = malloc((size_t)noc_core_count(chip) * sizeof *owner), *fill = NULL;
  if (off && idx && owner)
    fill = calloc((size_t)n_stages, sizeof *fill);
  if (!fill) {
    free(off);
    free(idx);
    free(owner);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
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
  for (int c = 0; c < noc_core_count(chip); c++)
    owner[c] = -1;
  for (int s = 0; s < n_stages; s++) {
    stage_core[s] = logical[s];
    owner[logical[s]] = s;
  }
  for (int pass = 0, improved = 1; improved && pass < 50; pass++) {
    improved = 0;
    for (int s = 0; s < n_stages; s++)
      for (int i = 0; i < k; i++) {
        int c = logical[i], t = owner[c], old = stage_core[s];
        if (c == old)
          continue;
        double before = stage_traffic(chip, stage_core, s, flows, off, idx) +
                        (t >= 0 ? stage_traffic(chip, stage_core, t, flows, off, idx) : 0);
        stage_core[s] = c;
        if (t >= 0)
          stage_core[t] = old;
        double after = stage_traffic(chip, stage_core, s, flows, off, idx) +
                       (t >= 0 ? stage_traffic(chip, stage_core, t, flows, off, idx) : 0);
        /* A flow between s and t is counted twice on both sides, so the comparison stays exact. */
        if (after < before - 1e-9 * (before > 1 ? before : 1)) {
          owner[c] = s;
          owner[old] = t;
          improved = 1;
        } else {
          stage_core[s] = old;
          if (t >= 0)
            stage_core[t] = c;
        }
      }
  }
  free(off);
  free(idx);
  free(owner);
  free(fill);
  return GN_OK;
}

static const noc_binding_method snake = {"snake", "stage i on logical core Pi (boustrophedon: neighbours in a row)",
                                         bind_snake};
static const noc_binding_method comm = {"comm", "snake, then core moves/swaps lowering hops x volume", bind_comm};

const noc_binding_method *const noc_binding_methods[] = {&snake, &comm, NULL};

const noc_binding_method *noc_binding_find(const char *name, gn_error *err) {
  char names[128] = "";
  size_t used = 0;
  for (int i = 0; noc_binding_methods[i]; i++) {
    if (strcmp(noc_binding_methods[i]->name, name) == 0)
      return noc_binding_methods[i];
    if (used < sizeof names)
      used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", noc_binding_methods[i]->name);
  }
  gn_error_set(err, GN_EINPUT, NULL, 0, "unknown binding '%s' (known: %s)", name, names);
  return NULL;
}
