/* platform_grid: compute hosts of a platform grouped into grid clusters, with node classes and capability. */
#include "platform_grid.h"

#include <stdlib.h>
#include <string.h>

static const char *cluster_key(const platform_desc *p, const platform_host *h) {
  return h->cluster ? h->cluster : p->zones[h->zone].id;
}

/* The index of h's node class, added when new; -1 (err set) past the grid's class limit. */
static int class_of(grid *g, const platform_desc *p, const platform_host *h, gn_error *err) {
  double flops = h->speed_flops * h->cores, mem = h->mem_mb < 0 ? 0 : h->mem_mb, io = h->io_mbps < 0 ? 0 : h->io_mbps;
  for (int k = 0; k < g->n_classes; k++)
    if (g->classes[k].cpu_flops == flops && g->classes[k].mem_mb == mem && g->classes[k].io_mbps == io)
      return k;
  int cap = (int)(sizeof g->classes / sizeof g->classes[0]);
  if (g->n_classes == cap) {
    gn_error_set(err, GN_EINPUT, p->path, h->line,
                 "host '%s' would be a node class of its own, and a grid holds at most %d classes "
                 "(distinct speed x cores, mem, io)",
                 h->id, cap);
    return -1;
  }
  g->classes[g->n_classes] = (grid_node_class){h->id, flops, mem, io};
  return g->n_classes++;
}

int platform_to_grid(const platform_desc *p, grid *g, int **host_of_node, gn_error *err) {
  memset(g, 0, sizeof *g);
  *host_of_node = NULL;
  int n = 0;
  for (int i = 0; i < p->n_hosts; i++)
    n += p->hosts[i].role == NULL;
  if (n == 0)
    return gn_error_set(err, GN_EINPUT, p->path, 0, "no compute host (every host has a gridnoc.role)");
  const char **keys = calloc((size_t)n, sizeof *keys);
  int *order = malloc((size_t)n * sizeof *order);
  g->nodes = calloc((size_t)n, sizeof *g->nodes);
  g->clusters = calloc((size_t)n, sizeof *g->clusters);
  if (!keys || !order || !g->nodes || !g->clusters) {
    free(keys);
    free(order);
    grid_free(g);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a %d-node grid", n);
  }
  /* Clusters in order of first appearance; nodes listed cluster by cluster (grid clusters are contiguous). */
  for (int i = 0; i < p->n_hosts; i++) {
    if (p->hosts[i].role)
      continue;
    const char *key = cluster_key(p, &p->hosts[i]);
    int c = 0;
    while (c < g->n_clusters && strcmp(keys[c], key) != 0)
      c++;
    if (c == g->n_clusters)
      keys[g->n_clusters++] = key;
    g->clusters[c].n_nodes++;
  }
  for (int c = 1; c < g->n_clusters; c++)
    g->clusters[c].first_node = g->clusters[c - 1].first_node + g->clusters[c - 1].n_nodes;
  int *fill = calloc((size_t)g->n_clusters, sizeof *fill);
  int rc = fill ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a %d-node grid", n);
  for (int i = 0; rc == GN_OK && i < p->n_hosts; i++) {
    const platform_host *h = &p->hosts[i];
    if (h->role)
      continue;
    int c = 0;
    while (strcmp(keys[c], cluster_key(p, h)) != 0)
      c++;
    int node = g->clusters[c].first_node + fill[c]++;
    int k = class_of(g, p, h, err);
    if (k < 0)
      rc = GN_EINPUT;
    g->nodes[node] = (grid_node){c, k, 0};
    order[node] = i;
  }
  free(fill);
  free(keys);
  if (rc) {
    free(order);
    grid_free(g);
    return rc;
  }
  g->n_nodes = n;
  grid_set_weights(g, (grid_weights){1.0, 0.0, 0.0});
  *host_of_node = order;
  return GN_OK;
}
