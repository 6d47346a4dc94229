/* stats: mean, sample standard deviation and 95 % confidence half-width (Student t, GSL) of a sample. */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>

typedef struct stats_summary {
  size_t n;    /* finite values used (NaN/inf values are left out) */
  double mean; /* NaN when n == 0 */
  double sd;   /* sample standard deviation (n - 1); NaN when n < 2 */
  double ci95; /* half-width t(0.975, n-1) * sd / sqrt(n); NaN when n < 2 */
} stats_summary;

void stats_summarize(const double *values, size_t n, stats_summary *out);

#endif
