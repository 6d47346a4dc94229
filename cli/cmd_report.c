/* cmd_report: `gridnoc report CSV|SCENARIO`: grouped statistics as Markdown tables, and the scenario's
 * `plots` as gnuplot figures (SVG + PNG). */
#include "aggregate.h"
#include "cli.h"
#include "commands.h"
#include "figure.h"
#include "gn_file.h"
#include "mdtable.h"
#include "plot.h"
#include "runner.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: gridnoc report SCENARIO [--csv CSV] [--out DIR]\n"
    "       gridnoc report CSV [--by COL,COL...] [--metric COL,COL...]\n"
    "With a scenario: for every entry of its `plots` section, groups the result rows by facet, x and series,\n"
    "and writes DIR/NAME.md (mean, sd, 95 % CI per group), DIR/NAME.gp, DIR/NAME.svg and DIR/NAME.png\n"
    "(DIR: the scenario's `figures`, default the output CSV's directory).\n"
    "With a CSV: prints Markdown tables of every metric (or --metric ones) grouped by the parameters that\n"
    "vary (or --by ones).\n";

/* Comma-separated list, split in place. */
static size_t split(char *text, const char **out, size_t max) {
  size_t n = 0;
  for (char *tok = strtok(text, ","); tok && n < max; tok = strtok(NULL, ","))
    out[n++] = tok;
  return n;
}

/* Parameter columns lie between `run` and `rep`, metrics between `seed` and `version` (runner.h). */
static int column_ranges(const csvtab *t, const char *name, int *p0, int *p1, int *m0, int *m1, gn_error *err) {
  *p0 = 1;
  *p1 = csvtab_col(t, "rep");
  *m0 = csvtab_col(t, "seed") + 1;
  *m1 = csvtab_col(t, "version");
  if (csvtab_col(t, "run") != 0 || *p1 < 0 || *m0 != *p1 + 2 || *m1 < *m0)
    return gn_error_set(err, GN_EINPUT, name, 1, "not a gridnoc result CSV (run, parameters, rep, seed, metrics, "
                        "version)");
  return GN_OK;
}

static int varies(const csvtab *t, int c) {
  for (size_t r = 1; r < t->nrows; r++)
    if (strcmp(t->rows[r][c], t->rows[0][c]))
      return 1;
  return 0;
}

static int report_csv(const char *path, char *by, char *metric, gn_error *err) {
  csvtab t = CSVTAB_INIT;
  int rc = csvtab_read(path, &t, err);
  if (rc) {
    csvtab_free(&t);
    return rc;
  }
  int p0, p1, m0, m1;
  rc = column_ranges(&t, path, &p0, &p1, &m0, &m1, err);
  const char *keys[64], *metrics[64];
  size_t nkeys = 0, nmetrics = 0;
  if (by)
    nkeys = split(by, keys, 64);
  else
    for (int c = p0; !rc && c < p1 && nkeys < 64; c++)
      if (varies(&t, c))
        keys[nkeys++] = t.header[c];
  if (metric)
    nmetrics = split(metric, metrics, 64);
  else
    for (int c = m0; !rc && c < m1 && nmetrics < 64; c++)
      metrics[nmetrics++] = t.header[c];
  for (size_t m = 0; m < nmetrics && !rc; m++) {
    aggregate a;
    rc = aggregate_build(&t, path, keys, nkeys, metrics[m], &a, err);
    if (rc)
      break;
    strbuf b = STRBUF_INIT;
    strbuf_addf(&b, "%s### %s\n\n", m ? "\n" : "", metrics[m]);
    mdtable_aggregate(&a, &b);
    fputs(strbuf_str(&b), stdout);
    strbuf_free(&b);
    aggregate_free(&a);
  }
  csvtab_free(&t);
  return rc;
}

/* The rows matching every `where` filter, as a view sharing t's strings (free only view->rows, lines). */
static int filter_rows(const scenario_plot *p, const csvtab *t, const char *csv, csvtab *view, gn_error *err) {
  *view = *t;
  view->rows = malloc((t->nrows + 1) * sizeof *view->rows);
  view->lines = malloc((t->nrows + 1) * sizeof *view->lines);
  view->nrows = 0;
  if (!view->rows || !view->lines)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (size_t r = 0; r < t->nrows; r++) {
    int keep = 1;
    for (size_t w = 0; w < p->nwhere && keep; w++) {
      const char *eq = strchr(p->where[w], '=');
      char col[256];
      snprintf(col, sizeof col, "%.*s", (int)(eq - p->where[w]), p->where[w]);
      int c = csvtab_col(t, col);
      if (c < 0)
        return gn_error_set(err, GN_EINPUT, csv, 1, "no column '%s' (plot %s, where)", col, p->name);
      keep = strcmp(t->rows[r][c], eq + 1) == 0;
    }
    if (keep) {
      view->lines[view->nrows] = t->lines[r];
      view->rows[view->nrows++] = t->rows[r];
    }
  }
  if (view->nrows == 0)
    return gn_error_set(err, GN_EINPUT, csv, 0, "plot %s: no row matches its `where`", p->name);
  return GN_OK;
}

