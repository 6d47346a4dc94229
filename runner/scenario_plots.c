/* scenario_plots: the `plots` section: which tables and figures `gridnoc report` makes from the result CSV. */
#include "scenario_priv.h"

#include "gn_text.h"

#include <stdlib.h>
#include <string.h>

static const char *const plot_keys[] = {"name",  "type",   "x",      "y",    "series", "facet",
                                        "title", "xlabel", "ylabel", "logy", "where",  "diagonal", "free_y",
                                        "curve", "curve_title", "paired", NULL};

/* y must be a metric; x, series, facet and filters may be any column: a parameter, `rep`, or a metric
 * (e.g. the map kind's `tasks`, which generated graph specs only hold inside the `graph` string). */
static int check_column(const scenario *sc, const config_setting_t *s, const char *col, int metric,
                        gn_error *err) {
  const char *names[256] = {NULL};
  int n = 0;
  if (!metric) {
    for (const experiment_param *p = sc->kind->params; p->key && n < 255; p++)
      names[n++] = p->key;
    names[n++] = "rep";
  }
  for (int i = 0; sc->kind->metrics[i].name && n < 256; i++)
    names[n++] = sc->kind->metrics[i].name;
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], col) == 0)
      return GN_OK;
  const char *close = gn_closest(col, names, n);
  return scenario_bad(err, sc, s, "plot: '%s' is not a %s of kind '%s'%s%s%s", col,
                      metric ? "metric" : "column (parameter, rep or metric)", sc->kind->name, close ? " (did you mean '" : "",
                      close ? close : "", close ? "'?)" : "");
}

/* where = ["mapper=dpma", "stages=20"]: each a column and the value its rows must have. */
static int parse_where(scenario *sc, const config_setting_t *s, scenario_plot *p, gn_error *err) {
  char **values;
  size_t n;
  int rc = scenario_values(sc, s, &values, &n, err);
  if (rc)
    return rc;
  p->where = values;
  p->nwhere = n;
  for (size_t i = 0; i < n && !rc; i++) {
    char *eq = strchr(values[i], '=');
    if (!eq || eq == values[i])
      return scenario_bad(err, sc, s, "plot: where '%s' is not COLUMN=VALUE", values[i]);
    *eq = '\0';
    rc = check_column(sc, s, values[i], 0, err);
    *eq = '=';
  }
  return rc;
}

static int parse_plot(scenario *sc, const config_setting_t *g, scenario_plot *p, gn_error *err) {
  if (config_setting_type(g) != CONFIG_TYPE_GROUP)
    return scenario_bad(err, sc, g, "each plot is a group: { name = ...; type = ...; x = ...; y = ...; }");
  p->line = config_setting_source_line(g);
  /* The string keys' destinations, by their index in plot_keys (the boolean keys and `where` have none). */
  char **slots[] = {&p->name,   &p->type,  &p->x,     &p->y, &p->series, &p->facet, &p->title,
                    &p->xlabel, &p->ylabel, NULL,     NULL,  NULL,       NULL,      &p->curve, &p->curve_title,
                    &p->paired};
  for (int i = 0; i < config_setting_length(g); i++) {
    const config_setting_t *s = config_setting_get_elem(g, (unsigned)i);
    int k = 0;
    while (plot_keys[k] && strcmp(plot_keys[k], config_setting_name(s)))
      k++;
    if (!plot_keys[k])
      return scenario_unknown_key(err, sc, s, "plot key", plot_keys);
    if (strcmp(plot_keys[k], "where") == 0) {
      int rc = parse_where(sc, s, p, err);
      if (rc)
        return rc;
      continue;
    }
    if (strcmp(plot_keys[k], "logy") == 0 || strcmp(plot_keys[k], "diagonal") == 0 ||
        strcmp(plot_keys[k], "free_y") == 0) {
      if (config_setting_type(s) != CONFIG_TYPE_BOOL)
        return scenario_bad(err, sc, s, "plot: '%s' must be true or false", plot_keys[k]);
      *(plot_keys[k][0] == 'l' ? &p->logy : plot_keys[k][0] == 'd' ? &p->diagonal : &p->free_y) =
          config_setting_get_bool(s);
      continue;
    }
    const char *v = config_setting_get_string(s);
    if (!v || !v[0])
      return scenario_bad(err, sc, s, "plot: '%s' must be a non-empty string", plot_keys[k]);
    if (!(*slots[k] = strdup(v)))
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  if (!p->name || !p->type || !p->x || !p->y)
    return scenario_bad(err, sc, g, "plot: 'name', 'type', 'x' and 'y' are required");
  if (strspn(p->name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != strlen(p->name))
    return scenario_bad(err, sc, g, "plot: name '%s' may only hold letters, digits, '_' and '-' (it names files)",
                        p->name);
  /* A curve goes into the gnuplot script as written: numbers, x and arithmetic only (no function calls, no
   * strings, so nothing a scenario says can run a command). */
  if (p->curve && strspn(p->curve, "0123456789.eE+-*/() x") != strlen(p->curve))
    return scenario_bad(err, sc, g, "plot: curve '%s' may hold only numbers, x, + - * / and parentheses", p->curve);
  if (strcmp(p->type, "bars") && strcmp(p->type, "lines") && strcmp(p->type, "dots"))
    return scenario_bad(err, sc, g, "plot: type '%s' is not 'bars', 'lines' or 'dots'", p->type);
  int rc = check_column(sc, g, p->x, 0, err);
  if (!rc)
    rc = check_column(sc, g, p->y, 1, err);
  if (!rc && p->series)
    rc = check_column(sc, g, p->series, 0, err);
  if (!rc && p->facet)
    rc = check_column(sc, g, p->facet, 0, err);
  if (!rc && p->paired)
    rc = check_column(sc, g, p->paired, 0, err);
  if (!rc && p->paired && !p->series)
    rc = scenario_bad(err, sc, g, "plot: 'paired' compares the series: it needs a 'series'");
  return rc;
}

int scenario_parse_plots(scenario *sc, const config_setting_t *plots, gn_error *err) {
  if (config_setting_type(plots) != CONFIG_TYPE_LIST)
    return scenario_bad(err, sc, plots, "'plots' must be a list of groups: plots = ( { ... }, { ... } );");
  int n = config_setting_length(plots);
  sc->plots = calloc((size_t)n + 1, sizeof *sc->plots);
  if (!sc->plots)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < n; i++) {
    sc->nplots++;
    int rc = parse_plot(sc, config_setting_get_elem(plots, (unsigned)i), &sc->plots[i], err);
    if (rc)
      return rc;
    for (int j = 0; j < i; j++)
      if (strcmp(sc->plots[j].name, sc->plots[i].name) == 0)
        return scenario_bad(err, sc, config_setting_get_elem(plots, (unsigned)i), "plot name '%s' is used twice",
                            sc->plots[i].name);
  }
  return GN_OK;
}
