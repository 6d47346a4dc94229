/* mapper_exact: reference mapper — the proven optimum, by a search over the decision question "is there a valid
 * N-stage partition with period <= T?". Its incumbent is the best mapper as a user runs it (its defaults), stopped at
 * exact's time limit too, so exact is never worse than best wherever best ends within that limit.
 *
 * Without communication (whole-number loads): T runs over ceil(bound), ceil(bound) + 1, ... below the incumbent's
 * period, each question asked of the stage search (exact_search.h) with 80 % of the time left, then of a MIP
 * (exact_model.h) solved by CBC (default) or GLPK in a child process under a hard CPU budget (mip_limited.c). An
 * infeasible T raises the proven bound to T + 1; the first feasible T is the optimum (the certificate: every
 * smaller T was proven infeasible, and the partition has period T). With communication: the stage search alone
 * (its windows narrowed by the cheapest downset holding each task, mapper_windows_narrow),
 * a question at the bound, then a descent one step below the incumbent until a NO (exact with whole-number
 * costs, epsilon-optimal otherwise); where the search cannot run or stopped, one optimisation MIP (minimise the
 * period, at most the incumbent's) started from the incumbent. With communication every question, the incumbent's
 * included, shares memories of failed sets (exact_search.h: a set that failed at T1 fails at every T <= T1): exact's
 * own questions, like its incumbent's, are asked of the search from the sources' side and from the sinks' side in
 * turn (exact_sides.h), each side with a memory of its own, lent to the incumbent.
 * A limit (time, nodes, model size) leaves the best partition found as "feasible" with the best proven bound.
 * Memory: the reachability bit sets (tasks^2 / 8 bytes; graphs over EXACT_MAX_TASKS are not modelled) and one
 * model at a time of at most max_vars columns (docs/mappers.md gives the measured peak). Determinism: a proof is
 * the same everywhere; a search stopped by the time limit depends on the machine, one stopped by max_nodes not. */
#include "mapper.h"

#include "exact_model.h"
#include "exact_search.h"
#include "exact_sides.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXACT_MAX_TASKS 10000
/* The search keeps a candidate list per stage: tasks x stages ints. */
#define EXACT_SEARCH_MAX_CELLS 4000000L
static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

typedef struct exact_run_ctx {
  const taskgraph *g;
  const mapper_params *params;
  const mip_solver *solver;
  taskgraph_reach reach;
  long max_vars, max_nodes;
  double deadline_s; /* process CPU time, the MIP's child processes included */
  double child_cpu_s; /* CPU time of the MIP solves so far (children: clock() does not see it) */
  int guided;         /* with communication the search tries the incumbent's choices first (exact_search.h) */
  double *prefix;     /* with communication: per task, the cheapest downset holding it (narrows the windows) */
  exact_memory *memory; /* the failed sets of every question so far, the incumbent's included (exact_search.h) */
  exact_memory *sink_memory; /* with communication, the sinks' side's failed sets (its own: exact_sides.h) */
  exact_side side;           /* which side of the stage search asks, with communication (option side) */
} exact_run_ctx;

static double used_s(const exact_run_ctx *c) { return cpu_s() + c->child_cpu_s; }

