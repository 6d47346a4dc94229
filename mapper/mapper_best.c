/* mapper_best: the default mapper — the best of the fast mappers (each followed by refine), then a tabu search
 * that aims at a period one step below the best so far (moves of single tasks and swaps across stage boundaries,
 * minimising the total excess over the target), until the lower bound is reached or the move budget runs out
 * (with communication the budget doubles, in rounds, while a gap to the bound is open and the search progresses,
 * two late rounds more while the gap is above 15 % and within reach; moves that cannot be chosen are not weighed);
 * then the exact stage search within a node budget (from the bound up without communication, then, if that runs
 * out, a descent from the period on a second budget that goes on from the failed sets of the rung that ran out,
 * and if a question is still open, a third budget that asks it again with the heaviest ready tasks decided first,
 * then a fourth from the sinks' side, then restarts in random orders on Luby's budgets (best_reorder.c: a YES
 * deep in the graph's order is often shallow in another);
 * with communication a question at the bound then a descent from the period guided by the partition in hand, its
 * windows narrowed as exact's, on a budget scaled to the graph, each question asked of the sinks' and the sources'
 * side in turns as exact asks its own, exact_sides.h; option side=sources: the sources' side alone, as before).
 * Never worse than any mapper of its portfolio; deterministic for a seed (budgets count moves and nodes, not
 * time). */
#include "mapper.h"

#include "exact_model.h"
#include "best_reorder.h"
#include "exact_search.h"
#include "exact_sides.h"
#include "gn_seed.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Every fast mapper of the registry (best must stay no worse than each of them). */
static const mapper *const portfolio[] = {&mapper_dpma, &mapper_dptaa, &mapper_saatsa, &mapper_chains, NULL};

static int period_of(const taskgraph *g, const partition *p, double comm_factor, double *period, gn_error *err) {
  partition_metrics pm;
  int rc = partition_evaluate(g, p, comm_factor, &pm, err);
  *period = pm.period;
  return rc;
}

int mapper_best_portfolio(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  mapper_params mp = *params;
  mp.options = NULL; /* each member with its defaults: the options given are best's own */
  double best = INFINITY;
  int rc = GN_OK;
  partition *p = partition_new(g->n_tasks, params->n_stages);
  if (!p)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; portfolio[i] && rc == GN_OK; i++) {
    double period;
    rc = portfolio[i]->run(g, &mp, p, err);
    if (rc == GN_OK)
      rc = mapper_refine(g, params->comm_factor, p, err);
    if (rc == GN_OK)
      rc = period_of(g, p, params->comm_factor, &period, err);
    if (rc == GN_OK && period < best) {
      best = period;
      memcpy(out->stage, p->stage, (size_t)g->n_tasks * sizeof *p->stage);
    }
  }
  partition_free(p);
  return rc;
}

/* The tabu search for one target period. */
typedef struct search {
  const taskgraph *g;
  partition_state st;
  double target, tol;
  long iter;
  long *tabu_until; /* per task: the iteration before which moving it again is tabu */
  int *member, *member_off; /* tasks bucketed by stage */
  double *excess_through; /* n_stages: excess() */
  double best_f; /* the least excess seen for this target (aspiration), kept when a new round resumes it */
  partition_trial trial_t, trial_w; /* the candidate move of t, and of the task it swaps with */
  /* The moves' bounds (cannot_win): */
  int prune;                 /* 0 = weigh every move in full (option prune=0: the same choices, slower) */
  double *w_into, *w_out_of; /* per task: load less the pay it receives; load and the pay it sends */
  double slack;              /* more than any rounding between a move's excess and its bound */
  double *term;              /* n_stages: each stage's excess term at the iteration's start (0 within slack) */
  double term_sum;           /* their sum */
  double *into_least, *out_of_most; /* n_stages: the least w_into and most w_out_of of the stage's tasks */
  gsl_rng *rng;
  double deadline_s; /* process CPU time; HUGE_VAL = none */
} search;

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The sum, in stage order, of what the stages above target + tol cost beyond target. The state tracks which stages
 * those are (over_at = target + tol) and the lowest stage a move changed since the last call; excess_through[k] keeps
 * the sum up to over-target stage k, so only the over-target stages from there on are added again: the same
 * additions in the same order as summing them all, so the same bits. */
