/* scenario: parse a scenario file (kind, output, seed, repeat, params, together, seed_ignores, graphs, plots,
 * pictures). */
#include "scenario_priv.h"

#include "gn_text.h"
#include "gn_file.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const top_keys[] = {"kind",   "description",  "output", "figures", "reference", "seed",  "repeat",
                                       "params", "together", "seed_ignores", "graphs", "plots", "pictures", "slurm",
                                       "simgrid_cfg", NULL};

static const experiment_kind *find_kind(const scenario *sc, const experiment_kind *const *kinds,
                                        const config_setting_t *s, gn_error *err) {
  const char *name = config_setting_get_string(s);
  if (!name) {
    scenario_bad(err, sc, s, "'kind' must be a string");
    return NULL;
  }
  if (kinds == experiment_kinds) {
    const experiment_kind *k = experiment_find(name, err);
    if (!k)
      gn_error_prefix(err, "%s:%d: ", sc->path, config_setting_source_line(s));
    return k;
  }
  for (int i = 0; kinds[i]; i++)
    if (strcmp(kinds[i]->name, name) == 0)
      return kinds[i];
  scenario_bad(err, sc, s, "unknown experiment kind '%s'", name);
  return NULL;
}

static int get_string(const scenario *sc, const config_setting_t *root, const char *key, char **out,
                      gn_error *err) {
  const config_setting_t *s = config_setting_get_member(root, key);
  if (!s)
    return GN_OK;
  if (config_setting_type(s) != CONFIG_TYPE_STRING || !config_setting_get_string(s)[0])
    return scenario_bad(err, sc, s, "'%s' must be a non-empty string", key);
  free(*out);
  *out = strdup(config_setting_get_string(s));
  return *out ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
}

static int get_int(const scenario *sc, const config_setting_t *root, const char *key, long long min,
                   long long max, long long *out, gn_error *err) {
  const config_setting_t *s = config_setting_get_member(root, key);
  if (!s)
    return GN_OK;
  int t = config_setting_type(s);
  if ((t != CONFIG_TYPE_INT && t != CONFIG_TYPE_INT64) || config_setting_get_int64(s) < min ||
      config_setting_get_int64(s) > max)
    return scenario_bad(err, sc, s, "'%s' must be a whole number in %lld..%lld", key, min, max);
  *out = config_setting_get_int64(s);
  return GN_OK;
}

/* A path written relative to the scenario file's directory, made relative to the current one. */
static int join_dir(const char *dir, char **path, gn_error *err) {
  if (strcmp(dir, ".") == 0)
    return GN_OK;
  size_t n = strlen(dir) + strlen(*path) + 2;
  char *joined = malloc(n);
  if (!joined)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  snprintf(joined, n, "%s/%s", dir, *path);
  free(*path);
  *path = joined;
  /* "scenarios/teaching/../../results/x.csv" -> "results/x.csv": the name messages and tables show. A ".."
   * after a symbolic link would change meaning, but the reference is named from a file we ship. */
  char *parts[256];
  size_t np = 0;
  int absolute = joined[0] == '/';
  for (char *tok = strtok(joined, "/"); tok && np < 256; tok = strtok(NULL, "/"))
    if (strcmp(tok, ".") == 0)
      continue;
    else if (strcmp(tok, "..") == 0 && np && strcmp(parts[np - 1], ".."))
      np--;
    else
      parts[np++] = tok;
  char *norm = malloc(n + 1);
  if (!norm)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  norm[0] = '\0';
  for (size_t i = 0; i < np; i++)
    strcat(strcat(norm, i || absolute ? "/" : ""), parts[i]);
  free(*path);
  *path = norm;
  return GN_OK;
}

