/* metric_info: what a result column measures (label, unit, kind). Each kind declares its metric columns once, as a
 * table of these (runner/exp_*.c); tables and figures read it, through a lookup the caller gives, to choose a
 * summary and label an axis. */
#ifndef METRIC_INFO_H
#define METRIC_INFO_H

#include "stats.h"

#include <stddef.h>

typedef enum metric_kind {
  METRIC_VALUE,  /* a measured quantity (>= 0): arithmetic mean, bootstrap percentile interval */
  METRIC_COUNT,  /* a number of things per run: as VALUE, axis from 0 */
  METRIC_RATIO,  /* a quotient over a common baseline (speedup): geometric mean, log-scale t, 1 is a reference */
  METRIC_BOUND_RATIO, /* a quotient over a lower bound, >= 1 (T / LB): geometric mean, bootstrap percentile */
  METRIC_SHARE,  /* a fraction of a whole per run, in [0, 1]: mean, bootstrap percentile, axis [0, 1] */
  METRIC_BINARY, /* 0 or 1 per run (completed): a proportion, Wilson score interval, axis [0, 1] */
  METRIC_WORD,   /* a word per run (a status, a cause): no summary, a grouping column (--by) */
} metric_kind;

typedef struct metric_info {
  const char *name;  /* the CSV column */
  const char *label; /* words for an axis or a table */
  const char *unit;  /* NULL = dimensionless */
  metric_kind kind;
} metric_info;

/* The entry of a metric column, or NULL for a column no table declares (then: VALUE, and its name as label). */
typedef const metric_info *(*metric_lookup)(const char *name);

/* The kind of a metric column (VALUE when lookup is NULL or does not know it). */
metric_kind metric_kind_of(metric_lookup lookup, const char *name);
stats_method metric_stats_method(metric_kind kind);

/* "label (unit)" of a metric, or of a parameter column used as an axis ("clusters", "comm_factor"); a column
 * neither table knows is its own name. */
void metric_axis_label(metric_lookup lookup, const char *column, int is_metric, char *buf, size_t size);

#endif
