/* load_coupling: the owner's activity before a node's departures, written into its background-load profile. */
#include "load_coupling.h"

#include "gn_num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int load_coupling_parse(const char *spec, load_coupling *lc, gn_error *err) {
  lc->precede_s = 0;
  if (strcmp(spec, "none") == 0)
    return GN_OK;
  double s;
  if (strncmp(spec, "precede:", 8) == 0 && gn_num_real(spec + 8, 0, 1e6, &s) == GN_NUM_OK && s > 0) {
    lc->precede_s = s;
    return GN_OK;
  }
  return gn_error_set(err, GN_EINPUT, NULL, 0,
                      "load_coupling must be none or precede:S (S seconds in (0, 1e6]), got '%s'", spec);
}

long load_coupling_extra_lines(const failure_trace *tr, int host) {
  long n = 0;
  for (int i = 0; i < tr->n; i++)
    n += 2 * (tr->events[i].host == host && !tr->events[i].up);
  return n;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Inside a window of the owner's activity: some departure d > 0 with d − precede_s <= t < d. */
static int in_window(double t, const double *down, int n_down, double precede_s) {
  for (int i = 0; i < n_down; i++)
    if (t >= down[i] - precede_s && t < down[i])
      return 1;
  return 0;
}

int load_coupling_profile(double load, double step_s, double horizon_s, const failure_trace *tr, int host,
                          double precede_s, gsl_rng *rng, char **text, gn_error *err) {
  long steps = 0;
  for (double t = 0; t < horizon_s; t += step_s)
    steps++;
  long n_extra = load_coupling_extra_lines(tr, host);
  double *step_t = malloc((size_t)(steps + 1) * sizeof *step_t), *ratio = malloc((size_t)(steps + 1) * sizeof *ratio);
  double *down = malloc((size_t)(n_extra / 2 + 1) * sizeof *down);
  double *at = malloc((size_t)(steps + n_extra + 1) * sizeof *at);
  char *s = malloc((size_t)(steps + n_extra + 1) * 48 + 64);
  int rc = step_t && ratio && down && at && s ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for a load profile");
  long n_at = 0, k = 0;
  int n_down = 0;
  if (!rc) {
    /* The dates and draws of failure_load_profile, so a host without departures gets its profile line for line. */
    for (double t = 0; k < steps; t += step_s, k++) {
      step_t[k] = t;
      ratio[k] = failure_load_ratio(load, rng);
      at[n_at++] = t;
    }
    for (int i = 0; i < tr->n; i++) {
      const failure_event *e = &tr->events[i];
      if (e->host != host || e->up || !(e->t > 0))
        continue;
      down[n_down++] = e->t;
      double from = e->t - precede_s > 0 ? e->t - precede_s : 0;
      if (from < horizon_s)
        at[n_at++] = from;
      if (e->t < horizon_s)
        at[n_at++] = e->t;
    }
    qsort(at, (size_t)n_at, sizeof *at, cmp_double);
    size_t len = 0;
    k = 0;
    for (long i = 0; i < n_at; i++) {
      if (i > 0 && at[i] == at[i - 1])
        continue;
      while (k + 1 < steps && step_t[k + 1] <= at[i])
        k++;
      double r = in_window(at[i], down, n_down, precede_s) ? FAILURE_LOAD_FLOOR : ratio[k];
      len += (size_t)sprintf(s + len, "%.17g %.6f\n", at[i], r);
    }
    s[len] = '\0';
    *text = s;
    s = NULL;
  }
  free(step_t);
  free(ratio);
  free(down);
  free(at);
  free(s);
  return rc;
}