static double excess(search *s) {
  partition_state *st = &s->st;
  int N = st->p->n_stages, j = partition_state_last_over_before(st, st->changed_from);
  double f = j >= 0 ? s->excess_through[j] : 0;
  for (int k = partition_state_next_over(st, st->changed_from); k < N; k = partition_state_next_over(st, k + 1)) {
    f += st->stage_cost[k] - s->target;
    s->excess_through[k] = f;
  }
  st->changed_from = N;
  return f;
}

static void bucket(search *s) {
  const partition *p = s->st.p;
  memset(s->member_off, 0, ((size_t)p->n_stages + 1) * sizeof *s->member_off);
  for (int t = 0; t < p->n_tasks; t++)
    s->member_off[p->stage[t] + 1]++;
  for (int k = 0; k < p->n_stages; k++)
    s->member_off[k + 1] += s->member_off[k];
  for (int t = 0; t < p->n_tasks; t++) /* member_off[k] runs ahead while filling, then is restored */
    s->member[s->member_off[p->stage[t]]++] = t;
  for (int k = p->n_stages; k > 0; k--)
    s->member_off[k] = s->member_off[k - 1];
  s->member_off[0] = 0;
}

/* The best move found so far in one iteration: task t to stage to, then (swap) task w to t's old stage. */
typedef struct move {
  double f;
  int t, to, w, ties;
} move;

static void consider(search *s, move *best, double f, double best_f, int t, int to, int w) {
  int tabu = s->tabu_until[t] > s->iter || (w >= 0 && s->tabu_until[w] > s->iter);
  if (tabu && f >= best_f - s->tol) /* aspiration: a tabu move that beats the best excess seen is allowed */
    return;
  if (f < best->f - s->tol) {
    *best = (move){f, t, to, w, 1};
  } else if (f <= best->f + s->tol && gsl_rng_uniform_int(s->rng, (unsigned long)++best->ties) == 0) {
    *best = (move){f, t, to, w, best->ties};
  }
}

/* Lower bounds on a move's excess, to skip the moves consider() would ignore without weighing them in full. Within
 * an iteration every move tried is taken back bit for bit, so the costs at its start hold throughout. A move of t
 * from b to `to`, then perhaps of w from `to` to b, changes b, to and the stages of their senders; the senders'
 * other than b and to pay as before (within rounding). So its excess is at least the terms of the stages but b and
 * to (term_sum less theirs) plus b's and to's at their least: a task adds to the stage it enters at least its load
 * less what its senders there stop paying (w_into), and takes from the stage it leaves at most its load and what
 * it pays (w_out_of). Terms within the slack of the threshold are counted as 0 (rounding could take them under it).
 * 1 = the move's excess, whatever it is, is more than consider() would take: skipping it changes nothing. */
static int cannot_win(const search *s, const move *best, double best_f, int tabu, double rest, double cost_b,
                      double cost_to) {
  double at = s->st.over_at + s->slack, least = rest - s->slack;
  if (cost_b > at)
    least += cost_b - s->target;
  if (cost_to > at)
    least += cost_to - s->target;
  return least > best->f + s->tol || (tabu && least >= best_f - s->tol);
}