static int set_defaults_for_paths(scenario *sc, gn_error *err) {
  if (!sc->output) {
    char *copy = strdup(sc->path);
    if (!copy)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    char *base = basename(copy);
    char *dot = strrchr(base, '.');
    if (dot && dot != base)
      *dot = '\0';
    size_t n = strlen(base) + 5;
    sc->output = malloc(n);
    if (sc->output)
      snprintf(sc->output, n, "%s.csv", base);
    free(copy);
  }
  if (!sc->figures && sc->output) {
    char *copy = strdup(sc->output);
    sc->figures = copy ? strdup(dirname(copy)) : NULL;
    free(copy);
  }
  return sc->output && sc->figures ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
}

static int find_axis(const scenario *sc, const char *key) {
  for (size_t i = 0; i < sc->naxes; i++)
    if (strcmp(sc->axes[i].key, key) == 0)
      return (int)i;
  return -1;
}

/* A parameter given beside the one that replaces it (a chip beside a platform file), at the parameter's own line
 * and for every value of the other. */
static int check_replaced_axes(const scenario *sc, gn_error *err) {
  char where[1100];
  int rc = GN_OK;
  for (size_t i = 0; i < sc->naxes && !rc; i++) {
    const experiment_param *p = sc->kind->params;
    while (p->key && strcmp(p->key, sc->axes[i].key))
      p++;
    int j = p->key && p->replaced_by ? find_axis(sc, p->replaced_by) : -1;
    snprintf(where, sizeof where, "%s:%d", sc->path, sc->axes[i].line);
    for (size_t v = 0; j >= 0 && v < sc->axes[j].nvalues && !rc; v++) {
      gn_kvlist pair = GN_KVLIST_INIT;
      if (gn_kv_set(&pair, sc->axes[i].key, sc->axes[i].values[0]) ||
          gn_kv_set(&pair, sc->axes[j].key, sc->axes[j].values[v]))
        rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      else
        rc = experiment_check_replaced(sc->kind, &pair, where, err);
      gn_kv_free(&pair);
    }
  }
  return rc;
}

/* Unknown names are reported at their own line, a missing required parameter at the `params` line, and
 * every value of every axis is type-checked by the kind with the other axes at their first value. */
static int check_axis_values(scenario *sc, const config_setting_t *params, gn_error *err) {
  const char *names[256] = {NULL};
  int n = 0;
  for (const experiment_param *p = sc->kind->params; p->key && n < 256; p++)
    names[n++] = p->key;
  for (size_t i = 0; i < sc->naxes; i++) {
    int known = 0;
    for (int k = 0; k < n; k++)
      known |= strcmp(names[k], sc->axes[i].key) == 0;
    const char *close = known ? NULL : gn_closest(sc->axes[i].key, names, n);
    if (!known)
      return gn_error_set(err, GN_EINPUT, sc->path, sc->axes[i].line, "unknown parameter '%s' for kind '%s'%s%s%s",
                          sc->axes[i].key, sc->kind->name, close ? " (did you mean '" : "", close ? close : "",
                          close ? "'?)" : "");
  }
  for (const experiment_param *p = sc->kind->params; p->key; p++) {
    int given = 0;
    for (size_t i = 0; i < sc->naxes; i++)
      given |= strcmp(p->key, sc->axes[i].key) == 0;
    if (!given && !p->default_value)
      return gn_error_set(err, GN_EINPUT, sc->path, config_setting_source_line(params),
                          "parameter '%s' is required for kind '%s' (%s)", p->key, sc->kind->name, p->help);
  }
  int rc = check_replaced_axes(sc, err);
  char where[1100];
  for (size_t i = 0; i < sc->naxes && !rc; i++)
    for (size_t v = 0; v < sc->axes[i].nvalues && !rc; v++) {
      gn_kvlist one = GN_KVLIST_INIT;
      for (size_t j = 0; j < sc->naxes && !rc; j++)
        if (gn_kv_set(&one, sc->axes[j].key, sc->axes[j].values[j == i ? v : 0]))
          rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
      snprintf(where, sizeof where, "%s:%d", sc->path, sc->axes[i].line);
      if (!rc)
        rc = experiment_check_params(sc->kind, &one, where, err);
      gn_kv_free(&one);
    }
  return rc;
}

