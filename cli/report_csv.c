/* report_csv: tables of a result CSV (or any CSV gridnoc writes): word columns listed, deterministic repeats
 * folded, hidden averages said, paired differences where runs share seeds. */
#include "report_csv.h"

#include "aggregate.h"
#include "experiment.h"
#include "mdtable.h"
#include "paired.h"
#include "report_design.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCOLS 128

/* Comma-separated list, split in place. */
static size_t split(char *text, const char **out, size_t max) {
  size_t n = 0;
  for (char *tok = strtok(text, ","); tok && n < max; tok = strtok(NULL, ","))
    out[n++] = tok;
  return n;
}

static int varies(const csvtab *t, int c) {
  for (size_t r = 1; r < t->nrows; r++)
    if (strcmp(t->rows[r][c], t->rows[0][c]))
      return 1;
  return 0;
}

/* The metrics to summarise: --metric ones (each must be numeric), else every numeric metric column; the
 * others are listed once in `skipped`. */
static int pick_metrics(const csvtab *t, const report_layout *L, char *metric, const char **out, size_t *n,
                        strbuf *skipped, const char *path, gn_error *err) {
  *n = 0;
  if (metric) {
    *n = split(metric, out, MAXCOLS);
    for (size_t m = 0; m < *n; m++) {
      int c = csvtab_col(t, out[m]);
      if (c < 0)
        return gn_error_set(err, GN_EINPUT, path, 1, "no column '%s'", out[m]);
      if (!report_numeric(t, c, 0)) /* a named metric: every cell that is not a number is refused on its line */
        return gn_error_set(err, GN_EINPUT, path, 1, "column '%s' holds no numbers (group by it with --by)", out[m]);
    }
    return GN_OK;
  }
  for (int c = L->m0; c < L->m1 && *n < MAXCOLS; c++) {
    if (c == L->seed || c == L->rep || strcmp(t->header[c], "run") == 0)
      continue;
    if (report_numeric(t, c, 1))
      out[(*n)++] = t->header[c];
    else
      strbuf_addf(skipped, "%s%s", skipped->len ? ", " : "", t->header[c]);
  }
  return GN_OK;
}

/* The paired differences over `series` within the groups of the other keys. */
static int csv_paired(const csvtab *t, const char *path, const char *const *keys, size_t nkeys, const char *series,
                      const char *metric, strbuf *b, gn_error *err) {
  const char *cell[MAXCOLS];
  size_t ncell = 0;
  for (size_t k = 0; k < nkeys; k++)
    if (strcmp(keys[k], series))
      cell[ncell++] = keys[k];
  strbuf_addf(b, "\nPaired differences over %s (its runs share their seeds: common random numbers), each minus "
                 "the first %s, Student-t 95 %% interval:\n\n", series, series);
  return paired_table(t, path, cell, ncell, series, metric, b, err);
}

int report_csv(const char *path, char *by, char *metric, const char *const *where, size_t nwhere, gn_error *err) {
  csvtab all = CSVTAB_INIT, t = CSVTAB_INIT, view = CSVTAB_INIT;
  report_layout L;
  replicates reps = {0};
  const char *keys[MAXCOLS], *metrics[MAXCOLS];
  size_t nkeys = 0, nmetrics = 0;
  strbuf head = STRBUF_INIT, skipped = STRBUF_INIT, hidden = STRBUF_INIT;
  int rc = csvtab_read(path, &all, err);
  if (!rc && all.nrows == 0)
    rc = gn_error_set(err, GN_EINPUT, path, 1, "a header and no rows: nothing to report");
  if (!rc)
    rc = report_filter_rows(&all, where, nwhere, path, "--where", &t, err);
  if (!rc) {
    report_layout_of(&t, &L);
    rc = pick_metrics(&t, &L, metric, metrics, &nmetrics, &skipped, path, err);
  }
  if (!rc)
    rc = L.result ? replicates_distinct(&t, L.p0, L.p1, L.m0, L.m1, L.rep, &view, &reps, err)
                  : replicates_distinct(&t, 0, 0, 0, (int)t.ncols, -1, &view, &reps, err);
  if (by)
    nkeys = split(by, keys, MAXCOLS);
  else
    for (int c = L.p0; !rc && c < L.p1 && nkeys < MAXCOLS; c++)
      if (strcmp(t.header[c], "graph") && varies(&t, c))
        keys[nkeys++] = t.header[c];
  for (size_t k = 0; k < nkeys && !rc; k++) {
    if (csvtab_col(&t, keys[k]) < 0)
      rc = gn_error_set(err, GN_EINPUT, path, 1, "--by: no column '%s'", keys[k]);
    for (size_t q = 0; q < k && !rc; q++)
      if (strcmp(keys[q], keys[k]) == 0)
        rc = gn_error_set(err, GN_EINPUT, NULL, 0, "--by: column '%s' given twice", keys[k]);
  }
  if (!rc) {
    for (size_t w = 0; w < nwhere; w++)
      strbuf_addf(&head, "%s`%s`%s", w ? ", " : "Rows with ", where[w], w + 1 == nwhere ? ".\n\n" : "");
    strbuf_addf(&head, "Grouped by %s", nkeys ? "" : "nothing (one group)");
    for (size_t k = 0; k < nkeys; k++)
      strbuf_addf(&head, "%s%s", k ? ", " : "", keys[k]);
    strbuf_add(&head, ".\n\n");
    if (skipped.len)
      strbuf_addf(&head, "Not summarised (no numbers; usable with --by): %s.\n\n", strbuf_str(&skipped));
    report_replicate_notes(&reps, "gridnoc report", 1, &head);
    if (L.result && report_hidden_params(&view, &L, keys, nkeys, &hidden))
      strbuf_addf(&head, "**Averages over** %s, which the grouping leaves out.\n\n", strbuf_str(&hidden));
  }
  /* Grouping columns whose values share seeds (a scenario's seed_ignores): paired differences over them. */
  const char *paired[MAXCOLS];
  size_t npaired = 0;
  for (size_t k = 0; k < nkeys && !rc && L.result; k++)
    if (paired_shares_seeds(&view, keys[k]))
      paired[npaired++] = keys[k];
  for (size_t m = 0; m < nmetrics && !rc; m++) {
    aggregate a;
    rc = aggregate_build(&view, path, keys, nkeys, metrics[m], experiment_metric_find, &a, err);
    if (rc)
      break;
    strbuf b = STRBUF_INIT;
    strbuf_addf(&b, "%s### %s\n\n%s.\n\n", m ? "\n" : "", metrics[m], stats_method_note(a.method));
    mdtable_aggregate(&a, &b);
    for (size_t k = 0; k < npaired && !rc; k++)
      rc = csv_paired(&view, path, keys, nkeys, paired[k], metrics[m], &b, err);
    strbuf_add(&head, strbuf_str(&b));
    strbuf_free(&b);
    aggregate_free(&a);
  }
  /* All or nothing: a bad cell in the last metric leaves no half report on stdout. */
  if (!rc && hidden.len)
    fprintf(stderr, "gridnoc report: warning: %s: the tables average over %s (add them to --by)\n", path,
            strbuf_str(&hidden));
  if (!rc)
    fputs(strbuf_str(&head), stdout);
  strbuf_free(&head);
  strbuf_free(&skipped);
  strbuf_free(&hidden);
  replicates_view_free(&view);
  free(t.rows);
  free(t.lines);
  csvtab_free(&all);
  return rc;
}

