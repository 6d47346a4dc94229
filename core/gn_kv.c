/* gn_kv: ordered key/value list with typed accessors and the canonical number format. */
#include "gn_kv.h"

#include "gn_error.h"
#include "gn_num.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_string(const char *s) {
  size_t len = strlen(s) + 1;
  char *copy = malloc(len);
  if (copy)
    memcpy(copy, s, len);
  return copy;
}

int gn_kv_set(gn_kvlist *kv, const char *key, const char *value) {
  char *v = dup_string(value ? value : "");
  if (!v)
    return GN_ENOMEM;
  for (size_t i = 0; i < kv->n; i++) {
    if (strcmp(kv->items[i].key, key) == 0) {
      free(kv->items[i].value);
      kv->items[i].value = v;
      return GN_OK;
    }
  }
  if (kv->n == kv->cap) {
    size_t cap = kv->cap ? kv->cap * 2 : 16;
    gn_kv *items = realloc(kv->items, cap * sizeof *items);
    if (!items) {
      free(v);
      return GN_ENOMEM;
    }
    kv->items = items;
    kv->cap = cap;
  }
  char *k = dup_string(key);
  if (!k) {
    free(v);
    return GN_ENOMEM;
  }
  kv->items[kv->n].key = k;
  kv->items[kv->n].value = v;
  kv->n++;
  return GN_OK;
}

void gn_format_double(char *buf, size_t size, double value) {
  if (isnan(value))
    snprintf(buf, size, "%s", GN_MISSING);
  else if (isinf(value))
    snprintf(buf, size, value > 0 ? "inf" : "-inf");
  else if (value == 0.0)
    snprintf(buf, size, "0"); /* never "-0" */
  else
    snprintf(buf, size, "%.10g", value);
}

int gn_kv_set_double(gn_kvlist *kv, const char *key, double value) {
  char buf[64];
  gn_format_double(buf, sizeof buf, value);
  return gn_kv_set(kv, key, buf);
}

int gn_kv_set_long(gn_kvlist *kv, const char *key, long long value) {
  char buf[32];
  snprintf(buf, sizeof buf, "%lld", value);
  return gn_kv_set(kv, key, buf);
}

const char *gn_kv_get(const gn_kvlist *kv, const char *key) {
  for (size_t i = 0; i < kv->n; i++)
    if (strcmp(kv->items[i].key, key) == 0)
      return kv->items[i].value;
  return NULL;
}

int gn_kv_get_double(const gn_kvlist *kv, const char *key, double *out) {
  const char *s = gn_kv_get(kv, key);
  if (!s)
    return 1;
  return gn_num_real(s, -DBL_MAX, DBL_MAX, out) == GN_NUM_OK ? GN_OK : GN_EINPUT;
}

int gn_kv_get_long(const gn_kvlist *kv, const char *key, long long *out) {
  const char *s = gn_kv_get(kv, key);
  if (!s)
    return 1;
  return gn_num_int(s, LLONG_MIN, LLONG_MAX, out) == GN_NUM_OK ? GN_OK : GN_EINPUT;
}

void gn_kv_free(gn_kvlist *kv) {
  for (size_t i = 0; i < kv->n; i++) {
    free(kv->items[i].key);
    free(kv->items[i].value);
  }
  free(kv->items);
  kv->items = NULL;
  kv->n = kv->cap = 0;
}
