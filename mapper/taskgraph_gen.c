/* taskgraph_gen: STG-style random task graphs: precedence methods, integer time laws, volumes for a CCR. */
#include "taskgraph_gen.h"

#include "gn_num.h"
#include "gn_seed.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

#define GEN_MAX_TASKS 1000000
/* Ceiling on a generated graph's expected edges: memory and time grow with them (2e7 edges: ~1 GB). */
#define GEN_MAX_EDGES 20000000

/* ---- time laws (integer times >= 1, as in STG's random graphs) ---- */

/* Ten consecutive integers peak-4 .. peak+5: peak 5 gives STG's 1..10. */
static double draw_unif(gsl_rng *rng, double peak) { return peak - 4 + (double)gsl_rng_uniform_int(rng, 10); }

/* Geometric on 1, 2, ... with mean `peak`: the integer (discrete) exponential law. */
static double draw_expo(gsl_rng *rng, double peak) { return (double)gsl_ran_geometric(rng, 1.0 / peak); }

/* round(N(peak, 1)), redrawn while below 1. */
static double draw_norm(gsl_rng *rng, double peak) {
  double t;
  do
    t = round(peak + gsl_ran_gaussian(rng, 1.0));
  while (t < 1);
  return t;
}

const taskgraph_gen_times taskgraph_gen_time_laws[] = {
    {"unif", "uniform integers 1..10", draw_unif, 0},
    {"expo", "geometric on 1,2,... with mean 5 (integer exponential)", draw_expo, 0},
    {"norm", "round(normal(5, 1)), redrawn below 1", draw_norm, 0},
    {"unif2pks", "unif around 5 (1..10) or around 10 (6..15), p = 0.5", draw_unif, 1},
    {"expo2pks", "expo with mean 5 or mean 10, p = 0.5", draw_expo, 1},
    {"norm2pks", "norm with mean 5 or mean 10, p = 0.5", draw_norm, 1},
    {NULL, NULL, NULL, 0},
};

/* ---- precedence methods ---- */

int taskgraph_gen_layer_count(const taskgraph_gen_params *p) {
  int layers = p->layers > 0 ? p->layers : (int)lround(sqrt((double)p->n_tasks));
  if (layers < 1)
    layers = 1;
  return layers > p->n_tasks ? p->n_tasks : layers;
}

void taskgraph_gen_layer_range(const taskgraph_gen_params *p, int l, int *first, int *end) {
  long n = p->n_tasks, layers = taskgraph_gen_layer_count(p);
  *first = (int)(l * n / layers);
  *end = (int)((l + 1) * n / layers);
}

/* Number of (a, b) pairs with a in layer l and b in layer l+1: the candidate edges of layrprob. */
static double layered_pairs(const taskgraph_gen_params *p) {
  int layers = taskgraph_gen_layer_count(p);
  double pairs = 0;
  for (int l = 0; l + 1 < layers; l++) {
    int a0, a1, b0, b1;
    taskgraph_gen_layer_range(p, l, &a0, &a1);
    taskgraph_gen_layer_range(p, l + 1, &b0, &b1);
    pairs += (double)(a1 - a0) * (b1 - b0);
  }
  return pairs;
}

double taskgraph_gen_edge_prob(const taskgraph_gen_params *p) {
  if (p->prob >= 0)
    return p->prob;
  /* Derived so that the expected mean number of predecessors per task is `preds`:
   * expected edges = prob * candidate pairs = preds * n. */
  double pairs = strcmp(p->method->name, "layrprob") == 0 ? layered_pairs(p)
                                                          : (double)p->n_tasks * (p->n_tasks - 1) / 2;
  if (pairs <= 0)
    return 0;
  double prob = p->preds * p->n_tasks / pairs;
  return prob > 1 ? 1 : prob;
}

/* Edges i -> dst for each i in [first, end) independently with probability prob, visiting only the chosen
 * ones (geometric gaps), so sparse graphs cost O(edges), not O(pairs). */
static int add_bernoulli_preds(gsl_rng *rng, taskgraph *g, int first, int end, int dst, double prob) {
  if (prob <= 0)
    return GN_OK;
  for (long i = first - 1;;) {
    i += prob >= 1 ? 1 : (long)gsl_ran_geometric(rng, prob);
    if (i >= end)
      return GN_OK;
    if (taskgraph_add_edge(g, (int)i, dst, 0, NULL))
      return GN_ENOMEM;
  }
}

