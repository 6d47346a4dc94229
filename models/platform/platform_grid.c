/* platform_grid: compute hosts of a platform grouped into grid clusters, with node classes, capability and
 * the hosts of the grid's masters. */
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

double platform_min_bandwidth(const platform_desc *p) {
  double bw = 0;
  for (int i = 0; i < p->n_links; i++)
    if (p->links[i].bw_Bps > 0 && (bw == 0 || p->links[i].bw_Bps < bw))
      bw = p->links[i].bw_Bps;
  for (int z = 0; z < p->n_zones; z++) {
    const platform_zone *zn = &p->zones[z];
    if (zn->is_cluster && zn->host_bw_Bps > 0 && (bw == 0 || zn->host_bw_Bps < bw))
      bw = zn->host_bw_Bps;
    if (zn->is_cluster && zn->bb_bw_Bps > 0 && (bw == 0 || zn->bb_bw_Bps < bw))
      bw = zn->bb_bw_Bps;
  }
  return bw;
}

static int has_role(const platform_host *h, const char *role) { return h->role && strcmp(h->role, role) == 0; }

/* The one host with gridnoc.role=role, or -1; GN_EINPUT at a second one. */
static int unique_role(const platform_desc *p, const char *role, int *out, gn_error *err) {
  *out = -1;
  for (int i = 0; i < p->n_hosts; i++) {
    if (!has_role(&p->hosts[i], role))
      continue;
    if (*out >= 0)
      return gn_error_set(err, GN_EINPUT, p->path, p->hosts[i].line,
                          "host '%s' is a second gridnoc.role=%s (the first is '%s', line %d): keep one",
                          p->hosts[i].id, role, p->hosts[*out].id, p->hosts[*out].line);
    *out = i;
  }
  return GN_OK;
}

/* Working tables of platform_grid_layout, one entry per host (clusters never outnumber hosts). */
typedef struct layout_work {
  const char **keys; /* cluster names in order of their first compute host */
  int *count;        /* compute hosts (no role) per cluster, its implicit master excluded once chosen */
  int *first;        /* first compute host of each cluster */
  int *master;       /* master host of each cluster */
  int *cluster_of;   /* per host: its cluster for a compute host or a cluster_master, else -1 */
  int n_keys;
} layout_work;

static int find_key(const layout_work *w, const char *key) {
  for (int c = 0; c < w->n_keys; c++)
    if (strcmp(w->keys[c], key) == 0)
      return c;
  return -1;
}

/* Clusters and (elect = 1) their masters, before any cut: every rule of the header but the class limit. Without
 * elect every compute host stays a node (platform_to_grid). */
static int find_clusters(const platform_desc *p, int elect, layout_work *w, gn_error *err) {
  for (int i = 0; i < p->n_hosts; i++) {
    const platform_host *h = &p->hosts[i];
    w->cluster_of[i] = -1;
    if (h->role)
      continue;
    int c = find_key(w, cluster_key(p, h));
    if (c < 0) {
      c = w->n_keys++;
      w->keys[c] = cluster_key(p, h);
      w->first[c] = i;
      w->master[c] = -1;
    }
    w->count[c]++;
    w->cluster_of[i] = c;
  }
  if (w->n_keys == 0)
    return gn_error_set(err, GN_EINPUT, p->path, 0, "no compute host (every host has a gridnoc.role): add hosts "
                                                    "without gridnoc.role");
  for (int i = 0; elect && i < p->n_hosts; i++) {
    const platform_host *h = &p->hosts[i];
    if (!has_role(h, "cluster_master"))
      continue;
    int c = find_key(w, cluster_key(p, h));
    if (c < 0)
      return gn_error_set(err, GN_EINPUT, p->path, h->line,
                          "host '%s' is the cluster_master of cluster '%s', which has no compute host: add a host "
                          "without gridnoc.role to '%s', or point this one elsewhere with gridnoc.cluster",
                          h->id, cluster_key(p, h), cluster_key(p, h));
    if (w->master[c] >= 0)
      return gn_error_set(err, GN_EINPUT, p->path, h->line,
                          "host '%s' is a second cluster_master of cluster '%s' (the first is '%s', line %d): keep one",
                          h->id, w->keys[c], p->hosts[w->master[c]].id, p->hosts[w->master[c]].line);
    w->master[c] = i;
    w->cluster_of[i] = c;
  }
  for (int c = 0; elect && c < w->n_keys; c++) {
    if (w->master[c] >= 0)
      continue;
    const platform_host *h = &p->hosts[w->first[c]];
    if (w->count[c] == 1)
      return gn_error_set(err, GN_EINPUT, p->path, h->line,
                          "cluster '%s' has one host, '%s', which becomes its master and leaves no node: add a compute "
                          "host to it, or a host with gridnoc.role=cluster_master",
                          w->keys[c], h->id);
    w->master[c] = w->first[c];
    w->count[c]--;
  }
  return GN_OK;
}

