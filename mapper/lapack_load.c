/* lapack_load: LAPACK's dsyevr resolved on first use (see lapack_load.h for why it is not linked). */
#include "lapack_load.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

typedef void dsyevr_fn(const char *jobz, const char *range, const char *uplo, const int *n, double *a, const int *lda,
                       const double *vl, const double *vu, const int *il, const int *iu, const double *abstol, int *m,
                       double *w, double *z, const int *ldz, int *isuppz, double *work, const int *lwork, int *iwork,
                       const int *liwork, int *info);

static dsyevr_fn *dsyevr;
static pthread_once_t lapack_once = PTHREAD_ONCE_INIT;

static void lapack_open(void) {
  void *lib = dlopen("liblapack.so.3", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("liblapack.so", RTLD_NOW | RTLD_LOCAL);
  if (lib)
    *(void **)&dsyevr = dlsym(lib, "dsyevr_");
}

int lapack_smallest_eigen(int n, double *a, int il, int iu, double *w, double *z) {
  (void)pthread_once(&lapack_once, lapack_open);
  if (!dsyevr)
    return -1;
  int lwork = 40 * n, liwork = 12 * n, m = 0, info = 0;
  double vl = 0, vu = 0, tol = 0, *work = malloc((size_t)lwork * sizeof *work);
  int *iwork = malloc((size_t)liwork * sizeof *iwork), *isuppz = malloc((size_t)2 * n * sizeof *isuppz);
  if (work && iwork && isuppz)
    dsyevr("V", "I", "L", &n, a, &n, &vl, &vu, &il, &iu, &tol, &m, w, z, &n, isuppz, work, &lwork, iwork, &liwork,
           &info);
  else
    info = -1;
  free(work);
  free(iwork);
  free(isuppz);
  return info == 0 && m == iu - il + 1 ? 0 : -1;
}
