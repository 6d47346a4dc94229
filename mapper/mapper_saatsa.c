/* mapper_saatsa: SAATSA-style baseline (the paper's ref. [6], DPMA paper): simulated annealing over stage labels
 * that stay pipeline-valid, from a greedy initial solution, with a greedy post-pass on the bottleneck stage.
 *
 * Initial solution: the tasks in topological order fill stage after stage, a stage closing once its load
 * reaches (remaining load) / (remaining stages) — always leaving a task for each later stage.
 * Move: a random task goes to a random other stage in [latest predecessor stage, earliest successor stage]
 * (so the pipeline stays valid) unless that would empty its stage.
 * Energy: period + balance_weight * sum(stage cost^2) / (N * exp); the second term rewards evening out
 * the non-bottleneck stages, which the period alone (flat almost everywhere) does not see.
 * Default schedule (all settable): iterations = 100 * tasks * ceil(sqrt(N)); temperature from
 * temp_start * exp down to temp_end * exp geometrically; exp = total load / N; seeded from params->seed.
 * The best solution seen (lowest period, then energy) is kept, then refined by mapper_refine when post=true. */
#include "mapper.h"

#include "gn_seed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct saatsa_config {
  long iterations;
  double temp_start, temp_end, balance_weight;
  int post;
} saatsa_config;

static const char *const saatsa_options[] = {"iterations", "temp_start", "temp_end", "balance_weight", "post", NULL};

static int read_config(const taskgraph *g, const mapper_params *params, saatsa_config *c, gn_error *err) {
  const char *o = params->options;
  long def_iter = 100L * g->n_tasks * (long)ceil(sqrt((double)params->n_stages));
  int rc = mapper_options_check("saatsa", o, saatsa_options, err);
  if (rc == GN_OK)
    rc = mapper_option_long("saatsa", o, "iterations", def_iter, 0, 1000000000L, &c->iterations, err);
  if (rc == GN_OK)
    rc = mapper_option_double("saatsa", o, "temp_start", 0.05, 0, 1e6, &c->temp_start, err);
  if (rc == GN_OK)
    rc = mapper_option_double("saatsa", o, "temp_end", 1e-4, 1e-12, 1e6, &c->temp_end, err);
  if (rc == GN_OK)
    rc = mapper_option_double("saatsa", o, "balance_weight", 0.1, 0, 1e6, &c->balance_weight, err);
  if (rc == GN_OK)
    rc = mapper_option_bool("saatsa", o, "post", 1, &c->post, err);
  if (rc == GN_OK && c->temp_end > c->temp_start && c->temp_start > 0)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "saatsa: temp_end (%g) must not exceed temp_start (%g)",
                      c->temp_end, c->temp_start);
  return rc;
}

/* Greedy fill along the topological order (see the header comment). */
static void initial_solution(const taskgraph *g, int n_stages, int *stage) {
  double remaining = 0, have = 0;
  for (int t = 0; t < g->n_tasks; t++)
    remaining += g->load[t];
  int s = 0, in_stage = 0;
  for (int k = 0; k < g->n_tasks; k++) {
    int t = g->topo[k], left = g->n_tasks - k; /* tasks not yet placed, t included */
    if (in_stage > 0 && s < n_stages - 1 && (left <= n_stages - 1 - s || have >= remaining / (n_stages - s))) {
      remaining -= have;
      have = 0;
      in_stage = 0;
      s++;
    }
    stage[t] = s;
    have += g->load[t];
    in_stage++;
  }
}

static double energy(const partition_state *st, double expected, double balance_weight, double *period) {
  double p = st->stage_cost[0], sq = 0;
  int N = st->p->n_stages;
  for (int s = 0; s < N; s++) {
    double c = st->stage_cost[s];
    if (c > p)
      p = c;
    sq += c * c;
  }
  *period = p;
  return p + (expected > 0 ? balance_weight * sq / (N * expected) : 0);
}

static int saatsa_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  saatsa_config c;
  int rc = read_config(g, params, &c, err);
  if (rc)
    return rc;
  int n = g->n_tasks, N = params->n_stages;
  initial_solution(g, N, out->stage);
  partition *best = partition_clone(out);
  gsl_rng *rng = gn_rng_new(params->seed);
  partition_state st = {0};
  if (!best || !rng) {
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    goto done;
  }
  rc = partition_state_init(&st, g, out, params->comm_factor, err);
  if (rc)
    goto done;
  double total = 0;
  for (int t = 0; t < n; t++)
    total += g->load[t];
  double expected = total / N, period, best_period;
  double e = energy(&st, expected, c.balance_weight, &period), best_e = e;
  best_period = period;
  double temp = c.temp_start * expected;
  double cool = c.iterations > 1 && c.temp_start > 0
                    ? pow(c.temp_end / c.temp_start, 1.0 / (double)(c.iterations - 1))
                    : 1;
  for (long it = 0; it < c.iterations; it++, temp *= cool) {
    int t = (int)gsl_rng_uniform_int(rng, (unsigned long)n);
    int from = out->stage[t], lo, hi;
    partition_state_range(g, &st, t, &lo, &hi);
    if (lo == hi || st.stage_size[from] < 2)
      continue;
    int s = lo + (int)gsl_rng_uniform_int(rng, (unsigned long)(hi - lo));
    if (s >= from)
      s++; /* a uniform pick among the other stages of the range */
    partition_state_move(g, &st, t, s);
    double p, ne = energy(&st, expected, c.balance_weight, &p);
    if (ne <= e || (temp > 0 && gsl_rng_uniform(rng) < exp(-(ne - e) / temp))) {
      e = ne;
      if (p < best_period || (p == best_period && e < best_e)) {
        best_period = p;
        best_e = e;
        memcpy(best->stage, out->stage, (size_t)n * sizeof *out->stage);
      }
    } else
      partition_state_move(g, &st, t, from);
  }
  memcpy(out->stage, best->stage, (size_t)n * sizeof *out->stage);
  if (c.post)
    rc = mapper_refine(g, params->comm_factor, out, err);
done:
  partition_state_free(&st);
  partition_free(best);
  gsl_rng_free(rng);
  return rc;
}

const mapper mapper_saatsa = {"saatsa",
                              "SAATSA baseline: seeded simulated annealing over valid stage labels + greedy "
                              "post-pass (options iterations, temp_start, temp_end, balance_weight, post)",
                              saatsa_run, NULL, saatsa_options};
