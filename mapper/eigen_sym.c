/* eigen_sym: the k smallest eigenpairs of a dense symmetric matrix (see eigen_sym.h for why it is written here).
 *
 * 1. The matrix is scaled by a power of two (exact) so that its largest entry lies in [0.5, 1): no square below
 *    overflows, and the result is scaled back exactly.
 * 2. Householder reduction A = Q T Q' (T tridiagonal: d on the diagonal, e beside it), the reflectors kept in A.
 *    Rounding: T is exactly similar to A + E, ||E|| a small multiple of n^2 eps ||A|| (backward stable).
 * 3. T is split where |e_i| <= eps ||T|| (e_i set to 0: a perturbation below 2 eps ||T||) into unreduced blocks,
 *    whose eigenvalues are distinct.
 * 4. In each block, the smallest eigenvalues by bisection on Sturm counts (the count of negative pivots of
 *    T - x I is the number of eigenvalues below x, and computed in floating point it is the exact count of a
 *    matrix within a few eps of T elementwise), each reported as the lower end of its final enclosure; the k
 *    smallest over all blocks are kept (ties: the earlier block first).
 * 5. Eigenvectors by inverse iteration on the block, shift the eigenvalue (nudged apart when two coincide), five
 *    solves from a fixed pseudo-random start, each preceded by Gram-Schmidt against the block's earlier vectors
 *    in the same cluster (eigenvalues within 1e-3 ||T|| of the previous one): vectors of close eigenvalues are
 *    otherwise not orthogonal. Vectors of different blocks are orthogonal exactly (disjoint support).
 * 6. Back-transformation z = Q y, reflector by reflector, each reflector applied to all the vectors in turn.
 * Steps 1-4 (eigen_sym_values) and 5-6 (eigen_sym_vectors) can be run apart, the vectors for the first kv
 * eigenvalues only: vector j is found from the ones before it alone, so those are the same bits.
 * Every step is plain double arithmetic in a fixed order, so the result is the same on every machine (the file
 * is built with floating-point contraction off, mapper/CMakeLists.txt). Loops are arranged for the cache and for
 * overlapping independent sums (two updates in one pass over a column, four vectors per back-transformation
 * pass), never by reordering the operations a value sees: tests/unit/test_mapper_eigen.c pins the bits. */
#include "eigen_sym.h"

#include "gn_error.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define INVERSE_SOLVES 5
#define CLUSTER_GAP 1e-3 /* relative to ||T||: eigenvalues closer than this share a cluster (LAPACK's dstein rule) */

/* ||x|| of x[0..m-1], scaled by the largest |x_i| so that no square overflows or underflows to nothing. */
static double norm2(const double *x, int m) {
  double big = 0, s = 0;
  for (int i = 0; i < m; i++)
    if (fabs(x[i]) > big)
      big = fabs(x[i]);
  if (big == 0)
    return 0;
  for (int i = 0; i < m; i++) {
    double t = x[i] / big;
    s += t * t;
  }
  return big * sqrt(s);
}

/* The reflector I - tau[k] v v' taking column k of a below the diagonal, x (m = n - k - 1 long), to (e[k], 0..):
 * v = (1, x[1..] / (x0 - e[k])) replaces x; d[k] = a[k][k]. tau[k] = 0 when x is already (x0, 0..). */
static void reflector(int n, double *a, int k, double *d, double *e, double *tau) {
  int m = n - k - 1;
  double *v = a + (size_t)k * n + k + 1;
  d[k] = a[(size_t)k * n + k];
  tau[k] = 0;
  e[k] = v[0];
  if (norm2(v + 1, m - 1) == 0)
    return;
  double x0 = v[0], beta = -copysign(norm2(v, m), x0), scale = 1 / (x0 - beta);
  tau[k] = (beta - x0) / beta;
  e[k] = beta;
  v[0] = 1;
  for (int i = 1; i < m; i++)
    v[i] *= scale;
}

