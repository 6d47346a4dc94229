/* noc: the mesh chip model: construction, broken cores, heterogeneous speeds, XY routes, logical cores. */
#include "noc.h"

#include "gn_num.h"
#include "gn_seed.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

noc_chip *noc_chip_new(const char *name, int width, int height, double core_speed_flops, double link_bw_Bps,
                       double link_lat_s, double router_delay_s, gn_error *err) {
  if (width < 1 || height < 1 || width > NOC_MAX_SIDE || height > NOC_MAX_SIDE) {
    gn_error_set(err, GN_EINPUT, NULL, 0, "chip %s: mesh %dx%d outside 1x1..%dx%d", name, width, height, NOC_MAX_SIDE,
                 NOC_MAX_SIDE);
    return NULL;
  }
  if (!(core_speed_flops > 0) || !(link_bw_Bps > 0) || !(link_lat_s >= 0) || !(router_delay_s >= 0) ||
      !isfinite(core_speed_flops) || !isfinite(link_bw_Bps) || !isfinite(link_lat_s) || !isfinite(router_delay_s)) {
    gn_error_set(err, GN_EINPUT, NULL, 0,
                 "chip %s: speed and bandwidth must be positive, latencies non-negative (all finite)", name);
    return NULL;
  }
  noc_chip *chip = calloc(1, sizeof *chip);
  int n = width * height;
  if (chip) {
    chip->speed_flops = malloc((size_t)n * sizeof *chip->speed_flops);
    chip->broken = calloc((size_t)n, 1);
  }
  if (!chip || !chip->speed_flops || !chip->broken) {
    noc_chip_free(chip);
    gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    return NULL;
  }
  snprintf(chip->name, sizeof chip->name, "%s", name);
  chip->width = width;
  chip->height = height;
  chip->core_speed_flops = core_speed_flops;
  for (int c = 0; c < n; c++)
    chip->speed_flops[c] = core_speed_flops;
  chip->link_bw_Bps = link_bw_Bps;
  chip->link_lat_s = link_lat_s;
  chip->router_delay_s = router_delay_s;
  chip->ports = 1;
  chip->port_bw_Bps = link_bw_Bps;
  chip->port_lat_s = 0;
  return chip;
}

void noc_chip_free(noc_chip *chip) {
  if (chip) {
    free(chip->speed_flops);
    free(chip->broken);
    free(chip);
  }
}

static int parse_coord(const char *text, const char **end, long *v) {
  size_t n = gn_num_int_span(text);
  long long x;
  if (!n || gn_num_int_n(text, n, 0, LONG_MAX, &x) != GN_NUM_OK)
    return -1;
  *v = (long)x;
  *end = text + n;
  return 0;
}

int noc_chip_set_broken_list(noc_chip *chip, const char *list, gn_error *err) {
  /* A core named twice is a slip (a typo for another core, most likely): refused, not counted once silently. */
  char *named = calloc((size_t)noc_core_count(chip), 1);
  if (!named)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int rc = GN_OK;
  const char *p = list;
  while (!rc && p && *p) {
    const char *item = p, *e;
    long x, y;
    if (parse_coord(p, &e, &x) || *e != ':' || parse_coord(e + 1, &e, &y) || (*e && *e != ','))
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "broken cores: '%.*s' is not X:Y", (int)strcspn(item, ","), item);
    else if (x >= chip->width || y >= chip->height)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "broken cores: %ld:%ld is outside the %dx%d mesh", x, y, chip->width,
                        chip->height);
    else if (named[y * chip->width + x])
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "broken cores: %ld:%ld is given twice", x, y);
    else {
      named[y * chip->width + x] = 1;
      chip->broken[y * chip->width + x] = 1;
      p = *e ? e + 1 : e;
    }
  }
  free(named);
  return rc;
}