/* Nodes of the first K clusters, cluster by cluster in file order; classes in file order. */
static int fill_nodes(const platform_desc *p, const layout_work *w, int K, grid *g, platform_grid_hosts *hosts,
                      gn_error *err) {
  int N = 0;
  for (int c = 0; c < K; c++)
    N += w->count[c];
  g->clusters = calloc((size_t)K, sizeof *g->clusters);
  g->nodes = calloc((size_t)N, sizeof *g->nodes);
  hosts->node = malloc((size_t)N * sizeof *hosts->node);
  hosts->cluster_master = malloc((size_t)K * sizeof *hosts->cluster_master);
  int *fill = calloc((size_t)K, sizeof *fill);
  if (!g->clusters || !g->nodes || !hosts->node || !hosts->cluster_master || !fill) {
    free(fill);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a %d-node grid", N);
  }
  g->n_clusters = hosts->n_clusters = K;
  g->n_nodes = hosts->n_nodes = N;
  for (int c = 0; c < K; c++) {
    g->clusters[c].n_nodes = w->count[c];
    g->clusters[c].first_node = c ? g->clusters[c - 1].first_node + w->count[c - 1] : 0;
    hosts->cluster_master[c] = w->master[c];
  }
  int rc = GN_OK;
  for (int i = 0; i < p->n_hosts && !rc; i++) {
    int c = w->cluster_of[i];
    if (c < 0 || c >= K || i == w->master[c])
      continue;
    int node = g->clusters[c].first_node + fill[c]++, k = class_of(g, p, &p->hosts[i], err);
    if (k < 0)
      rc = GN_EINPUT;
    g->nodes[node] = (grid_node){c, k, 0};
    hosts->node[node] = i;
  }
  free(fill);
  return rc;
}

static int work_alloc(const platform_desc *p, layout_work *w, gn_error *err) {
  size_t n = p->n_hosts > 0 ? (size_t)p->n_hosts : 1;
  *w = (layout_work){calloc(n, sizeof *w->keys), calloc(n, sizeof(int)), calloc(n, sizeof(int)),
                     calloc(n, sizeof(int)), calloc(n, sizeof(int)), 0};
  return w->keys && w->count && w->first && w->master && w->cluster_of
             ? GN_OK
             : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for %d hosts", p->n_hosts);
}

static void work_free(layout_work *w) {
  free(w->keys);
  free(w->count);
  free(w->first);
  free(w->master);
  free(w->cluster_of);
}

int platform_to_grid(const platform_desc *p, grid *g, int **host_of_node, gn_error *err) {
  memset(g, 0, sizeof *g);
  *host_of_node = NULL;
  platform_grid_hosts hosts;
  memset(&hosts, 0, sizeof hosts);
  layout_work w;
  int rc = work_alloc(p, &w, err);
  if (!rc)
    rc = find_clusters(p, 0, &w, err);
  if (!rc)
    rc = fill_nodes(p, &w, w.n_keys, g, &hosts, err);
  work_free(&w);
  if (rc) {
    grid_free(g);
    platform_grid_hosts_free(&hosts);
    return rc;
  }
  grid_set_weights(g, (grid_weights){1.0, 0.0, 0.0});
  *host_of_node = hosts.node;
  free(hosts.cluster_master);
  return GN_OK;
}

int platform_grid_layout(const platform_desc *p, int max_clusters, grid *g, platform_grid_hosts *hosts,
                         gn_error *err) {
  memset(g, 0, sizeof *g);
  memset(hosts, 0, sizeof *hosts);
  layout_work w;
  int rc = work_alloc(p, &w, err);
  int grid_master = -1, injector = -1;
  if (!rc)
    rc = find_clusters(p, 1, &w, err);
  if (!rc)
    rc = unique_role(p, "grid_master", &grid_master, err);
  if (!rc)
    rc = unique_role(p, "injector", &injector, err);
  if (!rc && max_clusters > w.n_keys)
    rc = gn_error_set(err, GN_EINPUT, p->path, 0, "clusters = %d, but the file has %d cluster%s", max_clusters,
                      w.n_keys, w.n_keys == 1 ? "" : "s");
  if (!rc)
    rc = fill_nodes(p, &w, max_clusters > 0 ? max_clusters : w.n_keys, g, hosts, err);
  if (!rc && !((g->port_bw_bps = platform_min_bandwidth(p)) > 0))
    rc = gn_error_set(err, GN_EINPUT, p->path, 0, "no link bandwidth in the file: add a <link> with a bandwidth, or "
                                                  "a <cluster> with bw");
  if (!rc) {
    hosts->grid_master = grid_master >= 0 ? grid_master : w.master[0];
    hosts->injector = injector >= 0 ? injector : hosts->grid_master;
    g->shape = GRID_CASCADE;
    grid_set_weights(g, (grid_weights){1.0, 0.0, 0.0});
  }
  work_free(&w);
  if (rc) {
    grid_free(g);
    platform_grid_hosts_free(hosts);
  }
  return rc;
}

void platform_grid_hosts_free(platform_grid_hosts *hosts) {
  free(hosts->node);
  free(hosts->cluster_master);
  memset(hosts, 0, sizeof *hosts);
}
