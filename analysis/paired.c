/* paired: differences of runs that share a seed, summarised per (cell, series value). */
#include "paired.h"

#include "gn_kv.h"
#include "mdtable.h"
#include "stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { MAXCELL = 16 };

/* NaN when missing (or not a number: aggregate_build refuses those cells with their line first). */
static double value_of(const char *s) {
  double v;
  csvtab_number(s, &v);
  return v;
}

typedef struct cols {
  int cell[MAXCELL];
  size_t ncell;
  int match[MAXCELL]; /* partners agree on these columns (the seed, or the graph and rep) */
  size_t nmatch;
  int series, metric;
} cols;

static int same_cell(char **a, char **b, const cols *c) {
  for (size_t k = 0; k < c->ncell; k++)
    if (strcmp(a[c->cell[k]], b[c->cell[k]]))
      return 0;
  return 1;
}

int paired_shares_seeds(const csvtab *t, const char *series) {
  int s = csvtab_col(t, series), seed = csvtab_col(t, "seed");
  if (s < 0 || seed < 0)
    return 0;
  for (size_t r = 0; r < t->nrows; r++)
    for (size_t q = 0; q < r; q++)
      if (strcmp(t->rows[q][seed], t->rows[r][seed]) == 0 && strcmp(t->rows[q][s], t->rows[r][s]))
        return 1;
  return 0;
}

static int same_match(char **a, char **b, const cols *c) {
  for (size_t k = 0; k < c->nmatch; k++)
    if (strcmp(a[c->match[k]], b[c->match[k]]))
      return 0;
  return 1;
}

/* partner[r]: the baseline row of r's cell that agrees with r on every match column, or SIZE_MAX. */
static void find_partners(const csvtab *t, const cols *c, const char *base, size_t *partner) {
  for (size_t r = 0; r < t->nrows; r++) {
    partner[r] = SIZE_MAX;
    if (strcmp(t->rows[r][c->series], base) == 0)
      continue;
    for (size_t q = 0; q < t->nrows && partner[r] == SIZE_MAX; q++)
      if (strcmp(t->rows[q][c->series], base) == 0 && same_match(t->rows[q], t->rows[r], c) &&
          same_cell(t->rows[q], t->rows[r], c))
        partner[r] = q;
  }
}

static void add_row(strbuf *md, const cols *c, char **cell, const char *value, const char *base,
                    const stats_summary *s) {
  strbuf_add(md, "|");
  for (size_t k = 0; k < c->ncell; k++)
    strbuf_addf(md, " %s |", cell[c->cell[k]]);
  strbuf_addf(md, " %s - %s | %zu |", value, base, s->n);
  strbuf_addf(md, isnan(s->mean) ? " n/a |" : " %.4g |", s->mean);
  strbuf_addf(md, isnan(s->sd) ? " n/a |" : " %.4g |", s->sd);
  if (isnan(s->lo))
    strbuf_add(md, " n/a | n/a |\n");
  else
    strbuf_addf(md, " %.4g to %.4g | %s |\n", s->lo, s->hi,
                s->lo > 0 || s->hi < 0 ? "yes" : s->sd == 0 ? "no (identical)" : "no");
}

int paired_table(const csvtab *t, const char *name, const char *const *cell, size_t ncell, const char *series,
                 const char *metric, strbuf *md, gn_error *err) {
  const char *seed[] = {"seed"};
  return paired_table_by(t, name, cell, ncell, series, metric, seed, 1, md, err);
}

int paired_table_by(const csvtab *t, const char *name, const char *const *cell, size_t ncell, const char *series,
                    const char *metric, const char *const *match, size_t nmatch, strbuf *md, gn_error *err) {
  cols c = {.ncell = ncell < MAXCELL ? ncell : MAXCELL, .nmatch = nmatch < MAXCELL ? nmatch : MAXCELL,
            .series = csvtab_col(t, series), .metric = csvtab_col(t, metric)};
  int ok = c.series >= 0 && c.metric >= 0 && t->nrows > 0;
  for (size_t k = 0; k < c.ncell; k++)
    ok = ok && (c.cell[k] = csvtab_col(t, cell[k])) >= 0;
  for (size_t k = 0; k < c.nmatch; k++)
    ok = ok && (c.match[k] = csvtab_col(t, match[k])) >= 0;
  if (!ok)
    return gn_error_set(err, GN_EINPUT, name, 1, "paired differences need the columns %s, %s and %s", series,
                        nmatch ? match[0] : "seed", metric);
  double *d = malloc((t->nrows + 1) * sizeof *d);
  size_t *partner = malloc((t->nrows + 1) * sizeof *partner);
  char ***cells = calloc(t->nrows + 1, sizeof *cells);
  const char **values = calloc(t->nrows + 1, sizeof *values);
  if (!d || !partner || !cells || !values) {
    free(d), free(partner), free(cells), free(values);
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
  find_partners(t, &c, values[0], partner);
  /* A pair with a run that did not complete compares a truncated run: left out (aggregate.h), unless the
   * metric is `completed` itself. */
  int done_col = csvtab_col(t, "completed");
  for (size_t r = 0; done_col >= 0 && done_col != c.metric && r < t->nrows; r++)
    if (partner[r] != SIZE_MAX &&
        (value_of(t->rows[r][done_col]) == 0 || value_of(t->rows[partner[r]][done_col]) == 0))
      partner[r] = SIZE_MAX;
  strbuf_add(md, "|");
  for (size_t k = 0; k < c.ncell; k++)
    mdtable_key_header(md, cell[k]);
  mdtable_key_header(md, series);
  strbuf_addf(md, " pairs | mean difference | sd | 95%% CI | differs? |\n|");
  for (size_t k = 0; k < c.ncell + 6; k++)
    strbuf_add(md, k <= c.ncell ? "---|" : "---:|");
  strbuf_add(md, "\n");
  for (size_t i = 0; i < ncells; i++)
    for (size_t j = 1; j < nvalues; j++) {
      size_t n = 0;
      for (size_t r = 0; r < t->nrows; r++) {
        if (partner[r] == SIZE_MAX || strcmp(t->rows[r][c.series], values[j]) || !same_cell(t->rows[r], cells[i], &c))
          continue;
        double diff = value_of(t->rows[r][c.metric]) - value_of(t->rows[partner[r]][c.metric]);
        if (!isnan(diff))
          d[n++] = diff;
      }
      stats_summary s;
      stats_summarize(d, n, STATS_MEAN, &s);
      add_row(md, &c, cells[i], values[j], values[0], &s);
    }
  free(d);
  free(partner);
  free(cells);
  free(values);
  return md->oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory") : GN_OK;
}
