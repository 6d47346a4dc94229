/* lapack_load: LAPACK's dsyevr (the smallest eigenpairs of a symmetric matrix), resolved from the LAPACK library on
 * first use (dlopen, as cbc_load.c does for CBC) so that gridnoc's start-up does not load and relocate LAPACK, BLAS
 * and gfortran in every process; only the bound's spectral term (mapper_bound_spectral.c) uses it. */
#ifndef GN_LAPACK_LOAD_H
#define GN_LAPACK_LOAD_H

/* The il-th to iu-th smallest eigenvalues (ascending, w) and unit eigenvectors (columns of z, leading dimension n)
 * of the symmetric n x n matrix a (column major, lower triangle read, destroyed). 0 on success, -1 when LAPACK
 * cannot be loaded or fails, or memory runs out. */
int lapack_smallest_eigen(int n, double *a, int il, int iu, double *w, double *z);

#endif
