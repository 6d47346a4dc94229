/* platform_noc: a platform file read as a NoC chip: cores, positions, speeds, supervisor. */
#include "platform_noc.h"

#include "gn_num.h"
#include "platform_noc_routes.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The TORUS cluster zone, or -1. */
static int torus_zone(const platform_desc *pd) {
  for (int z = 0; z < pd->n_zones; z++)
    if (pd->zones[z].is_cluster && pd->zones[z].topology && strcasecmp(pd->zones[z].topology, "TORUS") == 0)
      return z;
  return -1;
}

/* topo_parameters "W,H" (or "W": one row). */
static int torus_size(const platform_desc *pd, const platform_zone *z, int *w, int *h, gn_error *err) {
  const char *t = z->topo_parameters ? z->topo_parameters : "";
  long d[3] = {0, 1, 1};
  int k = 0;
  const char *p = t;
  while (*p && k < 3) {
    size_t n = gn_num_int_span(p);
    long long v = 0;
    const char *e = p + n;
    if (!n || gn_num_int_n(p, n, 0, LONG_MAX, &v) != GN_NUM_OK || (*e && *e != ','))
      return gn_error_set(err, GN_EINPUT, pd->path, z->line, "cluster '%s': topo_parameters='%s' is not W,H", z->id, t);
    d[k++] = (long)v;
    p = *e ? e + 1 : e;
  }
  if (k == 0 || *p)
    return gn_error_set(err, GN_EINPUT, pd->path, z->line, "cluster '%s': topo_parameters='%s' is not W,H", z->id, t);
  if (k == 3 && d[2] != 1)
    return gn_error_set(err, GN_EINPUT, pd->path, z->line,
                        "cluster '%s': topo_parameters='%s' is a 3-D torus: a NoC chip is a 2-D mesh", z->id, t);
  if (d[0] < 1 || d[1] < 1 || d[0] > NOC_MAX_SIDE || d[1] > NOC_MAX_SIDE)
    return gn_error_set(err, GN_EINPUT, pd->path, z->line,
                        "cluster '%s': topo_parameters='%s' must be W,H with sides 1..16", z->id, t);
  *w = (int)d[0];
  *h = (int)d[1];
  if (z->n_hosts != *w * *h)
    return gn_error_set(err, GN_EINPUT, pd->path, z->line, "cluster '%s': %d hosts for a %dx%d torus", z->id,
                        z->n_hosts, *w, *h);
  return GN_OK;
}

