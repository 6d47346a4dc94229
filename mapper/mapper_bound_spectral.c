/* mapper_bound_spectral: the spectral term of the bound (issue 27), a lower bound on the communication any
 * N-stage partition with period T pays, from the eigenvalues of the graph's Laplacian (Donath and Hoffman,
 * "Lower bounds for the partitioning of graphs", 1973, with task loads as weights).
 *
 * Derivation (docs/mappers.md gives it in full). L = the Laplacian of the undirected graph with edge weights
 * c_e = comm_factor x volume, D = diag(load), u any vector with sum 0, M = D^-1/2 (L + diag(u)) D^-1/2 with
 * eigenvalues mu_1 <= mu_2 <= ... For a partition into stages S_1..S_N with loads w_j, chi_j the indicator of S_j:
 * sum_j chi_j' (L + diag u) chi_j = 2 C (every cut edge is seen from both sides, sum u = 0), C = the cost paid.
 * The y_j = D^1/2 chi_j / sqrt(w_j) are orthonormal, and with the stages labelled by decreasing load,
 * sum_j w_j y_j' M y_j >= sum_j w_j mu_j (Ky Fan's sum of the smallest eigenvalues, summed by parts). So
 * 2 C >= h(T) = min over 0 <= w_j <= T, sum w_j = W of sum_j w_j mu_j (greedy: T on the smallest mu first), and
 * N T >= W + C >= W + h(T) / 2. h never grows with T: bisection. Every u gives a valid bound; u is improved by
 * projected subgradient ascent (the gradient of sum_j w_j mu_j in u_i is sum_j w_j z_j(i)^2 / load(i), z_j the
 * unit eigenvectors of M) for a fixed number of steps, so the result is the same on every machine run. */
#include "eigen_sym.h"
#include "mapper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct spectral {
  int n, k, n_stages;
  double total, *lap, *load; /* lap: n x n Laplacian (column major, symmetric) */
  double sum_u;              /* sum u, 0 but for rounding: 2 C = sum_j chi_j' (L + diag u) chi_j - sum u */
  double *a, *z, *mu;
  eigen_sym *es; /* the solver's work space, kept from step to step */
} spectral;

/* The k smallest eigenvalues of M for u, each lowered by a bound on the solver's error (so that the bound stays a
 * lower bound after rounding); their eigenvectors by eigen_sym_vectors when the step needs them. GN_OK; GN_EFAIL
 * when anything is not finite. */
static int eigen(spectral *s, const double *u) {
  int n = s->n;
  double norm = 0;
  s->sum_u = 0;
  for (int i = 0; i < n; i++)
    s->sum_u += u[i];
  for (int j = 0; j < n; j++) {
    double row = 0;
    for (int i = 0; i < n; i++) {
      double v = (s->lap[(size_t)j * n + i] + (i == j ? u[i] : 0)) / sqrt(s->load[i] * s->load[j]);
      s->a[(size_t)j * n + i] = v;
      row += fabs(v);
    }
    if (row > norm)
      norm = row;
  }
  if (!isfinite(norm) || !isfinite(s->sum_u))
    return GN_EFAIL;
  if (eigen_sym_values(s->es, s->a, s->mu) != GN_OK)
    return GN_EFAIL;
  for (int j = 0; j < s->k; j++) {
    s->mu[j] -= 1e-10 * n * norm;
    if (!isfinite(s->mu[j]))
      return GN_EFAIL; /* NaN would refute every period: nothing from this step */
  }
  return GN_OK;
}

/* How many eigenvectors paid_at_least(s, T, grad) weighs: those of the stages it fills (the same loop). */
static int vectors_needed(const spectral *s, double T) {
  double rem = s->total;
  int j = 0;
  for (; j < s->k && rem > 0; j++)
    rem -= rem > T ? T : rem;
  return j;
}

/* h(T) / 2 for the current eigenvalues (the least communication paid), or HUGE_VAL when W > k T; when grad is
 * given, the gradient of h(T) in u (before the projection on sum u = 0). */
static double paid_at_least(const spectral *s, double T, double *grad) {
  double rem = s->total, h = 0;
  if (grad)
    memset(grad, 0, (size_t)s->n * sizeof *grad);
  for (int j = 0; j < s->k && rem > 0; j++) {
    double w = rem > T ? T : rem;
    rem -= w;
    h += w * s->mu[j];
    if (grad)
      for (int i = 0; i < s->n; i++) {
        double y = s->z[(size_t)j * s->n + i];
        grad[i] += w * y * y / s->load[i];
      }
  }
  return rem > 1e-12 * s->total ? HUGE_VAL : (h - s->sum_u) / 2;
}

