/* best_reorder: best's last node budgets without communication — a question the stage search left open, asked
 * again with the candidates decided in other orders (mapper_best.c). */
#ifndef BEST_REORDER_H
#define BEST_REORDER_H

#include "exact_search.h"
#include "mapper.h"
#include "taskgraph_reach.h"

/* The question "period <= T?" (T = open, lo <= open < *period) ran out of nodes. Ask it again, then the descent
 * below it on a YES, within `nodes` each time: first on g with the heaviest ready task decided first (memory: the
 * failed sets kept so far, valid whatever the order), then (passes = 2), if a question is still open, on the
 * reversed graph (sinks first, a fresh memory) in the same way; passes = 1: the first alone. out and *period take every lower period found. Costs must be
 * whole numbers and no edge may cost anything (the reversed graph has the same stage loads only then). reach: g's
 * (taskgraph_reach_compute), the caller's already. */
int best_reordered_descent(const taskgraph *g, const taskgraph_reach *reach, const mapper_params *params, int passes,
                           double lo, double open, long nodes, exact_memory *memory, partition *out, double *period,
                           gn_error *err);

#endif
