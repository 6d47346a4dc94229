/* grid_job: one grid experiment from its parameters (the `grid` kind and `gridnoc grid` share it): builds
 * the grid, workload, failures and load, runs the fault-free references in forked children, runs the
 * simulation and turns the result into metrics. */
#ifndef GRID_JOB_H
#define GRID_JOB_H

#include "gn_error.h"
#include "gn_kv.h"
#include "failure.h"
#include "grid.h"
#include "grid_jacobi.h"
#include "grid_params.h"
#include "grid_run.h"
#include "platform_grid.h"

#include <stdint.h>

typedef enum {
  GRID_VARIANT_MAIN,       /* as asked */
  GRID_VARIANT_FAULT_FREE, /* same grid and load, no failures: the deadline's reference */
  GRID_VARIANT_ONE_CLUSTER /* only the first cluster, no failures: the speedup's reference */
} grid_variant;

typedef struct grid_job {
  grid g;
  grid_run_config cfg;
  grid_jacobi jacobi;
  failure_trace failures;
  char **profiles; /* per node, or NULL */
  double profile_lines; /* lines of the load profiles over all nodes (0 without a load period) */
  int count_only;       /* set before grid_job_setup by a probe: count profile_lines, write no profile */
  int real_mode;
  double fault_free_s;  /* fault-free makespan (NAN when not run) */
  double one_cluster_s; /* one-cluster makespan (NAN when not run) */
  grid_run_result res;
  /* With a platform file (the `platform` parameter; docs/grids.md "Your own platform"): */
  platform_desc platform;
  platform_grid_hosts hosts;
  char **slot_hosts;   /* N + K + 2 host names (pointers into platform), for cfg.slot_hosts */
  int *slot_of_host;   /* per platform host: the slot its failures hit (node, cluster master, grid master), or -1 */
  char *platform_xml;  /* what SimGrid loads (platform_prepare_xml) */
} grid_job;

/* The grid alone (preset, clusters, nodes, shape, weights) from the run's parameters; a preset only (the
 * `platform` parameter is not read). */
int grid_job_build_grid(const grid_params *p, grid_variant variant, grid *g, gn_error *err);

/* `gridnoc platform grid ...`: writes the platform XML of a grid (the platform command's `grid` entry). */
int grid_platform_command(int argc, char **argv);

/* Build everything the simulation needs (no SimGrid yet). */
int grid_job_setup(const grid_params *p, uint64_t seed, grid_variant variant, grid_job *job, gn_error *err);

/* The grid kind's entry: reads the parameter bag once (grid_params_read), sets up, runs the references in forked
 * children (when asked), then the simulation in this process. */
int grid_job_execute(const gn_kvlist *params, uint64_t seed, grid_job *job, gn_error *err);
/* The same, recording the run's timeline (job->res.timeline) when `timeline` is 1: for grid_trace_json. */
int grid_job_execute_traced(const gn_kvlist *params, uint64_t seed, int timeline, grid_job *job, gn_error *err);

/* Every metric of the `grid` kind (runner/exp_grid.c), in order. GN_ENOMEM on failure. */
int grid_job_metrics(const grid_job *job, gn_kvlist *metrics);

void grid_job_free(grid_job *job);

/* What holds across parameters (0 < l1 < l2 < l3 < 1, the scheduler's settings), without building or running. */
int grid_job_check_params(const gn_kvlist *params, gn_error *err);

#endif
