/* The kinds' parameter tables as the one declaration of each parameter: the command-line options derived from them,
 * their ranges checked where a scenario or a command line is read, and the grid's typed reading of its bag. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../examples/param_row.c"

#include "cli.h"
#include "experiment.h"
#include "grid_params.h"
#include "metric_info.h"
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *option_of(const experiment_kind *kind, const char *key, char *buf) {
  for (const experiment_param *p = kind->params; p->key; p++)
    if (strcmp(p->key, key) == 0)
      return experiment_param_option(p, buf, 64);
  return NULL;
}

static void options_are_derived_from_keys(void **state) {
  (void)state;
  char buf[64];
  assert_string_equal(option_of(&experiment_pipeline, "link_sharing", buf), "--link-sharing");
  assert_string_equal(option_of(&experiment_grid, "heartbeat_transport", buf), "--heartbeat-transport");
  assert_string_equal(option_of(&experiment_grid, "n", buf), "--n");
  /* spelled in the row: the short options of old */
  assert_string_equal(option_of(&experiment_pipeline, "stages", buf), "-n");
  assert_string_equal(option_of(&experiment_map, "mapper", buf), "-m");
  /* and back: an option (or an alias) finds its row; the operand GRAPH and unknown spellings find none */
  assert_string_equal(experiment_param_by_option(experiment_pipeline.params, "--link-sharing")->key, "link_sharing");
  assert_string_equal(experiment_param_by_option(experiment_map.params, "--stages")->key, "stages");
  assert_string_equal(experiment_param_by_option(experiment_map.params, "-n")->key, "stages");
  assert_null(experiment_param_by_option(experiment_pipeline.params, "--stages")); /* pipeline: -n only */
  assert_null(experiment_param_by_option(experiment_pipeline.params, "--graph"));
  assert_null(experiment_param_by_option(experiment_pipeline.params, "--link_sharing"));
}

/* No two rows of a kind share a spelling, and every row but the operand is an option. */
static void every_option_is_unique(void **state) {
  (void)state;
  for (int k = 0; experiment_kinds[k]; k++) {
    const experiment_param *rows[128];
    int n = experiment_param_options(experiment_kinds[k]->params, rows, 128), total = 0;
    for (const experiment_param *p = experiment_kinds[k]->params; p->key; p++)
      total += !(p->flags & EXP_POSITIONAL);
    assert_int_equal(n, total);
    for (int i = 0; i < n; i++) {
      char a[64];
      experiment_param_option(rows[i], a, sizeof a);
      assert_ptr_equal(experiment_param_by_option(experiment_kinds[k]->params, a), rows[i]);
      for (int j = 0; j < i; j++)
        assert_ptr_not_equal(rows[i], rows[j]);
    }
  }
}

/* `gridnoc pipeline --help` lists the chip and the mapping first (rank), the rest in the table's (CSV) order. */
static void help_order_follows_rank(void **state) {
  (void)state;
  const experiment_param *rows[64];
  int n = experiment_param_options(experiment_pipeline.params, rows, 64);
  const char *want[] = {"chip",          "platform",      "stages",   "mapper",       "mapper_options",
                        "binding",       "link_sharing",  "hop_cost", "broken",       "speed_spread",
                        "ports",         "port_bw",       "port_latency", "router_cycles", "message_cycles",
                        "comm_factor",   "time_unit",     "items",    "warmup",       "buffer",
                        "fail",          "loss",          "heartbeat", "timeout_beats", "target"};
  assert_int_equal(n, (int)(sizeof want / sizeof *want));
  for (int i = 0; i < n; i++)
    assert_string_equal(rows[i]->key, want[i]);
}

/* A row's range is checked with the scenario's place and the parameter's name (the ceilings of
 * docs/hardening.md); the bounds themselves pass. */
static void ranges_come_from_the_rows(void **state) {
  (void)state;
  gn_kvlist kv = GN_KVLIST_INIT;
  gn_error err = {0};
  assert_int_equal(gn_kv_set(&kv, "graph", "gen:tasks=10"), 0);
  assert_int_equal(gn_kv_set(&kv, "stages", "2"), 0);
  assert_int_equal(gn_kv_set(&kv, "items", "1"), 0);
  assert_int_equal(experiment_check_params(&experiment_pipeline, &kv, "s.cfg:7", &err), GN_EINPUT);
  assert_string_equal(err.msg, "s.cfg:7: parameter 'items' must be in 2..1e+06, got '1'");
  assert_int_equal(gn_kv_set(&kv, "items", "1000000"), 0);
  assert_int_equal(experiment_check_params(&experiment_pipeline, &kv, "s.cfg:7", &err), GN_OK);
  gn_kv_free(&kv);
  gn_kvlist g = GN_KVLIST_INIT;
  assert_int_equal(gn_kv_set(&g, "switch_latency", "-2"), 0);
  assert_int_equal(experiment_check_params(&experiment_grid, &g, "s.cfg:3", &err), GN_EINPUT);
  assert_string_equal(err.msg, "s.cfg:3: parameter 'switch_latency' must be in -1..1e+06, got '-2'");
  gn_kv_free(&g);
}