static int axis_name_error(scenario *sc, const config_setting_t *s, const char *name, const char *what,
                           gn_error *err) {
  const char *names[256] = {NULL};
  int n = 0;
  for (size_t i = 0; i < sc->naxes && n < 256; i++)
    names[n++] = sc->axes[i].key;
  const char *close = gn_closest(name, names, n);
  if (close)
    return scenario_bad(err, sc, s, "%s: '%s' is not a parameter of this scenario (did you mean '%s'?)", what,
                        name, close);
  return scenario_bad(err, sc, s, "%s: '%s' is not a parameter of this scenario", what, name);
}

/* `together`: lock-step groups. Dimensions are numbered in axis order; a group takes its first member's. */
static int parse_together(scenario *sc, const config_setting_t *tog, gn_error *err) {
  int ngroups = 0;
  int single = tog && config_setting_type(tog) == CONFIG_TYPE_ARRAY;
  if (tog) {
    if (!single && config_setting_type(tog) != CONFIG_TYPE_LIST)
      return scenario_bad(err, sc, tog, "'together' must be a list of name lists, e.g. ( [\"a\", \"b\"] )");
    ngroups = single ? 1 : config_setting_length(tog);
  }
  int *group_of = malloc((sc->naxes + 1) * sizeof *group_of);
  if (!group_of)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t i = 0; i < sc->naxes; i++)
    group_of[i] = -1;
  int rc = GN_OK;
  for (int g = 0; g < ngroups && !rc; g++) {
    const config_setting_t *grp = single ? tog : config_setting_get_elem(tog, (unsigned)g);
    if (config_setting_type(grp) != CONFIG_TYPE_ARRAY || config_setting_length(grp) < 2) {
      rc = scenario_bad(err, sc, grp, "each 'together' group is a list of at least two parameter names");
      break;
    }
    int first = -1;
    for (int k = 0; k < config_setting_length(grp) && !rc; k++) {
      const config_setting_t *e = config_setting_get_elem(grp, (unsigned)k);
      const char *name = config_setting_get_string(e);
      if (!name) {
        rc = scenario_bad(err, sc, e, "'together' lists parameter names (strings)");
        break;
      }
      int a = find_axis(sc, name);
      if (a < 0)
        rc = axis_name_error(sc, e, name, "together", err);
      else if (group_of[a] >= 0)
        rc = scenario_bad(err, sc, e, "together: '%s' is already in a group", name);
      else if (first >= 0 && sc->axes[a].nvalues != sc->axes[first].nvalues)
        rc = scenario_bad(err, sc, e, "together: '%s' has %zu values but '%s' has %zu (lock-step axes need equal "
                          "lengths)", name, sc->axes[a].nvalues, sc->axes[first].key, sc->axes[first].nvalues);
      else {
        group_of[a] = g;
        if (first < 0)
          first = a;
      }
    }
  }
  if (!rc) {
    sc->dim_len = calloc(sc->naxes + 1, sizeof *sc->dim_len);
    if (!sc->dim_len)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  for (size_t i = 0; i < sc->naxes && !rc; i++) {
    if (sc->axes[i].dim >= 0)
      continue;
    int d = (int)sc->ndims++;
    sc->dim_len[d] = sc->axes[i].nvalues;
    for (size_t j = i; j < sc->naxes; j++)
      if (j == i || (group_of[i] >= 0 && group_of[j] == group_of[i]))
        sc->axes[j].dim = d;
  }
  free(group_of);
  return rc;
}

static int parse_seed_ignores(scenario *sc, const config_setting_t *s, gn_error *err) {
  if (!s)
    return GN_OK;
  if (config_setting_type(s) != CONFIG_TYPE_ARRAY)
    return scenario_bad(err, sc, s, "'seed_ignores' must be a list of parameter names");
  int n = config_setting_length(s);
  sc->seed_ignores = calloc((size_t)n + 1, sizeof *sc->seed_ignores);
  if (!sc->seed_ignores)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < n; i++) {
    const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
    const char *name = config_setting_get_string(e);
    if (!name)
      return scenario_bad(err, sc, e, "'seed_ignores' lists parameter names (strings)");
    if (find_axis(sc, name) < 0)
      return axis_name_error(sc, e, name, "seed_ignores", err);
    sc->seed_ignores[sc->nseed_ignores] = strdup(name);
    if (!sc->seed_ignores[sc->nseed_ignores++])
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  return GN_OK;
}