/* min(Poisson(preds), end - first) distinct predecessors of dst, uniformly among [first, end). */
static int add_counted_preds(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g, int first, int end,
                             int dst, int *pool, int *chosen) {
  int cand = end - first;
  unsigned k = p->preds > 0 ? gsl_ran_poisson(rng, p->preds) : 0;
  if (k > (unsigned)cand)
    k = (unsigned)cand;
  if (k == 0)
    return GN_OK;
  for (int i = 0; i < cand; i++)
    pool[i] = first + i;
  gsl_ran_choose(rng, chosen, k, pool, (size_t)cand, sizeof *pool);
  for (unsigned j = 0; j < k; j++)
    if (taskgraph_add_edge(g, chosen[j], dst, 0, NULL))
      return GN_ENOMEM;
  return GN_OK;
}

static int gen_sameprob(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g) {
  double prob = taskgraph_gen_edge_prob(p);
  int rc = GN_OK;
  for (int j = 1; j < p->n_tasks && rc == GN_OK; j++)
    rc = add_bernoulli_preds(rng, g, 0, j, j, prob);
  return rc;
}

static int gen_layrprob(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g) {
  double prob = taskgraph_gen_edge_prob(p);
  int layers = taskgraph_gen_layer_count(p), rc = GN_OK;
  for (int l = 1; l < layers && rc == GN_OK; l++) {
    int a0, a1, b0, b1;
    taskgraph_gen_layer_range(p, l - 1, &a0, &a1);
    taskgraph_gen_layer_range(p, l, &b0, &b1);
    for (int j = b0; j < b1 && rc == GN_OK; j++)
      rc = add_bernoulli_preds(rng, g, a0, a1, j, prob);
  }
  return rc;
}

static int gen_samepred(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g) {
  int *pool = malloc((size_t)p->n_tasks * sizeof *pool), *chosen = malloc((size_t)p->n_tasks * sizeof *chosen);
  int rc = pool && chosen ? GN_OK : GN_ENOMEM;
  for (int j = 1; j < p->n_tasks && rc == GN_OK; j++)
    rc = add_counted_preds(p, rng, g, 0, j, j, pool, chosen);
  free(pool);
  free(chosen);
  return rc;
}

static int gen_layrpred(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g) {
  int *pool = malloc((size_t)p->n_tasks * sizeof *pool), *chosen = malloc((size_t)p->n_tasks * sizeof *chosen);
  int layers = taskgraph_gen_layer_count(p);
  int rc = pool && chosen ? GN_OK : GN_ENOMEM;
  for (int l = 1; l < layers && rc == GN_OK; l++) {
    int a0, a1, b0, b1;
    taskgraph_gen_layer_range(p, l - 1, &a0, &a1);
    taskgraph_gen_layer_range(p, l, &b0, &b1);
    for (int j = b0; j < b1 && rc == GN_OK; j++)
      rc = add_counted_preds(p, rng, g, a0, a1, j, pool, chosen);
  }
  free(pool);
  free(chosen);
  return rc;
}

const taskgraph_gen_method taskgraph_gen_methods[] = {
    {"sameprob", "each pair i < j is an edge with probability prob", gen_sameprob},
    {"samepred", "a task gets min(Poisson(preds), #earlier tasks) predecessors, uniformly among them",
     gen_samepred},
    {"layrprob", "tasks in `layers` equal layers; a pair in consecutive layers is an edge with probability prob",
     gen_layrprob},
    {"layrpred", "layered; a task gets min(Poisson(preds), size of previous layer) predecessors from that layer",
     gen_layrpred},
    {NULL, NULL, NULL},
};

/* ---- parameters ---- */

void taskgraph_gen_defaults(taskgraph_gen_params *p) {
  p->method = &taskgraph_gen_methods[0];
  p->times = &taskgraph_gen_time_laws[0];
  p->n_tasks = 50;
  p->preds = 2;
  p->prob = -1;
  p->layers = 0;
  p->ccr = 0;
  p->seed = 1;
  p->given = 0;
}

static int parse_number(const char *key, const char *value, double min, double max, int whole, double *out,
                        gn_error *err) {
  double v;
  long long w = 0;
  gn_num_status st = whole ? gn_num_int(value, LLONG_MIN, LLONG_MAX, &w) : gn_num_real(value, -DBL_MAX, DBL_MAX, &v);
  if (whole)
    v = (double)w;
  if (st == GN_NUM_SYNTAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: %s='%s' is not a %s", key, value,
                        whole ? "whole number" : "finite number");
  if (st == GN_NUM_RANGE || v < min || v > max)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: %s=%s is outside %g..%g", key, value, min, max);
  *out = v;
  return GN_OK;
}