/* Positions of the cores: pos[h] = y * W + x for a core host, -1 otherwise. */
static int find_cores(const platform_desc *pd, int *pos, int *w, int *h, int *zone, gn_error *err) {
  int n = 0, mw = 0, mh = 0;
  for (int i = 0; i < pd->n_hosts; i++) {
    const platform_host *ho = &pd->hosts[i];
    pos[i] = -1;
    if ((ho->x >= 0) != (ho->y >= 0))
      return gn_error_set(err, GN_EINPUT, pd->path, ho->line,
                          "host '%s' has property %s but not the other one (a core needs both x and y)", ho->id,
                          ho->x >= 0 ? "x" : "y");
    if (ho->x < 0)
      continue;
    if (ho->x >= NOC_MAX_SIDE || ho->y >= NOC_MAX_SIDE)
      return gn_error_set(err, GN_EINPUT, pd->path, ho->line,
                          "host '%s': x=%d y=%d is outside the %dx%d limit of a chip", ho->id, ho->x, ho->y,
                          NOC_MAX_SIDE, NOC_MAX_SIDE);
    mw = ho->x + 1 > mw ? ho->x + 1 : mw;
    mh = ho->y + 1 > mh ? ho->y + 1 : mh;
    n++;
  }
  if (n > 0) {
    *w = mw;
    *h = mh;
    for (int i = 0; i < pd->n_hosts; i++)
      if (pd->hosts[i].x >= 0)
        pos[i] = pd->hosts[i].y * mw + pd->hosts[i].x;
  } else {
    int z = torus_zone(pd);
    if (z < 0)
      return gn_error_set(
          err, GN_EINPUT, pd->path, 0,
          "not a NoC chip: no host has x and y properties and there is no <cluster topology=\"TORUS\">");
    int rc = torus_size(pd, &pd->zones[z], w, h, err);
    if (rc)
      return rc;
    /* SimGrid numbers a torus's hosts by rank (the radical's order), first dimension fastest. */
    int rank = 0;
    for (int i = 0; i < pd->n_hosts; i++)
      if (pd->hosts[i].zone == z)
        pos[i] = rank++;
  }
  *zone = -1;
  for (int i = 0; i < pd->n_hosts; i++) {
    if (pos[i] < 0)
      continue;
    if (*zone < 0)
      *zone = pd->hosts[i].zone;
    else if (pd->hosts[i].zone != *zone)
      return gn_error_set(
          err, GN_EINPUT, pd->path, pd->hosts[i].line,
          "core host '%s' is in zone '%s', other cores in zone '%s': gridnoc needs every core in one zone",
          pd->hosts[i].id, pd->zones[pd->hosts[i].zone].id, pd->zones[*zone].id);
  }
  return GN_OK;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The most common speed; ties go to the highest (so a few fast cores never define the time unit's speed). */
static double nominal_speed(const double *speed, int n) {
  double *s = malloc((size_t)n * sizeof *s), best = 0;
  if (!s)
    return NAN;
  memcpy(s, speed, (size_t)n * sizeof *s);
  qsort(s, (size_t)n, sizeof *s, cmp_double);
  int best_run = 0;
  for (int i = 0; i < n;) {
    int j = i;
    while (j < n && s[j] == s[i])
      j++;
    if (j - i >= best_run) {
      best_run = j - i;
      best = s[i];
    }
    i = j;
  }
  free(s);
  return best;
}

static int find_supervisor(const platform_desc *pd, const int *pos) {
  int named = -1;
  for (int i = 0; i < pd->n_hosts; i++) {
    if (pos[i] >= 0)
      continue;
    if (pd->hosts[i].role && strcmp(pd->hosts[i].role, "supervisor") == 0)
      return i;
    if (named < 0 && strcmp(pd->hosts[i].id, "supervisor") == 0)
      named = i;
  }
  return named;
}

static void chip_name(const char *path, char *buf, size_t size) {
  const char *slash = strrchr(path, '/');
  snprintf(buf, size, "%s", slash ? slash + 1 : path);
}

static int place_cores(const platform_desc *pd, platform_noc *pn, const int *pos, int w, int h, gn_error *err) {
  int n = w * h;
  double *speed = malloc((size_t)n * sizeof *speed);
  pn->core_host = malloc((size_t)n * sizeof *pn->core_host);
  if (!speed || !pn->core_host) {
    free(speed);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (int c = 0; c < n; c++)
    pn->core_host[c] = -1;
  int k = 0;
  for (int i = 0; i < pd->n_hosts; i++) {
    if (pos[i] < 0)
      continue;
    int o = pn->core_host[pos[i]];
    if (o >= 0) {
      free(speed);
      return gn_error_set(err, GN_EINPUT, pd->path, pd->hosts[i].line,
                          "hosts '%s' (line %d) and '%s' are both at x=%d y=%d: one core per position", pd->hosts[o].id,
                          pd->hosts[o].line, pd->hosts[i].id, pos[i] % w, pos[i] / w);
    }
    pn->core_host[pos[i]] = i;
    /* A core host with several cores runs a stage on all of them (noc_pipeline splits its executions). */
    if (pd->hosts[i].cores > NOC_MAX_HOST_CORES) {
      free(speed);
      return gn_error_set(err, GN_EINPUT, pd->path, pd->hosts[i].line,
                          "core host '%s' has %d cores: a NoC core host may have at most %d", pd->hosts[i].id,
                          pd->hosts[i].cores, NOC_MAX_HOST_CORES);
    }
    speed[k++] = pd->hosts[i].speed_flops * (pd->hosts[i].cores > 0 ? pd->hosts[i].cores : 1);
  }
  char name[32];
  chip_name(pd->path, name, sizeof name);
  /* Link figures are filled by read_network; 1 B/s stands in until then. */
  pn->chip = noc_chip_new(name, w, h, nominal_speed(speed, k), 1, 0, 0, err);
  free(speed);
  if (!pn->chip)
    return err->code;
  for (int c = 0; c < n; c++) {
    int i = pn->core_host[c];
    pn->chip->broken[c] = i < 0;
    if (i >= 0)
      pn->chip->speed_flops[c] = pd->hosts[i].speed_flops * (pd->hosts[i].cores > 0 ? pd->hosts[i].cores : 1);
  }
  return GN_OK;
}

int platform_noc_from_desc(const platform_desc *pd, platform_noc *out, gn_error *err) {
  memset(out, 0, sizeof *out);
  out->supervisor = -1;
  int *pos = malloc(((size_t)pd->n_hosts + 1) * sizeof *pos), w = 0, h = 0;
  if (!pos)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int rc = find_cores(pd, pos, &w, &h, &out->zone, err);
  if (rc == GN_OK)
    rc = place_cores(pd, out, pos, w, h, err);
  if (rc == GN_OK)
    rc = platform_noc_read_network(pd, out, pos, err);
  if (rc == GN_OK)
    rc = platform_noc_check_gateways(pd, err);
  if (rc == GN_OK)
    out->supervisor = find_supervisor(pd, pos);
  free(pos);
  if (rc)
    platform_noc_free(out);
  return rc;
}

const char *platform_noc_host_name(const platform_desc *pd, const platform_noc *pn, int core) {
  int h = pn->core_host[core];
  return h >= 0 ? pd->hosts[h].id : "(no host)";
}

int platform_noc_need_supervisor(const platform_desc *pd, const platform_noc *pn, gn_error *err) {
  return platform_noc_check_supervisor(pd, pn, err);
}

void platform_noc_free(platform_noc *pn) {
  noc_chip_free(pn->chip);
  free(pn->core_host);
  memset(pn, 0, sizeof *pn);
  pn->supervisor = -1;
}
