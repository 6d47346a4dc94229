/* noc_failures: permanent core failure plans: explicit (logical or physical core @ time) or drawn with GSL. */
#include "noc_failures.h"

#include "gn_num.h"
#include "gn_seed.h"

#include <float.h>
#include <gsl/gsl_randist.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int failure_cmp(const void *a, const void *b) {
  const noc_failure *x = a, *y = b;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return (x->core > y->core) - (x->core < y->core);
}

static int parse_positive(const char *text, const char **end, double *v) {
  size_t n = gn_num_real_span(text);
  if (!n || gn_num_real_n(text, n, 0, DBL_MAX, v) != GN_NUM_OK)
    return -1;
  *end = text + n;
  return 0;
}

static int draw_lifetimes(const noc_chip *chip, const char *spec, uint64_t seed, noc_failure *f, int *n,
                          gn_error *err) {
  double a = 0, b = 0;
  const char *e;
  int weibull = strncmp(spec, "weibull:", 8) == 0;
  const char *p = spec + (weibull ? 8 : 4);
  if (parse_positive(p, &e, &a) || a <= 0 || (weibull && (*e != ':' || parse_positive(e + 1, &e, &b) || b <= 0)) || *e)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "failure law '%s': expected exp:MEAN or weibull:SHAPE:SCALE "
                        "with positive numbers",
                        spec);
  gsl_rng *rng = gn_rng_new(gn_seed_derive(seed, "noc-failures"));
  int *logical = malloc((size_t)noc_core_count(chip) * sizeof *logical);
  if (!rng || !logical) {
    gsl_rng_free(rng);
    free(logical);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  int k = noc_logical_cores(chip, NULL, logical), m = 0;
  for (int i = 0; i < k; i++) {
    double t = weibull ? gsl_ran_weibull(rng, b, a) : gsl_ran_exponential(rng, a);
    if (t <= NOC_FAILURE_TIME_MAX) /* also false for nan */
      f[m++] = (noc_failure){logical[i], t};
  }
  *n = m;
  gsl_rng_free(rng);
  free(logical);
  return GN_OK;
}

static int parse_list(const noc_chip *chip, const char *spec, noc_failure *f, int *n, gn_error *err) {
  int *logical = malloc((size_t)noc_core_count(chip) * sizeof *logical);
  if (!logical)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int k = noc_logical_cores(chip, NULL, logical), m = 0, rc = GN_OK;
  for (const char *p = spec; *p && rc == GN_OK;) {
    const char *item = p, *e;
    double x, y = 0, t;
    int core = -1;
    if (*p == 'P' && parse_positive(p + 1, &e, &x) == 0 && x >= 1 && x <= k && x == floor(x))
      core = logical[(int)x - 1];
    else if (parse_positive(p, &e, &x) == 0 && *e == ':' && parse_positive(e + 1, &e, &y) == 0 && x == floor(x) &&
             y == floor(y) && x < chip->width && y < chip->height && !chip->broken[(int)y * chip->width + (int)x])
      core = (int)y * chip->width + (int)x;
    if (core < 0 || *e != '@' || parse_positive(e + 1, &e, &t) || (*e && *e != ',')) {
      rc = gn_error_set(err, GN_EINPUT, NULL, 0,
                        "failure '%.*s': expected Pi@TIME (logical core 1..%d) or X:Y@TIME (a healthy core)",
                        (int)strcspn(item, ","), item, k);
      break;
    }
    if (m == noc_core_count(chip)) {
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "failure list: more failures than cores");
      break;
    }
    if (t <= NOC_FAILURE_TIME_MAX)
      f[m++] = (noc_failure){core, t};
    p = *e ? e + 1 : e;
    if (*e && !*p) {
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "failure list '%s': ends with a comma", spec);
      break;
    }
  }
  free(logical);
  *n = m;
  return rc;
}

int noc_failures_parse(const noc_chip *chip, const char *spec, uint64_t seed, noc_failure **out, int *n,
                       gn_error *err) {
  *out = NULL;
  *n = 0;
  noc_failure *f = malloc((size_t)noc_core_count(chip) * sizeof *f);
  if (!f)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int rc;
  if (strncmp(spec, "exp:", 4) == 0 || strncmp(spec, "weibull:", 8) == 0)
    rc = draw_lifetimes(chip, spec, seed, f, n, err);
  else
    rc = parse_list(chip, spec, f, n, err);
  if (rc) {
    free(f);
    *n = 0;
    return rc;
  }
  /* A core listed twice fails at its earliest time: keep the first after sorting. */
  qsort(f, (size_t)*n, sizeof *f, failure_cmp);
  int m = 0;
  for (int i = 0; i < *n; i++) {
    int seen = 0;
    for (int j = 0; j < m && !seen; j++)
      seen = f[j].core == f[i].core;
    if (!seen)
      f[m++] = f[i];
  }
  *n = m;
  *out = f;
  return GN_OK;
}
