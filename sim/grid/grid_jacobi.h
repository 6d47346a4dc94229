/* grid_jacobi: the patent's workload: Jacobi iteration on a diagonally dominant n×n system
 * generated from the seed; one unit = one component of x, 2n flops per unit per iteration. */
#ifndef GRID_JACOBI_H
#define GRID_JACOBI_H

#include "gn_error.h"

#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <stdint.h>

typedef struct grid_jacobi {
  long n;
  gsl_matrix *a;
  gsl_vector *b;
} grid_jacobi;

/* Flops of one unit in one iteration (n multiply-adds of one row). */
#define GRID_JACOBI_UNIT_FLOPS(n) (2.0 * (double)(n))

/* Off-diagonal entries uniform in [−1, 1), diagonal = Σ|off-diagonal| + 1 + u (strictly dominant, so Jacobi
 * converges), b uniform in [−1, 1). */
int grid_jacobi_generate(long n, uint64_t seed, grid_jacobi *j, gn_error *err);

/* New value of component i from the previous x: (b_i − Σ_{k≠i} a_ik x_k) / a_ii, summed in index order so
 * every node that computes the unit gets the same bits. */
double grid_jacobi_unit(const grid_jacobi *j, const double *x, long i);

/* `iterations` Jacobi sweeps from x = 0 in one process: the fault-free reference. */
int grid_jacobi_serial(const grid_jacobi *j, int iterations, double *x, gn_error *err);

/* Direct solve by LU decomposition (GSL). */
int grid_jacobi_direct(const grid_jacobi *j, double *x, gn_error *err);

/* FNV-1a over the bytes of x: equal digests = bit-identical vectors (in practice). */
uint64_t grid_jacobi_digest(const double *x, long n);

void grid_jacobi_free(grid_jacobi *j);

#endif
