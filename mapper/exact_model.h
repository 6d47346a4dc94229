/* exact_model: the exact mapper's MIP for one target period T — cumulative stage variables y[t][s] = [stage(t) <=
 * s] inside each task's stage window, precedence over the transitive reduction only, sender-pays communication,
 * twins ordered (symmetry breaking). Decision form ("a valid N-stage partition with period <= T?") or
 * optimisation form (minimise the period, at most T). */
#ifndef EXACT_MODEL_H
#define EXACT_MODEL_H

#include "mip.h"
#include "partition.h"
#include "taskgraph_reach.h"

typedef struct exact_model {
  mip_model mip;
  int n_tasks, n_stages;
  int *first, *last; /* stage window of each task: first <= stage(t) <= last */
  int *y_col;        /* column of y[t][first[t]]; y[t][s] for first <= s < last are consecutive columns */
  int *z_col, *z_first; /* per edge: z[e][s] (stage s pays e) for z_first <= s < z_first + z_count; -1 = none */
  int *z_count;
  int period_col;    /* optimisation form: the period's column; decision form: -1 */
  int empty;         /* 1 when some window is empty: no partition with period <= T exists (proof without solver) */
} exact_model;

/* Stage windows for period T (first[t] > last[t] somewhere: no partition with period <= T exists). */
void exact_model_windows(const taskgraph *g, const taskgraph_reach *reach, int N, double T, int *first, int *last);

/* Build the model. optimise = 0: the decision form (no objective); 1: minimise the period in [period_lo, T].
 * max_cols > 0 stops early with *too_big = 1 when the model would have more columns. */
int exact_model_build(const taskgraph *g, const taskgraph_reach *reach, int n_stages, double comm_factor, double T,
                      int optimise, double period_lo, long max_cols, exact_model *em, int *too_big, gn_error *err);
void exact_model_free(exact_model *em);

/* The partition a solution x encodes (stage(t) = first s with y[t][s] = 1). */
void exact_model_partition(const exact_model *em, const double *x, partition *out);
/* A partition as a solution vector x (n_cols values; the period column, if any, gets period). */
void exact_model_encode(const exact_model *em, const taskgraph *g, const partition *p, double period, double *x);

#endif