/* The grid's bag is read once into its struct: defaults as the table gives them, booleans as truth values; a
 * missing or mistyped key names the parameter. */
static void grid_bag_read_once(void **state) {
  (void)state;
  gn_kvlist kv = GN_KVLIST_INIT;
  gn_error err = {0};
  grid_params p;
  assert_int_equal(gn_kv_set(&kv, "n", "400"), 0);
  assert_int_equal(gn_kv_set(&kv, "master_failures", "true"), 0);
  assert_int_equal(experiment_check_params(&experiment_grid, &kv, "x", &err), GN_OK);
  assert_int_equal(grid_params_read(&kv, &p, &err), GN_OK);
  assert_true(p.n == 400 && p.iterations == 1000 && p.heartbeat == 1 && p.switch_latency == -1);
  assert_true(p.master_failures == 1 && p.reference == 1);
  assert_string_equal(p.preset, "patent");
  assert_string_equal(p.network, "LV08");
  assert_string_equal(grid_params_failure_spec(&p), "none");
  assert_int_equal(gn_kv_set(&kv, "period", "2"), 0);
  assert_int_equal(grid_params_read(&kv, &p, &err), GN_OK);
  assert_string_equal(grid_params_failure_spec(&p), "weibull:nd07cpu");
  assert_int_equal(gn_kv_set(&kv, "alpha", "half"), 0);
  assert_int_equal(grid_params_read(&kv, &p, &err), GN_EINPUT);
  assert_string_equal(err.msg, "parameter 'alpha' must be a number, got 'half'");
  gn_kv_free(&kv);
  gn_kvlist empty = GN_KVLIST_INIT;
  assert_int_equal(grid_params_read(&empty, &p, &err), GN_EINPUT);
  assert_string_equal(err.msg, "parameter 'preset' is missing");
}

/* The grid kind's check_run refuses, before any run, what the set-up would refuse run by run, with the set-up's
 * message naming the parameter (a scenario adds its line and the run). */
static void grid_values_checked_before_runs(void **state) {
  (void)state;
  static const struct {
    const char *key, *value, *msg;
  } bad[] = {
      {"shape", "ring", "shape must be cascade or star, got 'ring'"},
      {"weights", "0,0,0", "at least one of cpu,mem,io must be positive"},
      {"mode", "exact", "mode must be model or real, got 'exact'"},
      {"l2", "0.1", "thresholds need 0 < l1 < l2 < l3 < 1"},
      {"network", "LV", "network must be LV08 or CM02, got 'LV'"},
      {"period", "5", "unknown time period '5'"},
      {"n", "100000", "n x iterations = 100000 x 1000 is over the ceiling of 2.5e+07"},
      {"platform", "p.xml", NULL}, /* with nodes = 4 below: "nodes does not apply ..." */
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    gn_kvlist kv = GN_KVLIST_INIT;
    gn_error err = {0};
    assert_int_equal(gn_kv_set(&kv, bad[i].key, bad[i].value), 0);
    if (!bad[i].msg)
      assert_int_equal(gn_kv_set(&kv, "nodes", "4"), 0);
    assert_int_equal(experiment_fill_defaults(&experiment_grid, &kv, "x", &err), GN_OK);
    assert_int_equal(experiment_grid.check_run(&kv, &err), GN_EINPUT);
    if (bad[i].msg)
      assert_non_null(strstr(err.msg, bad[i].msg));
    else
      assert_string_equal(err.msg, "nodes does not apply with a platform file (p.xml gives the clusters, nodes and "
                                   "links): drop it");
    gn_kv_free(&kv);
  }
  gn_kvlist ok = GN_KVLIST_INIT;
  gn_error err = {0};
  assert_int_equal(experiment_fill_defaults(&experiment_grid, &ok, "x", &err), GN_OK);
  assert_int_equal(experiment_grid.check_run(&ok, &err), GN_OK);
  gn_kv_free(&ok);
}

