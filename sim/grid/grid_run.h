/* grid_run: one simulated run of a data-parallel Jacobi job on a grid under a scheduler, a supervisor and
 * injected failures; the public entry of the grid simulator. */
#ifndef GRID_RUN_H
#define GRID_RUN_H

#include "gn_error.h"
#include "grid_config.h"

/* Run the simulation (starts SimGrid: once per process). */
int grid_run(const grid_run_config *cfg, grid_run_result *res, gn_error *err);

void grid_run_result_free(grid_run_result *res);

/* What the network model multiplies every route latency by: 13.01 under LV08 (SimGrid's default, TCP slow
 * start; NULL), 1 under CM02. */
double grid_latency_factor(const char *network_model);

#endif
