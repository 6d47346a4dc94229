/* grid_budget: refuse, before any simulation, a grid too large for this process's memory limits. */
#ifndef GRID_BUDGET_H
#define GRID_BUDGET_H

#include "gn_error.h"
#include "grid.h"

/* Estimated bytes a simulation of g reserves (address space) and touches (resident memory). */
typedef struct grid_budget {
  double reserved, resident;
} grid_budget;

grid_budget grid_budget_estimate(const grid *g);

/* GN_EINPUT with both figures when the estimate exceeds RLIMIT_AS (reserved) or physical RAM (resident). */
int grid_budget_check(const grid *g, gn_error *err);

#endif
