/* stats: sample statistics with Student-t (gsl_cdf_tdist_Pinv), log-scale and Wilson 95 % intervals. */
#include "stats.h"

#include <gsl/gsl_cdf.h>
#include <math.h>

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

void stats_summarize(const double *values, size_t n, stats_method method, stats_summary *out) {
  if (method == STATS_GEOMETRIC && !all_positive(values, n))
    method = STATS_MEAN;
  if (method == STATS_WILSON && !all_zero_one(values, n))
    method = STATS_MEAN_UNIT;
  out->method = method;
  if (method == STATS_WILSON) {
    wilson(values, n, out);
    return;
  }
  t_summary(values, n, method == STATS_GEOMETRIC, out);
  if (method == STATS_MEAN_UNIT && !isnan(out->lo)) {
    out->lo = fmax(0, out->lo);
    out->hi = fmin(1, out->hi);
  }
}

const char *stats_method_note(stats_method method) {
  switch (method) {
  case STATS_GEOMETRIC:
    return "geometric mean (a ratio), 95 % interval from Student's t on the logarithms";
  case STATS_WILSON:
    return "proportion of runs (0/1 values), 95 % Wilson score interval";
  case STATS_MEAN_UNIT:
    return "mean (a share in [0, 1]), 95 % interval from Student's t clamped to [0, 1]";
  default:
    return "mean, 95 % interval from Student's t";
  }
}
