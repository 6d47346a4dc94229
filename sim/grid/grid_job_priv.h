/* grid_job_priv: what the grid job's files (grid_job*.c) share and nothing else includes: the grid of a platform
 * file and the XML SimGrid loads (grid_job_grid.c), used by the set-up (grid_job_setup.c), which the run
 * (grid_job.c) uses in turn, and whether the file's host state profiles fail a host (grid_job_setup.c). */
#ifndef GRID_JOB_PRIV_H
#define GRID_JOB_PRIV_H

#include "grid_job.h"

/* The grid of a platform file: preset, shape and nodes do not apply; clusters = K keeps the file's first K. */
/* A preset's parameter set with a platform file: GN_EINPUT naming the first, "... does not apply ...". */
int grid_job_platform_unused(const grid_params *p, gn_error *err);
int grid_job_platform_grid(const grid_params *p, grid_variant variant, grid_job *job, gn_error *err);
/* Does the platform file switch off a host the simulation uses (a host state profile)? (grid_job_setup.c) */
int grid_job_platform_has_host_failures(const grid_job *job);
/* The XML SimGrid loads (platform_prepare_xml's, with each node's background load). */
int grid_job_prepare_platform_xml(grid_job *job, gn_error *err);

#endif
