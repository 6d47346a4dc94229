/* cmd_report: `gridnoc report CSV|SCENARIO`: a CSV's tables (report_csv.c), or the scenario's `plots` as tables
 * and gnuplot figures (SVG, PNG, PDF) and its `pictures` (report_pictures.c). */
#include "aggregate.h"
#include "cli.h"
#include "csvdiff.h"
#include "experiment.h"
#include "commands.h"
#include "figure.h"
#include "gn_file.h"
#include "mdtable.h"
#include "paired.h"
#include "plot.h"
#include "report_csv.h"
#include "report_design.h"
#include "report_pictures.h"
#include "runner_csv.h"
#include "scenario.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: gridnoc report SCENARIO [--csv CSV | --reference] [--out DIR]\n"
    "       gridnoc report CSV [--by COL,COL...] [--metric COL,COL...] [--where COL=VALUE]...\n"
    "       gridnoc report CSV|SCENARIO --against REF\n"
    "With a scenario: for every entry of its `plots` section, groups the result rows by facet, x and series,\n"
    "and writes DIR/NAME.md (n, centre, sd, 95 % interval per group; paired differences where the scenario's\n"
    "seed_ignores makes the series share their random numbers), DIR/NAME.gp, .svg, .png and .pdf; then draws\n"
    "its `pictures` (DIR/NAME-chip, -timeline, -ring as .svg and .png). DIR: the scenario's `figures`.\n"
    "With a CSV: prints Markdown tables of every numeric metric (or --metric ones) grouped by the parameters\n"
    "the sweep varies, `graph` aside (or --by ones); other columns are listed, usable with --by.\n"
    "Either way n counts distinct replicates (identical repeated runs count once); a centre is a mean, a\n"
    "geometric mean for ratios, a proportion with a Wilson interval for 0/1 metrics; averaging over a swept\n"
    "parameter the grouping leaves out is said in a note and on stderr.\n"
    "  --csv CSV       the scenario's results are in CSV (default: its `output`)\n"
    "  --reference     draw the scenario's committed reference CSV (its `reference`), figures beside it\n"
    "  --out DIR       write the scenario's tables and figures into DIR (default: its `figures`)\n"
    "  --where COL=V   summarise only the rows whose column COL holds V (repeatable: every one must match)\n"
    "  --against REF   compare the CSV (a scenario: its output) with REF, run by run, cell by cell, `version`\n"
    "                  aside, and list the differences; exit status 0 the same, 1 different\n";

static int ignores_seed(const scenario *sc, const char *column) {
  for (size_t i = 0; column && i < sc->nseed_ignores; i++)
    if (strcmp(sc->seed_ignores[i], column) == 0)
      return 1;
  return 0;
}

/* The Markdown page of one plot: where its numbers come from, what they count, the table, paired differences. */
static int plot_page(const scenario *sc, const scenario_plot *p, const csvtab *view, const replicates *reps,
                     const aggregate *a, const char *csv, const char *hidden, strbuf *md, gn_error *err) {
  strbuf_addf(md, "## %s\n\nFrom `%s` (scenario `%s`), %zu rows", p->title ? p->title : p->name, csv, sc->path,
              reps->rows);
  for (size_t w = 0; w < p->nwhere; w++)
    strbuf_addf(md, "%s`%s`", w ? ", " : " with ", p->where[w]);
  strbuf_addf(md, "; %s per group.\n\n", stats_method_note(a->method));
  report_replicate_notes(reps, NULL, 0, md);
  if (hidden[0])
    strbuf_addf(md, "**Averages over** %s, which the figure neither shows nor names.\n\n", hidden);
  strbuf_addf(md, "![%s](%s.svg) ([PDF](%s.pdf))\n\n", p->name, p->name, p->name);
  mdtable_aggregate(a, md);
  if (!p->series || (!p->paired && !ignores_seed(sc, p->series)))
    return GN_OK;
  const char *cell[2];
  size_t ncell = 0;
  if (p->facet)
    cell[ncell++] = p->facet;
  cell[ncell++] = p->x;
  if (p->paired) { /* a per-unit design: each unit (graph) is its own control */
    strbuf_addf(md, "\nPaired differences: every `%s` ran under each %s, so each run is compared with the same "
                    "`%s` (and repetition) under the first %s; Student-t 95 %% interval of the differences.\n\n",
                p->paired, p->series, p->paired, p->series);
    const char *match[] = {p->paired, "rep"};
    return paired_table_by(view, csv, cell, ncell, p->series, p->y, match, 2, md, err);
  }
  strbuf_addf(md, "\nPaired differences: the runs of one repetition share their random numbers across `%s` "
                  "(seed_ignores), so each is compared with its partner of the first %s; Student-t 95 %% "
                  "interval of the differences.\n\n", p->series, p->series);
  return paired_table(view, csv, cell, ncell, p->series, p->y, md, err);
}

