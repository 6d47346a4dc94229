/* mip: growth of the model arrays and the solver table. */
#include "mip.h"

#include <stdlib.h>
#include <string.h>

/* Grow n arrays of element sizes sz[] from *cap to at least need entries. */
static int grow(void **arr[], const size_t *sz, int n, int *cap, int need) {
  if (need <= *cap)
    return GN_OK;
  int c = *cap ? *cap : 256;
  while (c < need)
    c *= 2;
  for (int i = 0; i < n; i++) {
    void *p = realloc(*arr[i], (size_t)c * sz[i]);
    if (!p)
      return GN_ENOMEM;
    *arr[i] = p;
  }
  *cap = c;
  return GN_OK;
}

int mip_add_col(mip_model *m, double lo, double hi, double obj, int integer) {
  void **arr[] = {(void **)&m->col_lo, (void **)&m->col_hi, (void **)&m->obj, (void **)&m->col_int};
  const size_t sz[] = {sizeof(double), sizeof(double), sizeof(double), sizeof(char)};
  if (grow(arr, sz, 4, &m->cap_cols, m->n_cols + 1))
    return GN_ENOMEM;
  m->col_lo[m->n_cols] = lo;
  m->col_hi[m->n_cols] = hi;
  m->obj[m->n_cols] = obj;
  m->col_int[m->n_cols] = (char)integer;
  return m->n_cols++;
}

int mip_add_row(mip_model *m, double lo, double hi) {
  void **arr[] = {(void **)&m->row_lo, (void **)&m->row_hi};
  const size_t sz[] = {sizeof(double), sizeof(double)};
  if (grow(arr, sz, 2, &m->cap_rows, m->n_rows + 1))
    return GN_ENOMEM;
  m->row_lo[m->n_rows] = lo;
  m->row_hi[m->n_rows] = hi;
  return m->n_rows++;
}

int mip_add_coef(mip_model *m, int row, int col, double val) {
  void **arr[] = {(void **)&m->nz_row, (void **)&m->nz_col, (void **)&m->nz_val};
  const size_t sz[] = {sizeof(int), sizeof(int), sizeof(double)};
  if (grow(arr, sz, 3, &m->cap_nz, m->n_nz + 1))
    return GN_ENOMEM;
  m->nz_row[m->n_nz] = row;
  m->nz_col[m->n_nz] = col;
  m->nz_val[m->n_nz] = val;
  m->n_nz++;
  return GN_OK;
}

void mip_model_free(mip_model *m) {
  free(m->col_lo);
  free(m->col_hi);
  free(m->obj);
  free(m->col_int);
  free(m->row_lo);
  free(m->row_hi);
  free(m->nz_row);
  free(m->nz_col);
  free(m->nz_val);
  memset(m, 0, sizeof *m);
}

static const mip_solver *const solvers[] = {&mip_cbc, &mip_glpk, NULL};

const mip_solver *mip_solver_find(const char *name, gn_error *err) {
  for (int i = 0; solvers[i]; i++)
    if (strcmp(solvers[i]->name, name) == 0)
      return solvers[i];
  gn_error_set(err, GN_EINPUT, NULL, 0, "unknown MIP solver '%s' (known: cbc, glpk)", name);
  return NULL;
}