/* The terms and the stages' extreme tasks for the iteration about to weigh its moves. */
static void bounds_for_iteration(search *s) {
  const partition_state *st = &s->st;
  int N = st->p->n_stages;
  double at = st->over_at + s->slack;
  s->term_sum = 0;
  for (int k = 0; k < N; k++) {
    s->term[k] = st->stage_cost[k] > at ? st->stage_cost[k] - s->target : 0;
    s->term_sum += s->term[k];
    s->into_least[k] = HUGE_VAL;
    s->out_of_most[k] = -HUGE_VAL;
    for (int i = s->member_off[k]; i < s->member_off[k + 1]; i++) {
      int w = s->member[i];
      if (s->w_into[w] < s->into_least[k])
        s->into_least[k] = s->w_into[w];
      if (s->w_out_of[w] > s->out_of_most[k])
        s->out_of_most[k] = s->w_out_of[w];
    }
  }
}

/* Single moves and swaps of task t out of its over-target stage b. Each is tried and taken back bit for bit
 * (partition_trial), so every move is weighed from the same costs and skipping one (cannot_win) changes nothing
 * else: the same choices as weighing them all. */
static void moves_of(search *s, move *best, double best_f, int t) {
  const taskgraph *g = s->g;
  const double *cost = s->st.stage_cost;
  int b = s->st.p->stage[t], lo, hi, tabu_t = s->tabu_until[t] > s->iter;
  partition_state_range(g, &s->st, t, &lo, &hi);
  for (int to = lo; to <= hi; to++) {
    if (to == b)
      continue;
    double rest = s->term_sum - s->term[b] - s->term[to];
    double b_least = cost[b] - s->w_out_of[t], to_least = cost[to] + s->w_into[t]; /* once t has moved */
    int single = s->st.stage_size[b] > 1 &&
                 !(s->prune && cannot_win(s, best, best_f, tabu_t, rest, b_least, to_least));
    int swaps = (to == b - 1 || to == b + 1) && s->member_off[to] < s->member_off[to + 1] &&
                !(s->prune && cannot_win(s, best, best_f, 0, rest, b_least + s->into_least[to],
                                         to_least - s->out_of_most[to]));
    if (!single && !swaps)
      continue;
    partition_state_try(g, &s->st, &s->trial_t, t, to);
    if (single)
      consider(s, best, excess(s), best_f, t, to, -1);
    for (int k = swaps ? s->member_off[to] : 0; k < (swaps ? s->member_off[to + 1] : 0); k++) {
      int w = s->member[k];
      if (s->prune && cannot_win(s, best, best_f, tabu_t || s->tabu_until[w] > s->iter, rest,
                                 cost[b] + s->w_into[w], cost[to] - s->w_out_of[w]))
        continue;
      if (!partition_state_fits(g, &s->st, w, b))
        continue;
      partition_state_try(g, &s->st, &s->trial_w, w, b);
      consider(s, best, excess(s), best_f, t, to, w);
      partition_state_untry(&s->st, &s->trial_w);
    }
    partition_state_untry(&s->st, &s->trial_t);
  }
}

/* Search for a partition with every stage at most target, from s->st's partition (resume: where the last call
 * stopped, as if its budget had been larger). 1 = found (left in place). */
static int search_target(search *s, long *budget, int resume) {
  const taskgraph *g = s->g;
  int N = s->st.p->n_stages;
  double f = excess(s);
  if (!resume)
    s->best_f = f;
  double best_f = s->best_f;
  while (f > 0 && *budget > 0 && (s->deadline_s == HUGE_VAL || cpu_s() < s->deadline_s)) {
    bucket(s);
    if (s->prune)
      bounds_for_iteration(s);
    move best = {INFINITY, -1, -1, -1, 0};
    for (int b = partition_state_next_over(&s->st, 0); b < N; b = partition_state_next_over(&s->st, b + 1))
      for (int k = s->member_off[b]; k < s->member_off[b + 1]; k++)
        moves_of(s, &best, best_f, s->member[k]);
    (*budget)--;
    s->iter++;
    if (best.t < 0) { /* every move tabu: forget the tabu list once, then give up */
      int any = 0;
      for (int t = 0; t < g->n_tasks && !any; t++)
        any = s->tabu_until[t] > s->iter;
      if (!any)
        return 0;
      memset(s->tabu_until, 0, (size_t)g->n_tasks * sizeof *s->tabu_until);
      continue;
    }
    int from = s->st.p->stage[best.t];
    partition_state_move(g, &s->st, best.t, best.to);
    if (best.w >= 0)
      partition_state_move(g, &s->st, best.w, from);
    long tenure = 5 + (long)gsl_rng_uniform_int(s->rng, 6);
    s->tabu_until[best.t] = s->iter + tenure;
    if (best.w >= 0)
      s->tabu_until[best.w] = s->iter + tenure;
    f = excess(s);
    if (f < best_f)
      s->best_f = best_f = f;
  }
  return f <= 0;
}