/* The decision at T by the stage search, with the given share of the time left: YES or NO settles it. */
static int search_at(exact_run_ctx *c, double T, double share, partition *out, double *period, mip_status *status,
                     gn_error *err) {
  const taskgraph *g = c->g;
  int N = c->params->n_stages;
  *status = MIP_UNKNOWN;
  if ((long)g->n_tasks * N > EXACT_SEARCH_MAX_CELLS)
    return GN_OK;
  int *first = malloc((size_t)g->n_tasks * sizeof *first), *last = malloc((size_t)g->n_tasks * sizeof *last);
  partition *p = partition_clone(out);
  int rc = first && last && p ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK) {
    exact_model_windows(g, &c->reach, N, T, first, last);
    if (c->prefix)
      mapper_windows_narrow(g, N, T, c->prefix, first);
    double now = used_s(c);
    exact_answer answer;
    long used;
    /* with communication the sinks' and the sources' side in turns (exact_sides.h), each with its own memory;
     * without it (no sinks' memory) the sources' side alone */
    rc = exact_sides_decide(g, N, c->params->comm_factor, T, first, last, c->guided ? out->stage : NULL,
                            cpu_s() + (c->deadline_s - now) * share, c->max_nodes, c->side, c->memory, c->sink_memory,
                            p, &answer, &used, err);
    partition_metrics pm;
    gn_error invalid;
    if (rc == GN_OK && answer == EXACT_NO)
      *status = MIP_INFEASIBLE;
    else if (rc == GN_OK && answer == EXACT_YES &&
             partition_evaluate(g, p, c->params->comm_factor, &pm, &invalid) == GN_OK && pm.period <= T * (1 + 1e-9)) {
      *status = MIP_OPTIMAL;
      if (pm.period < *period) {
        *period = pm.period;
        memcpy(out->stage, p->stage, (size_t)g->n_tasks * sizeof *p->stage);
      }
    }
  }
  free(first);
  free(last);
  partition_free(p);
  return rc;
}

/* Solve the model for target T; on a solution with a lower period than *period, take it into out. */
static int solve_at(exact_run_ctx *c, double T, int optimise, double bound, partition *out, double *period,
                    mip_status *status, gn_error *err) {
  const taskgraph *g = c->g;
  double cf = c->params->comm_factor;
  exact_model em;
  int too_big;
  *status = MIP_UNKNOWN;
  int rc = exact_model_build(g, &c->reach, c->params->n_stages, cf, T, optimise, bound, c->max_vars, &em, &too_big,
                             err);
  if (rc == GN_OK && em.empty)
    *status = MIP_INFEASIBLE;
  double left = c->deadline_s - used_s(c);
  if (rc || em.empty || too_big || left <= 0) {
    exact_model_free(&em);
    return rc;
  }
  double *x = malloc(((size_t)em.mip.n_cols + 1) * sizeof *x), *start = NULL;
  partition *p = partition_clone(out);
  if (optimise && x)
    start = malloc(((size_t)em.mip.n_cols + 1) * sizeof *start);
  if (!x || !p || (optimise && !start))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  mip_result res = {.x = x};
  if (rc == GN_OK) {
    if (start)
      exact_model_encode(&em, g, out, *period, start);
    mip_limits lim = {left, c->max_nodes, start};
    rc = mip_solve_limited(c->solver, &em.mip, &lim, &res, err);
    c->child_cpu_s += res.cpu_s;
  }
  if (rc == GN_OK) {
    *status = res.status;
    if (res.status == MIP_OPTIMAL || res.status == MIP_FEASIBLE) {
      exact_model_partition(&em, x, p);
      partition_metrics pm;
      gn_error ignored;
      int valid = partition_evaluate(g, p, cf, &pm, &ignored) == GN_OK;
      if (valid && pm.period < *period) {
        *period = pm.period;
        memcpy(out->stage, p->stage, (size_t)g->n_tasks * sizeof *p->stage);
      }
      if (!valid || pm.period > T * (1 + 1e-9)) /* a solution the solver rounded badly is no proof */
        *status = MIP_UNKNOWN;
    }
    if (optimise && res.status == MIP_FEASIBLE && res.bound > -HUGE_VAL)
      *status = res.bound >= *period * (1 - 1e-9) ? MIP_OPTIMAL : MIP_FEASIBLE;
  }
  free(x);
  free(start);
  partition_free(p);
  exact_model_free(&em);
  return rc;
}

/* Questions asked one unit apart before bisecting (ordinary graphs need a few; see mapper_exact_solve). */
#define EXACT_LADDER_STEPS 64
/* With costs that are not whole numbers, "optimal" means: no partition has a period below this relative gap
 * under the one returned (the stage search's proof at T = bound; docs/mappers.md). */
