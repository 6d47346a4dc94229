/* The refutation term of `bound` (mapper_bound.c): the combinatorial bound raised by proofs.
 *
 * exact's stage search (exact_search.h) answers "is there a valid N-stage partition with period <= T?"; a NO is a
 * proof that the optimum is above T (with whole-number costs: at least T + 1, since the optimum is then whole too).
 * So it is asked at periods above the combinatorial bound, each question under a budget of search nodes (never
 * time: the bound is the same on every machine), and the largest T refuted raises the bound. A question that runs
 * out of nodes, or finds a partition (YES), refutes nothing and is the upper end of the bracket. Probes go up from
 * the bound in steps that double (1 %, 2 %, 4 %, ... of it) while each is refuted, then bisect between the last T
 * refuted and the first that was not, until the budget is spent, 40 questions are asked or the bracket is one unit
 * (whole-number costs) or 10^-4 relative wide. It is what a MIP solver calls its best bound: the bound a bounded
 * search has proven. mapper_lower_bound, the whole bound, is here too: the combinatorial terms (mapper_bound.c),
 * then this one. */
#include "mapper.h"

#include "exact_model.h"
#include "exact_search.h"
#include "taskgraph_reach.h"

#include <math.h>
#include <stdlib.h>

/* Graphs it is tried on. Above 100 tasks it is not: at 300 tasks x 20, 50 and 100 stages (layrpred, ccr 0.5) it
 * refuted nothing within 3e6 nodes, and the cheapest prefixes alone (one maximum flow per task) cost 0.09 s there
 * (docs/benchmarks.md). The search keeps four arrays of tasks x stages (candidates, suffix sums). */
#define REFUTE_MAX_TASKS 100

typedef struct refute_ctx {
  const taskgraph *g;
  int N;
  double cf;
  taskgraph_reach reach;
  double *prefix;
  int *first, *last;
  partition *scratch;
  long nodes_left, per_question;
  int questions;
} refute_ctx;

/* Questions asked at most (a bisection to 10^-4 takes about 14 after the climb). */
#define REFUTE_MAX_QUESTIONS 40

/* 1 when the search proves that no partition has period <= T (within its share of the nodes). */
static int refuted(refute_ctx *c, double T, gn_error *err, int *rc) {
  long budget = c->per_question < c->nodes_left ? c->per_question : c->nodes_left, used = 0;
  if (budget <= 0)
    return 0;
  c->questions++;
  exact_model_windows(c->g, &c->reach, c->N, T, c->first, c->last);
  mapper_windows_narrow(c->g, c->N, T, c->prefix, c->first);
  for (int t = 0; t < c->g->n_tasks; t++)
    if (c->first[t] > c->last[t])
      return 1; /* an empty window: no partition, no search needed */
  exact_answer answer = EXACT_UNKNOWN;
  *rc = exact_search_decide(c->g, c->N, c->cf, T, c->first, c->last, NULL, HUGE_VAL, budget, c->scratch, &answer,
                            &used, err);
  c->nodes_left -= used > 0 ? used : 1; /* a question settled without a node still counts one */
  return *rc == GN_OK && answer == EXACT_NO;
}

int mapper_refute_bound(const taskgraph *g, int n_stages, double comm_factor, double floor_value, int integral,
                        long nodes, double *out) {
  refute_ctx c = {.g = g, .N = n_stages, .cf = comm_factor, .nodes_left = nodes, .per_question = nodes / 4};
  gn_error err;
  *out = floor_value;
  /* costs so large that T + 1 == T (the bad-input fixtures' 1e300) are not tried */
  if (n_stages < 2 || nodes <= 0 || !(floor_value > 0 && floor_value < 1e15) || g->n_tasks > REFUTE_MAX_TASKS)
    return GN_OK;
  c.prefix = malloc((size_t)g->n_tasks * sizeof *c.prefix);
  c.first = malloc((size_t)g->n_tasks * sizeof *c.first);
  c.last = malloc((size_t)g->n_tasks * sizeof *c.last);
  c.scratch = partition_new(g->n_tasks, n_stages);
  int rc = c.prefix && c.first && c.last && c.scratch ? GN_OK : GN_ENOMEM;
  if (rc == GN_OK)
    rc = mapper_cheapest_prefixes(g, comm_factor, c.prefix);
  if (rc == GN_OK)
    rc = taskgraph_reach_compute(g, &c.reach, &err);
  /* bound: proven (the optimum is at least it); T: the next question; hi: the least T not refuted */
  double bound = floor_value, step = 0.01 * floor_value, hi = HUGE_VAL;
  if (integral)
    step = step < 1 ? 1 : floor(step);
  double T = integral ? bound : bound + step;
  while (rc == GN_OK && c.nodes_left > 0 && c.questions < REFUTE_MAX_QUESTIONS) {
    if (refuted(&c, T, &err, &rc)) {
      bound = integral ? T + 1 : T;
      if (hi == HUGE_VAL) { /* still going up */
        step *= 2;
        T = integral ? bound + floor(step) - 1 : bound + step;
        continue;
      }
    } else
      hi = T;
    if (rc != GN_OK || (integral ? hi <= bound : hi - bound <= 1e-4 * hi))
      break;
    T = integral ? floor((bound + hi - 1) / 2) : (bound + hi) / 2; /* integral: a whole T in [bound, hi - 1] */
  }
  if (bound > *out)
    *out = bound;
  taskgraph_reach_free(&c.reach);
  partition_free(c.scratch);
  free(c.prefix);
  free(c.first);
  free(c.last);
  return rc;
}

/* Search nodes for the refutation term, all its questions together: about 0.01 s per bound at 10-25 tasks
 * (docs/benchmarks.md measures it). */
#define REFUTE_NODES 1000000

double mapper_lower_bound(const taskgraph *g, int n_stages, double comm_factor) {
  double lb = mapper_lower_bound_with(g, n_stages, comm_factor,
                                     MAPPER_BOUND_STAGE | MAPPER_BOUND_CUTS | MAPPER_BOUND_SPECTRAL);
  if (comm_factor > 0 && n_stages > 1) /* out of memory: lb stays the combinatorial bound */
    (void)mapper_refute_bound(g, n_stages, comm_factor, lb, partition_costs_integral(g, comm_factor), REFUTE_NODES,
                              &lb);
  return lb;
}

double mapper_params_bound(const taskgraph *g, const mapper_params *params) {
  return params->bound > 0 ? params->bound : mapper_lower_bound(g, params->n_stages, params->comm_factor);
}
