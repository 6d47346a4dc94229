/* noc_traffic: the saturation experiment's flows from a pattern name or a list. */
#include "noc_traffic.h"

#include "gn_num.h"
#include "gn_seed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pairs {
  noc_traffic_pair *p;
  int n, cap;
} pairs;

static int add(pairs *ps, const noc_chip *chip, int src, int dst) {
  if (src == dst || chip->broken[src] || chip->broken[dst])
    return 0;
  if (ps->n == ps->cap) {
    int cap = ps->cap ? 2 * ps->cap : 16;
    noc_traffic_pair *p = realloc(ps->p, (size_t)cap * sizeof *p);
    if (!p)
      return -1;
    ps->p = p;
    ps->cap = cap;
  }
  ps->p[ps->n++] = (noc_traffic_pair){src, dst};
  return 0;
}

static int at(const noc_chip *chip, int x, int y) { return y * chip->width + x; }

/* "X:Y" at *s; advances *s. -1 when it is not a core of the chip. */
static int parse_core(const noc_chip *chip, const char **s) {
  long long x, y;
  size_t n = gn_num_int_span(*s);
  if (!n || gn_num_int_n(*s, n, 0, NOC_MAX_SIDE, &x) != GN_NUM_OK || (*s)[n] != ':')
    return -1;
  *s += n + 1;
  n = gn_num_int_span(*s);
  if (!n || gn_num_int_n(*s, n, 0, NOC_MAX_SIDE, &y) != GN_NUM_OK)
    return -1;
  *s += n;
  return x < chip->width && y < chip->height ? at(chip, (int)x, (int)y) : -1;
}

static int parse_list(const noc_chip *chip, const char *spec, pairs *ps, gn_error *err) {
  for (const char *s = spec; *s;) {
    const char *item = s;
    int len = (int)strcspn(item, ",");
    int a = parse_core(chip, &s), b = -1;
    if (a >= 0 && strncmp(s, "->", 2) == 0) {
      s += 2;
      b = parse_core(chip, &s);
    }
    if (a < 0 || b < 0 || (*s && *s != ','))
      return gn_error_set(err, GN_EINPUT, NULL, 0,
                          "flows: '%.*s' is not SRC->DST with cores X:Y of the %dx%d chip (or a pattern: parking-lot, "
                          "column-merge, transpose, hotspot, uniform)",
                          len, item, chip->width, chip->height);
    if (a == b || chip->broken[a] || chip->broken[b])
      return gn_error_set(err, GN_EINPUT, NULL, 0, "flows: '%.*s' %s", len, item,
                          a == b ? "goes nowhere (source = destination)" : "names a broken core");
    if (add(ps, chip, a, b))
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    s += *s == ',';
  }
  return GN_OK;
}

int noc_traffic_parse(const noc_chip *chip, const char *spec, uint64_t seed, noc_traffic_pair **out, int *n,
                      gn_error *err) {
  pairs ps = {0};
  int W = chip->width, H = chip->height, rc = GN_OK, oom = 0;
  if (strcmp(spec, "parking-lot") == 0) {
    for (int x = 0; x + 1 < W; x++)
      oom |= add(&ps, chip, at(chip, x, 0), at(chip, W - 1, 0));
  } else if (strcmp(spec, "column-merge") == 0) {
    if (W < 2 || H < 2)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "flows: column-merge needs a mesh of at least 2x2");
    int sink = at(chip, 0, H - 1);
    oom |= rc ? 0 : add(&ps, chip, at(chip, 1, 0), sink);
    for (int y = 0; rc == GN_OK && y + 1 < H; y++)
      oom |= add(&ps, chip, at(chip, 0, y), sink);
    oom |= rc ? 0 : add(&ps, chip, at(chip, 1, H - 1), sink);
  } else if (strcmp(spec, "transpose") == 0) {
    if (W != H)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "flows: transpose needs a square mesh, not %dx%d", W, H);
    for (int c = 0; rc == GN_OK && c < W * H; c++)
      oom |= add(&ps, chip, c, at(chip, noc_core_y(chip, c), noc_core_x(chip, c)));
  } else if (strncmp(spec, "hotspot", 7) == 0 && (spec[7] == 0 || spec[7] == ':')) {
    const char *s = spec + 8;
    int hot = spec[7] ? parse_core(chip, &s) : at(chip, W / 2, H / 2);
    if (hot < 0 || (spec[7] && *s))
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "flows: '%s' is not hotspot or hotspot:X:Y with a core of the %dx%d chip",
                        spec, W, H);
    for (int c = 0; rc == GN_OK && c < W * H; c++)
      oom |= add(&ps, chip, c, hot);
  } else if (strcmp(spec, "uniform") == 0) {
    gsl_rng *rng = gn_rng_new(gn_seed_derive(seed, "noc-traffic"));
    oom |= !rng;
    /* A 1x1 chip has no other core to draw (and GSL aborts on an empty range): no flow, said below. */
    for (int c = 0; rng && W * H > 1 && c < W * H; c++) {
      int d = (int)gsl_rng_uniform_int(rng, (unsigned long)(W * H - 1));
      oom |= add(&ps, chip, c, d >= c ? d + 1 : d); /* any core but c, uniformly */
    }
    if (rng)
      gsl_rng_free(rng);
  } else {
    rc = parse_list(chip, spec, &ps, err);
  }
  if (rc == GN_OK && oom)
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK && ps.n == 0)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "flows: '%s' gives no flow on this chip", spec);
  if (rc) {
    free(ps.p);
    return rc;
  }
  *out = ps.p;
  *n = ps.n;
  return GN_OK;
}
