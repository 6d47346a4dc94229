/* mapper: the interface every mapper implements (one file per mapper) and the registry that finds them.
 *
 * Contract of run(): given a finalized graph and 1 <= n_stages <= tasks, fill `out` (already allocated
 * with out->n_tasks = g->n_tasks, out->n_stages = n_stages) with a VALID pipeline partition (every edge goes
 * to the same or a later stage, every stage non-empty), deterministic for a given seed and options.
 * Never prints or exits; errors come back as a negative status with err filled. */
#ifndef MAPPER_H
#define MAPPER_H

#include "partition.h"
#include "partition_state.h"

#include <stdint.h>

typedef struct mapper_params {
  int n_stages;
  double comm_factor;  /* cost per unit of cross-stage volume, paid by the sender (DPMA paper) */
  uint64_t seed;       /* for randomised mappers */
  const char *options; /* mapper-specific "key=value,key=value" (NULL or "" = defaults) */
  double time_limit_s; /* for exact/anytime mappers; <= 0 = the mapper's default */
  double deadline_s;   /* process CPU time (clock()) at which best's searches stop: exact's incumbent under exact's
                          time limit; 0 = none (best's budgets alone: the same result on every machine) */
  double bound;        /* mapper_lower_bound of this graph, N and comm_factor when the caller has it (the registry
                          computes it once per run: it costs up to about 0.1 s), else 0 (mapper_params_bound) */
  struct exact_memory *search_memory; /* exact's memory of failed sets (exact_search.h), lent to its incumbent's
                                         stage search so exact's questions go on from it; NULL = none */
  struct exact_memory *search_sink_memory; /* with communication, exact's memory of the sinks' side (exact_sides.h),
                                              lent likewise; NULL = none (best keeps its own) */
} mapper_params;

/* What is known about a mapper's result beyond its period. */
typedef struct mapper_status {
  const char *status; /* "optimal" or "feasible" (exact: proven or stopped by a limit), else "heuristic" */
  double bound;       /* proven lower bound on the optimal period: mapper_lower_bound, or exact's better one */
} mapper_status;

typedef struct mapper {
  const char *name;    /* "dpma", "dptaa", "saatsa", "chains", "best", "exact", ... */
  const char *summary; /* one line, shown by `gridnoc map --list` */
  int (*run)(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err);
  /* Optional (NULL for heuristics): run that also proves something, filling status (status->bound arrives set
   * to mapper_lower_bound; a prover may only raise it). */
  int (*run_proven)(const taskgraph *g, const mapper_params *params, partition *out, mapper_status *status,
                    gn_error *err);
  const char *const *options; /* the option names run() reads (NULL-terminated), so they can be checked early */
} mapper;

/* NULL-terminated registry table. */
extern const mapper *const mapper_registry[];

/* Find a mapper by name. A "+refine" suffix (e.g. "dpma+refine") runs the named mapper followed by the
 * acyclicity-preserving improvement pass. On a miss: NULL and GN_EINPUT listing the known names. */
const mapper *mapper_find(const char *name, gn_error *err);

/* GN_EINPUT unless `name` is a mapper and every key of `options` ("k=v,...", NULL or "" = none) one of its
 * options: what a scenario checks before its first run. Values are read (and checked) by the mapper's run. */
int mapper_check_options(const char *name, const char *options, gn_error *err);

/* Run a mapper by name (handles "+refine"), check stage count first and validate the result after. */
int mapper_run_by_name(const char *name, const taskgraph *g, const mapper_params *params, partition **out,
                       gn_error *err);

/* mapper_run_by_name that also reports the status (status may be NULL). */
int mapper_run_with_status(const char *name, const taskgraph *g, const mapper_params *params, partition **out,
                           mapper_status *status, gn_error *err);

/* The mappers of the registry (one file each), for callers that need one directly. */
extern const mapper mapper_dpma, mapper_dptaa, mapper_saatsa, mapper_chains, mapper_best, mapper_exact;
/* "file": the partition read from mapper option path=FILE (mapper_file.c; found by mapper_find but not in the
 * registry, which lists the mappers that compute a cut); mapper_file_stages reads the
 * file's stage count (its first record), for commands that take it from there instead of -n. */
extern const mapper mapper_file;
int mapper_file_stages(const char *path, int *n_stages, gn_error *err);

/* The default mapper of `gridnoc map` and of the map experiment kind. */
#define MAPPER_DEFAULT "best"

/* A lower bound on the optimal period of any valid n_stages partition that counts communication (sender pays);
 * max(total load / N, heaviest task) when nothing is paid. The combinatorial terms (mapper_lower_bound_with, all of
 * them), then, with communication, the refutation term (mapper_refute_bound). Derivation: mapper_bound.c,
 * mapper_bound_refute.c and docs/mappers.md. */
double mapper_lower_bound(const taskgraph *g, int n_stages, double comm_factor);
/* params->bound when given (> 0), else mapper_lower_bound: a bound of 0 is found again, at no cost. */
double mapper_params_bound(const taskgraph *g, const mapper_params *params);
/* The combinatorial bound with the chosen terms (issue 27, kept for comparison): 0 = the bound before issue 27; the
 * stage bound; the boundary bound; the spectral term (graphs of more than 100 tasks, where refutation is not
 * tried); mapper_lower_bound uses all three, then raises the result by refutation. */
