/* taskgraph: the DAG every mapper reads (DPMA paper): tasks with a load, directed edges with a volume. */
#ifndef TASKGRAPH_H
#define TASKGRAPH_H

#include "gn_error.h"

#include <stddef.h>

typedef struct tg_edge {
  int src, dst;  /* task ids */
  double volume; /* communication volume carried by the edge (bytes, or the graph's own unit) */
} tg_edge;

typedef struct taskgraph {
  int n_tasks;
  char **name;  /* n_tasks names (e.g. the STG id as text); never NULL after taskgraph_add_task */
  double *load; /* execution time (or flops) per pipeline iteration, >= 0 */
  int n_edges;
  tg_edge *edge;
  /* Built by taskgraph_finalize (valid only when finalized != 0). Adjacency both ways in CSR form:
   * the edges leaving task t are edge[succ_edge[succ_off[t] .. succ_off[t+1]-1]], likewise pred_*. */
  int finalized;
  int *succ_off, *succ_edge;
  int *pred_off, *pred_edge;
  int *topo; /* a topological order: topo[k] = task id; smallest ready id first (deterministic) */
  char *info; /* free-form text kept from the source file (STG '#' information part), or NULL */
  int cap_tasks, cap_edges;
} taskgraph;

typedef struct taskgraph_stats {
  int n_tasks, n_edges;
  double total_load, total_volume, max_load;
  double cp_length;   /* longest path by task load (edge volumes not counted) */
  double parallelism; /* total_load / cp_length (0 when cp_length == 0) */
  double ccr;         /* communication-to-computation ratio: total_volume / total_load */
  int depth;          /* number of tasks on the longest path by task count */
} taskgraph_stats;

taskgraph *taskgraph_new(void);
void taskgraph_free(taskgraph *g);

/* Append a task; returns its id (>= 0) or a negative status. name may be NULL (the id is used). */
int taskgraph_add_task(taskgraph *g, const char *name, double load, gn_error *err);
/* Append an edge src -> dst. Checks ids and the volume; duplicates and cycles are found by finalize. */
int taskgraph_add_edge(taskgraph *g, int src, int dst, double volume, gn_error *err);

/* Validate (self-loop, duplicate edge, duplicate task name, negative/NaN/inf weight, cycle — with one cycle's
 * task names in the message) and build adjacency and topological order. `where` names the source (a file)
 * for messages. */
int taskgraph_finalize(taskgraph *g, const char *where, gn_error *err);

/* The id of the task called name, or -1 (a linear scan: for occasional look-ups, not inner loops). */
int taskgraph_find_task(const taskgraph *g, const char *name);

/* Statistics of a finalized graph. */
void taskgraph_stats_compute(const taskgraph *g, taskgraph_stats *st);

/* Deep copy of a finalized graph (NULL on OOM). */
taskgraph *taskgraph_clone(const taskgraph *g);

/* Iteration helpers over a finalized graph. */
static inline int taskgraph_out_degree(const taskgraph *g, int t) { return g->succ_off[t + 1] - g->succ_off[t]; }
static inline int taskgraph_in_degree(const taskgraph *g, int t) { return g->pred_off[t + 1] - g->pred_off[t]; }
/* Does any edge cost something at this comm factor (a stage then pays beyond its load)? */
int taskgraph_has_comm(const taskgraph *g, double comm_factor);

#endif