int noc_chip_spread_speeds(noc_chip *chip, double spread, uint64_t seed, gn_error *err) {
  if (!(spread >= 0 && spread < 1))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "speed spread must be in [0, 1), got %g", spread);
  gsl_rng *rng = gn_rng_new(gn_seed_derive(seed, "noc-speeds"));
  if (!rng)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int c = 0; c < noc_core_count(chip); c++)
    chip->speed_flops[c] = chip->core_speed_flops * (1 - spread + 2 * spread * gsl_rng_uniform(rng));
  gsl_rng_free(rng);
  return GN_OK;
}

int noc_hops(const noc_chip *chip, int src, int dst) {
  return abs(noc_core_x(chip, src) - noc_core_x(chip, dst)) + abs(noc_core_y(chip, src) - noc_core_y(chip, dst));
}

int noc_xy_route(const noc_chip *chip, int src, int dst, int *links) {
  int n = 0, x = noc_core_x(chip, src), y = noc_core_y(chip, src);
  int tx = noc_core_x(chip, dst), ty = noc_core_y(chip, dst);
  while (x != tx) {
    int dir = tx > x ? NOC_EAST : NOC_WEST;
    links[n++] = (y * chip->width + x) * 4 + dir;
    x += tx > x ? 1 : -1;
  }
  while (y != ty) {
    int dir = ty > y ? NOC_SOUTH : NOC_NORTH;
    links[n++] = (y * chip->width + x) * 4 + dir;
    y += ty > y ? 1 : -1;
  }
  return n;
}

int noc_flow_route(const noc_chip *chip, int src, int dst, int *links) {
  if (!chip->ports)
    return noc_xy_route(chip, src, dst, links);
  links[0] = noc_inject_port(chip, src);
  int n = 1 + noc_xy_route(chip, src, dst, links + 1);
  links[n++] = noc_eject_port(chip, dst);
  return n;
}

void noc_link_name(const noc_chip *chip, int link, char *buf, size_t size) {
  static const char dirs[] = "EWSN";
  int cores = noc_core_count(chip);
  if (noc_link_is_port(chip, link)) {
    int c = link % cores;
    snprintf(buf, size, "%s_%d_%d", link < 5 * cores ? "inj" : "ej", noc_core_x(chip, c), noc_core_y(chip, c));
    return;
  }
  int core = link / 4;
  snprintf(buf, size, "l_%d_%d_%c", noc_core_x(chip, core), noc_core_y(chip, core), dirs[link % 4]);
}

int noc_link_target(const noc_chip *chip, int link) {
  static const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
  if (noc_link_is_port(chip, link))
    return chip->ports ? link % noc_core_count(chip) : -1;
  int core = link / 4;
  int x = noc_core_x(chip, core) + dx[link % 4], y = noc_core_y(chip, core) + dy[link % 4];
  if (x < 0 || y < 0 || x >= chip->width || y >= chip->height)
    return -1;
  return y * chip->width + x;
}

void noc_core_name(const noc_chip *chip, int core, char *buf, size_t size) {
  snprintf(buf, size, "core_%d_%d", noc_core_x(chip, core), noc_core_y(chip, core));
}

int noc_logical_cores(const noc_chip *chip, const unsigned char *dead, int *logical) {
  int k = 0;
  for (int y = 0; y < chip->height; y++)
    for (int i = 0; i < chip->width; i++) {
      int x = y % 2 == 0 ? i : chip->width - 1 - i;
      int c = y * chip->width + x;
      if (!chip->broken[c] && !(dead && dead[c]))
        logical[k++] = c;
    }
  return k;
}

int noc_check_stages_fit(const noc_chip *chip, int n_stages, gn_error *err) {
  int k = 0;
  for (int c = 0; c < noc_core_count(chip); c++)
    k += !chip->broken[c];
  if (n_stages > k)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%d stages need %d cores but chip %s has %d logical cores", n_stages,
                        n_stages, chip->name, k);
  return GN_OK;
}