/* A (n x n, column major, full) = Q T Q'. Reflector k (k = 0..n-3) is I - tau[k] v v' acting on rows k+1..n-1,
 * v = (1, a[k+2..n-1, k]). Both triangles of the trailing block B are updated, B := H B H = B - v w' - w v' with
 * p = tau B v, w = p - (tau p'v / 2) v, so that B v runs down contiguous columns; and the product for the next
 * reflector is summed in the same pass as the update (each column is read once per step). p, next: n doubles. */
static void tridiagonalise(int n, double *restrict a, double *d, double *e, double *tau, double *restrict p,
                           double *restrict next) {
  if (n >= 3) {
    reflector(n, a, 0, d, e, tau);
    int m = n - 1;
    const double *v = a + 1;
    memset(p, 0, (size_t)m * sizeof *p);
    for (int j = 0; j < m && tau[0] != 0; j++) {
      double vj = tau[0] * v[j];
      const double *col = a + (size_t)(j + 1) * n + 1;
      for (int i = 0; i < m; i++)
        p[i] += col[i] * vj;
    }
  }
  for (int k = 0; k + 2 < n; k++) {
    int m = n - k - 1, more = k + 3 < n;
    const double *v = a + (size_t)k * n + k + 1;
    double *b = a + (size_t)(k + 1) * n + k + 1;
    if (tau[k] != 0) {
      double pv = 0;
      for (int i = 0; i < m; i++)
        pv += p[i] * v[i];
      double half = tau[k] * pv / 2;
      for (int i = 0; i < m; i++)
        p[i] -= half * v[i]; /* p is now w */
      for (int i = 0; i < m; i++)
        b[i] -= v[i] * p[0] + p[i] * v[0];
    }
    if (more)
      reflector(n, a, k + 1, d, e, tau);
    const double *vn = b + 1; /* the next reflector, m - 1 long */
    memset(next, 0, (size_t)(m - 1) * sizeof *next);
    for (int j = 1; j < m; j++) {
      double *col = b + (size_t)j * n;
      double s = more ? tau[k + 1] * vn[j - 1] : 0;
      if (tau[k] != 0 && s != 0) { /* both below in one pass over the column: the same operations per element */
        double wj = p[j], vj = v[j];
        col[0] -= v[0] * wj + p[0] * vj;
        for (int i = 1; i < m; i++) {
          double c = col[i] - (v[i] * wj + p[i] * vj);
          col[i] = c;
          next[i - 1] += c * s;
        }
        continue;
      }
      if (tau[k] != 0) {
        double wj = p[j], vj = v[j];
        for (int i = 0; i < m; i++)
          col[i] -= v[i] * wj + p[i] * vj;
      }
      for (int i = 1; i < m && s != 0; i++)
        next[i - 1] += col[i] * s;
    }
    double *t = p;
    p = next;
    next = t;
  }
  if (n >= 2) {
    d[n - 2] = a[(size_t)(n - 2) * n + n - 2];
    e[n - 2] = a[(size_t)(n - 2) * n + n - 1];
  }
  d[n - 1] = a[(size_t)(n - 1) * n + n - 1];
}

/* z := Q z for the kv vectors z (n x kv, column major): the reflectors applied last to first. Reflector by
 * reflector for all the vectors (it is read once, not kv times), four vectors at a time in one pass: each vector
 * sees the same operations in the same order as alone, its sum a chain of its own (the four overlap). */
