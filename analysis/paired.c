/* paired: differences of runs that share a seed, summarised per (facet, x, series). */
#include "paired.h"

#include "gn_kv.h"
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double value_of(const char *s) {
  char *end;
  double v = strtod(s, &end);
  return !s[0] || strcmp(s, GN_MISSING) == 0 || *end ? NAN : v;
}

typedef struct cols {
  int facet, x, series, seed, metric;
} cols;

static int same_cell(char **a, char **b, const cols *c) {
  return (c->facet < 0 || strcmp(a[c->facet], b[c->facet]) == 0) && strcmp(a[c->x], b[c->x]) == 0;
}

/* The differences of series value `s` against `base` in the (facet, x) cell of row `cell`. */
static size_t differences(const csvtab *t, const cols *c, char **cell, const char *base, const char *s,
                          double *out) {
  size_t n = 0;
  for (size_t r = 0; r < t->nrows; r++) {
    char **row = t->rows[r];
    if (!same_cell(row, cell, c) || strcmp(row[c->series], s))
      continue;
    for (size_t q = 0; q < t->nrows; q++) {
      char **b = t->rows[q];
      if (same_cell(b, cell, c) && strcmp(b[c->series], base) == 0 && strcmp(b[c->seed], row[c->seed]) == 0) {
        double d = value_of(row[c->metric]) - value_of(b[c->metric]);
        if (!isnan(d))
          out[n++] = d;
        break;
      }
    }
  }
  return n;
}

int paired_table(const csvtab *t, const char *name, const char *facet, const char *x, const char *series,
                 const char *metric, strbuf *md, gn_error *err) {
  cols c = {facet ? csvtab_col(t, facet) : -1, csvtab_col(t, x), csvtab_col(t, series), csvtab_col(t, "seed"),
            csvtab_col(t, metric)};
  if ((facet && c.facet < 0) || c.x < 0 || c.series < 0 || c.seed < 0 || c.metric < 0 || t->nrows == 0)
    return gn_error_set(err, GN_EINPUT, name, 1, "paired differences need the columns %s, %s, seed and %s", x,
                        series, metric);
  double *d = malloc((t->nrows + 1) * sizeof *d);
  char ***cells = calloc(t->nrows + 1, sizeof *cells);
  const char **values = calloc(t->nrows + 1, sizeof *values);
  if (!d || !cells || !values) {
    free(d), free(cells), free(values);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  size_t ncells = 0, nvalues = 0;
  for (size_t r = 0; r < t->nrows; r++) {
    size_t i = 0, j = 0;
    while (i < ncells && !same_cell(cells[i], t->rows[r], &c))
      i++;
    if (i == ncells)
      cells[ncells++] = t->rows[r];
    while (j < nvalues && strcmp(values[j], t->rows[r][c.series]))
      j++;
    if (j == nvalues)
      values[nvalues++] = t->rows[r][c.series];
  }
  strbuf_add(md, "|");
  if (facet)
    strbuf_addf(md, " %s |", facet);
  strbuf_addf(md, " %s | %s | pairs | mean difference | sd | 95%% CI | differs? |\n|", x, series);
  for (int k = 0; k < (facet ? 8 : 7); k++)
    strbuf_add(md, k < (facet ? 3 : 2) ? "---|" : "---:|");
  strbuf_add(md, "\n");
  for (size_t i = 0; i < ncells; i++)
    for (size_t j = 1; j < nvalues; j++) {
      stats_summary s;
      stats_summarize(d, differences(t, &c, cells[i], values[0], values[j], d), STATS_MEAN, &s);
      strbuf_add(md, "|");
      if (facet)
        strbuf_addf(md, " %s |", cells[i][c.facet]);
      strbuf_addf(md, " %s | %s - %s | %zu |", cells[i][c.x], values[j], values[0], s.n);
      strbuf_addf(md, isnan(s.mean) ? " n/a |" : " %.4g |", s.mean);
      strbuf_addf(md, isnan(s.sd) ? " n/a |" : " %.4g |", s.sd);
      if (isnan(s.lo))
        strbuf_add(md, " n/a | n/a |\n");
      else
        strbuf_addf(md, " %.4g to %.4g | %s |\n", s.lo, s.hi,
                    s.lo > 0 || s.hi < 0 ? "yes" : s.sd == 0 ? "no (identical)" : "no");
    }
  free(d);
  free(cells);
  free(values);
  return md->oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory") : GN_OK;
}
