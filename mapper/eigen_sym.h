/* eigen_sym: the k smallest eigenpairs of a dense symmetric matrix, written for the bound's spectral term
 * (mapper_bound_spectral.c) so that its result is the same on every machine: plain double arithmetic in a fixed
 * order, single-threaded, no BLAS or LAPACK (whose implementation and thread count vary between machines).
 * Householder reduction to tridiagonal form, Sturm-sequence bisection for the eigenvalues, inverse iteration for
 * the eigenvectors (re-orthogonalised within clusters of close eigenvalues), back-transformation. */
#ifndef GN_EIGEN_SYM_H
#define GN_EIGEN_SYM_H

/* The k (1 <= k <= n) smallest eigenvalues of the symmetric n x n matrix a (column major, full: both triangles
 * read, destroyed), ascending in w[0..k-1], each the lower end of a bisection enclosure of an eigenvalue of the
 * tridiagonal matrix the reduction produced, and unit, mutually orthogonal eigenvectors in the columns of z
 * (n x k, column major). GN_OK; GN_EINPUT when a holds a value that is not finite or n, k are out of range;
 * GN_ENOMEM on out of memory. */
int eigen_sym_smallest(int n, double *a, int k, double *w, double *z);

#endif