#define MAPPER_BOUND_STAGE 1
#define MAPPER_BOUND_CUTS 2
#define MAPPER_BOUND_SPECTRAL 4
double mapper_lower_bound_with(const taskgraph *g, int n_stages, double comm_factor, int terms);
/* The stage bound (mapper_bound_stage.c): max(floor_value, max over tasks u of the cheapest task set holding u,
 * load + comm_factor x volume leaving it), each a minimum cut; a task whose set {u} costs no more than the
 * running maximum is skipped. */
int mapper_stage_bound(const taskgraph *g, double comm_factor, double floor_value, double *out);
/* The boundary bound (mapper_bound_cuts.c): floor_value, or when it proves floor_value infeasible (every boundary
 * between stages cuts edges that a stage pays, docs/mappers.md condition (3)) the least period it cannot refute
 * (integral: whole-number costs, the answer is then whole). GN_ENOMEM on out of memory (*out = floor_value). */
int mapper_cuts_bound(const taskgraph *g, int n_stages, double comm_factor, double floor_value, int integral,
                      double *out);
/* The spectral term (mapper_bound_spectral.c): max(floor_value, the largest period that N T >= total load +
 * (a Donath-Hoffman eigenvalue bound on the communication paid at T) refutes), the eigenvalue bound improved over
 * `steps` eigen-decompositions (eigen_sym.c, n^3 each). Every load must be > 0 (else floor_value). GN_ENOMEM on out of
 * memory (*out = floor_value). */
int mapper_spectral_bound(const taskgraph *g, int n_stages, double comm_factor, int steps, double floor_value,
                          double *out);
/* The refutation term (mapper_bound_refute.c): floor_value raised to the largest period exact's stage search
 * proves infeasible within `nodes` search nodes in all (whole-number costs: that period + 1), asked above
 * floor_value (up in doubling steps, then bisecting). GN_ENOMEM on out of memory (*out = floor_value). */
int mapper_refute_bound(const taskgraph *g, int n_stages, double comm_factor, double floor_value, int integral,
                        long nodes, double *out);
/* prefix[t] = the least load + comm_factor x volume leaving any downset holding task t (one maximum flow per task,
 * within the boundary bound's work budget: past it a prefix is 0). GN_ENOMEM on out of memory. */
int mapper_cheapest_prefixes(const taskgraph *g, double comm_factor, double *prefix);
/* Raise first[t] (stage windows for period T, exact_model_windows) to ceil(prefix[t] / T) - 1: the stages up to
 * t's hold a downset holding t and pay its cut (docs/mappers.md, condition (3)); carried along the edges. */
void mapper_windows_narrow(const taskgraph *g, int n_stages, double T, const double *prefix, int *first);
/* The bound's per-task term: f[u] = the least that the stage of task u pays for u's outgoing edges in any
 * partition with period <= T (-1: u fits in no stage of cost <= T). GN_ENOMEM on out of memory. */
int mapper_forced_payments(const taskgraph *g, double comm_factor, double T, double *f);

/* best's portfolio alone: the lowest period over dpma, dptaa, saatsa and chains, each followed by refine (default
 * options, the given seed). The exact mapper's incumbent is best's full result. */
int mapper_best_portfolio(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err);

/* Mapper options ("key=value,key=value"). A key written "mapper.key" (e.g. "dpma.dynamic_exp=false") is
 * meant for that mapper only and ignored by the others, so one option string can serve a comparison run.
 * mapper_options_check rejects keys for this mapper that are not in known[] (NULL-terminated), listing the
 * known keys; the getters return the default when the key is absent and GN_EINPUT when the value is
 * malformed or out of range. */
int mapper_options_check(const char *mapper_name, const char *options, const char *const *known, gn_error *err);
int mapper_option_double(const char *mapper_name, const char *options, const char *key, double def, double min,
                         double max, double *out, gn_error *err);
int mapper_option_long(const char *mapper_name, const char *options, const char *key, long def, long min,
                       long max, long *out, gn_error *err);
int mapper_option_bool(const char *mapper_name, const char *options, const char *key, int def, int *out,
                       gn_error *err);
/* Text value (at most size-1 characters, longer is an error). */
int mapper_option_text(const char *mapper_name, const char *options, const char *key, const char *def, char *out,
                       size_t size, gn_error *err);

/* The improvement pass ("+refine"): moves tasks out of the bottleneck stage, each move keeping the pipeline
 * valid and every stage non-empty, while the period (or the number of stages at the period) goes down. */
int mapper_refine(const taskgraph *g, double comm_factor, partition *p, gn_error *err);

/* chains on one given topological order: the optimal cut of `order` into n_stages contiguous intervals under
 * the cost model (exact DP). Only cuts with a period below cutoff are searched (INFINITY: all): when there is
 * one, fills out (n_stages set) and *period; otherwise *period = INFINITY and out is left as it was. */
int mapper_chains_on_order(const taskgraph *g, const int *order, int n_stages, double comm_factor, double cutoff,
                           partition *out, double *period, gn_error *err);

/* exact: the MIP with its proof status (what its run_proven reports, for callers that want the numbers). */
typedef struct mapper_exact_result {
  int optimal;  /* 1 = proven optimal, 0 = time limit reached: best solution found and best bound */
  double period; /* the period of the returned partition */
  double bound;  /* proven lower bound on the optimal period (== period when optimal) */
} mapper_exact_result;
int mapper_exact_solve(const taskgraph *g, const mapper_params *params, partition *out, mapper_exact_result *res,
                       gn_error *err);

#endif
