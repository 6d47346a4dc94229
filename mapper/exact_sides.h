/* exact_sides: the decision "period <= T?" asked of the stage search from the sinks' side and the sources' side in
 * turns (exact_search.h), counted in nodes; shared by exact's questions and best's descent with communication. */
#ifndef EXACT_SIDES_H
#define EXACT_SIDES_H

#include "exact_search.h"

/* Which side of the stage search asks: both in turns, or one alone (the option `side` of exact and best). */
typedef enum exact_side { EXACT_SIDE_BOTH, EXACT_SIDE_SOURCES, EXACT_SIDE_SINKS } exact_side;

/* The option `side` of mapper_name: both, sources or sinks (default both). */
int exact_side_option(const char *mapper_name, const char *options, exact_side *side, gn_error *err);

/* The nodes of the first turn of each side (a few hundredths of a second on the 50-task graphs measured), doubled
 * after each pair of turns. */
#define EXACT_SIDE_NODES (1L << 20)

/* The decision at T (arguments as exact_search_decide_kept). side = both: the sinks' side and the sources' side
 * take turns (the sinks' first: its YES partitions took exact's descent lower on the cases measured,
 * docs/benchmarks.md), each with its own memory of failed sets (sources, sinks: never the same one), in node
 * budgets that double after each pair of turns (EXACT_SIDE_NODES first); the first YES or NO settles it, and a
 * turn asked again goes on where the last one stopped, through its memory. side = sources or sinks, or no sinks'
 * memory: that side alone (sources when sinks is NULL). Counted in nodes, so the answer and the partition are the
 * same on every machine up to the deadline. max_nodes (> 0) bounds the nodes of both sides together; *nodes_used
 * says how many they took. */
int exact_sides_decide(const taskgraph *g, int n_stages, double comm_factor, double T, const int *first,
                       const int *last, const int *guide, double deadline_s, long max_nodes, exact_side side,
                       exact_memory *sources, exact_memory *sinks, partition *out, exact_answer *answer,
                       long *nodes_used, gn_error *err);

#endif
