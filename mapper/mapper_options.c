/* mapper_options: the "key=value,key=value" option strings every mapper reads (typo-checked, range-checked). */
#include "mapper.h"

#include "gn_num.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Calls fn(key, key_len, value, value_len) for every item that applies to mapper_name (its own "name.key"
 * items with the prefix stripped, and unprefixed items). Stops at the first non-zero return. */
typedef int (*option_fn)(const char *key, size_t key_len, const char *value, size_t value_len, void *ctx);

static int for_each_option(const char *mapper_name, const char *options, option_fn fn, void *ctx, gn_error *err) {
  if (!options)
    return GN_OK;
  size_t name_len = strlen(mapper_name);
  const char *p = options;
  while (*p) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len > 0) {
      const char *eq = memchr(p, '=', len);
      if (!eq || eq == p)
        return gn_error_set(err, GN_EINPUT, NULL, 0, "mapper option '%.*s' is not key=value", (int)len, p);
      const char *key = p;
      size_t key_len = (size_t)(eq - p);
      const char *dot = memchr(key, '.', key_len);
      int applies = 1;
      if (dot && (dot == key || dot + 1 == eq))
        return gn_error_set(err, GN_EINPUT, NULL, 0, "mapper option '%.*s' is not mapper.key=value", (int)len, p);
      if (dot) {
        applies = (size_t)(dot - key) == name_len && strncmp(key, mapper_name, name_len) == 0;
        key_len -= (size_t)(dot - key) + 1;
        key = dot + 1;
      }
      if (applies) {
        int rc = fn(key, key_len, eq + 1, len - (size_t)(eq + 1 - p), ctx);
        if (rc)
          return rc;
      }
    }
    if (!end)
      break;
    p = end + 1;
  }
  return GN_OK;
}

typedef struct check_ctx {
  const char *mapper_name;
  const char *const *known;
  gn_error *err;
} check_ctx;

static int check_one(const char *key, size_t key_len, const char *value, size_t value_len, void *vctx) {
  check_ctx *c = vctx;
  int n = 0;
  for (; c->known[n]; n++)
    if (strlen(c->known[n]) == key_len && strncmp(c->known[n], key, key_len) == 0)
      return GN_OK;
  char list[512] = "";
  size_t used = 0;
  for (int i = 0; i < n && used < sizeof list; i++)
    used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", c->known[i]);
  return gn_error_set(c->err, GN_EINPUT, NULL, 0, "mapper '%s' has no option '%.*s' (its options: %s)",
                      c->mapper_name, (int)key_len, key, n ? list : "none");
}

int mapper_options_check(const char *mapper_name, const char *options, const char *const *known, gn_error *err) {
  check_ctx c = {mapper_name, known, err};
  return for_each_option(mapper_name, options, check_one, &c, err);
}

typedef struct find_ctx {
  const char *key;
  gn_error *err;
  char value[128];
  int found;
} find_ctx;

/* The last occurrence wins, as on a command line. */
static int find_one(const char *key, size_t key_len, const char *value, size_t value_len, void *vctx) {
  find_ctx *f = vctx;
  if (strlen(f->key) != key_len || strncmp(f->key, key, key_len) != 0)
    return GN_OK;
  if (value_len >= sizeof f->value)
    return gn_error_set(f->err, GN_EINPUT, NULL, 0, "mapper option %s: value too long", f->key);
  memcpy(f->value, value, value_len);
  f->value[value_len] = '\0';
  f->found = 1;
  return GN_OK;
}

static int find_option(const char *mapper_name, const char *options, const char *key, find_ctx *f, gn_error *err) {
  f->key = key;
  f->err = err;
  f->found = 0;
  return for_each_option(mapper_name, options, find_one, f, err);
}

/* A number option: 1 = absent, 0 = *out set, or GN_EINPUT. whole = 1 accepts only whole numbers. */
static int number_option(const char *mapper_name, const char *options, const char *key, double min, double max,
                         int whole, double *out, gn_error *err) {
  find_ctx f;
  int rc = find_option(mapper_name, options, key, &f, err);
  if (rc || !f.found)
    return rc ? rc : 1;
  long long w = 0;
  double v = 0;
  gn_num_status st = whole ? gn_num_int(f.value, LLONG_MIN, LLONG_MAX, &w) : gn_num_real(f.value, min, max, &v);
  if (whole)
    v = (double)w;
  if (st != GN_NUM_OK || v < min || v > max)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s option %s=%s: expected a %s in %.10g..%.10g", mapper_name,
                        key, f.value, whole ? "whole number" : "number", min, max);
  *out = v;
  return GN_OK;
}

int mapper_option_double(const char *mapper_name, const char *options, const char *key, double def, double min,
                         double max, double *out, gn_error *err) {
  int rc = number_option(mapper_name, options, key, min, max, 0, out, err);
  if (rc == 1)
    *out = def;
  return rc == 1 ? GN_OK : rc;
}

int mapper_option_long(const char *mapper_name, const char *options, const char *key, long def, long min,
                       long max, long *out, gn_error *err) {
  double v = 0; /* set by number_option on GN_OK only (-O3 cannot see it) */
  int rc = number_option(mapper_name, options, key, (double)min, (double)max, 1, &v, err);
  *out = rc == GN_OK ? (long)v : def;
  return rc == 1 ? GN_OK : rc;
}

int mapper_option_bool(const char *mapper_name, const char *options, const char *key, int def, int *out,
                       gn_error *err) {
  find_ctx f;
  int rc = find_option(mapper_name, options, key, &f, err);
  if (rc)
    return rc;
  if (!f.found)
    *out = def;
  else if (strcmp(f.value, "true") == 0 || strcmp(f.value, "1") == 0)
    *out = 1;
  else if (strcmp(f.value, "false") == 0 || strcmp(f.value, "0") == 0)
    *out = 0;
  else
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s option %s=%s: expected true or false", mapper_name, key,
                        f.value);
  return GN_OK;
}

int mapper_option_text(const char *mapper_name, const char *options, const char *key, const char *def, char *out,
                       size_t size, gn_error *err) {
  find_ctx f;
  int rc = find_option(mapper_name, options, key, &f, err);
  if (rc)
    return rc;
  const char *v = f.found ? f.value : def;
  if (strlen(v) >= size)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s option %s=%s: at most %zu characters", mapper_name, key, v,
                        size - 1);
  strcpy(out, v);
  return GN_OK;
}
