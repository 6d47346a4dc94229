/* stats: the summary of a sample — centre and 95 % interval — by the method its metric's kind calls for. */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>

/* Every interval stays inside the range the metric can take: Student t only where the range is unbounded (a
 * difference); a bootstrap percentile interval (which lies within the sample's min and max) where the metric is
 * bounded (values >= 0, shares in [0, 1], ratios over a lower bound >= 1); the log scale for ratios (> 0); Wilson
 * for proportions (in [0, 1]). */
typedef enum stats_method {
  STATS_MEAN,          /* unbounded (paired differences): mean, Student t: mean ± t(0.975, n-1) sd / sqrt(n) */
  STATS_MEAN_BOOT,     /* bounded (times, counts, imbalance, shares): mean, bootstrap percentile interval */
  STATS_GEOMETRIC,     /* ratios (> 0): exp(mean log x), interval exp(mean log x ± t sd(log x) / sqrt(n)); all
                          x > 0, else falls back to STATS_MEAN_BOOT */
  STATS_GEOMETRIC_BOOT, /* ratios over a lower bound (>= 1): geometric mean, bootstrap percentile interval; all
                          x > 0, else STATS_MEAN_BOOT */
  STATS_WILSON,        /* 0/1 values: the proportion and its Wilson score interval; values other than 0/1 fall
                          back to STATS_MEAN_BOOT */
} stats_method;

/* The bootstrap: the centre of every resample (n values drawn with replacement), its 2.5 % and 97.5 % quantiles
 * (the smallest centre c with P(centre <= c) >= q). Exact for n <= STATS_BOOT_EXACT_N (all n^n resamples, equally
 * likely); else STATS_BOOT_RESAMPLES resamples from a fixed seed, so the same sample gives the same bytes. */
#define STATS_BOOT_EXACT_N 6
#define STATS_BOOT_RESAMPLES 4000

typedef struct stats_summary {
  size_t n;      /* finite values used (NaN/inf values, i.e. missing ones, are left out) */
  double mean;   /* the centre (arithmetic or geometric mean, proportion); NaN when n == 0 */
  double sd;     /* sample standard deviation of the values (n - 1); NaN when n < 2 */
  double lo, hi; /* 95 % interval; NaN when undefined (n < 2; Wilson: n == 0) */
  stats_method method; /* the method actually used (after a fallback) */
} stats_summary;

void stats_summarize(const double *values, size_t n, stats_method method, stats_summary *out);

/* The method's name for a table note ("mean, Student t", ...). */
const char *stats_method_note(stats_method method);

#endif
