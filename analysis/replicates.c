/* replicates: rows grouped by their inputs; a group whose runs all gave the same results counts once. */
#include "replicates.h"

#include <stdlib.h>
#include <string.h>

static int same_columns(char **a, char **b, int c0, int c1) {
  for (int c = c0; c < c1; c++)
    if (strcmp(a[c], b[c]))
      return 0;
  return 1;
}

int replicates_distinct(const csvtab *t, int p0, int p1, int m0, int m1, int rep_col, csvtab *view,
                        replicates *out, gn_error *err) {
  *view = *t;
  *out = (replicates){t->nrows, 0, 0, 0};
  view->rows = malloc((t->nrows + 1) * sizeof *view->rows);
  view->lines = malloc((t->nrows + 1) * sizeof *view->lines);
  size_t *first = malloc((t->nrows + 1) * sizeof *first); /* the first row of the same inputs */
  char *deterministic = malloc(t->nrows + 1);              /* per first row: every run of its inputs alike */
  view->nrows = 0;
  if (!view->rows || !view->lines || !first || !deterministic) {
    free(first);
    free(deterministic);
    replicates_view_free(view);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (size_t r = 0; r < t->nrows; r++) {
    size_t q = 0;
    while (q < r && !(first[q] == q && same_columns(t->rows[q], t->rows[r], p0, p1)))
      q++;
    first[r] = q;
    deterministic[r] = 1;
    if (q < r && !same_columns(t->rows[q], t->rows[r], m0, m1))
      deterministic[q] = 0;
  }
  for (size_t r = 0; r < t->nrows; r++) {
    int repeat = rep_col >= 0 && strcmp(t->rows[r][rep_col], "0") != 0;
    out->repeats += (size_t)repeat;
    if (first[r] != r && deterministic[first[r]]) {
      out->repeats_same += (size_t)repeat;
      continue;
    }
    view->lines[view->nrows] = t->lines[r];
    view->rows[view->nrows++] = t->rows[r];
  }
  out->distinct = view->nrows;
  free(first);
  free(deterministic);
  return GN_OK;
}

void replicates_view_free(csvtab *view) {
  free(view->rows);
  free(view->lines);
  view->rows = NULL;
  view->lines = NULL;
  view->nrows = 0;
}