static void back_transform(int n, const double *a, const double *tau, double *z, int kv) {
  for (int k = n - 3; k >= 0; k--) {
    if (tau[k] == 0)
      continue;
    const double *v = a + (size_t)k * n + k + 1;
    int m = n - k - 1, t = 0;
    for (; t + 4 <= kv; t += 4) {
      double *y0 = z + (size_t)t * n + k + 1, *y1 = y0 + n, *y2 = y1 + n, *y3 = y2 + n;
      double s0 = y0[0], s1 = y1[0], s2 = y2[0], s3 = y3[0];
      for (int i = 1; i < m; i++) {
        s0 += v[i] * y0[i];
        s1 += v[i] * y1[i];
        s2 += v[i] * y2[i];
        s3 += v[i] * y3[i];
      }
      s0 *= tau[k];
      s1 *= tau[k];
      s2 *= tau[k];
      s3 *= tau[k];
      y0[0] -= s0;
      y1[0] -= s1;
      y2[0] -= s2;
      y3[0] -= s3;
      for (int i = 1; i < m; i++) {
        y0[i] -= s0 * v[i];
        y1[i] -= s1 * v[i];
        y2[i] -= s2 * v[i];
        y3[i] -= s3 * v[i];
      }
    }
    for (; t < kv; t++) {
      double *y = z + (size_t)t * n + k + 1, s = y[0];
      for (int i = 1; i < m; i++)
        s += v[i] * y[i];
      s *= tau[k];
      y[0] -= s;
      for (int i = 1; i < m; i++)
        y[i] -= s * v[i];
    }
  }
}

/* The c smallest eigenvalues of the block (d, e, e2 = e^2, m), ascending, each the lower end of its bisection
 * enclosure. All c enclosures are bisected together: one pass down the block computes the Sturm count at every
 * open enclosure's midpoint (independent recurrences, which the processor overlaps; one at a time, each waits on
 * its own divisions), and a count c' at x closes in every enclosure: eigenvalues 0..c'-1 lie below x, the rest
 * not. The count of eigenvalues below x is the number of negative pivots of T - x I. work: 4 c doubles and c ints. */
static void block_eigenvalues(const double *d, const double *e, const double *e2, int m, int c, double tnorm,
                              double *lam, double *work, int *open) {
  double gl = HUGE_VAL, gu = -HUGE_VAL, maxe2 = 1;
  for (int i = 0; i < m; i++) {
    double r = (i > 0 ? fabs(e[i - 1]) : 0) + (i + 1 < m ? fabs(e[i]) : 0);
    if (d[i] - r < gl)
      gl = d[i] - r;
    if (d[i] + r > gu)
      gu = d[i] + r;
    if (i + 1 < m && e2[i] > maxe2)
      maxe2 = e2[i];
  }
  double pivmin = DBL_MIN * maxe2, slack = 4 * m * DBL_EPSILON * tnorm + 4 * pivmin;
  double *lo = lam, *hi = work, *x = work + c, *q = work + 2 * c, *count = work + 3 * c;
  for (int j = 0; j < c; j++) {
    lo[j] = gl - slack;
    hi[j] = gu + slack;
  }
  for (int round = 0; round < 200; round++) {
    int n_open = 0;
    for (int j = 0; j < c; j++) {
      double mid = lo[j] + (hi[j] - lo[j]) / 2;
      if (hi[j] - lo[j] > 2 * DBL_EPSILON * fmax(fabs(lo[j]), fabs(hi[j])) + DBL_EPSILON * tnorm && mid > lo[j] &&
          mid < hi[j]) {
        x[n_open] = mid;
        open[n_open++] = j;
      }
    }
    if (n_open == 0)
      break;
    for (int t = 0; t < n_open; t++) {
      q[t] = d[0] - x[t];
      if (fabs(q[t]) < pivmin)
        q[t] = -pivmin;
      count[t] = q[t] < 0;
    }
    for (int i = 1; i < m; i++)
      for (int t = 0; t < n_open; t++) {
        double v = d[i] - x[t] - e2[i - 1] / q[t];
        if (fabs(v) < pivmin)
          v = -pivmin;
        q[t] = v;
        count[t] += v < 0;
      }
    for (int t = 0; t < n_open; t++)
      for (int j = 0; j < c; j++) {
        if (count[t] > j) {
          if (x[t] < hi[j])
            hi[j] = x[t];
        } else if (x[t] > lo[j])
          lo[j] = x[t];
      }
  }
}

/* The LU factors of T - s I (block d, e, m) with partial pivoting: row i of U holds u0, u1, u2 at columns i, i+1,
 * i+2; l the multipliers, swap whether rows i and i+1 were exchanged. Pivots below tiny become tiny: the shift
 * is an eigenvalue, so T - s I is (nearly) singular, and the solution's growth is what inverse iteration wants. */
