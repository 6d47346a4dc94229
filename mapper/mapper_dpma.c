/* mapper_dpma: DPMA, the paper's mapper (seed 001, DPMA paper): stages built one after another by a knapsack DP
 * over the dynamically updated set of available tasks, aiming at a dynamically adjusted expected stage cost.
 *
 * Reading of the paper used here (its pseudocode is garbled):
 *  - exp_1 = total load / N (communication is not known before cutting). With dynamic_exp (default) stage i
 *    aims at exp_i = remaining cost / remaining stages (eq. 6 was lost; this is the natural reading), where
 *    remaining cost = remaining load + the communication the later stages but the last will pay, estimated at
 *    the mean the stages built so far paid (comm_estimate=true, default; false = remaining load only, which
 *    under heavy communication leaves the last stage with what the others could not take). Without
 *    communication both are remaining load / remaining stages. dynamic_exp=false keeps exp_1 for every stage
 *    (the ablation of Table 1). The DP itself weighs load + paid communication, as eq. 5 does.
 *  - A stage grows in rounds. Each round solves a 0/1 knapsack over the available tasks (unassigned, every
 *    predecessor assigned): the subset whose added cost brings the stage closest to exp (eq. 5, min |sum - exp|;
 *    overshooting is allowed when it is closer, ties keep the smaller sum). The chosen tasks join the stage, the
 *    available set is updated, and the next round fills what is left. The stage is done when its cost equals
 *    exp or a round adds nothing ("the value stops changing"). The last stage takes the rest.
 *  - A task's knapsack weight = its load + comm_factor x its outgoing volume (all its receivers are still
 *    unassigned, so the stage will pay for them) - comm_factor x the volume it receives from the stage being
 *    built (those edges become internal). Available tasks are never adjacent, so the weights add up exactly.
 *    Tasks whose weight is <= 0 join without a knapsack decision (they cannot move the stage away from exp
 *    from above and only unlock successors).
 *  - Resolution: the DP runs on integers. When every load and comm_factor x volume is a whole number and
 *    exp_1 <= 1e6 (a DP row of at most 2e6 cells), the unit is 1 (exact, the STG case, as the paper's DP; a
 *    coarser unit on large graphs of small loads sums the rounding of thousands of tasks into each stage and
 *    overshoots exp by percents). Otherwise weights are rounded to the unit
 *    exp_1 / resolution (option resolution, default 1000: a stage cost is resolved to 0.1% of exp_1), a
 *    positive weight to at least one unit; all stopping tests use the true costs. A round whose goal would
 *    need a row of more than DPMA_MAX_CELLS cells gets a coarser unit of its own (knapsack_round).
 *  - Every stage must stay non-empty: a round never takes more tasks than leave one for each later stage, and
 *    an empty stage whose knapsack chose nothing takes the available task whose cost is closest to exp. */
#include "mapper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Most cells of a knapsack row (64 MiB of ints): see knapsack_round. */
#define DPMA_MAX_CELLS ((long)1 << 24)

typedef struct dpma {
  const taskgraph *g;
  double comm_factor;
  double unit;          /* DP resolution: cost per integer step */
  int *stage;           /* -1 = unassigned */
  int *pending;         /* unassigned predecessors per task */
  int n_unassigned;
  int *avail;           /* available tasks of the current round, in topological order */
  double *weight;       /* their knapsack weights (true costs) */
  long *steps;          /* weights in DP units */
  int *by_item;         /* DP: item that first reached each sum, -1 = unreached */
  size_t by_item_cap;
  char *chosen;
} dpma;

static int dpma_reserve(dpma *d, size_t cells) {
  if (cells <= d->by_item_cap)
    return GN_OK;
  int *b = realloc(d->by_item, cells * sizeof *b);
  if (!b)
    return GN_ENOMEM;
  d->by_item = b;
  d->by_item_cap = cells;
  return GN_OK;
}

/* Knapsack weight of available task v when added to the stage being built (see the header comment). */
static double task_weight(const dpma *d, int v, int cur) {
  const taskgraph *g = d->g;
  double w = g->load[v];
  for (int k = g->succ_off[v]; k < g->succ_off[v + 1]; k++)
    w += d->comm_factor * g->edge[g->succ_edge[k]].volume;
  for (int k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
    const tg_edge *e = &g->edge[g->pred_edge[k]];
    if (d->stage[e->src] == cur)
      w -= d->comm_factor * e->volume;
  }
  return w;
}