/* Ask the stage search (exact_search.h) "period <= T?" within one node budget for all the questions (the same
 * answer on every machine). Without communication (whole-number loads) T runs from the bound up: YES gives a
 * partition at T; NO proves T too low and moves on. With communication, as exact does (mapper_exact.c): one
 * question at the bound, then the descent "period <= the best period less one step?" (one unit, or a relative
 * 1e-6), the search guided by the partition in hand and its windows narrowed by communication, until a NO.
 * Running out of nodes stops. Graphs too big for the reachability sets are left to the tabu search. */
/* Questions asked at most (each clears the search's memo: ~15 ms): the gap from the bound to the period can be
 * astronomic with huge volumes (1e300), where stepping T by one would never end. Ordinary graphs need a few. */
#define SEARCH_QUESTIONS_MAX 64

static int search_down(const taskgraph *g, const mapper_params *params, double bound, long nodes, int reorder,
                       exact_side side, partition *out, double *period, gn_error *err) {
  int N = params->n_stages, n = g->n_tasks, integral = partition_costs_integral(g, params->comm_factor);
  int bisect = taskgraph_has_comm(g, params->comm_factor);
  if (n > 5000 || (long)n * N > 4000000L || (!integral && !bisect))
    return GN_OK;
  taskgraph_reach reach;
  int rc = taskgraph_reach_compute(g, &reach, err);
  int *first = malloc((size_t)n * sizeof *first), *last = malloc((size_t)n * sizeof *last);
  partition *p = partition_clone(out);
  double *prefix = bisect ? malloc((size_t)n * sizeof *prefix) : NULL;
  /* Without communication (and no memory lent by exact) best keeps its own memory of failed sets: one per rung
   * of the ladder (a failure at T says nothing at T + 1, and a fresh memory leaves those runs as they were),
   * and the rung that ran out hands its memory to the descent, whose first question is often that rung again
   * (period = T + 1) and so goes on where it stopped instead of starting over; the descent keeps it for all its
   * questions (T only falls: exact_search.h). With communication and the sinks' side asking (side both or
   * sinks) each side keeps one memory for all the questions, as exact's do: a turn asked again goes on where the
   * last one stopped (exact_sides.h); with side=sources each question has a memory of its own (or exact's). */
  int sides = bisect && side != EXACT_SIDE_SOURCES;
  /* exact lends both its memories to its incumbent: empty then, as best's own would be, so the same result */
  exact_memory *memory = params->search_memory, *sink_memory = sides ? params->search_sink_memory : NULL;
  int own_memory = (!bisect || sides) && !memory, own_sinks = sides && !sink_memory;
  if (own_sinks)
    sink_memory = exact_memory_new();
  if (own_memory)
    memory = exact_memory_new();
  if (rc == GN_OK &&
      (!first || !last || !p || (bisect && !prefix) || (own_memory && !memory) || (sides && !sink_memory)))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  /* With communication the windows are narrowed by the cheapest downset holding each task, as exact's are */
  if (rc == GN_OK && bisect)
    rc = mapper_cheapest_prefixes(g, params->comm_factor, prefix);
  double lo = integral ? ceil(bound - 1e-9) : bound, T = lo;
  /* With communication a YES that lowers the period gives its nodes back, up to three more budgets in all: the
   * descent goes on while it makes progress, still counted in nodes (the same result on every machine). */
  long refill = 3 * nodes;
  /* descend: the descent from the period (with communication from the second question on; without it only when
   * the ladder from the bound ran out of nodes, below) */
  int descend = 0, second_budget = !bisect;
  long budget = nodes;
  double stuck = HUGE_VAL; /* the period of the last question that ran out of nodes */
  for (int q = 0; rc == GN_OK && T < *period && nodes > 0 && q < SEARCH_QUESTIONS_MAX && T + 1 > T; q++) {
    exact_model_windows(g, &reach, N, T, first, last);
    if (prefix)
      mapper_windows_narrow(g, N, T, prefix, first);
    exact_answer answer;
    long used;
    rc = exact_sides_decide(g, N, params->comm_factor, T, first, last, bisect || descend ? out->stage : NULL,
                            params->deadline_s > 0 ? params->deadline_s : HUGE_VAL,
                            bisect && q == 0 && nodes > budget / 4 ? budget / 4 : nodes, side, memory, sink_memory, p,
                            &answer, &used, err);
    nodes -= used > 0 ? used : 1; /* a question answered without a node still costs one: huge costs (1e300)
                                     * would otherwise step T by 1 towards the period for ever */
    if (rc)
      break;
    if (answer == EXACT_UNKNOWN) {
      /* Without communication the ladder ran out on a hard NO (a gap to the bound still open): a second budget
       * for the descent from the period, guided by the partition in hand, where a YES can be cheap (a 100-task
       * STG graph at N = 50: 26 -> 24, the optimum, docs/benchmarks.md). Runs that did not run out stay as
       * they were. With communication the same when the question at the bound runs out (a bound close to the
       * optimum, e.g. the spectral term's at 300 tasks: without it the descent was lost, 10 committed periods
       * 0.01-3.1 % higher); the descent's own last question running out still ends the search. */
      stuck = T;
      if (bisect && q == 0)
        second_budget = 1;
      if (!second_budget || (integral ? (T = *period - 1) < lo : (T = *period * (1 - 1e-6)) <= lo))
        break;
      second_budget = 0;
      descend = 1;
      nodes = budget;
      continue;
    }
    if (answer == EXACT_YES) {
      double p2;
      if ((rc = period_of(g, p, params->comm_factor, &p2, err)) == GN_OK && p2 < *period) {
        *period = p2;
        memcpy(out->stage, p->stage, (size_t)n * sizeof *p->stage);
        if (bisect) { /* progress: the nodes this question took come back, within the refill */
          long back = used < refill ? used : refill;
          nodes += back;
          refill -= back;
        }
      }
      if (!bisect && !descend)
        break; /* the ladder's first YES: the optimum */
    } else
      lo = integral ? T + 1 : T;
    if (!bisect && !descend) {
      T++;
      if (own_memory) { /* the next rung starts afresh */
        exact_memory_free(memory);
        if (!(memory = exact_memory_new()))
          rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      }
    } else if (integral ? (T = *period - 1) < lo : (T = *period * (1 - 1e-6)) <= lo)
      break; /* the bound has met the period (non-whole costs: a NO at lo is a proof for every T <= lo, so the
              * question is not asked again) */
  }
  /* Without communication, more budgets when a question ran out and is still open (lo <= stuck < period): the
   * same question again with the candidates decided heaviest first, then the descent below it in that order; if
   * one is still open, the same from the sinks' side, then restarts in random orders (best_reorder.c). The
   * graph's order, smallest id first, packs a stage with whatever comes first and can spend 10^8 nodes repairing
   * the last, tightest stages; heaviest first finds two held-out misses of issue 27 in 8.3e6 and 2.6e3 nodes, from
   * the sinks a third; a fourth (1000 tasks x 200 stages) takes 6e8 nodes in the graph's order and >1e9 heaviest
   * first, 2e4-1.5e6 in 6 of 20 random orders (docs/benchmarks.md). */
  if (rc == GN_OK && reorder && !bisect && stuck >= lo && stuck < *period)
    rc = best_reordered_descent(g, &reach, params, reorder, lo, stuck, budget, memory, out, period, err);
  if (own_memory)
    exact_memory_free(memory);
  if (own_sinks)
    exact_memory_free(sink_memory);
  taskgraph_reach_free(&reach);
  free(first);
  free(last);
  free(prefix);
  partition_free(p);
  return rc;
}

