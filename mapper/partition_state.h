/* partition_state: an incremental view of a partition for local search (refine, SAATSA, best): stage costs and sizes
 * kept up to date as single tasks move. Moves change only the tasks' own stage and the senders' paid communication.
 * The moves and range checks are inline: they are the local searches' inner loop (docs/benchmarks.md). */
#ifndef PARTITION_STATE_H
#define PARTITION_STATE_H

#include "partition.h"

typedef struct partition_arc {
  int task;   /* the other end of the edge */
  double pay; /* comm_factor x volume, rounded once here: what the sender's stage pays while the edge crosses stages
               * (a move only adds and subtracts it, so no compiler can fuse the product into those sums) */
} partition_arc;

typedef struct partition_state {
  partition *p;        /* not owned */
  double comm_factor;
  double *stage_cost;  /* n_stages */
  int *stage_size;     /* n_stages */
  /* The graph's adjacency in flat arrays, in the order of its CSR (g->succ_off / g->pred_off index them): a move
   * reads each edge's other end and pay without going through g->edge (the same sums in the same order). */
  partition_arc *succ, *pred;
  /* The lowest stage whose cost a move has changed since the caller last set it (to n_stages); 0 after init. A
   * caller keeping sums over the stages in stage order redoes them from there only. */
  int changed_from;
  /* Optional (partition_state_track_over): bit k of over[k / 64] is set iff stage_cost[k] > over_at, kept by
   * moves, so a search can walk the stages above its target without reading the others. NULL when not kept. */
  unsigned long long *over;
  double over_at;
} partition_state;

int partition_state_init(partition_state *st, const taskgraph *g, partition *p, double comm_factor,
                         gn_error *err);
void partition_state_free(partition_state *st);
/* Keep the set of stages costing more than `at` from now on (GN_ENOMEM if it cannot be allocated). */
int partition_state_track_over(partition_state *st, double at, gn_error *err);

static inline void partition_state_mark_over(partition_state *st, int k) {
  unsigned long long bit = 1ULL << (k & 63);
  if (st->stage_cost[k] > st->over_at)
    st->over[k >> 6] |= bit;
  else
    st->over[k >> 6] &= ~bit;
}

/* The first stage >= k above the tracked threshold, or n_stages when none. */
static inline int partition_state_next_over(const partition_state *st, int k) {
  int n = st->p->n_stages, w = k >> 6;
  if (k >= n)
    return n;
  unsigned long long bits = st->over[w] & (~0ULL << (k & 63));
  while (!bits) {
    if (++w > (n - 1) >> 6)
      return n;
    bits = st->over[w];
  }
  return (w << 6) + __builtin_ctzll(bits);
}

/* The last stage < k above the tracked threshold, or -1 when none. */
static inline int partition_state_last_over_before(const partition_state *st, int k) {
  if (k <= 0)
    return -1;
  int w = (k - 1) >> 6;
  unsigned long long bits = st->over[w] & (~0ULL >> (63 - ((k - 1) & 63)));
  while (!bits) {
    if (--w < 0)
      return -1;
    bits = st->over[w];
  }
  return (w << 6) + 63 - __builtin_clzll(bits);
}

/* Stages task t can move to with the pipeline still valid: [*lo, *hi] (contains its own stage). */
static inline void partition_state_range(const taskgraph *g, const partition_state *st, int t, int *lo, int *hi) {
  const int *stage = st->p->stage;
  int a = 0, b = st->p->n_stages - 1;
  for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++) {
    int s = stage[st->pred[k].task];
    if (s > a)
      a = s;
  }
  for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++) {
    int s = stage[st->succ[k].task];
    if (s < b)
      b = s;
  }
  *lo = a;
  *hi = b;
}

static inline int partition_state_senders_at_most(const taskgraph *g, const partition_state *st, int t, int s) {
  for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++)
    if (st->p->stage[st->pred[k].task] > s)
      return 0;
  return 1;
}

static inline int partition_state_receivers_at_least(const taskgraph *g, const partition_state *st, int t, int s) {
  for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++)
    if (st->p->stage[st->succ[k].task] < s)
      return 0;
  return 1;
}

