/* exp_grid: the `grid` experiment kind: a data-parallel Jacobi job on a grid under a scheduler and failures. */
#include "grid_job.h"
#include "grid_sched.h"

#include <string.h>

static int grid_kind_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  grid_job job;
  int rc = grid_job_execute(params, seed, &job, err);
  if (rc == GN_OK && grid_job_metrics(&job, metrics))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  grid_job_free(&job);
  return rc;
}

/* Names from a registry, and a platform file that cannot be read, are refused when the scenario or command line
 * is read, not in every run. */
static int grid_check_param(const char *key, const char *value, gn_error *err) {
  if (strcmp(key, "scheduler") == 0 && !grid_sched_find(value, err))
    return GN_EINPUT;
  if (strcmp(key, "platform") == 0 && value[0]) {
    platform_desc pd;
    int rc = platform_read(value, &pd, err);
    platform_free(&pd);
    return rc;
  }
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
};
