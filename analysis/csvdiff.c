/* csvdiff: a result CSV against its reference, cell by cell. */
#include "csvdiff.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct diff_out {
  strbuf *out;
  size_t found, max_lines;
} diff_out;

static void say(diff_out *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(diff_out *d, const char *fmt, ...) {
  if (d->found++ >= d->max_lines)
    return;
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  strbuf_addf(d->out, "%s\n", line);
}

static int ignored(const char *col) { return strcmp(col, "version") == 0; }

/* The row of `t` whose run column holds `key` (linear: a reference has at most SCENARIO_RUNS_MAX rows and a
 * comparison is run once by hand). */
static long find_row(const csvtab *t, int run_col, const char *key, size_t hint) {
  if (hint < t->nrows && strcmp(t->rows[hint][run_col], key) == 0)
    return (long)hint;
  for (size_t r = 0; r < t->nrows; r++)
    if (strcmp(t->rows[r][run_col], key) == 0)
      return (long)r;
  return -1;
}

static void compare_row(diff_out *d, const csvtab *f, size_t rf, const csvtab *ref, size_t rr, const char *label) {
  for (size_t c = 0; c < f->ncols; c++) {
    int cr = csvtab_col(ref, f->header[c]);
    if (cr < 0 || ignored(f->header[c]) || strcmp(f->rows[rf][c], ref->rows[rr][cr]) == 0)
      continue;
    double a, b;
    char rel[64] = "";
    if (csvtab_number(f->rows[rf][c], &a) == CSV_NUMBER && csvtab_number(ref->rows[rr][cr], &b) == CSV_NUMBER &&
        b != 0 && isfinite(a) && isfinite(b))
      snprintf(rel, sizeof rel, ", %+.3g %%", 100.0 * (a - b) / fabs(b));
    say(d, "%s: %s %s (reference %s%s)", label, f->header[c], f->rows[rf][c], ref->rows[rr][cr], rel);
  }
}

size_t csvdiff(const csvtab *fresh, const csvtab *ref, size_t max_lines, strbuf *out) {
  diff_out d = {out, 0, max_lines};
  for (size_t c = 0; c < fresh->ncols; c++)
    if (!ignored(fresh->header[c]) && csvtab_col(ref, fresh->header[c]) < 0)
      say(&d, "column %s: only in the fresh CSV", fresh->header[c]);
  for (size_t c = 0; c < ref->ncols; c++)
    if (!ignored(ref->header[c]) && csvtab_col(fresh, ref->header[c]) < 0)
      say(&d, "column %s: only in the reference", ref->header[c]);
  int run_f = csvtab_col(fresh, "run"), run_r = csvtab_col(ref, "run");
  char label[256];
  if (run_f < 0 || run_r < 0) { /* not result CSVs: row by row */
    size_t n = fresh->nrows < ref->nrows ? fresh->nrows : ref->nrows;
    for (size_t r = 0; r < n; r++) {
      snprintf(label, sizeof label, "row %zu", r + 1);
      compare_row(&d, fresh, r, ref, r, label);
    }
    if (fresh->nrows != ref->nrows)
      say(&d, "rows: %zu in the fresh CSV, %zu in the reference", fresh->nrows, ref->nrows);
  } else {
    for (size_t r = 0; r < fresh->nrows; r++) {
      const char *key = fresh->rows[r][run_f];
      long rr = find_row(ref, run_r, key, r);
      snprintf(label, sizeof label, "run %.200s", key);
      if (rr < 0)
        say(&d, "%s: only in the fresh CSV", label);
      else
        compare_row(&d, fresh, r, ref, (size_t)rr, label);
    }
    for (size_t r = 0; r < ref->nrows; r++)
      if (find_row(fresh, run_f, ref->rows[r][run_r], r) < 0) {
        snprintf(label, sizeof label, "run %.200s", ref->rows[r][run_r]);
        say(&d, "%s: only in the reference (not run here, or failed)", label);
      }
  }
  if (d.found > max_lines)
    strbuf_addf(out, "... and %zu more differences\n", d.found - max_lines);
  return d.found;
}