/* Would task t at stage s keep every edge of its own forward (s within partition_state_range)? Checks first the
 * side that can fail in a valid pipeline (the senders when t moves down, the receivers when it moves up). */
static inline int partition_state_fits(const taskgraph *g, const partition_state *st, int t, int s) {
  if (s < st->p->stage[t])
    return partition_state_senders_at_most(g, st, t, s) && partition_state_receivers_at_least(g, st, t, s);
  return partition_state_receivers_at_least(g, st, t, s) && partition_state_senders_at_most(g, st, t, s);
}

/* Move task t to stage s, updating costs, sizes and changed_from. The cost updates stay in the order they always
 * had (each stage's cost is a running float sum: another order would change its last bits, and with them the
 * searches' choices). */
__attribute__((always_inline)) static inline void partition_state_move(const taskgraph *g, partition_state *st, int t, int s) {
  int *stage = st->p->stage;
  int from = stage[t];
  if (from == s)
    return;
  double *cost = st->stage_cost;
  int low = from < s ? from : s; /* the lowest stage the move touches (with the senders' below) */
  cost[from] -= g->load[t];
  cost[s] += g->load[t];
  /* t's own outgoing edges: paid by t's stage whenever the receiver sits elsewhere. */
  for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++) {
    const partition_arc *e = &st->succ[k];
    int v = stage[e->task];
    if (v != from)
      cost[from] -= e->pay;
    if (v != s)
      cost[s] += e->pay;
  }
  /* Edges into t: their senders pay when t is in another stage than theirs. */
  for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++) {
    const partition_arc *e = &st->pred[k];
    int u = stage[e->task];
    if (u != from)
      cost[u] -= e->pay;
    if (u != s)
      cost[u] += e->pay;
    if (u < low)
      low = u;
    if (st->over)
      partition_state_mark_over(st, u);
  }
  stage[t] = s;
  st->stage_size[from]--;
  st->stage_size[s]++;
  if (low < st->changed_from)
    st->changed_from = low;
  if (st->over) {
    partition_state_mark_over(st, from);
    partition_state_mark_over(st, s);
  }
}

/* A move tried and taken back bit for bit: the stage costs the move changes are saved before it and written back
 * after it (moving the task back would subtract what the move added, and each running sum's last bits could drift
 * from what they were, so that what a search sees would depend on which moves it had tried before). */
typedef struct partition_trial {
  int task, from, n;
  int *stage;   /* the stages saved, with repeats: 2 + the graph's largest in-degree at most */
  double *cost; /* their costs before the move */
} partition_trial;

int partition_trial_init(partition_trial *tr, const taskgraph *g, gn_error *err);
void partition_trial_free(partition_trial *tr);

/* Move task t to stage s as partition_state_move does, saving what partition_state_untry puts back. */
__attribute__((always_inline)) static inline void partition_state_try(const taskgraph *g, partition_state *st,
                                                                     partition_trial *tr, int t, int s) {
  const int *stage = st->p->stage;
  int n = 0;
  tr->task = t;
  tr->from = stage[t];
  tr->stage[n] = stage[t];
  tr->cost[n++] = st->stage_cost[stage[t]];
  tr->stage[n] = s;
  tr->cost[n++] = st->stage_cost[s];
  for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++) {
    int u = stage[st->pred[k].task];
    tr->stage[n] = u;
    tr->cost[n++] = st->stage_cost[u];
  }
  tr->n = n;
  partition_state_move(g, st, t, s);
}

/* Take back the move partition_state_try made: costs, sizes, stage and the tracked set as they were before it. */
static inline void partition_state_untry(partition_state *st, const partition_trial *tr) {
  int t = tr->task, s = st->p->stage[t], low = st->changed_from;
  for (int i = tr->n - 1; i >= 0; i--) { /* repeats hold the same value: any order puts back the first */
    int k = tr->stage[i];
    st->stage_cost[k] = tr->cost[i];
    if (k < low)
      low = k;
    if (st->over)
      partition_state_mark_over(st, k);
  }
  st->p->stage[t] = tr->from;
  st->stage_size[s]--;
  st->stage_size[tr->from]++;
  st->changed_from = low;
}

/* Current period (max stage cost). */
double partition_state_period(const partition_state *st);

#endif