/* The stage search's node budget when the option is not given: 2e7 without communication (the committed results
 * stay as they were); with it 2e7 x 6,000 / (tasks x stages), between 2e7 and 1.6e8. On small graphs a single
 * question of the descent (the YES that reaches the optimum) can take 1e8 nodes where exact finds the optimum
 * (docs/benchmarks.md: 50-task graphs); at 300 tasks x 20 stages and beyond the budget and so the time stay as
 * they were (a node costs about the same there: 30-50 ns). */
#define NODES_BASE 20000000L
#define NODES_SCALE_CELLS 6000.0
#define NODES_SCALE_MAX 8.0

static long default_nodes(const taskgraph *g, const mapper_params *params) {
  if (!taskgraph_has_comm(g, params->comm_factor))
    return NODES_BASE;
  double f = NODES_SCALE_CELLS / ((double)g->n_tasks * params->n_stages);
  return (long)(NODES_BASE * (f < 1 ? 1 : f > NODES_SCALE_MAX ? NODES_SCALE_MAX : f));
}

static const char *const best_options[] = {"moves",       "nodes",      "extend",       "extend_gain", "extend_gap",
                                           "extend_late", "extend_aim", "extend_reach", "reorder",     "prune",
                                           "side",        NULL};

/* The moves' bounds (cannot_win): each task's least addition to the stage it enters and most it takes from the
 * stage it leaves, and the slack: many times the rounding of any sum of stage costs (each at most the graph's whole
 * load and communication) over the stages and a task's edges. */
