/* stats: sample statistics with a Student-t 95 % interval (gsl_cdf_tdist_Pinv). */
#include "stats.h"

#include <gsl/gsl_cdf.h>
#include <math.h>

void stats_summarize(const double *values, size_t n, stats_summary *out) {
  double sum = 0;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(values[i])) {
      sum += values[i];
      k++;
    }
  *out = (stats_summary){k, NAN, NAN, NAN};
  if (k == 0)
    return;
  out->mean = sum / (double)k;
  if (k < 2)
    return;
  double ss = 0;
  for (size_t i = 0; i < n; i++)
    if (isfinite(values[i]))
      ss += (values[i] - out->mean) * (values[i] - out->mean);
  out->sd = sqrt(ss / (double)(k - 1));
  out->ci95 = gsl_cdf_tdist_Pinv(0.975, (double)(k - 1)) * out->sd / sqrt((double)k);
}