static int draw_plot(const scenario *sc, const scenario_plot *p, const csvtab *all, const char *csv,
                     const char *dir, gn_error *err) {
  csvtab rows = CSVTAB_INIT, view = CSVTAB_INIT;
  report_layout L;
  replicates reps;
  const char *keys[3];
  size_t nkeys = 0;
  if (p->facet)
    keys[nkeys++] = p->facet;
  keys[nkeys++] = p->x;
  if (p->series)
    keys[nkeys++] = p->series;
  report_layout_of(all, &L);
  aggregate a = {0};
  strbuf script = STRBUF_INIT, md = STRBUF_INIT, hidden = STRBUF_INIT;
  char what[300];
  snprintf(what, sizeof what, "plot %s", p->name);
  int rc = report_filter_rows(all, (const char *const *)p->where, p->nwhere, csv, what, &rows, err);
  if (!rc)
    rc = replicates_distinct(&rows, L.p0, L.p1, L.m0, L.m1, L.rep, &view, &reps, err);
  if (!rc && report_hidden_params(&view, &L, keys, nkeys, &hidden))
    fprintf(stderr, "gridnoc report: warning: plot %s averages over %s, which it neither shows nor names (add a "
                    "series, facet or where)\n", p->name, strbuf_str(&hidden));
  if (!rc)
    rc = aggregate_build(&view, csv, keys, nkeys, p->y, experiment_metric_find, &a, err);
  plot_spec spec = {p->type,   p->x,      p->y,    p->series,   p->facet,  p->title,
                    p->xlabel, p->ylabel, p->logy, p->diagonal, p->free_y, experiment_metric_find,
                    p->curve,  p->curve_title};
  if (!rc)
    rc = plot_script(&a, &spec, &script, err);
  char base[4096];
  snprintf(base, sizeof base, "%s/%s", dir, p->name);
  if (!rc)
    rc = figure_render(strbuf_str(&script), base, err);
  if (!rc)
    rc = plot_page(sc, p, &view, &reps, &a, csv, strbuf_str(&hidden), &md, err);
  if (!rc) {
    char path[4200];
    snprintf(path, sizeof path, "%s.md", base);
    rc = md.oom ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                : gn_file_write_atomic(path, strbuf_str(&md), md.len, err);
    for (int k = 0; rc && k < 4; k++) { /* the figure's files without its table: none of them (a full disk) */
      snprintf(path, sizeof path, "%s.%s", base, (const char *[]){"gp", "svg", "png", "pdf"}[k]);
      gn_file_remove_output(path);
    }
  }
  if (!rc)
    printf("%s.md %s.svg %s.png %s.pdf\n", base, base, base, base);
  strbuf_free(&script);
  strbuf_free(&md);
  strbuf_free(&hidden);
  aggregate_free(&a);
  replicates_view_free(&view);
  free(rows.rows);
  free(rows.lines);
  return rc;
}

/* A fresh CSV against its reference: the differences listed on stdout; *differ set when there are some. */
static int report_against(const char *csv, const char *ref, int *differ, gn_error *err) {
  csvtab f = CSVTAB_INIT, r = CSVTAB_INIT;
  int rc = csvtab_read(csv, &f, err);
  if (!rc)
    rc = csvtab_read(ref, &r, err);
  if (!rc) {
    strbuf b = STRBUF_INIT;
    size_t n = csvdiff(&f, &r, 200, &b);
    if (n)
      printf("%s against %s: %zu difference%s\n%s", csv, ref, n, n == 1 ? "" : "s", strbuf_str(&b));
    else
      printf("%s against %s: the same %zu rows (version column aside)\n", csv, ref, f.nrows);
    *differ = n > 0;
    strbuf_free(&b);
  }
  csvtab_free(&f);
  csvtab_free(&r);
  return rc;
}