typedef struct tri_lu {
  double *u0, *u1, *u2, *l;
  char *swap;
} tri_lu;

static void tri_factor(const double *d, const double *e, int m, double s, double tiny, tri_lu *f) {
  double p = d[0] - s, q = m > 1 ? e[0] : 0;
  for (int i = 0; i + 1 < m; i++) {
    double dn = d[i + 1] - s, en = i + 2 < m ? e[i + 1] : 0;
    if (fabs(p) >= fabs(e[i])) {
      if (fabs(p) < tiny)
        p = p < 0 ? -tiny : tiny;
      f->swap[i] = 0;
      f->u0[i] = p;
      f->u1[i] = q;
      f->u2[i] = 0;
      f->l[i] = e[i] / p;
      p = dn - f->l[i] * q;
      q = en;
    } else {
      f->swap[i] = 1;
      f->u0[i] = e[i];
      f->u1[i] = dn;
      f->u2[i] = en;
      f->l[i] = p / e[i];
      p = q - f->l[i] * dn;
      q = -f->l[i] * en;
    }
  }
  f->u0[m - 1] = fabs(p) < tiny ? (p < 0 ? -tiny : tiny) : p;
}

static void tri_solve(const tri_lu *f, int m, double *y) {
  for (int i = 0; i + 1 < m; i++) {
    if (f->swap[i]) {
      double t = y[i];
      y[i] = y[i + 1];
      y[i + 1] = t;
    }
    y[i + 1] -= f->l[i] * y[i];
  }
  for (int i = m - 1; i >= 0; i--) {
    double s = y[i];
    if (i + 1 < m)
      s -= f->u1[i] * y[i + 1];
    if (i + 2 < m)
      s -= f->u2[i] * y[i + 2];
    y[i] = s / f->u0[i];
  }
}

/* A fixed pseudo-random start vector in (-0.5, 0.5)^m (a 64-bit linear congruential sequence from seed). */
static void start_vector(double *x, int m, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15u + 1;
  for (int i = 0; i < m; i++) {
    s = s * 6364136223846793005u + 1442695040888963407u;
    x[i] = (double)(s >> 11) * 0x1p-53 - 0.5;
  }
}

/* x (m) := x minus its components along the columns cols[0..c-1] of z (rows r0..r0+m-1), then normalised.
 * 0, or -1 when nothing is left. */
static int orthonormalise(double *x, int m, const double *z, int n, int r0, const int *cols, int c) {
  double s = 0; /* x's component along column t, summed in the pass that takes column t - 1's out of x */
  if (c > 0) {
    const double *y = z + (size_t)cols[0] * n + r0;
    for (int i = 0; i < m; i++)
      s += y[i] * x[i];
  }
  for (int t = 0; t < c; t++) {
    const double *y = z + (size_t)cols[t] * n + r0;
    if (t + 1 < c) {
      const double *next = z + (size_t)cols[t + 1] * n + r0;
      double s_next = 0;
      for (int i = 0; i < m; i++) {
        x[i] -= s * y[i];
        s_next += next[i] * x[i];
      }
      s = s_next;
    } else
      for (int i = 0; i < m; i++)
        x[i] -= s * y[i];
  }
  double nx = norm2(x, m);
  if (!(nx > 0) || !isfinite(nx))
    return -1;
  for (int i = 0; i < m; i++)
    x[i] /= nx;
  return 0;
}

/* Eigenvectors of the block (rows r0..r0+m-1 of T) for its eigenvalues lam[0..c-1], written into the columns
 * cols[0..c-1] of z (zero outside the block). x: m doubles of work. */
