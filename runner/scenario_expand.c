/* scenario_expand: run index -> parameter values, repetition and seed (pure arithmetic on parsed axes). */
#include "scenario.h"

#include "gn_seed.h"
#include "scenario_priv.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

size_t scenario_run_count(const scenario *sc) {
  size_t n = (size_t)sc->repeat;
  for (size_t d = 0; d < sc->ndims; d++)
    n *= sc->dim_len[d];
  return n;
}

int scenario_check_run_count(const scenario *sc, const config_setting_t *root, gn_error *err) {
  size_t n = (size_t)sc->repeat;
  int over = 0;
  for (size_t d = 0; d < sc->ndims && !over; d++)
    over = __builtin_mul_overflow(n, sc->dim_len[d], &n) || n > (size_t)SCENARIO_RUNS_MAX;
  if (over || n > (size_t)SCENARIO_RUNS_MAX) {
    const config_setting_t *at = config_setting_get_member(root, "repeat");
    return scenario_bad(err, sc, at ? at : root, "the scenario has more than %lld runs (parameter combinations x "
                        "repeat = %ld), the limit", SCENARIO_RUNS_MAX, sc->repeat);
  }
  return GN_OK;
}

static int cmp_axis_key(const void *a, const void *b) {
  return strcmp((*(const scenario_axis *const *)a)->key, (*(const scenario_axis *const *)b)->key);
}

char *scenario_seed_label(const scenario *sc, const size_t *value_index, long rep) {
  const scenario_axis **sorted = malloc((sc->naxes + 1) * sizeof *sorted);
  if (!sorted)
    return NULL;
  for (size_t i = 0; i < sc->naxes; i++)
    sorted[i] = &sc->axes[i];
  qsort(sorted, sc->naxes, sizeof *sorted, cmp_axis_key);
  strbuf b = STRBUF_INIT;
  for (size_t i = 0; i < sc->naxes; i++) {
    int ignored = 0;
    for (size_t k = 0; k < sc->nseed_ignores; k++)
      ignored |= strcmp(sc->seed_ignores[k], sorted[i]->key) == 0;
    if (!ignored)
      strbuf_addf(&b, "%s=%s;", sorted[i]->key, sorted[i]->values[value_index[sorted[i] - sc->axes]]);
  }
  strbuf_addf(&b, "rep=%ld", rep);
  free(sorted);
  if (b.oom) {
    strbuf_free(&b);
    return NULL;
  }
  return b.data;
}

/* Run `index`'s parameters in the kind's order; each value checked (experiment_check_params) when `check`. */
static int run_at(const scenario *sc, size_t index, int check, scenario_run *run, gn_error *err);

int scenario_run_at(const scenario *sc, size_t index, scenario_run *run, gn_error *err) {
  return run_at(sc, index, 1, run, err);
}

int scenario_check_combinations(const scenario *sc, const config_setting_t *at, gn_error *err) {
  if (!sc->kind->check_run)
    return GN_OK;
  size_t combos = scenario_run_count(sc) / (size_t)sc->repeat;
  int rc = GN_OK;
  for (size_t c = 0; c < combos && c < SCENARIO_COMBINATIONS_CHECKED && rc == GN_OK; c++) {
    scenario_run run;
    gn_error e = {0};
    if ((rc = run_at(sc, c * (size_t)sc->repeat, 0, &run, err)))
      return rc;
    if (sc->kind->check_run(&run.params, &e)) {
      strbuf what = STRBUF_INIT; /* the values that vary, so the combination can be found */
      for (size_t i = 0; i < sc->naxes; i++)
        if (sc->axes[i].nvalues > 1)
          strbuf_addf(&what, "%s%s=%s", what.len ? ", " : "", sc->axes[i].key, gn_kv_get(&run.params, sc->axes[i].key));
      rc = scenario_bad(err, sc, at, "run %zu%s%s%s: %s", c * (size_t)sc->repeat, what.len ? " (" : "",
                        what.len && !what.oom ? what.data : "", what.len ? ")" : "", e.msg);
      strbuf_free(&what);
    }
    scenario_run_free(&run);
  }
  return rc;
}

static int run_at(const scenario *sc, size_t index, int check, scenario_run *run, gn_error *err) {
  *run = (scenario_run){index, 0, 0, GN_KVLIST_INIT};
  if (index >= scenario_run_count(sc))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "run %zu does not exist (the scenario has %zu runs: 0..%zu)",
                        index, scenario_run_count(sc), scenario_run_count(sc) - 1);
  run->rep = (long)(index % (size_t)sc->repeat);
  size_t rest = index / (size_t)sc->repeat;
  size_t *dim_index = calloc(sc->ndims + 1, sizeof *dim_index);
  size_t *value_index = calloc(sc->naxes + 1, sizeof *value_index);
  gn_kvlist given = GN_KVLIST_INIT;
  int rc = dim_index && value_index ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t d = sc->ndims; d-- > 0 && !rc;) {
    dim_index[d] = rest % sc->dim_len[d];
    rest /= sc->dim_len[d];
  }
  for (size_t i = 0; i < sc->naxes && !rc; i++) {
    value_index[i] = dim_index[sc->axes[i].dim];
    if (gn_kv_set(&given, sc->axes[i].key, sc->axes[i].values[value_index[i]]))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  if (!rc)
    rc = check ? experiment_check_params(sc->kind, &given, sc->path, err)
               : experiment_fill_defaults(sc->kind, &given, sc->path, err);
  /* Rows list parameters in the kind's order, whatever order the file used. */
  for (const experiment_param *p = sc->kind->params; p->key && !rc; p++)
    if (gn_kv_set(&run->params, p->key, gn_kv_get(&given, p->key)))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (!rc) {
    char *label = scenario_seed_label(sc, value_index, run->rep);
    if (!label)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    else
      run->seed = gn_seed_derive(sc->seed, label);
    free(label);
  }
  gn_kv_free(&given);
  free(dim_index);
  free(value_index);
  if (rc)
    scenario_run_free(run);
  return rc;
}

void scenario_run_free(scenario_run *run) { gn_kv_free(&run->params); }
