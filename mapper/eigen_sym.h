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

/* The same in two steps, for callers that need only some of the eigenvectors (the spectral term: its last step
 * none, the others those its gradient weighs), with the work space kept from one matrix to the next. The first kv
 * vectors are the bits eigen_sym_smallest gives (each is found from the ones before it only). */
typedef struct eigen_sym eigen_sym;
eigen_sym *eigen_sym_new(int n, int k); /* NULL: out of memory, or n, k out of range */
void eigen_sym_free(eigen_sym *es);
/* The k smallest eigenvalues of a into w, as eigen_sym_smallest; a is reduced in place and kept (by address) for
 * eigen_sym_vectors. GN_OK; GN_EINPUT when a holds a value that is not finite. */
int eigen_sym_values(eigen_sym *es, double *a, double *w);
/* The unit eigenvectors of w[0..kv-1] (0 <= kv <= k) of the last eigen_sym_values into the columns of z (n x kv),
 * a untouched since. GN_OK; GN_EINPUT when no eigen_sym_values succeeded or kv is out of range. */
int eigen_sym_vectors(eigen_sym *es, int kv, double *z);

#endif