/* The table entry called `value`, or an error listing the known names. */
static int find_named(const char *key, const char *value, const char *const *names, size_t stride, int *index,
                      gn_error *err) {
  char known[256] = "";
  size_t used = 0;
  for (int i = 0;; i++) {
    const char *name = *(const char *const *)((const char *)names + (size_t)i * stride);
    if (!name)
      break;
    if (strcmp(name, value) == 0) {
      *index = i;
      return GN_OK;
    }
    used += (size_t)snprintf(known + used, used < sizeof known ? sizeof known - used : 0, "%s%s", i ? ", " : "",
                             name);
  }
  return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: unknown %s '%s' (known: %s)", key, value, known);
}

/* The numeric parameters: name, range, whole number or not, and where the value goes. */
static const struct {
  const char *key;
  double min, max;
  int whole; /* 1: an int field, 0: a double field */
  size_t offset;
} numeric_params[] = {
    {"tasks", 1, GEN_MAX_TASKS, 1, offsetof(taskgraph_gen_params, n_tasks)},
    {"preds", 0, 1e6, 0, offsetof(taskgraph_gen_params, preds)},
    {"prob", 0, 1, 0, offsetof(taskgraph_gen_params, prob)},
    {"layers", 1, GEN_MAX_TASKS, 1, offsetof(taskgraph_gen_params, layers)},
    {"ccr", 0, 1e9, 0, offsetof(taskgraph_gen_params, ccr)},
};

static int set_once(taskgraph_gen_params *p, const char *key, const char *value, gn_error *err);

int taskgraph_gen_set(taskgraph_gen_params *p, const char *key, const char *value, gn_error *err) {
  static const char *const keys[] = {"method", "times", "seed", "tasks", "preds", "prob", "layers", "ccr"};
  for (unsigned k = 0; k < sizeof keys / sizeof *keys; k++)
    if (strcmp(key, keys[k]) == 0) {
      if (p->given & (1u << k))
        return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: %s is given twice", key);
      p->given |= 1u << k;
    }
  return set_once(p, key, value, err);
}

static int set_once(taskgraph_gen_params *p, const char *key, const char *value, gn_error *err) {
  int i;
  if (strcmp(key, "method") == 0) {
    if (find_named(key, value, &taskgraph_gen_methods[0].name, sizeof taskgraph_gen_methods[0], &i, err))
      return GN_EINPUT;
    p->method = &taskgraph_gen_methods[i];
    return GN_OK;
  }
  if (strcmp(key, "times") == 0) {
    if (find_named(key, value, &taskgraph_gen_time_laws[0].name, sizeof taskgraph_gen_time_laws[0], &i, err))
      return GN_EINPUT;
    p->times = &taskgraph_gen_time_laws[i];
    return GN_OK;
  }
  if (strcmp(key, "seed") == 0) {
    unsigned long long s;
    if (gn_num_uint(value, UINT64_MAX, &s) != GN_NUM_OK)
      return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: seed='%s' is not a non-negative whole number", value);
    p->seed = (uint64_t)s;
    return GN_OK;
  }
  for (size_t k = 0; k < sizeof numeric_params / sizeof numeric_params[0]; k++) {
    if (strcmp(key, numeric_params[k].key) != 0)
      continue;
    double v = 0;
    if (parse_number(key, value, numeric_params[k].min, numeric_params[k].max, numeric_params[k].whole, &v, err))
      return GN_EINPUT;
    char *field = (char *)p + numeric_params[k].offset;
    if (numeric_params[k].whole)
      *(int *)field = (int)v;
    else
      *(double *)field = v;
    return GN_OK;
  }
  return gn_error_set(err, GN_EINPUT, NULL, 0,
                      "gen: unknown key '%s' (known: method, tasks, times, preds, prob, layers, ccr, seed)", key);
}

int taskgraph_gen_parse(const char *spec, taskgraph_gen_params *p, gn_error *err) {
  taskgraph_gen_defaults(p);
  size_t len = strlen(spec);
  char *copy = malloc(len + 1);
  if (!copy)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  memcpy(copy, spec, len + 1);
  int rc = GN_OK;
  for (char *item = copy; rc == GN_OK && *item;) {
    char *next = item + strcspn(item, ",");
    int last = *next == '\0';
    *next = '\0';
    char *eq = strchr(item, '=');
    if (!eq || eq == item)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "gen: '%s' is not key=value", item);
    else {
      *eq = '\0';
      rc = taskgraph_gen_set(p, item, eq + 1, err);
    }
    item = last ? next : next + 1;
  }
  free(copy);
  return rc;
}