/* docs/extending.md's worked example, one row appended to the pipeline's table: a scenario key with its default,
 * range-checked at the scenario's line, an option of the command (found by its derived spelling, with a --help
 * line) and a CSV column in table order (the header reads the table). */
static void one_row_adds_a_parameter(void **state) {
  (void)state;
  int n = 0;
  while (experiment_pipeline.params[n].key)
    n++;
  experiment_param *rows = calloc((size_t)n + 2, sizeof *rows);
  assert_non_null(rows);
  memcpy(rows, experiment_pipeline.params, (size_t)n * sizeof *rows);
  rows[n] = link_budget_row;
  experiment_kind kind = experiment_pipeline;
  kind.params = rows;
  gn_kvlist kv = GN_KVLIST_INIT;
  gn_error err = {0};
  assert_int_equal(gn_kv_set(&kv, "graph", "gen:tasks=10"), 0);
  assert_int_equal(gn_kv_set(&kv, "stages", "2"), 0);
  assert_int_equal(experiment_check_params(&kind, &kv, "s.cfg:4", &err), GN_OK);
  assert_string_equal(gn_kv_get(&kv, "link_budget"), "0");
  assert_int_equal(gn_kv_set(&kv, "link_budget", "-1"), 0);
  assert_int_equal(experiment_check_params(&kind, &kv, "s.cfg:4", &err), GN_EINPUT);
  assert_string_equal(err.msg, "s.cfg:4: parameter 'link_budget' must be in 0..1e+06, got '-1'");
  assert_ptr_equal(experiment_param_by_option(rows, "--link-budget"), &rows[n]);
  const char *known[128];
  cli_known_options(rows, NULL, known, 128);
  int found = 0;
  for (int i = 0; known[i]; i++)
    found |= strcmp(known[i], "--link-budget") == 0;
  assert_true(found);
  /* the CSV row of `gridnoc pipeline --csv`: parameters in the table's order, the new one last */
  gn_kv_free(&kv);
  gn_kvlist params = GN_KVLIST_INIT, none = GN_KVLIST_INIT;
  assert_int_equal(gn_kv_set(&params, "link_budget", "2"), 0);
  assert_int_equal(gn_kv_set(&params, "target", "0.5"), 0);
  fflush(stdout);
  FILE *out = tmpfile(), *saved = stdout;
  assert_non_null(out);
  stdout = out;
  cli_print_csv_row(rows, &params, &none, 1);
  fflush(out);
  stdout = saved;
  char line[256] = "";
  rewind(out);
  assert_non_null(fgets(line, sizeof line, out));
  assert_string_equal(line, "seed,target,link_budget\n");
  fclose(out);
  gn_kv_free(&params);
  free(rows);
}

/* Each metric is declared once per kind that writes it; a name two kinds write (completed, throughput) must mean the
 * same in both, since reports look a column up by name (experiment_metric_find), whatever the CSV's kind. */
static void metric_rows_agree_across_kinds(void **state) {
  (void)state;
  int n = 0;
  for (int k = 0; experiment_kinds[k]; k++)
    for (const metric_info *m = experiment_kinds[k]->metrics; m->name; m++, n++) {
      const metric_info *first = experiment_metric_find(m->name);
      assert_non_null(first);
      assert_non_null(m->label);
      assert_string_equal(first->label, m->label);
      assert_true((!first->unit && !m->unit) || (first->unit && m->unit && strcmp(first->unit, m->unit) == 0));
      assert_int_equal(first->kind, m->kind);
    }
  /* map, pipeline, grid, saturation: the CSV headers of results/ (the committed pipeline results predate the
   * last two pipeline columns, in_phase_writers and in_phase_bound) */
  assert_int_equal(n, 15 + 32 + 23 + 7);
  assert_int_equal(experiment_metric_find("completed")->kind, METRIC_BINARY);
  assert_int_equal(experiment_metric_find("speedup_cluster")->kind, METRIC_RATIO);
  assert_null(experiment_metric_find("stages")); /* a parameter, not a metric */
}

/* docs/parameters.md: every kind's parameters and metric columns, generated from the kinds' tables (and the
 * metric tables). The test fails when the page drifts from the tables; GN_WRITE_DOCS=1
 * writes it (ctest -R runner.params with the variable set, then commit the page). */
static void md_cell(strbuf *b, const char *s) {
  for (; s && *s; s++)
    if (*s == '|')
      strbuf_add(b, "\\|");
    else
      strbuf_addn(b, s, 1);
}

static const char *type_name(experiment_type t) {
  return t == EXP_INT ? "integer" : t == EXP_DOUBLE ? "number" : t == EXP_BOOL ? "boolean" : "string";
}