/* The largest T (to a relative 1e-12) that N T >= W + h(T) / 2 refutes, or lo when it refutes none above it. */
static double refuted_up_to(const spectral *s, double lo) {
  double hi = s->total; /* h(W) = W mu_1 <= 0 (the Rayleigh quotient of D^1/2 1 is 0): N W >= W + h(W) / 2 */
  if (lo >= hi || s->n_stages * lo >= s->total + paid_at_least(s, lo, NULL))
    return lo;
  for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; it++) {
    double mid = (lo + hi) / 2;
    *(s->n_stages * mid >= s->total + paid_at_least(s, mid, NULL) ? &hi : &lo) = mid;
  }
  return lo;
}

int mapper_spectral_bound(const taskgraph *g, int n_stages, double comm_factor, int steps, double floor_value,
                          double *out) {
  *out = floor_value;
  int n = g->n_tasks;
  if (comm_factor <= 0 || n_stages < 2 || n < 2 || steps < 1)
    return GN_OK;
  spectral s = {.n = n, .k = n_stages < n ? n_stages : n, .n_stages = n_stages, .load = g->load};
  double mean_degree = 0;
  for (int i = 0; i < n; i++) {
    if (!(g->load[i] > 0))
      return GN_OK; /* D must be positive definite: the term needs every load > 0 */
    s.total += g->load[i];
  }
  s.lap = calloc((size_t)n * n, sizeof *s.lap);
  s.a = malloc((size_t)n * n * sizeof *s.a);
  s.z = malloc((size_t)n * s.k * sizeof *s.z);
  s.mu = malloc((size_t)n * sizeof *s.mu);
  s.es = eigen_sym_new(n, s.k);
  double *u = calloc((size_t)n, sizeof *u), *grad = malloc((size_t)n * sizeof *grad),
         *step = calloc((size_t)n, sizeof *step);
  int rc = GN_OK;
  if (!s.lap || !s.a || !s.z || !s.mu || !s.es || !u || !grad || !step) {
    rc = GN_ENOMEM;
    goto done;
  }
  for (int e = 0; e < g->n_edges; e++) {
    int a = g->edge[e].src, b = g->edge[e].dst;
    double c = comm_factor * g->edge[e].volume;
    s.lap[(size_t)a * n + a] += c;
    s.lap[(size_t)b * n + b] += c;
    s.lap[(size_t)a * n + b] -= c;
    s.lap[(size_t)b * n + a] -= c;
    mean_degree += 2 * c / n;
  }
  /* costs near the double range (the cuts bound's rule): the matrix and its products could overflow */
  if (!(mean_degree > 0) || !((s.total + mean_degree * n) * n_stages < 1e200))
    goto done;
  double best = floor_value;
  for (int it = 0; it < steps; it++) {
    if (eigen(&s, u) != GN_OK)
      break; /* something not finite: the bound found so far stands */
    double t = refuted_up_to(&s, best);
    if (t > best)
      best = t;
    if (it == steps - 1)
      break;
    /* ascend h at the bound so far: projected on sum u = 0, normalised, a decreasing step with momentum (0.015 x
     * the mean weighted degree: 0.2 gave 85.8, 0.05 87.6, 0.01-0.02 87.8 at 300 x 20, docs/benchmarks.md); the
     * gradient weighs the eigenvectors of the stages filled at the bound only: those alone are computed */
    if (eigen_sym_vectors(s.es, vectors_needed(&s, best), s.z) != GN_OK)
      break;
    (void)paid_at_least(&s, best, grad);
    double mean = 0, norm = 0;
    for (int i = 0; i < n; i++)
      mean += grad[i] / n;
    for (int i = 0; i < n; i++) {
      grad[i] -= mean;
      norm += grad[i] * grad[i];
    }
    if (!(norm > 0) || !isfinite(norm))
      break;
    double len = 0.015 * mean_degree * sqrt(n / norm) / (1 + 0.02 * it);
    for (int i = 0; i < n; i++) {
      step[i] = 0.5 * step[i] + len * grad[i];
      u[i] += step[i];
    }
    double drift = 0; /* keep sum u = 0 exactly as rounding allows */
    for (int i = 0; i < n; i++)
      drift += u[i] / n;
    for (int i = 0; i < n; i++)
      u[i] -= drift;
  }
  *out = rc == GN_OK ? best : floor_value;
done:
  free(s.lap);
  free(s.a);
  free(s.z);
  free(s.mu);
  eigen_sym_free(s.es);
  free(u);
  free(grad);
  free(step);
  return rc;
}
