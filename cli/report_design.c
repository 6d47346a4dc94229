/* report_design: the layout of result CSVs (runner.h writes run, parameters, rep, seed, metrics, version) and
 * the honesty notes of gridnoc report. */
#include "report_design.h"

#include "gn_kv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void report_layout_of(const csvtab *t, report_layout *L) {
  L->rep = csvtab_col(t, "rep");
  L->seed = csvtab_col(t, "seed");
  int version = csvtab_col(t, "version");
  L->result = csvtab_col(t, "run") == 0 && L->rep > 0 && L->seed == L->rep + 1 && version > L->seed;
  if (L->result) {
    L->p0 = 1, L->p1 = L->rep, L->m0 = L->seed + 1, L->m1 = version;
  } else {
    L->p0 = L->p1 = 0, L->m0 = 0, L->m1 = (int)t->ncols;
  }
}

int report_numeric(const csvtab *t, int c, int strict) {
  int any = 0;
  for (size_t r = 0; r < t->nrows; r++) {
    const char *s = t->rows[r][c];
    double v;
    csv_number_kind kind = csvtab_number(s, &v);
    if (kind == CSV_NUMBER)
      any = 1;
    else if (kind != CSV_MISSING && strict) {
      /* A spelling C's strtod would take ("1e400", "nan", "0x10") is a bad number, refused with its line by
       * aggregate_build; anything else ("dpma", "1,0,0") makes a column of words. */
      char *end;
      strtod(s, &end);
      if (end == s || *end)
        return 0;
      any = 1; /* a column whose only cells are bad numbers is still numbers: its cells are refused, not listed */
    }
  }
  return any;
}

static int same_keys(char **a, char **b, const int *cols, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (strcmp(a[cols[k]], b[cols[k]]))
      return 0;
  return 1;
}

/* Number of distinct values of column c, and whether two rows of one group differ in it. */
static int varies_in_group(const csvtab *t, const int *cols, size_t nkeys, int c, size_t *nvalues) {
  int varies = 0;
  *nvalues = 0;
  for (size_t r = 0; r < t->nrows; r++) {
    size_t q = 0;
    while (q < r && strcmp(t->rows[q][c], t->rows[r][c]))
      q++;
    *nvalues += q == r;
    for (q = 0; q < r && !varies; q++)
      varies = same_keys(t->rows[q], t->rows[r], cols, nkeys) && strcmp(t->rows[q][c], t->rows[r][c]);
  }
  return varies;
}

size_t report_hidden_params(const csvtab *t, const report_layout *L, const char *const *keys, size_t nkeys,
                            strbuf *out) {
  int cols[64];
  size_t n = 0, found = 0;
  for (size_t k = 0; k < nkeys && n < 64; k++)
    if ((cols[n] = csvtab_col(t, keys[k])) >= 0)
      n++;
  for (int c = L->p0; c < L->p1; c++) {
    int is_key = strcmp(t->header[c], "graph") == 0;
    for (size_t k = 0; k < n && !is_key; k++)
      is_key = cols[k] == c;
    size_t nvalues;
    if (is_key || !varies_in_group(t, cols, n, c, &nvalues))
      continue;
    strbuf_addf(out, "%s%s (%zu values)", found++ ? ", " : "", t->header[c], nvalues);
  }
  return found;
}

void report_replicate_notes(const replicates *r, const char *prefix, int warn, strbuf *md) {
  if (r->distinct == r->rows)
    return;
  size_t same = r->rows - r->distinct;
  strbuf_addf(md, "n counts distinct replicates: %zu of the %zu rows repeat an earlier run exactly (same "
                  "parameters, and every run of them gave the same results) and count once.", same, r->rows);
  if (r->repeats > 0 && r->repeats_same == r->repeats) {
    strbuf_add(md, " Every repetition (rep > 0) equals its first run: the runs are deterministic, so `repeat` "
                   "adds no information.");
    if (warn)
      fprintf(stderr, "%s: warning: repeat > 1 changes nothing: all %zu repeated runs equal their first run "
                      "(deterministic); n counts distinct runs\n", prefix, r->repeats);
  }
  strbuf_add(md, "\n\n");
}

int report_filter_rows(const csvtab *t, const char *const *where, size_t nwhere, const char *csv, const char *what,
                       csvtab *view, gn_error *err) {
  *view = *t;
  view->rows = malloc((t->nrows + 1) * sizeof *view->rows);
  view->lines = malloc((t->nrows + 1) * sizeof *view->lines);
  view->nrows = 0;
  if (!view->rows || !view->lines)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t w = 0; w < nwhere; w++) {
    const char *eq = strchr(where[w], '=');
    if (!eq || eq == where[w])
      return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: '%s' is not COLUMN=VALUE", what, where[w]);
    char col[256];
    snprintf(col, sizeof col, "%.*s", (int)(eq - where[w]), where[w]);
    if (csvtab_col(t, col) < 0)
      return gn_error_set(err, GN_EINPUT, csv, 1, "no column '%s' (%s, where)", col, what);
  }
  for (size_t r = 0; r < t->nrows; r++) {
    int keep = 1;
    for (size_t w = 0; w < nwhere && keep; w++) {
      const char *eq = strchr(where[w], '=');
      char col[256];
      snprintf(col, sizeof col, "%.*s", (int)(eq - where[w]), where[w]);
      keep = strcmp(t->rows[r][csvtab_col(t, col)], eq + 1) == 0;
    }
    if (keep) {
      view->lines[view->nrows] = t->lines[r];
      view->rows[view->nrows++] = t->rows[r];
    }
  }
  if (view->nrows == 0)
    return gn_error_set(err, GN_EINPUT, csv, 0, "%s: no row matches its `where`", what);
  return GN_OK;
}