static int report_scenario(const char *path, const char *csv_override, const char *out_override, int reference,
                           const char *against, int *differ, gn_error *err) {
  scenario sc;
  int rc = scenario_load(path, &sc, err);
  if (rc)
    return rc;
  if (reference && !sc.reference) {
    scenario_free(&sc);
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: --reference: the scenario names no `reference` CSV", path);
  }
  const char *csv = csv_override ? csv_override : reference ? sc.reference : sc.output;
  if (against) {
    rc = report_against(csv, against, differ, err);
    scenario_free(&sc);
    return rc;
  }
  char *ref_dir = NULL;
  if (reference && !out_override) {
    char *copy = strdup(sc.reference);
    ref_dir = copy ? strdup(dirname(copy)) : NULL;
    free(copy);
    if (!ref_dir) {
      scenario_free(&sc);
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    }
  }
  const char *dir = out_override ? out_override : ref_dir ? ref_dir : sc.figures;
  if (!*dir) {
    scenario_free(&sc);
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--out: an empty folder name");
  }
  csvtab t = CSVTAB_INIT;
  rc = csvtab_read(csv, &t, err);
  if (!rc && !sc.nplots && !sc.npictures)
    rc = gn_error_set(err, GN_EINPUT, path, 0, "no `plots` or `pictures` section (for plain tables: gridnoc report "
                      "%s)", csv);
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/", dir);
  if (!rc)
    rc = runner_make_parent_dirs(probe, err);
  if (!rc) {
    /* Said once for the scenario, not once per plot. */
    report_layout L;
    replicates reps;
    csvtab view;
    report_layout_of(&t, &L);
    strbuf ignored = STRBUF_INIT;
    rc = replicates_distinct(&t, L.p0, L.p1, L.m0, L.m1, L.rep, &view, &reps, err);
    report_replicate_notes(&reps, "gridnoc report", 1, &ignored);
    strbuf_free(&ignored);
    replicates_view_free(&view);
  }
  for (size_t i = 0; i < sc.nplots && !rc; i++)
    rc = draw_plot(&sc, &sc.plots[i], &t, csv, dir, err);
  for (size_t i = 0; i < sc.npictures && !rc; i++)
    rc = report_picture(&sc, &sc.pictures[i], dir, err);
  csvtab_free(&t);
  free(ref_dir);
  scenario_free(&sc);
  return rc;
}

int cmd_report(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("%s", usage);
    return 0;
  }
  const char *input = NULL, *csv = NULL, *out = NULL, *against = NULL;
  const char *where[64];
  size_t nwhere = 0;
  int reference = 0;
  char *by = NULL, *metric = NULL;
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    static const char *const known[] = {"--csv",   "--out",       "--by",  "--metric", "--where",
                                        "--against", "--reference", "--help", NULL};
    int is_known = 0;
    for (int k = 0; known[k]; k++)
      is_known |= strcmp(o, known[k]) == 0;
    if (o[0] == '-' && o[1] && !is_known)
      return cli_unknown_option("report", o, known);
    if (strcmp(o, "--reference") == 0) {
      reference = 1;
      continue;
    }
    if (o[0] == '-' && o[1] && i + 1 >= argc)
      return cli_usage_error("report", "%s needs a value", o);
    gn_error err = {0};
    if (o[0] == '-' && o[1] && cli_option_once(&seen, o, o, argv[i + 1], &err))
      return cli_usage_error("report", "%s", err.msg);
    if (strcmp(o, "--csv") == 0)
      csv = argv[++i];
    else if (strcmp(o, "--out") == 0)
      out = argv[++i];
    else if (strcmp(o, "--by") == 0)
      by = argv[++i];
    else if (strcmp(o, "--metric") == 0)
      metric = argv[++i];
    else if (strcmp(o, "--against") == 0)
      against = argv[++i];
    else if (strcmp(o, "--where") == 0 && nwhere >= 64)
      return cli_usage_error("report", "--where: at most 64");
    else if (strcmp(o, "--where") == 0)
      where[nwhere++] = argv[++i];
    else if (o[0] == '-' && o[1])
      return cli_usage_error("report", "unknown option '%s' (see gridnoc report --help)", o);
    else if (input)
      return cli_usage_error("report", "one input at a time");
    else
      input = o;
  }
  if (!input)
    return cli_usage_error("report", "no CSV or scenario given (see gridnoc report --help)");
  if ((by && strspn(by, ", ") == strlen(by)) || (metric && strspn(metric, ", ") == strlen(metric)))
    return cli_usage_error("report", "%s: an empty list of columns", by && strspn(by, ", ") == strlen(by) ? "--by"
                                                                                                   : "--metric");
  size_t len = strlen(input);
  int is_csv = len > 4 && strcmp(input + len - 4, ".csv") == 0;
  if (!is_csv && (by || metric || nwhere))
    return cli_usage_error("report", "%s applies to a CSV; a scenario's plots choose their grouping (x, series, "
                           "facet), metric (y) and rows (where)", by ? "--by" : metric ? "--metric" : "--where");
  if (is_csv && (csv || out || reference))
    return cli_usage_error("report", "%s applies to a scenario; a CSV's tables go to standard output",
                           csv ? "--csv" : out ? "--out" : "--reference");
  if (csv && reference)
    return cli_usage_error("report", "--csv and --reference exclude each other");
  if (against && (by || metric || nwhere || out))
    return cli_usage_error("report", "--against compares two CSVs: --by, --metric, --where and --out do not apply");
  gn_error err = {0};
  int differ = 0;
  int rc = is_csv && against ? report_against(input, against, &differ, &err)
           : is_csv          ? report_csv(input, by, metric, where, nwhere, &err)
                             : report_scenario(input, csv, out, reference, against, &differ, &err);
  return rc ? cli_report(&err) : differ;
}
