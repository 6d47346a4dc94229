/* aggregate: rows of a result table grouped by some columns, with the statistics of one metric per group. */
#ifndef AGGREGATE_H
#define AGGREGATE_H

#include "csvtab.h"
#include "gn_error.h"
#include "metric_info.h"
#include "stats.h"

typedef struct aggregate_group {
  char **keys; /* the group's value of each key column */
  stats_summary stats;
  size_t failed; /* runs that did not complete (completed = 0), left out of stats */
} aggregate_group;

typedef struct aggregate {
  size_t nkeys;
  char **key_names;
  char *metric;
  stats_method method; /* chosen by the metric's kind (metric_info.h) */
  int counts_failed;   /* the table has a `completed` column and the metric is another: failed runs counted */
  aggregate_group *groups; /* in order of first appearance in the table (the sweep's order) */
  size_t ngroups;
} aggregate;

/* Group t's rows by the columns `keys` (nkeys may be 0: one group) and summarize column `metric` the way its
 * kind calls for (metric_info.h). Missing values (GN_MISSING, empty) are left out of the statistics, and so are
 * runs that did not complete (a `completed` column holding 0), whose metrics describe a truncated run: they are
 * counted in each group's `failed` instead (the `completed` metric itself keeps every run).
 * `name` names the table in messages. Unknown columns and non-numeric metric values are GN_EINPUT. */
int aggregate_build(const csvtab *t, const char *name, const char *const *keys, size_t nkeys, const char *metric,
                    metric_lookup metrics, aggregate *out, gn_error *err);
void aggregate_free(aggregate *a);

#endif