static int parse_params(scenario *sc, const config_setting_t *params, gn_error *err) {
  if (!params)
    return GN_OK;
  if (config_setting_type(params) != CONFIG_TYPE_GROUP)
    return scenario_bad(err, sc, params, "'params' must be a group: params = { key = value; ... };");
  for (int i = 0; i < config_setting_length(params); i++) {
    const config_setting_t *p = config_setting_get_elem(params, (unsigned)i);
    char **values;
    size_t n;
    int rc = scenario_values(sc, p, &values, &n, err);
    if (!rc)
      rc = scenario_add_axis(sc, config_setting_name(p), values, n, config_setting_source_line(p), err);
    if (rc)
      return rc;
  }
  return GN_OK;
}

static int parse_root(scenario *sc, const experiment_kind *const *kinds, config_t *cfg, gn_error *err) {
  const config_setting_t *root = config_root_setting(cfg);
  if (scenario_check_keys(err, sc, root, "setting", top_keys))
    return err->code;
  const config_setting_t *kind = config_setting_get_member(root, "kind");
  if (!kind)
    return gn_error_set(err, GN_EINPUT, sc->path, 1, "missing 'kind' (the experiment kind, e.g. kind = \"map\";)");
  sc->kind = find_kind(sc, kinds, kind, err);
  if (!sc->kind)
    return err->code;
  long long seed = 1, repeat = 1;
  int rc = get_string(sc, root, "output", &sc->output, err);
  if (!rc)
    rc = get_string(sc, root, "figures", &sc->figures, err);
  if (!rc)
    rc = get_string(sc, root, "reference", &sc->reference, err);
  if (!rc && sc->reference && sc->reference[0] != '/')
    rc = join_dir(sc->dir, &sc->reference, err);
  if (!rc)
    rc = get_int(sc, root, "seed", 0, SCENARIO_INT_MAX, &seed, err);
  if (!rc)
    rc = get_int(sc, root, "repeat", 1, SCENARIO_RUNS_MAX, &repeat, err);
  if (!rc)
    rc = set_defaults_for_paths(sc, err);
  sc->seed = (uint64_t)seed;
  sc->repeat = (long)repeat;
  const config_setting_t *graphs = config_setting_get_member(root, "graphs");
  if (!rc && graphs)
    rc = scenario_parse_graphs(sc, graphs, err);
  const config_setting_t *params = config_setting_get_member(root, "params");
  if (!rc)
    rc = parse_params(sc, params, err);
  if (!rc)
    rc = check_axis_values(sc, params ? params : kind, err);
  if (!rc)
    rc = parse_together(sc, config_setting_get_member(root, "together"), err);
  if (!rc)
    rc = scenario_check_run_count(sc, root, err);
  if (!rc)
    rc = parse_seed_ignores(sc, config_setting_get_member(root, "seed_ignores"), err);
  if (!rc)
    rc = scenario_check_combinations(sc, params ? params : root, err);
  const config_setting_t *plots = config_setting_get_member(root, "plots");
  if (!rc && plots)
    rc = scenario_parse_plots(sc, plots, err);
  const config_setting_t *pictures = config_setting_get_member(root, "pictures");
  if (!rc && pictures)
    rc = scenario_parse_pictures(sc, pictures, err);
  if (!rc)
    rc = scenario_parse_cluster(sc, root, err);
  return rc;
}

/* libconfig opens every `@include "FILE"` itself (fopen: a FIFO blocks it forever, a folder gives flex's bare
 * "input in flex scanner failed"): each named file, and the files it includes in turn (libconfig stops at 10
 * levels), is checked first as any input is, and the error names the @include line. */
