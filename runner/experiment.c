/* experiment: the registry of experiment kinds and parameter checking shared by the runner and commands. */
#include "experiment.h"

#include "gn_num.h"
#include "gn_text.h"

#include <float.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Adding a kind = one file defining `const experiment_kind experiment_<name>` + one line here. */

const experiment_kind *const experiment_kinds[] = {
    &experiment_map,
    &experiment_pipeline,
    &experiment_grid,
    &experiment_saturation,
    NULL,
};

const experiment_kind *experiment_find(const char *name, gn_error *err) {
  const char *names[32] = {NULL};
  int n = 0;
  char list[512] = "";
  size_t used = 0;
  for (int i = 0; experiment_kinds[i]; i++) {
    if (strcmp(experiment_kinds[i]->name, name) == 0)
      return experiment_kinds[i];
    if (n < 32)
      names[n++] = experiment_kinds[i]->name;
    used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s%s", i ? ", " : "",
                             experiment_kinds[i]->name);
  }
  const char *close = gn_closest(name, names, n);
  if (close)
    gn_error_set(err, GN_EINPUT, NULL, 0, "unknown experiment kind '%s' (did you mean '%s'? known: %s)", name,
                 close, list);
  else
    gn_error_set(err, GN_EINPUT, NULL, 0, "unknown experiment kind '%s' (known: %s)", name, list);
  return NULL;
}

const metric_info *experiment_metric_find(const char *name) {
  for (int k = 0; experiment_kinds[k]; k++)
    for (const metric_info *m = experiment_kinds[k]->metrics; m->name; m++)
      if (strcmp(m->name, name) == 0)
        return m;
  return NULL;
}

static int check_value(const experiment_param *p, const char *value, const char *where, gn_error *err) {
  long long i;
  double d;
  switch (p->type) {
  case EXP_INT:
    if (gn_num_int(value, LLONG_MIN, LLONG_MAX, &i) != GN_NUM_OK)
      return gn_error_set(err, GN_EINPUT, where, 0, "parameter '%s' must be a whole number, got '%s'", p->key,
                          value);
    break;
  case EXP_DOUBLE:
    switch (gn_num_real(value, -DBL_MAX, DBL_MAX, &d)) {
    case GN_NUM_OK:
      break;
    case GN_NUM_RANGE: /* too large, or so small it would be read as 0 or lose digits (a subnormal) */
      return gn_error_set(err, GN_EINPUT, where, 0,
                          "parameter '%s' must be 0 or of magnitude 2.2251e-308 to 1.7977e308, got '%s'", p->key, value);
    default:
      return gn_error_set(err, GN_EINPUT, where, 0, "parameter '%s' must be a finite number, got '%s'", p->key,
                          value);
    }
    break;
  case EXP_BOOL:
    if (strcmp(value, "true") && strcmp(value, "false"))
      return gn_error_set(err, GN_EINPUT, where, 0, "parameter '%s' must be true or false, got '%s'", p->key,
                          value);
    break;
  case EXP_STRING:
    break;
  }
  return GN_OK;
}

/* The row's allowed range (docs/hardening.md, "Ceilings": measured on this project's 2-core reference machine, a
 * Release build: a default grid of 10 iterations at n = 1e6 takes 9 s, at n = 1e7 over 60 s; 10,000 iterations at
 * n = 5000 take 48 s; the default grid takes 4 s with 1 s heartbeats, 18 s with 0.01 s; 1e6 items through 2 stages
 * take 38 s). Products of these (n x iterations, nodes x iterations, items x stages) have their own ceilings where
 * the run is set up. */
static int check_range(const experiment_param *p, const char *value, const char *where, gn_error *err) {
  double v;
  if ((p->min != 0 || p->max != 0) && gn_num_real(value, p->min, p->max, &v) != GN_NUM_OK)
    return gn_error_set(err, GN_EINPUT, where, 0, "parameter '%s' must be in %g..%g, got '%s'", p->key, p->min,
                        p->max, value);
  return GN_OK;
}

static int check_by_kind(const experiment_kind *kind, const char *key, const char *value, const char *where,
                         gn_error *err) {
  gn_error e = {0};
  int rc = kind->check_param(key, value, &e);
  if (rc)
    gn_error_set(err, rc, where, 0, "parameter '%s': %s", key, e.msg);
  return rc;
}

int experiment_check_replaced(const experiment_kind *kind, const gn_kvlist *params, const char *where, gn_error *err) {
  for (const experiment_param *p = kind->params; p->key; p++) {
    const char *given = gn_kv_get(params, p->key), *by = p->replaced_by ? gn_kv_get(params, p->replaced_by) : NULL;
    if (given && by && by[0])
      return gn_error_set(err, GN_EINPUT, where, 0,
                          "parameter '%s' ('%s') is given beside %s ('%s'), which replaces it: give one of them",
                          p->key, given, p->replaced_by, by);
  }
  return GN_OK;
}

int experiment_check_params(const experiment_kind *kind, gn_kvlist *params, const char *where, gn_error *err) {
  const char *names[128] = {NULL};
  int n = 0;
  for (const experiment_param *p = kind->params; p->key && n < 128; p++)
    names[n++] = p->key;
  for (size_t i = 0; i < params->n; i++) {
    const char *key = params->items[i].key;
    const experiment_param *p = kind->params;
    while (p->key && strcmp(p->key, key))
      p++;
    if (!p->key) {
      const char *close = gn_closest(key, names, n);
      if (close)
        return gn_error_set(err, GN_EINPUT, where, 0, "unknown parameter '%s' for kind '%s' (did you mean '%s'?)",
                            key, kind->name, close);
      return gn_error_set(err, GN_EINPUT, where, 0, "unknown parameter '%s' for kind '%s'", key, kind->name);
    }
    int rc = check_value(p, params->items[i].value, where, err);
    if (!rc)
      rc = check_range(p, params->items[i].value, where, err);
    if (!rc && kind->check_param)
      rc = check_by_kind(kind, key, params->items[i].value, where, err);
    if (rc)
      return rc;
  }
  int rc = experiment_check_replaced(kind, params, where, err);
  return rc ? rc : experiment_fill_defaults(kind, params, where, err);
}

int experiment_fill_defaults(const experiment_kind *kind, gn_kvlist *params, const char *where, gn_error *err) {
  for (const experiment_param *p = kind->params; p->key; p++) {
    if (gn_kv_get(params, p->key))
      continue;
    if (!p->default_value)
      return gn_error_set(err, GN_EINPUT, where, 0, "parameter '%s' is required for kind '%s'", p->key,
                          kind->name);
    if (gn_kv_set(params, p->key, p->default_value))
      return gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  }
  return GN_OK;
}