static int bounds_init(search *s, const taskgraph *g, double comm_factor, int n_stages, gn_error *err) {
  int n = g->n_tasks, degree_max = 0;
  s->w_into = malloc((size_t)n * sizeof *s->w_into);
  s->w_out_of = malloc((size_t)n * sizeof *s->w_out_of);
  s->term = malloc((size_t)n_stages * sizeof *s->term);
  s->into_least = malloc((size_t)n_stages * sizeof *s->into_least);
  s->out_of_most = malloc((size_t)n_stages * sizeof *s->out_of_most);
  if (!s->w_into || !s->w_out_of || !s->term || !s->into_least || !s->out_of_most)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  double total = 0;
  for (int t = 0; t < n; t++) {
    double in = 0, out = 0;
    for (int k = g->pred_off[t]; k < g->pred_off[t + 1]; k++)
      in += comm_factor * g->edge[g->pred_edge[k]].volume;
    for (int k = g->succ_off[t]; k < g->succ_off[t + 1]; k++)
      out += comm_factor * g->edge[g->succ_edge[k]].volume;
    s->w_into[t] = g->load[t] - in;
    s->w_out_of[t] = g->load[t] + out;
    total += g->load[t] + out;
    int degree = g->pred_off[t + 1] - g->pred_off[t] + g->succ_off[t + 1] - g->succ_off[t];
    if (degree > degree_max)
      degree_max = degree;
  }
  s->slack = 16 * DBL_EPSILON * ((double)n_stages + 4.0 * degree_max + 8) * total;
  return GN_OK;
}