static int check_includes(const char *text, const char *path, int depth, gn_error *err) {
  long line = 1;
  for (const char *p = text; *p; line++) {
    const char *end = strchr(p, '\n');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    const char *q = p + strspn(p, " \t");
    if ((size_t)(q - p) < n && strncmp(q, "@include", 8) == 0) {
      const char *open = memchr(q, '"', n - (size_t)(q - p));
      const char *close = open ? memchr(open + 1, '"', n - (size_t)(open + 1 - p)) : NULL;
      if (open && close) {
        char name[4096];
        snprintf(name, sizeof name, "%.*s", (int)(close - open - 1), open + 1);
        gn_error why = {0};
        char *inc = NULL;
        if (depth >= 10)
          return gn_error_set(err, GN_EINPUT, path, line, "@include nested more than 10 deep");
        if (gn_file_read_all(name, SCENARIO_FILE_MAX, &inc, NULL, &why)) {
          size_t nl = strlen(name);
          const char *what = strncmp(why.msg, name, nl) == 0 && why.msg[nl] == ':' ? why.msg + nl + 2 : why.msg;
          return gn_error_set(err, GN_EINPUT, path, line, "@include \"%s\": %s", name, what);
        }
        int rc = check_includes(inc, name, depth + 1, err);
        free(inc);
        if (rc)
          return rc;
      }
    }
    p += n + (end != NULL);
  }
  return GN_OK;
}

int scenario_parse(const char *text, const char *path, const experiment_kind *const *kinds, scenario *sc,
                   gn_error *err) {
  *sc = (scenario){0};
  sc->path = strdup(path);
  char *copy = strdup(path);
  sc->dir = copy ? strdup(dirname(copy)) : NULL;
  free(copy);
  if (!sc->path || !sc->dir) {
    scenario_free(sc);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  config_t cfg;
  config_init(&cfg);
  int rc;
  if (scenario_check_numbers(text, path, err) || check_includes(text, path, 0, err))
    rc = GN_EINPUT;
  else if (config_read_string(&cfg, text) != CONFIG_TRUE)
    rc = gn_error_set(err, GN_EINPUT, path, config_error_line(&cfg), "%s", config_error_text(&cfg));
  else
    rc = parse_root(sc, kinds, &cfg, err);
  config_destroy(&cfg);
  if (rc)
    scenario_free(sc);
  return rc;
}

int scenario_load(const char *path, scenario *sc, gn_error *err) {
  char *text;
  size_t len;
  int rc = gn_file_read_all(path, SCENARIO_FILE_MAX, &text, &len, err);
  if (rc)
    return rc;
  rc = scenario_parse(text, path, experiment_kinds, sc, err);
  free(text);
  return rc;
}

static void free_plot(scenario_plot *p) {
  char **fields[] = {&p->name,   &p->type,   &p->x,     &p->y,          &p->series, &p->facet,
                     &p->title,  &p->xlabel, &p->ylabel, &p->curve, &p->curve_title, &p->paired};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    free(*fields[i]);
  scenario_free_strings(p->where, p->nwhere);
}

void scenario_free(scenario *sc) {
  for (size_t i = 0; i < sc->naxes; i++) {
    free(sc->axes[i].key);
    scenario_free_strings(sc->axes[i].values, sc->axes[i].nvalues);
  }
  for (size_t i = 0; i < sc->nplots; i++)
    free_plot(&sc->plots[i]);
  scenario_free_strings(sc->seed_ignores, sc->nseed_ignores);
  scenario_free_strings(sc->simgrid_cfg, sc->nsimgrid_cfg);
  free(sc->sbatch);
  free(sc->axes);
  free(sc->dim_len);
  free(sc->plots);
  for (size_t i = 0; i < sc->npictures; i++)
    free(sc->pictures[i].name);
  free(sc->pictures);
  free(sc->path);
  free(sc->dir);
  free(sc->output);
  free(sc->figures);
  free(sc->reference);
  free(sc->graph_note);
  *sc = (scenario){0};
}
