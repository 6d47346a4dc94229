/* experiment_param: one typed parameter of an experiment kind (key, type, default, help). The simulations
 * declare their parameter tables with it; the runner's kinds (runner/experiment.h) check values against them. */
#ifndef EXPERIMENT_PARAM_H
#define EXPERIMENT_PARAM_H

typedef enum { EXP_INT, EXP_DOUBLE, EXP_STRING, EXP_BOOL } experiment_type;

typedef struct experiment_param {
  const char *key;           /* as written in scenario files and CSV headers, e.g. "stages" */
  experiment_type type;
  const char *default_value; /* NULL = required */
  const char *help;          /* one line, for scenarios/README.md and --help */
} experiment_param;

#endif