static void block_vectors(const double *d, const double *e, int m, int r0, const double *lam, int c,
                          const int *cols, double *z, int n, double tnorm, tri_lu *f, double *x) {
  double shift = 0;
  int cluster = 0;
  for (int j = 0; j < c; j++) {
    double *col = z + (size_t)cols[j] * n;
    memset(col, 0, (size_t)n * sizeof *col);
    if (m == 1) {
      col[r0] = 1;
      continue;
    }
    if (j == 0 || lam[j] - lam[j - 1] > CLUSTER_GAP * tnorm)
      cluster = j;
    double s = lam[j], nudge = 10 * DBL_EPSILON * tnorm;
    shift = j > 0 && s < shift + nudge ? shift + nudge : s;
    tri_factor(d, e, m, shift, DBL_EPSILON * tnorm, f);
    start_vector(x, m, (uint64_t)r0 * 4099u + (uint64_t)j);
    for (int it = 0; it <= INVERSE_SOLVES; it++) {
      for (int retry = 1; orthonormalise(x, m, z, n, r0, cols + cluster, j - cluster) && retry <= 8; retry++)
        start_vector(x, m, (uint64_t)r0 * 4099u + (uint64_t)j + (uint64_t)retry * 65537u);
      if (it == INVERSE_SOLVES)
        break;
      tri_solve(f, m, x);
      double big = 0; /* rescale before Gram-Schmidt: the solve grows x by up to 1 / tiny */
      for (int i = 0; i < m; i++)
        big = fmax(big, fabs(x[i]));
      if (!(big > 0) || !isfinite(big))
        start_vector(x, m, (uint64_t)r0 * 4099u + (uint64_t)j + 7919u);
      else
        for (int i = 0; i < m; i++)
          x[i] /= big;
    }
    memcpy(col + r0, x, (size_t)m * sizeof *x);
  }
}

typedef struct candidate {
  double value;
  int block, index; /* block start row, index within the block's ascending eigenvalues */
} candidate;