static const char *summary_name(metric_kind k) {
  switch (k) {
  case METRIC_COUNT:
    return "count (mean, bootstrap interval)";
  case METRIC_RATIO:
    return "ratio (geometric mean, log-scale interval)";
  case METRIC_BOUND_RATIO:
    return "ratio over a lower bound, >= 1 (geometric mean, bootstrap interval)";
  case METRIC_SHARE:
    return "share in [0, 1] (mean, bootstrap interval)";
  case METRIC_BINARY:
    return "0 or 1 (Wilson proportion)";
  case METRIC_WORD:
    return "a word (not summarised; usable with --by)";
  default:
    return "value (mean, bootstrap interval)";
  }
}

static void parameters_page(strbuf *b) {
  strbuf_add(b, "# Parameters and metrics of every experiment kind\n\n"
                "Generated from the kinds' tables (`runner/exp_map.c`, `runner/exp_pipeline.c`, `runner/exp_grid.c`: one\n"
                "row per parameter, and one per metric column); the test `runner.params` fails when\n"
                "this page drifts from them, and `GN_WRITE_DOCS=1 ctest --test-dir build -R runner.params` writes it again.\n"
                "A parameter is a scenario key (`params = { KEY = ...; }`), a CSV column (in this order) and an option of\n"
                "`gridnoc KIND` (`gridnoc KIND --help`); a range is checked where a scenario or a command line is read.\n");
  for (int k = 0; experiment_kinds[k]; k++) {
    const experiment_kind *kind = experiment_kinds[k];
    strbuf_addf(b, "\n## `%s`\n\n%s.\n\n", kind->name, kind->summary);
    strbuf_add(b, "| parameter | option | type | default | unit | range | meaning |\n|---|---|---|---|---|---|---|\n");
    for (const experiment_param *p = kind->params; p->key; p++) {
      char opt[64];
      strbuf_addf(b, "| `%s` | ", p->key);
      if (p->flags & EXP_POSITIONAL)
        strbuf_add(b, "operand");
      else
        strbuf_addf(b, "`%s`%s%s%s", experiment_param_option(p, opt, sizeof opt), p->alias ? ", `" : "",
                    p->alias ? p->alias : "", p->alias ? "`" : "");
      strbuf_addf(b, " | %s | ", type_name(p->type));
      if (p->default_value)
        strbuf_addf(b, p->default_value[0] ? "`%s`" : "empty", p->default_value);
      else
        strbuf_add(b, "required");
      strbuf_addf(b, " | %s | ", p->unit ? p->unit : "");
      if (p->min != 0 || p->max != 0)
        strbuf_addf(b, "%g..%g", p->min, p->max);
      strbuf_add(b, " | ");
      md_cell(b, p->help);
      strbuf_add(b, " |\n");
    }
    strbuf_add(b, "\n| metric column | what | unit | summarised as |\n|---|---|---|---|\n");
    for (const metric_info *mi = kind->metrics; mi->name; mi++) {
      strbuf_addf(b, "| `%s` | ", mi->name);
      md_cell(b, mi->label);
      strbuf_addf(b, " | %s | %s |\n", mi->unit ? mi->unit : "", summary_name(mi->kind));
    }
  }
}

static void parameters_page_matches_the_tables(void **state) {
  (void)state;
  strbuf want = STRBUF_INIT;
  parameters_page(&want);
  assert_false(want.oom);
  const char *path = GN_FIXTURES "/../../docs/parameters.md";
  if (getenv("GN_WRITE_DOCS")) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(strbuf_str(&want), f);
    fclose(f);
  }
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char *got = calloc(want.len + 2, 1);
  size_t n = fread(got, 1, want.len + 1, f);
  fclose(f);
  if (n != want.len || memcmp(got, strbuf_str(&want), want.len))
    fail_msg("docs/parameters.md differs from the kinds' tables: GN_WRITE_DOCS=1 ctest --test-dir build -R "
             "runner.params writes it again");
  free(got);
  strbuf_free(&want);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(options_are_derived_from_keys), cmocka_unit_test(every_option_is_unique),
      cmocka_unit_test(help_order_follows_rank),       cmocka_unit_test(ranges_come_from_the_rows),
      cmocka_unit_test(grid_bag_read_once),            cmocka_unit_test(grid_values_checked_before_runs),
      cmocka_unit_test(one_row_adds_a_parameter),      cmocka_unit_test(parameters_page_matches_the_tables),
      cmocka_unit_test(metric_rows_agree_across_kinds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
