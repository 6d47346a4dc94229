/* stats: the summary of a sample — centre and 95 % interval — by the method its metric's kind calls for. */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>

typedef enum stats_method {
  STATS_MEAN,      /* arithmetic mean, Student-t interval mean ± t(0.975, n-1) sd / sqrt(n) */
  STATS_MEAN_UNIT, /* as STATS_MEAN, interval clamped to [0, 1] (a share per run) */
  STATS_GEOMETRIC, /* ratios: exp(mean log x), interval exp(mean log x ± t sd(log x) / sqrt(n)); all x > 0,
                      else falls back to STATS_MEAN */
  STATS_WILSON,    /* 0/1 values: the proportion and its Wilson score interval; values other than 0/1 fall
                      back to STATS_MEAN_UNIT */
} stats_method;

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