#define EXACT_EPSILON 1e-6
/* The stage search's share of the time left for each question of the ladder (the MIP gets the rest): the search
 * settles the deep, narrow graphs where the MIP does not; some 300-task x 100-stage questions need 8 s of it
 * (issue 27's measurement, under a 10 s limit). */
#define EXACT_SEARCH_SHARE 0.8

/* One step below the period; and whether the bound has closed the gap to it. */
static double step_below(double period, int integral) { return integral ? period - 1 : period * (1 - EXACT_EPSILON); }
static int closed(double period, double bound, int integral) {
  return integral ? bound >= period : bound >= step_below(period, 0) * (1 - 1e-12);
}

static const char *const exact_options[] = {"max_vars", "max_nodes", "solver", "side", NULL};

int mapper_exact_solve(const taskgraph *g, const mapper_params *params, partition *out, mapper_exact_result *res,
                       gn_error *err) {
  exact_run_ctx c = {.g = g, .params = params};
  char solver[16];
  int rc = mapper_options_check("exact", params->options, exact_options, err);
  if (rc == GN_OK)
    rc = mapper_option_long("exact", params->options, "max_vars", 10000, 1, 100000000L, &c.max_vars, err);
  if (rc == GN_OK)
    rc = mapper_option_long("exact", params->options, "max_nodes", 0, 0, 1000000000L, &c.max_nodes, err);
  if (rc == GN_OK)
    rc = mapper_option_text("exact", params->options, "solver", "cbc", solver, sizeof solver, err);
  if (rc == GN_OK && !(c.solver = mip_solver_find(solver, err)))
    rc = GN_EINPUT;
  if (rc == GN_OK)
    rc = exact_side_option("exact", params->options, &c.side, err);
  if (rc)
    return rc;
  c.deadline_s = used_s(&c) + (params->time_limit_s > 0 ? params->time_limit_s : 60);
  mapper_params hp = *params;
  /* The incumbent is best as a user runs it (its default budgets and sides: the options given are exact's own), so
   * exact is never worse than best wherever best ends within exact's time limit; exact's own questions go on from
   * it, through the memories it is lent (below), and where it ran out of nodes they go on where it stopped. */
  hp.options = NULL;
  hp.deadline_s = c.deadline_s; /* the incumbent's searches stop at exact's time limit too */
  hp.bound = mapper_params_bound(g, params); /* found once, for best and for exact */
  /* With communication the questions descend (below): what one learns holds for every later one, and the last
   * question of the incumbent's descent, stopped by its budget, is asked again by exact (docs/mappers.md). Without
   * it the ladder climbs, where a failure at a lower period says nothing. */
  if (taskgraph_has_comm(g, params->comm_factor) &&
      (!(c.memory = hp.search_memory = exact_memory_new()) ||
       !(c.sink_memory = hp.search_sink_memory = exact_memory_new()))) {
    exact_memory_free(c.memory);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  rc = mapper_best.run(g, &hp, out, err);
  partition_metrics pm;
  if (rc == GN_OK)
    rc = partition_evaluate(g, out, params->comm_factor, &pm, err);
  if (rc) {
    exact_memory_free(c.memory);
    exact_memory_free(c.sink_memory);
    return rc;
  }
  double period = pm.period, bound = hp.bound;
  int integral = partition_costs_integral(g, params->comm_factor);
  int optimal = period <= bound * (1 + 1e-12);
  if (!optimal && g->n_tasks <= EXACT_MAX_TASKS)
    rc = taskgraph_reach_compute(g, &c.reach, err);
  mip_status st = MIP_UNKNOWN;
  if (!optimal && c.reach.reduced && integral && !taskgraph_has_comm(g, params->comm_factor)) {
    /* The ladder from the bound up: its first YES is the optimum. Past EXACT_LADDER_STEPS questions (a gap of
     * thousands of units, as with costs near 1e300) it bisects between the bound and the best period instead,
     * so the questions stay about log2(gap); it stops at the deadline or where T + 1 == T. */
    int asked = 0, proven = 0;
    for (double T = bound; rc == GN_OK && T < period && T + 1 > T && used_s(&c) < c.deadline_s; asked++) {
      rc = search_at(&c, T, EXACT_SEARCH_SHARE, out, &period, &st, err);
      if (rc == GN_OK && st == MIP_UNKNOWN)
        rc = solve_at(&c, T, 0, bound, out, &period, &st, err);
      if (st == MIP_INFEASIBLE)
        bound = T + 1; /* proven: no partition with period <= T */
      else if (st != MIP_OPTIMAL || T == bound) {
        proven = st == MIP_OPTIMAL; /* YES at the bound: optimal */
        break;
      } /* else a YES above the bound while bisecting: the period came down to <= T, ask lower */
      T = asked + 1 < EXACT_LADDER_STEPS ? bound : floor(bound + (period - bound) / 2);
      if (T < bound)
        T = bound;
    }
    optimal = rc == GN_OK && (proven || bound >= period);
  } else if (!optimal && c.reach.reduced) {
    c.guided = 1;
    /* the windows narrowed by communication (no memory for them: the plain windows, still valid) */
    if ((c.prefix = malloc((size_t)g->n_tasks * sizeof *c.prefix)) &&
        mapper_cheapest_prefixes(g, params->comm_factor, c.prefix) != GN_OK) {
      free(c.prefix);
      c.prefix = NULL;
    }
    /* With communication (or costs that are not whole): one question at the bound (a YES there is the optimum),
     * then a descent: "period <= best - one step?", the search trying the incumbent's choices first, until a NO
     * — the certificate: exact with whole-number costs (a step of one unit), else epsilon-optimal (a step of
     * EXACT_EPSILON of the period). Measured on 50-task graphs (docs/benchmarks.md): a guided YES near the
     * incumbent is cheap, and the one hard question is the last NO; a bisection from the bound asks a dozen NO
     * questions about as hard. The MIP's LP bound stays at total load / N with communication, so the search
     * gets all the time; the MIP takes over only where the search cannot run or stopped. */
    for (double T = bound; rc == GN_OK && used_s(&c) < c.deadline_s;) {
      rc = search_at(&c, T, 1, out, &period, &st, err);
      if (rc || st == MIP_UNKNOWN)
        break;
      if (st == MIP_INFEASIBLE)
        bound = integral ? T + 1 : T; /* proven: no partition with period <= T */
      if ((optimal = closed(period, bound, integral)))
        break;
      T = step_below(period, integral);
      if (!(T < period))
        break; /* no step below it is representable (a period near 1e300): a question there is the last one again */
    }
    if (rc == GN_OK && !optimal) {
      rc = solve_at(&c, period, 1, bound, out, &period, &st, err);
      optimal = rc == GN_OK && (st == MIP_OPTIMAL || st == MIP_INFEASIBLE); /* infeasible: nothing below the start */
      if (optimal)
        bound = period; /* the MIP's proof is exact (within its own tolerances) */
    }
  }
  taskgraph_reach_free(&c.reach);
  free(c.prefix);
  exact_memory_free(c.memory);
  exact_memory_free(c.sink_memory);
  res->optimal = optimal;
  res->period = period;
  /* epsilon-optimal: the bound proven stays in the row (a gap of at most EXACT_EPSILON) */
  res->bound = optimal && integral ? period : (bound < period ? bound : period);
  return rc;
}

static int exact_run_proven(const taskgraph *g, const mapper_params *params, partition *out, mapper_status *status,
                            gn_error *err) {
  mapper_exact_result res;
  int rc = mapper_exact_solve(g, params, out, &res, err);
  if (rc == GN_OK) {
    status->status = res.optimal ? "optimal" : "feasible";
    if (res.bound > status->bound)
      status->bound = res.bound;
  }
  return rc;
}

static int exact_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  mapper_exact_result res;
  return mapper_exact_solve(g, params, out, &res, err);
}

const mapper mapper_exact = {"exact",
                             "reference: proven optimum, asking period <= T? from the bound up (stage search, then MIP "
                             "by CBC or GLPK); else best found + bound (options solver, max_vars, max_nodes, side)",
                             exact_run, exact_run_proven, exact_options};
