/* exp_grid: the `grid` experiment kind: a data-parallel Jacobi job on a grid under a scheduler and failures. */
#include "experiment.h"
#include "grid_job.h"
#include "grid_sched.h"

#include "platform_grid.h"
#include "platform_prepare.h"
#include "platform_probe.h"
#include "platform_profile.h"

#include "gn_file.h"

#include <stdlib.h>
#include <string.h>

static int grid_kind_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  grid_job job;
  int rc = grid_job_execute(params, seed, &job, err);
  if (rc == GN_OK && grid_job_metrics(&job, metrics))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  grid_job_free(&job);
  return rc;
}

/* A platform file is read, laid out as a grid (every cluster), prepared for SimGrid and probed: SimGrid must load
 * it and route between every node and its cluster master and every cluster master and the grid master, both
 * ways (the messages of a run), or it would stop the simulation. */
static int grid_check_platform(const char *path, gn_error *err) {
  platform_desc pd;
  grid g;
  platform_grid_hosts h;
  memset(&g, 0, sizeof g);
  memset(&h, 0, sizeof h);
  char *xml = NULL;
  size_t len = 0;
  const char **src = NULL, **dst = NULL;
  int rc = platform_read(path, &pd, err), n = 0;
  if (rc == GN_OK)
    rc = platform_profiles_check(&pd, err);
  if (rc == GN_OK && (rc = platform_grid_layout(&pd, 0, &g, &h, err)) == GN_OK &&
      (rc = platform_prepare_xml(&pd, NULL, &xml, &len, err)) == GN_OK) {
    int cap = 2 * (h.n_nodes + h.n_clusters);
    src = malloc((size_t)cap * sizeof *src);
    dst = malloc((size_t)cap * sizeof *dst);
    if (!src || !dst)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    for (int i = 0; rc == GN_OK && i < h.n_nodes + h.n_clusters; i++) {
      int a = i < h.n_nodes ? h.node[i] : h.cluster_master[i - h.n_nodes];
      int b = i < h.n_nodes ? h.cluster_master[g.nodes[i].cluster] : h.grid_master;
      if (a == b)
        continue;
      src[n] = dst[n + 1] = pd.hosts[a].id;
      dst[n] = src[n + 1] = pd.hosts[b].id;
      n += 2;
    }
    if (rc == GN_OK)
      rc = platform_probe(path, xml, len, src, dst, n, err);
  }
  free(src);
  free(dst);
  free(xml);
  platform_grid_hosts_free(&h);
  grid_free(&g);
  platform_free(&pd);
  return rc;
}

/* Names from a registry, and a platform file that cannot be read, are refused when the scenario or command line
 * is read, not in every run. */
static int grid_check_param(const char *key, const char *value, gn_error *err) {
  if (strcmp(key, "scheduler") == 0 && !grid_sched_find(value, err))
    return GN_EINPUT;
  if (strcmp(key, "platform") == 0 && value[0])
    return grid_check_platform(value, err);
  grid_weights w;
  if (strcmp(key, "weights") == 0 && grid_job_parse_weights(value, &w, err))
    return GN_EINPUT;
  if (strcmp(key, "switch_latency") == 0 && strcmp(value, "-1") && !(strtod(value, NULL) >= 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "a latency >= 0 s, or -1 for the preset's, got %s", value);
  if (strcmp(key, "failures") == 0 && strncmp(value, "fta:", 4) == 0)
    return gn_file_check_input(value + 4, 0, err); /* a FIFO or a folder is refused before any run */
  if (strcmp(key, "failures") == 0 && strcmp(value, "auto") && strcmp(value, "none") && strncmp(value, "fta:", 4) &&
      !failure_model_find(value, err))
    return GN_EINPUT;
  return GN_OK;
}

const experiment_kind experiment_grid = {
    "grid",
    "a Jacobi job on a grid of clusters under a scheduler (ring, plain, replicate, checkpoint) and failures",
    grid_params,
    grid_metrics,
    grid_kind_run,
    grid_check_param,
    grid_job_check_params,
};
