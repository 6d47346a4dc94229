/* stats: sample statistics with Student-t (gsl_cdf_tdist_Pinv), log-scale, bootstrap percentile and Wilson
 * 95 % intervals. */
#include "stats.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static const double z975 = 1.959963984540054; /* the standard normal's 0.975 quantile */

/* Mean, sd and t interval of f(values) for finite values (f = identity or log). */
static void t_summary(const double *v, size_t n, int logs, stats_summary *out) {
  double sum = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i])) {
      sum += logs ? log(v[i]) : v[i];
      k++;
    }
  out->n = k;
  out->mean = out->sd = out->lo = out->hi = NAN;
  if (k == 0)
    return;
  double mean = sum / (double)k, ss = 0, raw = 0, raw_ss = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i])) {
      double x = logs ? log(v[i]) : v[i];
      ss += (x - mean) * (x - mean);
      raw += v[i];
    }
  raw /= (double)k;
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i]))
      raw_ss += (v[i] - raw) * (v[i] - raw);
  out->mean = logs ? exp(mean) : mean;
  if (k < 2)
    return;
  out->sd = sqrt(raw_ss / (double)(k - 1));
  double half = gsl_cdf_tdist_Pinv(0.975, (double)(k - 1)) * sqrt(ss / (double)(k - 1)) / sqrt((double)k);
  out->lo = logs ? exp(mean - half) : mean - half;
  out->hi = logs ? exp(mean + half) : mean + half;
}

static int all_positive(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i]) && v[i] <= 0)
      return 0;
  return 1;
}

static int all_zero_one(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (isfinite(v[i]) && v[i] != 0 && v[i] != 1)
      return 0;
  return 1;
}

/* Wilson score interval of k successes in n: (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n). */
static void wilson(const double *v, size_t n, stats_summary *out) {
  t_summary(v, n, 0, out);
  if (out->n == 0)
    return;
  double m = (double)out->n, p = out->mean, z2 = z975 * z975;
  double centre = (p + z2 / (2 * m)) / (1 + z2 / m);
  double half = z975 * sqrt(p * (1 - p) / m + z2 / (4 * m * m)) / (1 + z2 / m);
  out->lo = fmax(0, centre - half);
  out->hi = fmin(1, centre + half);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* The centre of one resample: the mean, or the geometric mean (of positive values). */
static double resample_centre(const double *x, const size_t *pick, size_t n, int geometric) {
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += geometric ? log(x[pick[i]]) : x[pick[i]];
  return geometric ? exp(sum / (double)n) : sum / (double)n;
}

/* Percentile interval of the resampled centres (stats.h). Returns 0 when out of memory (interval left NaN). */
static int bootstrap(const double *v, size_t n, int geometric, double *lo, double *hi) {
  double *x = malloc((n + 1) * sizeof *x);
  size_t *pick = calloc(n + 1, sizeof *pick), k = 0;
  for (size_t i = 0; x && i < n; i++)
    if (isfinite(v[i]))
      x[k++] = v[i];
  size_t total = STATS_BOOT_RESAMPLES;
  if (k <= STATS_BOOT_EXACT_N)
    for (size_t i = 0, t = 1; i < k; i++)
      total = t *= k;
  double *c = x && pick ? malloc(total * sizeof *c) : NULL;
  if (!c) {
    free(x), free(pick);
    return 0;
  }
  uint64_t state = 0x243F6A8885A308D3ull;
  for (size_t r = 0; r < total; r++) {
    if (k <= STATS_BOOT_EXACT_N) /* resample r: its digits in base k pick the values */
      for (size_t i = 0, q = r; i < k; i++, q /= k)
        pick[i] = q % k;
    else
      for (size_t i = 0; i < k; i++)
        pick[i] = (size_t)(((unsigned __int128)splitmix64(&state) * k) >> 64);
    c[r] = resample_centre(x, pick, k, geometric);
  }
  qsort(c, total, sizeof *c, cmp_double);
  *lo = c[(size_t)ceil(0.025 * (double)total - 1e-9) - 1];
  *hi = c[(size_t)ceil(0.975 * (double)total - 1e-9) - 1];
  free(c);
  free(x);
  free(pick);
  return 1;
}

static void summarize(const double *values, size_t n, stats_method method, stats_summary *out);

/* Values so large that a sum or a square overflows (near 1e308) would give a mean, sd or interval of inf: they are
 * summarised again divided by their largest magnitude, and the results scaled back. Only then, so every other
 * summary keeps its exact bits. */
void stats_summarize(const double *values, size_t n, stats_method method, stats_summary *out) {
  summarize(values, n, method, out);
  if (!isinf(out->mean) && !isinf(out->sd) && !isinf(out->lo) && !isinf(out->hi))
    return;
  double big = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(values[i]))
      big = fmax(big, fabs(values[i]));
  double *w = malloc((n + 1) * sizeof *w);
  if (!w)
    return;
  for (size_t i = 0; i < n; i++)
    w[i] = values[i] / big;
  summarize(w, n, method, out);
  free(w);
  out->mean *= big;
  out->sd *= big;
  out->lo *= big;
  out->hi *= big;
}

static void summarize(const double *values, size_t n, stats_method method, stats_summary *out) {
  if ((method == STATS_GEOMETRIC || method == STATS_GEOMETRIC_BOOT) && !all_positive(values, n))
    method = STATS_MEAN_BOOT;
  if (method == STATS_WILSON && !all_zero_one(values, n))
    method = STATS_MEAN_BOOT;
  out->method = method;
  if (method == STATS_WILSON) {
    wilson(values, n, out);
    return;
  }
  int geometric = method == STATS_GEOMETRIC || method == STATS_GEOMETRIC_BOOT;
  t_summary(values, n, geometric, out);
  if ((method == STATS_MEAN_BOOT || method == STATS_GEOMETRIC_BOOT) && !isnan(out->lo) &&
      !bootstrap(values, n, geometric, &out->lo, &out->hi))
    out->lo = out->hi = NAN;
}

const char *stats_method_note(stats_method method) {
  switch (method) {
  case STATS_GEOMETRIC:
    return "geometric mean (a ratio), 95 % interval from Student's t on the logarithms";
  case STATS_WILSON:
    return "proportion of runs (0/1 values), 95 % Wilson score interval";
  case STATS_GEOMETRIC_BOOT:
    return "geometric mean (a ratio over a lower bound, >= 1), 95 % bootstrap percentile interval (inside the "
           "sample's range)";
  case STATS_MEAN_BOOT:
    return "mean, 95 % bootstrap percentile interval (inside the sample's range, so inside the metric's: >= 0, "
           "shares in [0, 1])";
  default:
    return "mean, 95 % interval from Student's t";
  }
}
