/* metric_info: the summary a metric's kind calls for, and the axis words of a column: a metric's from its kind's
 * table (runner/exp_*.c, through the caller's lookup), a parameter's from the few figures sweep. */
#include "metric_info.h"

#include <stdio.h>
#include <string.h>

/* Parameters that figures put on an axis, a series or a facet. */
static const metric_info params[] = {
    {"stages", "stages N", NULL, METRIC_COUNT},
    {"comm_factor", "communication price (comm_factor, per unit sent)", NULL, METRIC_VALUE},
    {"clusters", "clusters", NULL, METRIC_COUNT},
    {"accel", "failure acceleration (accel, more failures ->)", NULL, METRIC_VALUE},
    {"period", "time period of the day (1 night, 2 morning, 3 afternoon, 4 evening)", NULL, METRIC_VALUE},
    {"n", "system size n", NULL, METRIC_COUNT},
    {"items", "items", NULL, METRIC_COUNT},
};

static const metric_info *find(const metric_info *table, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(table[i].name, name) == 0)
      return &table[i];
  return NULL;
}

metric_kind metric_kind_of(metric_lookup lookup, const char *name) {
  const metric_info *m = lookup ? lookup(name) : NULL;
  return m ? m->kind : METRIC_VALUE;
}

stats_method metric_stats_method(metric_kind kind) {
  switch (kind) {
  case METRIC_RATIO:
    return STATS_GEOMETRIC;
  case METRIC_BOUND_RATIO:
    return STATS_GEOMETRIC_BOOT;
  case METRIC_BINARY:
    return STATS_WILSON;
  default: /* values, counts and shares: all bounded below by 0 (shares above by 1) */
    return STATS_MEAN_BOOT;
  }
}

void metric_axis_label(metric_lookup lookup, const char *column, int is_metric, char *buf, size_t size) {
  const metric_info *m = is_metric ? NULL : find(params, sizeof params / sizeof params[0], column);
  if (!m && lookup)
    m = lookup(column);
  if (!m)
    snprintf(buf, size, "%s", column);
  else if (m->unit)
    snprintf(buf, size, "%s (%s)", m->label, m->unit);
  else
    snprintf(buf, size, "%s", m->label);
}
