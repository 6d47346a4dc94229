/* platform_units: parse SimGrid's unit-suffixed numbers (speeds, bandwidths, durations). */
#include "platform_units.h"

#include "gn_num.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* value = number × mul / div: dividing by an exact power of ten keeps "50us" exactly 50e-6. */
typedef struct unit {
  const char *suffix;
  double mul, div;
} unit;

static const unit speed_units[] = {{"f", 1, 1}, {"flops", 1, 1}, {"", 1, 1}, {NULL, 0, 0}};
static const unit bw_units[] = {{"Bps", 1, 1}, {"bps", 1, 8}, {"", 1, 1}, {NULL, 0, 0}};
static const unit time_units[] = {{"w", 604800, 1}, {"d", 86400, 1}, {"h", 3600, 1},   {"m", 60, 1},
                                  {"s", 1, 1},      {"ms", 1, 1e3},  {"us", 1, 1e6},   {"ns", 1, 1e9},
                                  {"ps", 1, 1e12},  {"", 1, 1},      {NULL, 0, 0}};

typedef struct prefix {
  const char *text;
  double scale;
} prefix;

/* Binary prefixes first, so "Gi" is not read as "G" + a unit starting with "i". */
static const prefix prefixes[] = {{"Ki", 1024.0},
                                  {"Mi", 1048576.0},
                                  {"Gi", 1073741824.0},
                                  {"Ti", 1099511627776.0},
                                  {"Pi", 1125899906842624.0},
                                  {"Ei", 1152921504606846976.0},
                                  {"k", 1e3},
                                  {"M", 1e6},
                                  {"G", 1e9},
                                  {"T", 1e12},
                                  {"P", 1e15},
                                  {"E", 1e18},
                                  {"", 1},
                                  {NULL, 0}};

static const unit *match_unit(const char *s, size_t len, const unit *units) {
  for (const unit *u = units; u->suffix; u++)
    if (strlen(u->suffix) == len && strncmp(s, u->suffix, len) == 0)
      return u;
  return NULL;
}

int platform_parse_quantity(const char *text, platform_unit_kind kind, double *out) {
  if (!text || !*text)
    return -1;
  size_t n = gn_num_real_span(text);
  double v;
  if (!n || gn_num_real_n(text, n, 0, DBL_MAX, &v) != GN_NUM_OK)
    return -1;
  const char *end = text + n;
  size_t len = strcspn(end, kind == PLATFORM_SPEED ? "," : "");
  const unit *units = kind == PLATFORM_SPEED ? speed_units : kind == PLATFORM_BANDWIDTH ? bw_units : time_units;
  /* Time units have no prefixes ("ms" is a unit of its own); try the whole suffix as a unit first. */
  const unit *u = match_unit(end, len, units);
  if (u) {
    *out = v * u->mul / u->div;
    return isfinite(*out) ? 0 : -1; /* 1e308Gf is no speed: inf flop/s */
  }
  if (kind == PLATFORM_TIME)
    return -1;
  for (const prefix *p = prefixes; p->text; p++) {
    size_t pl = strlen(p->text);
    if (pl == 0 || pl > len || strncmp(end, p->text, pl) != 0)
      continue;
    if (len > pl && (u = match_unit(end + pl, len - pl, units)) != NULL) {
      *out = v * p->scale * u->mul / u->div;
      return isfinite(*out) ? 0 : -1;
    }
  }
  return -1;
}
