/* aggregate: group rows by key columns (first-appearance order) and summarize a metric per group. */
#include "aggregate.h"

#include "gn_kv.h"
#include "metric_info.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int row_in_group(const csvtab *t, size_t r, const int *cols, size_t nkeys, const aggregate_group *g) {
  for (size_t k = 0; k < nkeys; k++)
    if (strcmp(t->rows[r][cols[k]], g->keys[k]))
      return 0;
  return 1;
}

int aggregate_build(const csvtab *t, const char *name, const char *const *keys, size_t nkeys, const char *metric,
                    metric_lookup metrics, aggregate *out, gn_error *err) {
  *out = (aggregate){0};
  int *cols = calloc(nkeys + 1, sizeof *cols);
  size_t *group_of = calloc(t->nrows + 1, sizeof *group_of);
  double *values = calloc(t->nrows + 1, sizeof *values);
  int mcol = csvtab_col(t, metric), ccol = csvtab_col(t, "completed"), rc = GN_OK;
  if (mcol == ccol)
    ccol = -1;
  if (!cols || !group_of || !values)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  else if (mcol < 0)
    rc = gn_error_set(err, GN_EINPUT, name, 1, "no column '%s'", metric);
  for (size_t k = 0; k < nkeys && !rc; k++)
    if ((cols[k] = csvtab_col(t, keys[k])) < 0)
      rc = gn_error_set(err, GN_EINPUT, name, 1, "no column '%s'", keys[k]);
  out->nkeys = nkeys;
  out->method = metric_stats_method(metric_kind_of(metrics, metric));
  out->counts_failed = ccol >= 0;
  out->key_names = rc ? NULL : calloc(nkeys + 1, sizeof *out->key_names);
  out->metric = rc ? NULL : strdup(metric);
  out->groups = rc ? NULL : calloc(t->nrows + 1, sizeof *out->groups);
  if (!rc && (!out->key_names || !out->metric || !out->groups))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t k = 0; k < nkeys && !rc; k++)
    if (!(out->key_names[k] = strdup(keys[k])))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t r = 0; r < t->nrows && !rc; r++) {
    /* Missing values (GN_MISSING, empty) are NaN, which the statistics leave out. */
    csv_number_kind kind = csvtab_number(t->rows[r][mcol], &values[r]);
    if (kind == CSV_NOT_A_NUMBER || kind == CSV_OUT_OF_RANGE)
      rc = csvtab_number_error(name, t->lines[r], metric, t->rows[r][mcol], kind, err);
    size_t g = 0;
    while (g < out->ngroups && !row_in_group(t, r, cols, nkeys, &out->groups[g]))
      g++;
    if (!rc && g == out->ngroups) {
      aggregate_group *grp = &out->groups[out->ngroups++];
      grp->keys = calloc(nkeys + 1, sizeof *grp->keys);
      for (size_t k = 0; grp->keys && k < nkeys; k++)
        grp->keys[k] = strdup(t->rows[r][cols[k]]);
      for (size_t k = 0; grp->keys && k < nkeys; k++)
        if (!grp->keys[k])
          rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      if (!grp->keys)
        rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    }
    group_of[r] = g;
    double done;
    if (!rc && ccol >= 0 && csvtab_number(t->rows[r][ccol], &done) == CSV_NUMBER && done == 0) {
      out->groups[g].failed++;
      values[r] = NAN; /* a truncated run's value: not a sample of the metric */
    }
  }
  double *sample = rc ? NULL : calloc(t->nrows + 1, sizeof *sample);
  if (!rc && !sample)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t g = 0; g < out->ngroups && !rc; g++) {
    size_t n = 0;
    for (size_t r = 0; r < t->nrows; r++)
      if (group_of[r] == g)
        sample[n++] = values[r];
    stats_summarize(sample, n, out->method, &out->groups[g].stats);
  }
  free(sample);
  free(cols);
  free(group_of);
  free(values);
  if (rc)
    aggregate_free(out);
  return rc;
}

void aggregate_free(aggregate *a) {
  for (size_t g = 0; a->groups && g < a->ngroups; g++) {
    for (size_t k = 0; a->groups[g].keys && k < a->nkeys; k++)
      free(a->groups[g].keys[k]);
    free(a->groups[g].keys);
  }
  for (size_t k = 0; a->key_names && k < a->nkeys; k++)
    free(a->key_names[k]);
  free(a->key_names);
  free(a->metric);
  free(a->groups);
  *a = (aggregate){0};
}
