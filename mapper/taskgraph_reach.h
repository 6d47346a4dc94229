/* taskgraph_reach: who reaches whom in a task graph — the transitive reduction of the precedence and the loads of
 * each task's ancestors and descendants (what the exact mapper's model is built from). */
#ifndef TASKGRAPH_REACH_H
#define TASKGRAPH_REACH_H

#include "taskgraph.h"

#include <stdint.h>

typedef struct taskgraph_reach {
  char *reduced;     /* n_edges: 1 when the edge is in the transitive reduction (no other path joins its ends) */
  int n_reduced;
  double *anc_load;  /* n_tasks: total load of the task's strict ancestors */
  double *desc_load; /* n_tasks: total load of its strict descendants */
  int *anc_count, *desc_count;
  size_t words;          /* 64-bit words per task set */
  uint64_t *anc, *desc;  /* n_tasks sets each: anc + t * words holds t's strict ancestors, desc its descendants */
} taskgraph_reach;

static inline int taskgraph_reach_has(const uint64_t *set, int t) { return (int)(set[t >> 6] >> (t & 63)) & 1; }

/* Two sets of n_tasks^2 bits (n = 5,000 tasks: 6 MB). GN_ENOMEM when they do not fit. */
int taskgraph_reach_compute(const taskgraph *g, taskgraph_reach *r, gn_error *err);
void taskgraph_reach_free(taskgraph_reach *r);

#endif
