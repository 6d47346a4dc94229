/* gn_kv: an ordered list of key=value strings: experiment parameters going in, metrics coming out. */
#ifndef GN_KV_H
#define GN_KV_H

#include <stddef.h>

typedef struct gn_kv {
  char *key;
  char *value;
} gn_kv;

typedef struct gn_kvlist {
  gn_kv *items;
  size_t n, cap;
} gn_kvlist;

#define GN_KVLIST_INIT {NULL, 0, 0}

/* Set key to value: replaces an existing key in place (keeps its position), else appends. 0 or GN_ENOMEM. */
int gn_kv_set(gn_kvlist *kv, const char *key, const char *value);
/* Numbers are written with "%.10g" everywhere so result rows are byte-identical across runs and jobs. */
int gn_kv_set_double(gn_kvlist *kv, const char *key, double value);
int gn_kv_set_long(gn_kvlist *kv, const char *key, long long value);

/* The value of key, or NULL. */
const char *gn_kv_get(const gn_kvlist *kv, const char *key);

/* Typed look-ups. Return 0 and set *out, 1 if absent (out untouched), GN_EINPUT if present but malformed. */
int gn_kv_get_double(const gn_kvlist *kv, const char *key, double *out);
int gn_kv_get_long(const gn_kvlist *kv, const char *key, long long *out);

void gn_kv_free(gn_kvlist *kv);

/* The one spelling of a missing value (an undefined metric) in every result CSV: read as missing by
 * gridnoc report and merge, and by the defaults of R's read.csv and pandas.read_csv. */
#define GN_MISSING "NA"

/* Format a double the one way result rows use ("%.10g"; NaN is GN_MISSING, "inf" spelled out). buf >= 32. */
void gn_format_double(char *buf, size_t size, double value);

#endif