void taskgraph_gen_describe(const taskgraph_gen_params *p, char *buf, size_t size) {
  /* only the parameters the method uses: prob for the *prob methods, layers for the layr* ones */
  const char *m = p->method->name;
  int n = snprintf(buf, size, "method=%s,tasks=%d,times=%s,preds=%.10g", m, p->n_tasks, p->times->name, p->preds);
  if (n >= 0 && (size_t)n < size && strstr(m, "prob"))
    n += snprintf(buf + n, size - (size_t)n, ",prob=%.10g", taskgraph_gen_edge_prob(p));
  if (n >= 0 && (size_t)n < size && strncmp(m, "layr", 4) == 0)
    n += snprintf(buf + n, size - (size_t)n, ",layers=%d", taskgraph_gen_layer_count(p));
  if (n >= 0 && (size_t)n < size)
    snprintf(buf + n, size - (size_t)n, ",ccr=%.10g,seed=%llu", p->ccr, (unsigned long long)p->seed);
}

/* ---- generation ---- */

/* Volumes for the target CCR: each edge draws a weight uniform on [0.5, 1.5); the weights are scaled so that
 * total volume = ccr * total load exactly (up to rounding). */
static void draw_volumes(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g) {
  if (p->ccr <= 0 || g->n_edges == 0)
    return;
  double total_load = 0, total_weight = 0;
  for (int t = 0; t < g->n_tasks; t++)
    total_load += g->load[t];
  for (int e = 0; e < g->n_edges; e++) {
    g->edge[e].volume = 0.5 + gsl_rng_uniform(rng);
    total_weight += g->edge[e].volume;
  }
  for (int e = 0; e < g->n_edges; e++)
    g->edge[e].volume *= p->ccr * total_load / total_weight;
}

/* Expected edges of the graph p describes: prob x candidate pairs, or preds per task. */
static double expected_edges(const taskgraph_gen_params *p) {
  if (strstr(p->method->name, "prob"))
    return taskgraph_gen_edge_prob(p) * (strcmp(p->method->name, "layrprob") == 0
                                             ? layered_pairs(p)
                                             : (double)p->n_tasks * (p->n_tasks - 1) / 2);
  return p->preds * p->n_tasks;
}

int taskgraph_gen_check(const taskgraph_gen_params *p, gn_error *err) {
  if (p->layers > p->n_tasks)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: layers=%d is more than tasks=%d (a layer holds a task at "
                        "least)", p->layers, p->n_tasks);
  double edges = expected_edges(p);
  if (edges > GEN_MAX_EDGES)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "gen: about %.3g edges expected, over the ceiling of %g (use fewer "
                        "tasks, preds or a smaller prob)", edges, (double)GEN_MAX_EDGES);
  return GN_OK;
}

int taskgraph_gen_generate(const taskgraph_gen_params *p, taskgraph **out, gn_error *err) {
  *out = NULL;
  if (taskgraph_gen_check(p, err))
    return GN_EINPUT;
  gsl_rng *rng = gn_rng_new(p->seed);
  taskgraph *g = taskgraph_new();
  int rc = GN_OK;
  if (!rng || !g) {
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    goto done;
  }
  char name[16];
  for (int t = 0; t < p->n_tasks && rc >= 0; t++) {
    double peak = p->times->two_peaks && gsl_rng_uniform(rng) >= 0.5 ? 10 : 5;
    snprintf(name, sizeof name, "%d", t + 1);
    rc = taskgraph_add_task(g, name, p->times->draw(rng, peak), err);
  }
  if (rc < 0)
    goto done;
  if (p->method->add_edges(p, rng, g)) {
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    goto done;
  }
  draw_volumes(p, rng, g);
  char desc[256];
  taskgraph_gen_describe(p, desc, sizeof desc);
  size_t len = strlen(desc) + 32;
  g->info = malloc(len);
  if (!g->info) {
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    goto done;
  }
  snprintf(g->info, len, "# gridnoc gen: %s", desc);
  rc = taskgraph_finalize(g, "gen", err);
done:
  if (rng)
    gsl_rng_free(rng);
  if (rc < 0)
    taskgraph_free(g);
  else
    *out = g;
  return rc < 0 ? rc : GN_OK;
}
