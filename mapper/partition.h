/* partition: tasks cut into N pipeline stages, and the one cost model every mapper and the simulator share. */
#ifndef PARTITION_H
#define PARTITION_H

#include "taskgraph.h"

/* stage[t] in 0..n_stages-1 (printed as 1..N). A valid pipeline: every edge goes from a stage to the same
 * or a later one, and every stage is non-empty. */
typedef struct partition {
  int n_stages;
  int n_tasks;
  int *stage;
} partition;

/* The cost model (DESIGN.md, DPMA paper): stage cost = sum of its task loads
 * + comm_factor * sum of the volumes of its outgoing cross-stage edges (the sender pays the NoC write). */
typedef struct partition_metrics {
  double period;      /* T = max stage cost */
  double throughput;  /* 1 / T */
  double min_stage;   /* min stage cost */
  double exp;         /* total load / N: the paper's expected stage value */
  double imbalance;   /* (max - min) / exp: the paper's Figs 6-8 y-axis */
  double cut_volume;  /* sum of volumes of cross-stage edges */
  int cut_edges;      /* number of cross-stage edges */
  double lower_bound; /* LB = max(total load / N, heaviest task) */
  double t_over_lb;   /* T / LB */
} partition_metrics;

/* Allocate a partition of n_tasks tasks into n_stages stages (all tasks in stage 0). NULL on OOM. */
partition *partition_new(int n_tasks, int n_stages);
void partition_free(partition *p);
partition *partition_clone(const partition *p);

/* Check N against the graph: 1 <= N <= tasks (GN_EINPUT with a clear message otherwise). */
int partition_check_stage_count(const taskgraph *g, int n_stages, gn_error *err);

/* GN_OK if p is a valid pipeline of g; otherwise GN_EINPUT naming the first backward edge or empty stage. */
int partition_validate(const taskgraph *g, const partition *p, gn_error *err);

/* Per-stage costs into stage_cost[n_stages] (may be NULL) and the metrics (may be NULL). */
void partition_stage_costs(const taskgraph *g, const partition *p, double comm_factor, double *stage_cost);
int partition_evaluate(const taskgraph *g, const partition *p, double comm_factor, partition_metrics *m,
                       gn_error *err);

/* The lower bound on the period: max(total load / N, heaviest task). */
double partition_lower_bound(const taskgraph *g, int n_stages);

/* 1 when every load and every comm_factor x volume is a whole number, so every stage cost (and the optimal
 * period) is one too: bounds may round up, DP tables may use unit steps. */
int partition_costs_integral(const taskgraph *g, double comm_factor);

#endif
