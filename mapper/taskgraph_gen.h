/* taskgraph_gen: random task graphs after the STG generators (four precedence methods x six time laws). */
#ifndef TASKGRAPH_GEN_H
#define TASKGRAPH_GEN_H

#include "taskgraph.h"

#include <stdint.h>
#include <gsl/gsl_rng.h>

typedef struct taskgraph_gen_params taskgraph_gen_params;

/* A precedence method: adds the edges among the tasks 0..n-1 of g (ids are a topological order);
 * GN_OK or GN_ENOMEM. */
typedef struct taskgraph_gen_method {
  const char *name;
  const char *summary;
  int (*add_edges)(const taskgraph_gen_params *p, gsl_rng *rng, taskgraph *g);
} taskgraph_gen_method;

/* A processing-time law: draw(rng, peak) is an integer time >= 1 around `peak` (5, or 10 for the second
 * peak of the two-peak laws). */
typedef struct taskgraph_gen_times {
  const char *name;
  const char *summary;
  double (*draw)(gsl_rng *rng, double peak);
  int two_peaks; /* 1: each task draws around peak 5 or peak 10 with probability 0.5 each */
} taskgraph_gen_times;

extern const taskgraph_gen_method taskgraph_gen_methods[]; /* {NULL}-terminated */
extern const taskgraph_gen_times taskgraph_gen_time_laws[]; /* {NULL}-terminated */

struct taskgraph_gen_params {
  const taskgraph_gen_method *method;
  const taskgraph_gen_times *times;
  int n_tasks;
  double preds; /* samepred/layrpred: Poisson mean of a task's predecessor count (capped at the candidates);
                   sameprob/layrprob: the expected mean predecessors the default prob is derived from */
  double prob;  /* sameprob/layrprob edge probability; < 0 = derived from preds */
  int layers;   /* layr*: number of layers (0 = round(sqrt(n))) */
  double ccr;   /* target total volume / total load; 0 = all volumes 0 */
  uint64_t seed;
  unsigned given; /* one bit per key set by taskgraph_gen_set: a key given twice is refused */
};

/* Defaults: sameprob, unif, 50 tasks, preds 2, prob derived, layers derived, ccr 0, seed 1. */
void taskgraph_gen_defaults(taskgraph_gen_params *p);
/* Set one parameter from text (keys: method tasks times preds prob layers ccr seed). GN_EINPUT on error. */
int taskgraph_gen_set(taskgraph_gen_params *p, const char *key, const char *value, gn_error *err);
/* Parse "key=val,key=val,..." (the body of a gen: spec) on top of the defaults. */
int taskgraph_gen_parse(const char *spec, taskgraph_gen_params *p, gn_error *err);
/* The parameters as a canonical "key=val,..." string (into buf). */
void taskgraph_gen_describe(const taskgraph_gen_params *p, char *buf, size_t size);

/* The effective layer count and edge probability (after deriving defaults). */
int taskgraph_gen_layer_count(const taskgraph_gen_params *p);
double taskgraph_gen_edge_prob(const taskgraph_gen_params *p);
/* Tasks of layer l are [first, end): equal sizes give or take one. */
void taskgraph_gen_layer_range(const taskgraph_gen_params *p, int l, int *first, int *end);

/* The ceilings of a generated graph (GEN_MAX_TASKS tasks, 2e7 expected edges), checked before generating:
 * GN_EINPUT naming the quantity. taskgraph_gen_generate checks them too. */
int taskgraph_gen_check(const taskgraph_gen_params *p, gn_error *err);

/* Generate a finalized graph (tasks named 1..n, integer times, g->info = the parameters). */
int taskgraph_gen_generate(const taskgraph_gen_params *p, taskgraph **out, gn_error *err);

#endif
