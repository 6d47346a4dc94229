/* best_reorder: best's last node budgets without communication — a question the stage search left open, asked
 * again with the candidates decided in other orders (mapper_best.c). */
#ifndef BEST_REORDER_H
#define BEST_REORDER_H

#include "exact_search.h"
#include "mapper.h"
#include "taskgraph_reach.h"

/* The restarts' node budgets: BEST_RESTART_UNIT x Luby's sequence (1 1 2 1 1 2 4 ...), in all at most
 * BEST_RESTART_BUDGETS x `nodes`. The unit: the YES measured at 1000 tasks x 200 stages took 2e4-1.5e6 nodes in
 * the random orders that found it within 2e6 (6 of 20), 6e8 in the graph's order (docs/benchmarks.md). */
#define BEST_RESTART_UNIT 65536L
#define BEST_RESTART_BUDGETS 2

/* The question "period <= T?" (T = open, lo <= open < *period) ran out of nodes. Ask it again, then the descent
 * below it on a YES, within `nodes` each time: first on g with the heaviest ready task decided first (memory: the
 * failed sets kept so far, valid whatever the order), then (passes >= 2), if a question is still open, on the
 * reversed graph (sinks first, a fresh memory) in the same way, then (passes = 3), if one is still open, on g in
 * random topological orders drawn from params->seed, restarted on Luby's budgets (BEST_RESTART_*) with g's memory;
 * passes = 1: the first alone. out and *period take every lower period found. Costs must be whole numbers and no
 * edge may cost anything (the reversed graph has the same stage loads only then). reach: g's
 * (taskgraph_reach_compute), the caller's already. */
int best_reordered_descent(const taskgraph *g, const taskgraph_reach *reach, const mapper_params *params, int passes,
                           double lo, double open, long nodes, exact_memory *memory, partition *out, double *period,
                           gn_error *err);

#endif
