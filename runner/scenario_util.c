/* scenario_util: value conversion and error helpers shared by the scenario parser files. */
#include "scenario_priv.h"

#include "gn_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scenario_bad(gn_error *err, const scenario *sc, const config_setting_t *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = gn_error_vset(err, GN_EINPUT, sc->path, s ? config_setting_source_line(s) : 0, fmt, ap);
  va_end(ap);
  return rc;
}

int scenario_unknown_key(gn_error *err, const scenario *sc, const config_setting_t *s, const char *what,
                         const char *const *known) {
  int n = 0;
  while (known[n])
    n++;
  const char *name = config_setting_name(s) ? config_setting_name(s) : "?";
  const char *close = gn_closest(name, known, n);
  if (close)
    return scenario_bad(err, sc, s, "unknown %s '%s' (did you mean '%s'?)", what, name, close);
  return scenario_bad(err, sc, s, "unknown %s '%s'", what, name);
}

int scenario_check_keys(gn_error *err, const scenario *sc, const config_setting_t *group, const char *what,
                        const char *const *known) {
  for (int i = 0; i < config_setting_length(group); i++) {
    const config_setting_t *s = config_setting_get_elem(group, (unsigned)i);
    int found = 0;
    for (int k = 0; known[k]; k++)
      found |= strcmp(known[k], config_setting_name(s)) == 0;
    if (!found)
      return scenario_unknown_key(err, sc, s, what, known);
  }
  return GN_OK;
}

char *scenario_scalar_text(const config_setting_t *s) {
  char buf[64];
  switch (config_setting_type(s)) {
  case CONFIG_TYPE_INT:
  case CONFIG_TYPE_INT64:
    snprintf(buf, sizeof buf, "%lld", config_setting_get_int64(s));
    return strdup(buf);
  case CONFIG_TYPE_FLOAT:
    gn_format_double(buf, sizeof buf, config_setting_get_float(s));
    return strdup(buf);
  case CONFIG_TYPE_BOOL:
    return strdup(config_setting_get_bool(s) ? "true" : "false");
  case CONFIG_TYPE_STRING:
    return strdup(config_setting_get_string(s));
  default:
    return NULL;
  }
}

/* libconfig reads 1e400 as inf, silently (whole numbers are checked as written: scenario_numbers.c). */
static const char *scalar_out_of_range(const config_setting_t *s) {
  if (config_setting_type(s) == CONFIG_TYPE_FLOAT && !isfinite(config_setting_get_float(s)))
    return "the number is too large (not finite)";
  return NULL;
}

void scenario_free_strings(char **v, size_t n) {
  if (!v)
    return;
  for (size_t i = 0; i < n; i++)
    free(v[i]);
  free(v);
}

int scenario_values(const scenario *sc, const config_setting_t *s, char ***values, size_t *n, gn_error *err) {
  int type = config_setting_type(s);
  int count = (type == CONFIG_TYPE_ARRAY || type == CONFIG_TYPE_LIST) ? config_setting_length(s) : 1;
  if (type == CONFIG_TYPE_GROUP)
    return scenario_bad(err, sc, s, "'%s' must be a value or a list of values, not a group",
                        config_setting_name(s));
  if (count == 0)
    return scenario_bad(err, sc, s, "'%s' is an empty list (a sweep axis needs at least one value)",
                        config_setting_name(s));
  char **v = calloc((size_t)count, sizeof *v);
  if (!v)
    return gn_error_set(err, GN_ENOMEM, sc->path, 0, "out of memory");
  for (int i = 0; i < count; i++) {
    const config_setting_t *e = (type == CONFIG_TYPE_ARRAY || type == CONFIG_TYPE_LIST)
                                    ? config_setting_get_elem(s, (unsigned)i)
                                    : s;
    if (!config_setting_is_scalar(e)) {
      scenario_free_strings(v, (size_t)count);
      return scenario_bad(err, sc, e, "'%s': a list may only hold plain values", config_setting_name(s));
    }
    const char *bad = scalar_out_of_range(e);
    if (bad) {
      scenario_free_strings(v, (size_t)count);
      return scenario_bad(err, sc, e, "'%s': %s", config_setting_name(s), bad);
    }
    v[i] = scenario_scalar_text(e);
    if (!v[i]) {
      scenario_free_strings(v, (size_t)count);
      return gn_error_set(err, GN_ENOMEM, sc->path, 0, "out of memory");
    }
  }
  *values = v;
  *n = (size_t)count;
  return GN_OK;
}

int scenario_add_axis(scenario *sc, const char *key, char **values, size_t n, int line, gn_error *err) {
  for (size_t i = 0; i < sc->naxes; i++)
    if (strcmp(sc->axes[i].key, key) == 0) {
      scenario_free_strings(values, n);
      return gn_error_set(err, GN_EINPUT, sc->path, line, "parameter '%s' is given twice (also at line %d)", key,
                          sc->axes[i].line);
    }
  scenario_axis *a = realloc(sc->axes, (sc->naxes + 1) * sizeof *a);
  char *k = strdup(key);
  if (!a || !k) {
    if (a)
      sc->axes = a;
    free(k);
    scenario_free_strings(values, n);
    return gn_error_set(err, GN_ENOMEM, sc->path, 0, "out of memory");
  }
  sc->axes = a;
  sc->axes[sc->naxes++] = (scenario_axis){k, values, n, -1, line};
  return GN_OK;
}
