/* grid_run: sets up one grid simulation (platform, supervisor records, actors, failure injector), runs it
 * and collects the result. */
#include "grid_run.h"

#include "grid_platform_build.h"
#include "grid_sim.h"

#include "sgwrap.h"

#include <simgrid/engine.h>
#include <simgrid/host.h>

#include <stdlib.h>
#include <string.h>

static int by_host_name(const void *a, const void *b) {
  return strcmp(sg_host_get_name(*(const sg_host_t *)a), sg_host_get_name(*(const sg_host_t *)b));
}

/* Every slot's host in a platform file, found in one sorted list of the platform's hosts: sg_host_by_name searches
 * the zones one after the other (SimGrid 3.32), which over N + K + 2 slots costs N x K and dominated start-up at
 * 1000 clusters. */
static int lookup_hosts(grid_sim *S, gn_error *err) {
  int N = S->g->n_nodes, K = S->g->n_clusters;
  sg_host_t *all = sg_host_list();
  size_t count = sg_host_count();
  if (!all) {
    free(all);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  qsort(all, count, sizeof *all, by_host_name);
  char name[64];
  int rc = GN_OK;
  for (int i = 0; i < N + K + 2 && !rc; i++) {
    grid_slot_host_name(S->g, i, name, sizeof name);
    const char *id = S->cfg->slot_hosts ? S->cfg->slot_hosts[i] : name;
    size_t lo = 0, hi = count;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (strcmp(sg_host_get_name(all[mid]), id) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo < count && strcmp(sg_host_get_name(all[lo]), id) == 0)
      S->hosts[i] = all[lo];
    else
      rc = gn_error_set(err, GN_EFAIL, NULL, 0, "host %s missing from the platform SimGrid loaded", id);
  }
  free(all);
  return rc;
}

static int alloc_state(grid_sim *S, grid_run_result *res, gn_error *err) {
  const grid *g = S->g;
  S->hosts = calloc((size_t)(g->n_nodes + g->n_clusters + 2), sizeof *S->hosts);
  S->nodes = calloc((size_t)g->n_nodes, sizeof *S->nodes);
  S->clusters = calloc((size_t)g->n_clusters, sizeof *S->clusters);
  S->x[0] = calloc((size_t)S->cfg->n, sizeof(double));
  S->x[1] = calloc((size_t)S->cfg->n, sizeof(double));
  S->up_latency_s = calloc((size_t)(g->n_nodes + g->n_clusters), sizeof *S->up_latency_s);
  S->up_bw_bps = calloc((size_t)(g->n_nodes + g->n_clusters), sizeof *S->up_bw_bps);
  S->node_exec = calloc((size_t)g->n_nodes, sizeof *S->node_exec);
  S->node_hold = calloc((size_t)g->n_nodes, sizeof *S->node_hold);
  res->picture.cluster_order = calloc((size_t)g->n_clusters, sizeof(int));
  res->picture.cluster_capability = calloc((size_t)g->n_clusters, sizeof(double));
  res->picture.node_order = calloc((size_t)g->n_nodes, sizeof(int));
  res->picture.node_state = calloc((size_t)g->n_nodes, sizeof(int));
  res->node_heartbeat_s = calloc((size_t)g->n_nodes, sizeof(double));
  if (!S->hosts || !S->nodes || !S->clusters || !S->x[0] || !S->x[1] || !S->up_latency_s || !S->up_bw_bps || !S->node_exec || !S->node_hold || !res->picture.cluster_order ||
      !res->picture.cluster_capability || !res->picture.node_order || !res->picture.node_state || !res->node_heartbeat_s)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a %d-node grid", g->n_nodes);
  for (int i = 0; i < g->n_nodes; i++)
    S->nodes[i].psucc = 1; /* a registered node starts trusted (patent: no failures yet) */
  for (int c = 0; c < g->n_clusters; c++) {
    S->clusters[c].pccc = g->clusters[c].ccp;
    S->clusters[c].n_master_nodes = g->clusters[c].n_nodes;
  }
  return GN_OK;
}

static void free_state(grid_sim *S) {
  grid_release_all();
  grid_mailboxes_free(S);
  free(S->hosts);
  free(S->up_latency_s);
  free(S->up_bw_bps);
  free(S->node_exec);
  free(S->node_hold);
  free(S->nodes);
  free(S->clusters);
  free(S->x[1]);
}

int grid_run(const grid_run_config *cfg, grid_run_result *res, gn_error *err) {
  grid_sim *S = &grid_sim_state;
  memset(res, 0, sizeof *res);
  memset(S, 0, sizeof *S);
  res->completed = -1;
  res->cause = "none";
  S->cfg = cfg;
  S->res = res;
  S->g = cfg->g;
  int rc = alloc_state(S, res, err);
  if (!rc) {
    /* A user's platform file is loaded as XML; a generated grid is built through SimGrid's API, the same platform
     * its XML (gridnoc platform grid) describes, without SimGrid's O(hosts x clusters) name searches. */
    gn_sim_init(cfg->network_model);
    if (cfg->platform_xml) {
      rc = gn_sim_load_platform_xml(cfg->platform_xml, cfg->platform_xml_len, err);
      if (!rc)
        rc = lookup_hosts(S, err);
    } else
      rc = grid_platform_build(cfg->g, cfg->node_speed_profile, S->hosts, err);
  }
  if (!rc)
    rc = grid_mailboxes_init(S, err);
  if (rc) {
    free_state(S);
    free(S->x[0]);
    return rc;
  }
  grid_start_all(S);
  rc = gn_sim_run(err); /* SimGrid's own complaint (a deadlock, an error it logged) fails the run */
  grid_nodes_release(S);
  if (rc) {
    free_state(S);
    free(S->x[0]);
    return rc;
  }
  if (res->completed < 0) { /* every actor blocked: should not happen, but a deadlock ends simgrid_run() */
    res->completed = 0;
    res->cause = "deadlock";
    res->makespan_s = simgrid_get_clock();
  }
  res->x = cfg->jacobi ? S->x[0] : (free(S->x[0]), NULL);
  for (int i = 0; i < S->g->n_nodes; i++)
    res->node_heartbeat_s[i] = grid_supervisor_heard_s(&S->nodes[i], simgrid_get_clock());
  free_state(S);
  return GN_OK;
}

void grid_run_result_free(grid_run_result *res) {
  free(res->x);
  free(res->picture.cluster_order);
  free(res->picture.cluster_capability);
  free(res->picture.node_order);
  free(res->picture.node_state);
  free(res->node_heartbeat_s);
  free(res->timeline.ev);
  memset(res, 0, sizeof *res);
}