static int candidate_cmp(const void *pa, const void *pb) {
  const candidate *a = pa, *b = pb;
  if (a->value != b->value)
    return a->value < b->value ? -1 : 1;
  if (a->block != b->block)
    return a->block < b->block ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

struct eigen_sym {
  int n, k, expo, ready; /* ready: eigen_sym_values succeeded, the reduction below is that of a */
  double *a;             /* the reduced matrix (its reflectors) of the last eigen_sym_values */
  double tnorm;          /* ||T|| (row sums) */
  double *block; /* the doubles below, allocated as one */
  double *d, *e, *e2, *tau, *work, *lam, *lu, *bis;
  char *swap;
  int *cols;
  candidate *cand; /* every block's smallest eigenvalues, ascending (the k smallest first) */
};

eigen_sym *eigen_sym_new(int n, int k) {
  if (n < 1 || k < 1 || k > n)
    return NULL;
  eigen_sym *es = calloc(1, sizeof *es);
  if (!es)
    return NULL;
  es->n = n;
  es->k = k;
  /* one block of doubles: d, e, e2, tau, work, lam (n each), lu (4 n), bis (4 k) */
  double *v = es->block = malloc(((size_t)10 * n + (size_t)4 * k) * sizeof *v);
  es->swap = malloc((size_t)n);
  es->cols = malloc((size_t)n * sizeof *es->cols);
  es->cand = malloc((size_t)n * sizeof *es->cand);
  if (!v || !es->swap || !es->cols || !es->cand) {
    eigen_sym_free(es);
    return NULL;
  }
  es->d = v;
  es->e = v + n;
  es->e2 = v + 2 * (size_t)n;
  es->tau = v + 3 * (size_t)n;
  es->work = v + 4 * (size_t)n;
  es->lam = v + 5 * (size_t)n;
  es->lu = v + 6 * (size_t)n;
  es->bis = v + 10 * (size_t)n;
  return es;
}

void eigen_sym_free(eigen_sym *es) {
  if (!es)
    return;
  free(es->block);
  free(es->swap);
  free(es->cols);
  free(es->cand);
  free(es);
}

int eigen_sym_values(eigen_sym *es, double *a, double *w) {
  int n = es->n, k = es->k;
  es->ready = 0;
  double big = 0;
  for (size_t i = 0; i < (size_t)n * n; i++) {
    if (!isfinite(a[i]))
      return GN_EINPUT;
    big = fmax(big, fabs(a[i]));
  }
  int expo = 0;
  if (big > 0) {
    (void)frexp(big, &expo);
    double scale = ldexp(1, -expo); /* a power of two: exact but in the subnormal range, where it rounds as ldexp */
    for (size_t i = 0; i < (size_t)n * n; i++)
      a[i] = expo > -1000 ? a[i] * scale : ldexp(a[i], -expo); /* 2^-expo itself overflows below -1023 */
  }
  double *d = es->d, *e = es->e, *e2 = es->e2;
  memset(e, 0, (size_t)n * sizeof *e);
  memset(e2, 0, (size_t)n * sizeof *e2);
  memset(es->tau, 0, (size_t)n * sizeof *es->tau);
  tridiagonalise(n, a, d, e, es->tau, es->work, es->lam);
  double tnorm = 0;
  for (int i = 0; i < n; i++)
    tnorm = fmax(tnorm, fabs(d[i]) + (i > 0 ? fabs(e[i - 1]) : 0) + (i + 1 < n ? fabs(e[i]) : 0));
  for (int i = 0; i + 1 < n; i++) {
    if (fabs(e[i]) <= DBL_EPSILON * tnorm)
      e[i] = 0;
    e2[i] = e[i] * e[i];
  }
  /* the smallest min(k, size) eigenvalues of every unreduced block, then the k smallest of them all */
  int nc = 0;
  for (int r0 = 0, r1; r0 < n; r0 = r1) {
    for (r1 = r0 + 1; r1 < n && e[r1 - 1] != 0; r1++)
      ;
    int m = r1 - r0, c = m < k ? m : k;
    block_eigenvalues(d + r0, e + r0, e2 + r0, m, c, tnorm, es->lam, es->bis, es->cols);
    for (int j = 0; j < c; j++)
      es->cand[nc++] = (candidate){es->lam[j], r0, j};
  }
  qsort(es->cand, (size_t)nc, sizeof *es->cand, candidate_cmp);
  for (int t = 0; t < k; t++)
    w[t] = ldexp(es->cand[t].value, expo);
  es->a = a;
  es->expo = expo;
  es->tnorm = tnorm;
  es->ready = 1;
  return GN_OK;
}

int eigen_sym_vectors(eigen_sym *es, int kv, double *z) {
  int n = es->n;
  if (!es->ready || kv < 0 || kv > es->k)
    return GN_EINPUT;
  const double *e = es->e;
  tri_lu f = {es->lu, es->lu + n, es->lu + 2 * (size_t)n, es->lu + 3 * (size_t)n, es->swap};
  for (int r0 = 0, r1; r0 < n; r0 = r1) {
    for (r1 = r0 + 1; r1 < n && e[r1 - 1] != 0; r1++)
      ;
    /* the block's kept eigenvalues are a prefix of its own, ascending, as the sort keeps them; those of the
     * first kv a prefix of those of the first k, and a block's vectors are found in that order, each from its
     * predecessors only: the first kv vectors do not depend on how many follow */
    int c = 0;
    for (int t = 0; t < kv; t++)
      if (es->cand[t].block == r0) {
        es->lam[es->cand[t].index] = es->cand[t].value;
        es->cols[es->cand[t].index] = t;
        c++;
      }
    if (c > 0)
      block_vectors(es->d + r0, e + r0, r1 - r0, r0, es->lam, c, es->cols, z, n, es->tnorm, &f, es->work);
  }
  back_transform(n, es->a, es->tau, z, kv);
  return GN_OK;
}

int eigen_sym_smallest(int n, double *a, int k, double *w, double *z) {
  if (n < 1 || k < 1 || k > n)
    return GN_EINPUT;
  eigen_sym *es = eigen_sym_new(n, k);
  if (!es)
    return GN_ENOMEM;
  int rc = eigen_sym_values(es, a, w);
  if (rc == GN_OK)
    rc = eigen_sym_vectors(es, k, z);
  eigen_sym_free(es);
  return rc;
}
