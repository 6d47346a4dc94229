/* platform_noc_failures: permanent core failures from a NoC platform's host state profiles, and merging
 * them with injected failures. */
#include "platform_noc_failures.h"

#include "platform_profile.h"

#include <math.h>
#include <stdlib.h>

/* A horizon covering a profile's first repetition: no number in its text (dates, LOOPAFTER, PERIODICITY) is
 * beyond it, and later repetitions only repeat values already seen, so a first 0 is always inside. */
static double profile_horizon(const platform_profile *p) {
  double m = p->periodicity > 0 ? p->periodicity : 0;
  for (const char *s = p->text ? p->text : ""; *s;) {
    char *e;
    double v = strtod(s, &e);
    if (e == s) {
      s++;
      continue;
    }
    if (isfinite(v) && v > m)
      m = v;
    s = e;
  }
  return 2 * m + 1;
}

static int cmp_failure(const void *a, const void *b) {
  const noc_failure *x = a, *y = b;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return (x->core > y->core) - (x->core < y->core);
}

int platform_noc_profile_failures(const platform_desc *pd, const platform_noc *pn, double time_unit_s,
                                  noc_failure **out, int *n, int *ignored_up, gn_error *err) {
  *out = NULL;
  *n = *ignored_up = 0;
  int cores = noc_core_count(pn->chip), rc = GN_OK;
  noc_failure *f = malloc(((size_t)pd->n_uses + 1) * sizeof *f);
  if (!f)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int u = 0; u < pd->n_uses && rc == GN_OK; u++) {
    const platform_trace_use *use = &pd->uses[u];
    if (use->kind != PLATFORM_TRACE_STATE || use->host < 0)
      continue;
    if (use->host == pn->supervisor) {
      rc = gn_error_set(err, GN_EINPUT, pd->path, use->line,
                        "the supervisor '%s' has a state profile: gridnoc models core failures only",
                        pd->hosts[use->host].id);
      break;
    }
    int core = -1;
    for (int c = 0; c < cores; c++)
      if (pn->core_host[c] == use->host)
        core = c;
    if (core < 0)
      continue; /* a host that is neither a core nor the supervisor plays no part */
    const platform_profile *p = &pd->profiles[use->profile];
    platform_profile_event *ev = NULL;
    int ne = 0;
    rc = platform_profile_events(pd, p, profile_horizon(p), &ev, &ne, err);
    int down = -1;
    for (int i = 0; rc == GN_OK && i < ne; i++)
      if (down < 0 && ev[i].v <= 0)
        down = i;
      else if (down >= 0 && ev[i].v > 0) {
        ++*ignored_up;
        break;
      }
    if (rc == GN_OK && down >= 0) {
      /* One core may carry two profiles: the earliest failure counts. */
      double t = ev[down].t / time_unit_s;
      int k = 0;
      while (k < *n && f[k].core != core)
        k++;
      if (k == *n)
        f[(*n)++] = (noc_failure){core, t};
      else if (t < f[k].time)
        f[k].time = t;
    }
    free(ev);
  }
  if (rc || *n == 0) {
    free(f);
    *n = 0;
    return rc;
  }
  qsort(f, (size_t)*n, sizeof *f, cmp_failure);
  *out = f;
  return GN_OK;
}

int platform_noc_merge_failures(const noc_failure *a, int na, const noc_failure *b, int nb, noc_failure **out, int *n,
                                gn_error *err) {
  noc_failure *f = malloc(((size_t)na + nb + 1) * sizeof *f);
  if (!f)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int k = 0;
  for (int i = 0; i < na + nb; i++) {
    noc_failure x = i < na ? a[i] : b[i - na];
    int j = 0;
    while (j < k && f[j].core != x.core)
      j++;
    if (j == k)
      f[k++] = x;
    else if (x.time < f[j].time)
      f[j].time = x.time;
  }
  qsort(f, (size_t)k, sizeof *f, cmp_failure);
  *out = f;
  *n = k;
  return GN_OK;
}
