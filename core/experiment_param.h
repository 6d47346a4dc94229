/* experiment_param: one typed parameter of an experiment kind, declared once (runner/exp_*.c): its key, type,
 * default, unit, allowed range, help and command-line spelling. The scenario checker, the CSV header, the commands'
 * options and their --help all read the same row (docs/extending.md, "Adding a parameter"). */
#ifndef EXPERIMENT_PARAM_H
#define EXPERIMENT_PARAM_H

typedef enum { EXP_INT, EXP_DOUBLE, EXP_STRING, EXP_BOOL } experiment_type;

/* flags */
#define EXP_POSITIONAL 1u /* given on the command line as an operand (GRAPH), not as an option */
#define EXP_GRID_SHAPE 2u /* shapes a preset grid: also an option of `gridnoc platform grid` */

typedef struct experiment_param {
  const char *key;           /* as written in scenario files and CSV headers, e.g. "stages" */
  experiment_type type;
  const char *default_value; /* NULL = required */
  const char *help;          /* one line, for scenarios/README.md and --help */
  const char *unit;          /* "s", "Mbit/s", "time units", ... (NULL = none: a count, a name, a ratio) */
  double min, max;           /* allowed range of a number (min == max == 0: none beyond the type), the
                                documented ceiling of a size that drives memory or events (docs/hardening.md) */
  const char *option;        /* command-line spelling; NULL = derived from the key: link_sharing -> --link-sharing */
  const char *alias;         /* a second spelling the command accepts too (map: --stages beside -n), or NULL */
  int rank;                  /* place in the command's --help when not the table's: 1, 2, ... first, 0 after */
  unsigned flags;            /* EXP_POSITIONAL, EXP_GRID_SHAPE */
  const char *replaced_by;   /* a parameter that, given non-empty, describes what this one would (a platform file
                                gives the chip): giving this one too is refused, even at its default; or NULL */
} experiment_param;

/* The command-line option of p into buf ("--link-sharing", or p->option as written). */
const char *experiment_param_option(const experiment_param *p, char *buf, unsigned long size);

/* The row of `params` whose option (or alias) is `opt`, or NULL; positional rows never match. */
const experiment_param *experiment_param_by_option(const experiment_param *params, const char *opt);

/* The rows that are options, in --help order (rank 1, 2, ... first, then unranked in table order), into out
 * (at most max); returns how many. */
int experiment_param_options(const experiment_param *params, const experiment_param **out, int max);

#endif