/* The tabu phase's move budget grows in rounds with communication (issue 27: at 300 tasks x 20 stages the default
 * 3,000 moves stopped 1.2-3.2 % above periods a run with 100x the moves finds; the search's nodes bought nothing
 * there, docs/benchmarks.md): when a round's moves run out, the next round (as many moves as all before it: the
 * budget doubles) is granted while the gap period / bound exceeds 1 + gap and the last two rounds lowered the
 * period by at least gain (relative; one round without a success does not stop it: on the layrpred seed 2
 * the first extra round found nothing and the rounds after it 1.6 %), at most `rounds` times. Then up to `late`
 * rounds more on the same conditions while the gap exceeds 1 + aim (issue 27's aim) and reach x the last round's
 * gain would close it (the aim in reach: far from it, as where the bound is loose, more rounds cost 4x the CPU
 * for little), each ending once the aim is met. Counted in moves, so the same on every machine. */
typedef struct extension {
  int rounds;          /* doublings still allowed */
  double gain, gap;    /* the least relative progress over two rounds; the least open gap */
  double from, before; /* the period when the last round began, and when the one before it began */
  long granted;        /* moves granted so far in all */
  int late;            /* rounds still allowed past `rounds`, while the gap is above aim */
  double aim;          /* their gap: they end as soon as period / bound <= 1 + aim */
  double reach;        /* and are granted only if `reach` times the last round's gain would close it */
  int in_late;         /* a late round has been granted */
} extension;

/* 1 = a new round: *budget refilled. */
static int extend_budget(extension *x, double period, double bound, long *budget) {
  if (period <= bound * (1 + x->gap) || period > x->before * (1 - x->gain))
    return 0;
  if (x->rounds > 0)
    x->rounds--;
  else if (x->late > 0 && period > bound * (1 + x->aim) &&
           period - x->reach * (x->from - period) <= bound * (1 + x->aim)) {
    x->late--;
    x->in_late = 1;
  } else
    return 0;
  x->before = x->from;
  x->from = period;
  *budget = x->granted;
  x->granted *= 2;
  return 1;
}

