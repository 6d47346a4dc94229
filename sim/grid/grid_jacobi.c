/* grid_jacobi: system generation, one-unit update, serial and direct reference solutions (GSL). */
#include "grid_jacobi.h"

#include "gn_seed.h"

#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permutation.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int grid_jacobi_generate(long n, uint64_t seed, grid_jacobi *j, gn_error *err) {
  j->n = n;
  j->a = gsl_matrix_alloc((size_t)n, (size_t)n);
  j->b = gsl_vector_alloc((size_t)n);
  gsl_rng *rng = gn_rng_new(gn_seed_derive(seed, "jacobi-system"));
  if (!j->a || !j->b || !rng) {
    gsl_rng_free(rng);
    grid_jacobi_free(j);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a %ld x %ld system", n, n);
  }
  for (long r = 0; r < n; r++) {
    double off = 0;
    for (long c = 0; c < n; c++) {
      if (c == r)
        continue;
      double v = 2 * gsl_rng_uniform(rng) - 1;
      gsl_matrix_set(j->a, (size_t)r, (size_t)c, v);
      off += fabs(v);
    }
    gsl_matrix_set(j->a, (size_t)r, (size_t)r, off + 1 + gsl_rng_uniform(rng));
    gsl_vector_set(j->b, (size_t)r, 2 * gsl_rng_uniform(rng) - 1);
  }
  gsl_rng_free(rng);
  return GN_OK;
}

double grid_jacobi_unit(const grid_jacobi *j, const double *x, long i) {
  const double *row = gsl_matrix_const_ptr(j->a, (size_t)i, 0);
  double s = gsl_vector_get(j->b, (size_t)i);
  for (long k = 0; k < j->n; k++)
    if (k != i)
      s -= row[k] * x[k];
  return s / row[i];
}

int grid_jacobi_serial(const grid_jacobi *j, int iterations, double *x, gn_error *err) {
  double *next = malloc((size_t)j->n * sizeof *next);
  if (!next)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  memset(x, 0, (size_t)j->n * sizeof *x);
  for (int it = 0; it < iterations; it++) {
    for (long i = 0; i < j->n; i++)
      next[i] = grid_jacobi_unit(j, x, i);
    memcpy(x, next, (size_t)j->n * sizeof *x);
  }
  free(next);
  return GN_OK;
}

int grid_jacobi_direct(const grid_jacobi *j, double *x, gn_error *err) {
  gsl_matrix *lu = gsl_matrix_alloc((size_t)j->n, (size_t)j->n);
  gsl_permutation *perm = gsl_permutation_alloc((size_t)j->n);
  int rc = GN_OK, sign;
  if (!lu || !perm) {
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  } else {
    gsl_matrix_memcpy(lu, j->a);
    gsl_vector_view xv = gsl_vector_view_array(x, (size_t)j->n);
    if (gsl_linalg_LU_decomp(lu, perm, &sign) || gsl_linalg_LU_solve(lu, perm, j->b, &xv.vector))
      rc = gn_error_set(err, GN_EFAIL, NULL, 0, "LU solve failed");
  }
  gsl_matrix_free(lu);
  gsl_permutation_free(perm);
  return rc;
}

uint64_t grid_jacobi_digest(const double *x, long n) {
  uint64_t h = 0xCBF29CE484222325ULL;
  const unsigned char *p = (const unsigned char *)x;
  for (size_t i = 0; i < (size_t)n * sizeof *x; i++) {
    h ^= p[i];
    h *= 0x100000001B3ULL;
  }
  return h;
}

void grid_jacobi_free(grid_jacobi *j) {
  if (j->a)
    gsl_matrix_free(j->a);
  if (j->b)
    gsl_vector_free(j->b);
  j->a = NULL;
  j->b = NULL;
}
