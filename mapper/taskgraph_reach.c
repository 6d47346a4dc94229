/* taskgraph_reach: descendant bit sets in reverse topological order; an edge u -> v is redundant when v is
 * reached through another successor of u (tried in topological order, so only earlier successors can reach v). */
#include "taskgraph_reach.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Successor tasks of u sorted by topological position (insertion sort: out-degrees are small). */
static int sorted_successors(const taskgraph *g, const int *pos, int u, int *out) {
  int n = 0;
  for (int k = g->succ_off[u]; k < g->succ_off[u + 1]; k++) {
    int e = g->succ_edge[k], j = n++;
    while (j > 0 && pos[g->edge[out[j - 1]].dst] > pos[g->edge[e].dst]) {
      out[j] = out[j - 1];
      j--;
    }
    out[j] = e;
  }
  return n;
}

int taskgraph_reach_compute(const taskgraph *g, taskgraph_reach *r, gn_error *err) {
  int n = g->n_tasks;
  size_t words = ((size_t)n + 63) / 64;
  memset(r, 0, sizeof *r);
  uint64_t *desc = calloc((size_t)n * words, sizeof *desc), *anc = calloc((size_t)n * words, sizeof *anc);
  int *pos = malloc((size_t)n * sizeof *pos), *succ = malloc(((size_t)n + 1) * sizeof *succ);
  r->reduced = calloc((size_t)g->n_edges + 1, 1);
  r->anc_load = calloc((size_t)n, sizeof *r->anc_load);
  r->desc_load = calloc((size_t)n, sizeof *r->desc_load);
  r->anc_count = calloc((size_t)n, sizeof *r->anc_count);
  r->desc_count = calloc((size_t)n, sizeof *r->desc_count);
  int rc = GN_OK;
  r->words = words;
  r->anc = anc;
  r->desc = desc;
  if (!desc || !anc || !pos || !succ || !r->reduced || !r->anc_load || !r->desc_load || !r->anc_count ||
      !r->desc_count) {
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory (reachability of %d tasks)", n);
    taskgraph_reach_free(r);
    goto done;
  }
  for (int k = 0; k < n; k++)
    pos[g->topo[k]] = k;
  for (int k = n - 1; k >= 0; k--) {
    int u = g->topo[k];
    uint64_t *du = desc + (size_t)u * words;
    int ns = sorted_successors(g, pos, u, succ);
    for (int i = 0; i < ns; i++) {
      int v = g->edge[succ[i]].dst;
      if (!taskgraph_reach_has(du, v)) {
        r->reduced[succ[i]] = 1;
        r->n_reduced++;
      }
      du[v >> 6] |= (uint64_t)1 << (v & 63);
      const uint64_t *dv = desc + (size_t)v * words;
      for (size_t w = 0; w < words; w++)
        du[w] |= dv[w];
    }
  }
  for (int u = 0; u < n; u++) {
    const uint64_t *du = desc + (size_t)u * words;
    for (int v = 0; v < n; v++)
      if (taskgraph_reach_has(du, v)) {
        r->desc_load[u] += g->load[v];
        r->desc_count[u]++;
        r->anc_load[v] += g->load[u];
        r->anc_count[v]++;
        anc[(size_t)v * words + (size_t)(u >> 6)] |= (uint64_t)1 << (u & 63);
      }
  }
done:
  free(pos);
  free(succ);
  return rc;
}

void taskgraph_reach_free(taskgraph_reach *r) {
  free(r->reduced);
  free(r->anc_load);
  free(r->desc_load);
  free(r->anc_count);
  free(r->desc_count);
  free(r->anc);
  free(r->desc);
  memset(r, 0, sizeof *r);
}
