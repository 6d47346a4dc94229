/* experiment: the kinds of run a scenario can sweep (map, pipeline, grid, saturation), one vtable each, one
 * registry. The runner (gridnoc run) and the per-kind commands (gridnoc map/pipeline/grid/saturation) go through
 * the same kind, so a command-line run and a scenario run with the same parameters give the same numbers. */
#ifndef EXPERIMENT_H
#define EXPERIMENT_H

#include "experiment_param.h"
#include "gn_error.h"
#include "gn_kv.h"
#include "metric_info.h"

#include <stdint.h>

typedef struct experiment_kind {
  const char *name;    /* "map", "pipeline", "grid" */
  const char *summary; /* one line */
  const experiment_param *params; /* terminated by {NULL} */
  /* The metric columns this kind writes, in order, each declared once with its label, unit and kind (reports and
   * docs/parameters.md read them), terminated by a NULL name (the CSV header is fixed per kind). */
  const metric_info *metrics;
  /* Run once. params holds every key of `params` (defaults filled in, values already type-checked);
   * seed is the run's own seed. Fill metrics with every name of `metrics`. May run one SimGrid simulation,
   * so it is called at most once per process (the runner forks a child per run). */
  int (*run)(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err);
  /* Optional (NULL = none): check one type-checked value beyond its type (a range, a name in a registry), so
   * a bad scenario or command line is refused before anything runs. Returns GN_EINPUT with a message that
   * does not name the parameter (experiment_check_params adds where and which). */
  int (*check_param)(const char *key, const char *value, gn_error *err);
  /* Optional (NULL = none): check what holds across parameters (l1 < l2 < l3, a chip or a platform) on one run's
   * full parameter list, without running anything. Scenarios call it for every distinct parameter combination
   * before the first run (scenario_check_combinations), so a sweep never fails run by run on it. */
  int (*check_run)(const gn_kvlist *params, gn_error *err);
} experiment_kind;

/* The kinds (exp_map.c, exp_pipeline.c, exp_grid.c, exp_saturation.c); the commands check their own options
 * against them. */
extern const experiment_kind experiment_map;
extern const experiment_kind experiment_pipeline;
extern const experiment_kind experiment_grid;
extern const experiment_kind experiment_saturation;

/* Registry: NULL-terminated table of every kind. */
extern const experiment_kind *const experiment_kinds[];

/* A metric column of any kind, by name (the first kind declaring it; a name several kinds write means the same
 * there, a test checks it), or NULL: the lookup reports give analysis/ (metric_lookup). */
const metric_info *experiment_metric_find(const char *name);

/* Look a kind up; on a miss, GN_EINPUT naming the known kinds (and the closest one). */
const experiment_kind *experiment_find(const char *name, gn_error *err);


/* Fill defaults and type-check params against kind->params; unknown keys are errors naming the closest
 * known key. `where` prefixes messages (e.g. "scenario.cfg:12"). */
int experiment_check_params(const experiment_kind *kind, gn_kvlist *params, const char *where, gn_error *err);
/* A parameter given beside the one that replaces it (its row's replaced_by, given non-empty) would be dropped
 * without a word: GN_EINPUT naming both. params holds the given parameters only (before the defaults), so a
 * default chip beside a platform file passes. Part of experiment_check_params. */
int experiment_check_replaced(const experiment_kind *kind, const gn_kvlist *params, const char *where, gn_error *err);
/* Every parameter of the kind not in params gets its default (GN_EINPUT naming `where` if it has none). */
int experiment_fill_defaults(const experiment_kind *kind, gn_kvlist *params, const char *where, gn_error *err);

#endif
