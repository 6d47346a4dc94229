/* exp_grid: the `grid` experiment kind: a data-parallel Jacobi job on a grid under a scheduler and failures. */
#include "grid_job.h"

static int grid_kind_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  grid_job job;
  int rc = grid_job_execute(params, seed, &job, err);
  if (rc == GN_OK && grid_job_metrics(&job, metrics))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  grid_job_free(&job);
  return rc;
}

const experiment_kind experiment_grid = {
    "grid",
    "a Jacobi job on a grid of clusters under a scheduler (ring, plain, replicate, checkpoint) and failures",
    grid_params,
    grid_metrics,
    grid_kind_run,
};