/* Weight in DP units. A positive weight never rounds to 0 steps: such a task would be invisible to the
 * knapsack, and when the available set holds only tasks lighter than half a unit (large graphs of small loads,
 * where the unit exp_1 / resolution exceeds 2 loads) no round could choose anything and the stage would stop
 * far below its exp, leaving everything to the last stage. */
static long dp_steps(double unit, double weight) {
  double x = weight / unit;
  if (x > DPMA_MAX_CELLS)
    return DPMA_MAX_CELLS; /* past any row: never a knapsack item (and no overflow of lround) */
  long s = lround(x);
  return weight > 0 && s < 1 ? 1 : s;
}

static void assign(dpma *d, int v, int cur) {
  const taskgraph *g = d->g;
  d->stage[v] = cur;
  d->n_unassigned--;
  for (int k = g->succ_off[v]; k < g->succ_off[v + 1]; k++)
    d->pending[g->edge[g->succ_edge[k]].dst]--;
}

static int collect_available(dpma *d) {
  int n = 0;
  for (int k = 0; k < d->g->n_tasks; k++) {
    int t = d->g->topo[k];
    if (d->stage[t] < 0 && d->pending[t] == 0)
      d->avail[n++] = t;
  }
  return n;
}

/* One knapsack round: marks d->chosen[i] for the items (indexes into avail) whose total weight, added to
 * `have`, is closest to `target`. Returns the number chosen, or GN_ENOMEM. */
static int knapsack_round(dpma *d, int n_items, double have, double target) {
  memset(d->chosen, 0, (size_t)n_items);
  double span = (target - have) / d->unit;
  if (span < 0.5)
    return 0;
  if (span > DPMA_MAX_CELLS / 2) {
    /* A goal far above exp_1 (communication thousands of times the loads, which the dynamic exp then carries)
     * would need a row of more than DPMA_MAX_CELLS cells: this round runs on a coarser unit of its own, the
     * goal resolved to 2 / DPMA_MAX_CELLS of itself, so memory stays bounded. Below it nothing changes. */
    double unit = (target - have) / (DPMA_MAX_CELLS / 2);
    for (int i = 0; i < n_items; i++)
      d->steps[i] = dp_steps(unit, d->weight[i]);
    span = DPMA_MAX_CELLS / 2;
  }
  long goal = lround(span);
  /* A sum >= 2 * goal is no closer than the empty set, so cells stop there. */
  long cap = 2 * goal;
  if (dpma_reserve(d, (size_t)cap + 1) != GN_OK)
    return GN_ENOMEM;
  int *by = d->by_item;
  for (long j = 0; j <= cap; j++)
    by[j] = -1;
  by[0] = n_items; /* sentinel: the empty set */
  /* Sums above `reach` are unreached so far; once the goal itself is reached no later item can do better. */
  long reach = 0;
  for (int i = 0; i < n_items && by[goal] < 0; i++) {
    long w = d->steps[i];
    if (w <= 0 || w >= cap)
      continue;
    reach = reach + w < cap ? reach + w : cap;
    for (long j = reach; j >= w; j--)
      if (by[j] < 0 && by[j - w] >= 0)
        by[j] = i;
  }
  long best = 0;
  for (long j = 1; j <= cap; j++)
    if (by[j] >= 0 && labs(j - goal) < labs(best - goal))
      best = j;
  int count = 0;
  for (long j = best; j > 0; j -= d->steps[by[j]]) {
    d->chosen[by[j]] = 1;
    count++;
  }
  return count;
}

/* Grow stage `cur` towards target (its exp); *cost = its cost. GN_OK or GN_ENOMEM. stages_after = stages still
 * to build after it. */