static int draw_plot(const scenario *sc, const scenario_plot *p, const csvtab *t, const char *csv,
                     const char *dir, gn_error *err) {
  const char *keys[3];
  size_t nkeys = 0;
  if (p->facet)
    keys[nkeys++] = p->facet;
  keys[nkeys++] = p->x;
  if (p->series)
    keys[nkeys++] = p->series;
  aggregate a;
  int rc = aggregate_build(t, csv, keys, nkeys, p->y, &a, err);
  if (rc)
    return rc;
  plot_spec spec = {p->type, p->x, p->y, p->series, p->facet, p->title, p->xlabel, p->ylabel, p->logy, p->diagonal};
  strbuf script = STRBUF_INIT, md = STRBUF_INIT;
  rc = plot_script(&a, &spec, &script, err);
  char base[4096];
  snprintf(base, sizeof base, "%s/%s", dir, p->name);
  if (!rc)
    rc = figure_render(strbuf_str(&script), base, err);
  if (!rc) {
    strbuf_addf(&md, "## %s\n\nFrom `%s` (scenario `%s`), %zu rows", p->title ? p->title : p->name, csv, sc->path,
                t->nrows);
    for (size_t w = 0; w < p->nwhere; w++)
      strbuf_addf(&md, "%s`%s`", w ? ", " : " with ", p->where[w]);
    strbuf_addf(&md, "; mean and 95 %% CI (Student t) per group.\n\n![%s](%s.svg)\n\n", p->name, p->name);
    mdtable_aggregate(&a, &md);
    char path[4200];
    snprintf(path, sizeof path, "%s.md", base);
    rc = md.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                : gn_file_write_atomic(path, strbuf_str(&md), md.len, err);
  }
  if (!rc)
    printf("%s.md %s.svg %s.png\n", base, base, base);
  strbuf_free(&script);
  strbuf_free(&md);
  aggregate_free(&a);
  return rc;
}

static int report_plot(const scenario *sc, const scenario_plot *p, const csvtab *all, const char *csv,
                       const char *dir, gn_error *err) {
  csvtab view;
  int rc = filter_rows(p, all, csv, &view, err);
  if (!rc)
    rc = draw_plot(sc, p, &view, csv, dir, err);
  free(view.rows);
  free(view.lines);
  return rc;
}

static int report_scenario(const char *path, const char *csv_override, const char *out_override, gn_error *err) {
  scenario sc;
  int rc = scenario_load(path, &sc, err);
  if (rc)
    return rc;
  const char *csv = csv_override ? csv_override : sc.output;
  const char *dir = out_override ? out_override : sc.figures;
  csvtab t = CSVTAB_INIT;
  rc = csvtab_read(csv, &t, err);
  if (!rc && !sc.nplots)
    rc = gn_error_set(err, GN_EINPUT, path, 0, "no `plots` section (for plain tables: gridnoc report %s)", csv);
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/", dir);
  if (!rc)
    rc = runner_make_parent_dirs(probe, err);
  for (size_t i = 0; i < sc.nplots && !rc; i++)
    rc = report_plot(&sc, &sc.plots[i], &t, csv, dir, err);
  csvtab_free(&t);
  scenario_free(&sc);
  return rc;
}

int cmd_report(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("%s", usage);
    return 0;
  }
  const char *input = NULL, *csv = NULL, *out = NULL;
  char *by = NULL, *metric = NULL;
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (o[0] == '-' && o[1] && i + 1 >= argc)
      return cli_usage_error("report", "%s needs a value", o);
    if (strcmp(o, "--csv") == 0)
      csv = argv[++i];
    else if (strcmp(o, "--out") == 0)
      out = argv[++i];
    else if (strcmp(o, "--by") == 0)
      by = argv[++i];
    else if (strcmp(o, "--metric") == 0)
      metric = argv[++i];
    else if (o[0] == '-' && o[1])
      return cli_usage_error("report", "unknown option '%s' (see gridnoc report --help)", o);
    else if (input)
      return cli_usage_error("report", "one input at a time");
    else
      input = o;
  }
  if (!input)
    return cli_usage_error("report", "no CSV or scenario given (see gridnoc report --help)");
  size_t len = strlen(input);
  int is_csv = len > 4 && strcmp(input + len - 4, ".csv") == 0;
  gn_error err = {0};
  int rc = is_csv ? report_csv(input, by, metric, &err) : report_scenario(input, csv, out, &err);
  return rc ? cli_report(&err) : 0;
}