static int best_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  long budget;
  int rc = mapper_options_check("best", params->options, best_options, err);
  long nodes;
  if (rc == GN_OK)
    rc = mapper_option_long("best", params->options, "moves", 3000, 0, 1000000000L, &budget, err);
  if (rc == GN_OK)
    rc = mapper_option_long("best", params->options, "nodes", -1, 0, 1000000000L, &nodes, err);
  long rounds;
  extension x = {0};
  if (rc == GN_OK)
    rc = mapper_option_long("best", params->options, "extend", 5, 0, 20, &rounds, err);
  if (rc == GN_OK)
    rc = mapper_option_double("best", params->options, "extend_gain", 1e-3, 0, 1, &x.gain, err);
  if (rc == GN_OK)
    rc = mapper_option_double("best", params->options, "extend_gap", 0.05, 0, 1e9, &x.gap, err);
  long late;
  if (rc == GN_OK)
    rc = mapper_option_long("best", params->options, "extend_late", 2, 0, 20, &late, err);
  if (rc == GN_OK)
    rc = mapper_option_double("best", params->options, "extend_aim", 0.15, 0, 1e9, &x.aim, err);
  if (rc == GN_OK)
    rc = mapper_option_double("best", params->options, "extend_reach", 4, 0, 1e9, &x.reach, err);
  long reorder;
  if (rc == GN_OK)
    rc = mapper_option_long("best", params->options, "reorder", 3, 0, 3, &reorder, err);
  long prune;
  if (rc == GN_OK)
    rc = mapper_option_long("best", params->options, "prune", 1, 0, 1, &prune, err);
  exact_side side;
  if (rc == GN_OK)
    rc = exact_side_option("best", params->options, &side, err);
  if (rc == GN_OK)
    rc = mapper_best_portfolio(g, params, out, err);
  double period;
  if (rc == GN_OK)
    rc = period_of(g, out, params->comm_factor, &period, err);
  if (rc)
    return rc;
  int N = params->n_stages, integral = partition_costs_integral(g, params->comm_factor);
  if (nodes < 0)
    nodes = default_nodes(g, params);
  double bound = mapper_params_bound(g, params);
  /* Only with communication: without it the committed periods stay as they were */
  x.rounds = taskgraph_has_comm(g, params->comm_factor) ? (int)rounds : 0;
  x.late = taskgraph_has_comm(g, params->comm_factor) ? (int)late : 0;
  x.from = x.before = period;
  x.granted = budget;
  partition *work = partition_clone(out);
  search s = {.g = g, .rng = gn_rng_new(params->seed), .deadline_s = params->deadline_s > 0 ? params->deadline_s : HUGE_VAL};
  s.prune = (int)prune;
  s.tabu_until = calloc((size_t)g->n_tasks, sizeof *s.tabu_until);
  s.member = malloc((size_t)g->n_tasks * sizeof *s.member);
  s.member_off = malloc(((size_t)N + 1) * sizeof *s.member_off);
  s.excess_through = calloc((size_t)N, sizeof *s.excess_through);
  if (!work || !s.rng || !s.tabu_until || !s.member || !s.member_off || !s.excess_through)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK)
    rc = partition_trial_init(&s.trial_t, g, err);
  if (rc == GN_OK)
    rc = bounds_init(&s, g, params->comm_factor, N, err);
  if (rc == GN_OK)
    rc = partition_trial_init(&s.trial_w, g, err);
  /* Each success lowers the target one step: a unit for whole-number costs, else 0.1 % of the period. */
  while (rc == GN_OK && period > bound * (1 + 1e-12) && (budget > 0 || extend_budget(&x, period, bound, &budget))) {
    s.target = integral ? period - 1 : period * (1 - 1e-3);
    s.tol = 1e-9 * (period > 1 ? period : 1);
    if (s.target < bound)
      s.target = bound;
    memcpy(work->stage, out->stage, (size_t)g->n_tasks * sizeof *work->stage);
    if ((rc = partition_state_init(&s.st, g, work, params->comm_factor, err)))
      break;
    if ((rc = partition_state_track_over(&s.st, s.target + s.tol, err))) {
      partition_state_free(&s.st);
      break;
    }
    int found = search_target(&s, &budget, 0);
    while (!found && budget == 0 && extend_budget(&x, period, bound, &budget))
      found = search_target(&s, &budget, 1); /* the same target, from where the last round stopped */
    partition_state_free(&s.st);
    double p2;
    if (!found || (rc = period_of(g, work, params->comm_factor, &p2, err)) || p2 >= period)
      break;
    period = p2;
    memcpy(out->stage, work->stage, (size_t)g->n_tasks * sizeof *out->stage);
    if (x.in_late && period <= bound * (1 + x.aim))
      budget = 0; /* a late round's aim is met */
  }
  if (rc == GN_OK && nodes > 0 && period > bound * (1 + 1e-12))
    rc = search_down(g, params, bound, nodes, (int)reorder, side, out, &period, err);
  partition_free(work);
  gsl_rng_free(s.rng);
  free(s.tabu_until);
  free(s.member);
  free(s.member_off);
  free(s.excess_through);
  free(s.w_into);
  free(s.w_out_of);
  free(s.term);
  free(s.into_least);
  free(s.out_of_most);
  partition_trial_free(&s.trial_t);
  partition_trial_free(&s.trial_w);
  return rc;
}

/* A period at the lower bound is a certificate of optimality: best then says so. */
static int best_run_proven(const taskgraph *g, const mapper_params *params, partition *out, mapper_status *status,
                           gn_error *err) {
  int rc = best_run(g, params, out, err);
  double period;
  if (rc == GN_OK)
    rc = period_of(g, out, params->comm_factor, &period, err);
  if (rc == GN_OK && period <= status->bound * (1 + 1e-12))
    status->status = "optimal";
  return rc;
}

const mapper mapper_best = {"best",
                            "default: best of dpma, dptaa, saatsa, chains (+refine), a tabu search for a lower period, "
                            "then the exact stage search within a budget (options moves, nodes, extend, extend_gain, "
                            "extend_gap, extend_late, extend_aim, extend_reach, reorder, prune, side)",
                            best_run, best_run_proven, best_options};