static int grow_stage(dpma *d, int cur, double target, int stages_after, double *cost) {
  double have = 0;
  int size = 0;
  for (;;) {
    int allowed = d->n_unassigned - stages_after;
    if (allowed <= 0)
      break;
    int n_items = collect_available(d);
    int taken = 0;
    for (int i = 0; i < n_items; i++) {
      d->weight[i] = task_weight(d, d->avail[i], cur);
      d->steps[i] = dp_steps(d->unit, d->weight[i]);
    }
    for (int i = 0; i < n_items && taken < allowed; i++)
      if (d->weight[i] <= 0) {
        have += d->weight[i];
        assign(d, d->avail[i], cur);
        taken++;
      }
    if (taken) {
      size += taken;
      continue; /* the available set changed */
    }
    int chosen = knapsack_round(d, n_items, have, target);
    if (chosen < 0)
      return chosen;
    if (chosen == 0 && size == 0) {
      int bi = 0;
      for (int i = 1; i < n_items; i++)
        if (fabs(have + d->weight[i] - target) < fabs(have + d->weight[bi] - target))
          bi = i;
      d->chosen[bi] = 1;
      chosen = 1;
    }
    if (chosen == 0)
      break; /* the best value stopped changing */
    /* Never leave a later stage without a task: keep the heaviest `allowed` of the chosen. */
    while (chosen > allowed) {
      int li = -1;
      for (int i = 0; i < n_items; i++)
        if (d->chosen[i] && (li < 0 || d->weight[i] < d->weight[li]))
          li = i;
      d->chosen[li] = 0;
      chosen--;
    }
    for (int i = 0; i < n_items; i++)
      if (d->chosen[i]) {
        have += d->weight[i];
        assign(d, d->avail[i], cur);
      }
    size += chosen;
    if (fabs(have - target) < 0.5 * d->unit)
      break; /* the stage reached its exp */
  }
  *cost = have;
  return GN_OK;
}

/* Largest exp_1 for which integral costs get the exact unit 1 (bounds the DP row to 2e6 + 1 cells). */
#define DPMA_EXACT_MAX 1e6

/* The DP unit (see the header comment on resolution). */
static double dp_unit(const taskgraph *g, double comm_factor, double exp1, long resolution) {
  if (exp1 <= DPMA_EXACT_MAX && partition_costs_integral(g, comm_factor))
    return 1;
  double unit = exp1 / (double)resolution;
  return unit > 0 ? unit : 1;
}

static const char *const dpma_options[] = {"dynamic_exp", "comm_estimate", "resolution", NULL};

static int dpma_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  int dynamic_exp, comm_estimate;
  long resolution;
  int rc = mapper_options_check("dpma", params->options, dpma_options, err);
  if (rc == GN_OK)
    rc = mapper_option_bool("dpma", params->options, "dynamic_exp", 1, &dynamic_exp, err);
  if (rc == GN_OK)
    rc = mapper_option_long("dpma", params->options, "resolution", 1000, 10, 1000000, &resolution, err);
  if (rc == GN_OK)
    rc = mapper_option_bool("dpma", params->options, "comm_estimate", 1, &comm_estimate, err);
  if (rc)
    return rc;
  int n = g->n_tasks, N = params->n_stages;
  dpma d = {.g = g, .comm_factor = params->comm_factor, .n_unassigned = n};
  d.stage = out->stage;
  d.pending = malloc((size_t)n * sizeof *d.pending);
  d.avail = malloc((size_t)n * sizeof *d.avail);
  d.weight = malloc((size_t)n * sizeof *d.weight);
  d.steps = malloc((size_t)n * sizeof *d.steps);
  d.chosen = malloc((size_t)n);
  if (!d.pending || !d.avail || !d.weight || !d.steps || !d.chosen) {
    rc = GN_ENOMEM;
    goto done;
  }
  double total = 0;
  for (int t = 0; t < n; t++) {
    d.stage[t] = -1;
    d.pending[t] = taskgraph_in_degree(g, t);
    total += g->load[t];
  }
  double exp1 = total / N, remaining = total, comm_paid = 0;
  d.unit = dp_unit(g, params->comm_factor, exp1, resolution);
  for (int s = 0; s < N - 1 && rc == GN_OK; s++) {
    /* Remaining cost = remaining load + the communication the later stages but the last will pay, estimated
     * at the mean paid so far (see the header comment). */
    double comm_ahead = comm_estimate && s > 0 ? comm_paid / s * (N - s - 1) : 0;
    double target = dynamic_exp ? (remaining + comm_ahead) / (N - s) : exp1;
    double cost = 0, load = 0;
    rc = grow_stage(&d, s, target, N - 1 - s, &cost);
    for (int t = 0; t < n; t++)
      if (d.stage[t] == s)
        load += g->load[t];
    remaining -= load;
    comm_paid += cost - load;
  }
  for (int t = 0; t < n; t++)
    if (d.stage[t] < 0)
      d.stage[t] = N - 1;
done:
  free(d.pending);
  free(d.avail);
  free(d.weight);
  free(d.steps);
  free(d.chosen);
  free(d.by_item);
  if (rc == GN_ENOMEM)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  return rc;
}

const mapper mapper_dpma = {"dpma",
                            "the paper's DPMA: knapsack DP over available tasks, dynamic expected stage cost "
                            "(options dynamic_exp, comm_estimate, resolution)",
                            dpma_run, NULL, dpma_options};
