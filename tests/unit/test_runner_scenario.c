/* Unit tests for runner/scenario*: sweep expansion (axes, lock-step, repeat, seeds, defaults), graph sources and
 * errors with file:line and "did you mean". Uses a kind defined here, not registered in the product. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gn_seed.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const experiment_param probe_params[] = {
    {.key = "x", .type = EXP_INT, .default_value = NULL, .help = "required whole number"},
    {.key = "y", .type = EXP_DOUBLE, .default_value = "1.5", .help = "a number"},
    {.key = "name", .type = EXP_STRING, .default_value = "a", .help = "a label"},
    {.key = NULL},
};
static const metric_info probe_metrics[] = {{"sum", "sum", NULL, METRIC_VALUE}, {NULL, NULL, NULL, METRIC_VALUE}};

static int probe_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  return gn_error_set(err, GN_EFAIL, NULL, 0, "not run in these tests");
}

static const experiment_kind probe = {"probe", "test kind", probe_params, probe_metrics, probe_run, NULL, NULL};
static const experiment_kind *const kinds[] = {&probe, NULL};

static void parse_ok(const char *text, scenario *sc) {
  gn_error err = {0};
  int rc = scenario_parse(text, "t.cfg", kinds, sc, &err);
  if (rc)
    fail_msg("unexpected error: %s", err.msg);
}

static void expect_error(const char *text, const char *msg) {
  scenario sc;
  gn_error err = {0};
  if (scenario_parse(text, "t.cfg", kinds, &sc, &err) != GN_EINPUT)
    fail_msg("no input error for: %s", text);
  if (!strstr(err.msg, msg))
    fail_msg("error '%s' lacks '%s'", err.msg, msg);
}

/* Check run i's x, y, name and rep. */
static void expect_run(const scenario *sc, size_t i, const char *x, const char *y, const char *name, long rep) {
  scenario_run run;
  gn_error err = {0};
  assert_int_equal(scenario_run_at(sc, i, &run, &err), GN_OK);
  assert_string_equal(gn_kv_get(&run.params, "x"), x);
  assert_string_equal(gn_kv_get(&run.params, "y"), y);
  assert_string_equal(gn_kv_get(&run.params, "name"), name);
  assert_int_equal(run.rep, rep);
  scenario_run_free(&run);
}

static uint64_t seed_of(const scenario *sc, size_t i) {
  scenario_run run;
  gn_error err = {0};
  assert_int_equal(scenario_run_at(sc, i, &run, &err), GN_OK);
  uint64_t s = run.seed;
  scenario_run_free(&run);
  return s;
}

/* x = [1,2], y = [0.5,1.5,2.5], repeat 2: 2*3*2 = 12 runs; repetition fastest, then y, then x.
 * Run 7: rep = 7 % 2 = 1, combination 7 / 2 = 3 -> x index 3 / 3 = 1 (x=2), y index 3 % 3 = 0 (y=0.5). */
/* `reference` is written relative to the scenario file and kept as a path from the current directory, its
 * ".." folded: scenarios/teaching/s.cfg's "../../results/teaching/s.csv" is results/teaching/s.csv; `output`
 * stays relative to the current directory. */
static void reference_relative_to_the_file(void **state) {
  scenario sc;
  gn_error err = {0};
  const char *text = "kind = \"probe\";\noutput = \"s.csv\";\nreference = \"../../results/teaching/s.csv\";\n"
                     "params = { x = 1; };\n";
  assert_int_equal(scenario_parse(text, "scenarios/teaching/s.cfg", kinds, &sc, &err), GN_OK);
  assert_string_equal(sc.reference, "results/teaching/s.csv");
  assert_string_equal(sc.output, "s.csv");
  scenario_free(&sc);
  assert_int_equal(scenario_parse(text, "/abs/x/y/s.cfg", kinds, &sc, &err), GN_OK);
  assert_string_equal(sc.reference, "/abs/results/teaching/s.csv");
  scenario_free(&sc);
  assert_int_equal(scenario_parse(text, "s.cfg", kinds, &sc, &err), GN_OK);
  assert_string_equal(sc.reference, "../../results/teaching/s.csv");
  scenario_free(&sc);
}

static void cartesian_axes_and_repeat(void **state) {
  scenario sc;
  parse_ok("kind = \"probe\";\nrepeat = 2;\nparams = { x = [1, 2]; y = [0.5, 1.5, 2.5]; };\n", &sc);
  assert_int_equal(scenario_run_count(&sc), 12);
  expect_run(&sc, 0, "1", "0.5", "a", 0);
  expect_run(&sc, 1, "1", "0.5", "a", 1);
  expect_run(&sc, 2, "1", "1.5", "a", 0);
  expect_run(&sc, 7, "2", "0.5", "a", 1);
  expect_run(&sc, 11, "2", "2.5", "a", 1);
  gn_error err;
  scenario_run run;
  assert_int_equal(scenario_run_at(&sc, 12, &run, &err), GN_EINPUT);
  scenario_free(&sc);
}

/* x and y in lock-step (3 values each) against name (2 values): 3 * 2 = 6 runs, not 18.
 * Run 3: dimension (x,y) index 3 / 2 = 1 -> x=2, y=20; name index 3 % 2 = 1 -> "b". */
static void lock_step_axes(void **state) {
  scenario sc;
  parse_ok("kind = \"probe\";\nparams = { x = [1, 2, 3]; y = [10, 20, 30]; name = [\"a\", \"b\"]; };\n"
           "together = ( [\"x\", \"y\"] );\n",
           &sc);
  assert_int_equal(scenario_run_count(&sc), 6);
  expect_run(&sc, 0, "1", "10", "a", 0);
  expect_run(&sc, 3, "2", "20", "b", 0);
  expect_run(&sc, 5, "3", "30", "b", 0);
  scenario_free(&sc);
  expect_error("kind = \"probe\";\nparams = { x = [1, 2, 3]; y = [10, 20]; };\ntogether = ( [\"x\", \"y\"] );\n",
               "t.cfg:3: together: 'y' has 2 values but 'x' has 3");
  expect_error("kind = \"probe\";\nparams = { x = [1, 2]; y = [10, 20]; };\ntogether = ( [\"x\", \"yy\"] );\n",
               "t.cfg:3: together: 'yy' is not a parameter of this scenario (did you mean 'y'?)");
}

/* Seeds: derived from the given parameters sorted by key plus the repetition; defaults (y here) are not in
 * the label, so adding a defaulted parameter to a kind does not change existing seeds. */
static void seeds_from_canonical_label(void **state) {
  scenario sc;
  parse_ok("kind = \"probe\";\nseed = 42;\nrepeat = 2;\nparams = { x = [1, 2]; name = \"q\"; };\n", &sc);
  assert_true(seed_of(&sc, 3) == gn_seed_derive(42, "name=q;x=2;rep=1"));
  assert_true(seed_of(&sc, 0) == gn_seed_derive(42, "name=q;x=1;rep=0"));
  assert_true(seed_of(&sc, 0) != seed_of(&sc, 1));
  scenario_free(&sc);
  /* seed_ignores: runs that differ only in `name` share their seed (common random numbers). */
  parse_ok("kind = \"probe\";\nseed = 42;\nparams = { x = [1, 2]; name = [\"p\", \"q\"]; };\n"
           "seed_ignores = [\"name\"];\n",
           &sc);
  assert_true(seed_of(&sc, 0) == seed_of(&sc, 1));
  assert_true(seed_of(&sc, 0) == gn_seed_derive(42, "x=1;rep=0"));
  assert_true(seed_of(&sc, 0) != seed_of(&sc, 2));
  scenario_free(&sc);
}

/* Generated graphs: method list x count 2 with seeds 7, 8 -> 4 specs, first key outermost. */
static void generated_graph_sources(void **state) {
  scenario sc;
  parse_ok("kind = \"probe\";\nparams = { x = 1; };\n"
           "graphs = { param = \"name\"; generate = { method = [\"sameprob\", \"layrprob\"]; tasks = 50; count = 2; "
           "seed = 7; }; };\n",
           &sc);
  assert_int_equal(scenario_run_count(&sc), 4);
  expect_run(&sc, 0, "1", "1.5", "gen:method=sameprob,tasks=50,seed=7", 0);
  expect_run(&sc, 1, "1", "1.5", "gen:method=sameprob,tasks=50,seed=8", 0);
  expect_run(&sc, 3, "1", "1.5", "gen:method=layrprob,tasks=50,seed=8", 0);
  assert_string_equal(sc.graph_note, "0 graph file(s), 4 generated graph(s)");
  scenario_free(&sc);
}

/* Files by glob, relative to the scenario's directory, sorted; an unset ${VAR} with prefer_files falls back
 * to the generated graphs. */
static void file_graph_sources(void **state) {
  char dir[] = "/tmp/gn_scen.XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[256], cfg[256];
  const char *names[] = {"b.stg", "a.stg", "c.txt"};
  for (int i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
  }
  snprintf(cfg, sizeof cfg, "%s/s.cfg", dir);
  scenario sc;
  gn_error err = {0};
  assert_int_equal(scenario_parse("kind = \"probe\";\nparams = { x = 1; };\ngraphs = { param = \"name\"; files = "
                                  "\"*.stg\"; };\n",
                                  cfg, kinds, &sc, &err),
                   GN_OK);
  assert_int_equal(scenario_run_count(&sc), 2);
  snprintf(path, sizeof path, "%s/a.stg", dir);
  expect_run(&sc, 0, "1", "1.5", path, 0);
  scenario_free(&sc);
  unsetenv("GN_TEST_NO_SUCH_DIR");
  assert_int_equal(scenario_parse("kind = \"probe\";\nparams = { x = 1; };\ngraphs = { param = \"name\"; "
                                  "files = \"${GN_TEST_NO_SUCH_DIR}/*.stg\"; prefer_files = true;\n"
                                  "generate = { method = \"samepred\"; tasks = 10; }; };\n",
                                  cfg, kinds, &sc, &err),
                   GN_OK);
  assert_int_equal(scenario_run_count(&sc), 1);
  expect_run(&sc, 0, "1", "1.5", "gen:method=samepred,tasks=10,seed=1", 0);
  scenario_free(&sc);
  /* Reader options after the pattern go to every match; a '?' not followed by key= stays glob's wildcard. */
  assert_int_equal(scenario_parse("kind = \"probe\";\nparams = { x = 1; };\ngraphs = { param = \"name\"; files = "
                                  "[\"?.stg?volume=1\"]; };\n",
                                  cfg, kinds, &sc, &err),
                   GN_OK);
  assert_int_equal(scenario_run_count(&sc), 2);
  snprintf(path, sizeof path, "%s/a.stg?volume=1", dir);
  expect_run(&sc, 0, "1", "1.5", path, 0);
  snprintf(path, sizeof path, "%s/b.stg?volume=1", dir);
  expect_run(&sc, 1, "1", "1.5", path, 0);
  scenario_free(&sc);
  assert_int_equal(scenario_parse("kind = \"probe\";\nparams = { x = 1; };\ngraphs = { param = \"name\";\n"
                                  "files = \"*.xml\"; };\n",
                                  cfg, kinds, &sc, &err),
                   GN_EINPUT);
  assert_non_null(strstr(err.msg, "s.cfg:4: graphs: 'files' matches no file"));
  for (int i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    unlink(path);
  }
  rmdir(dir);
}

static void errors_name_file_line_and_closest_key(void **state) {
  expect_error("kind = \"probe\";\n\nrepet = 2;\n", "t.cfg:3: unknown setting 'repet' (did you mean 'repeat'?)");
  expect_error("kind = \"prob\";\n", "t.cfg:1: unknown experiment kind 'prob'");
  expect_error("kind = \"probe\";\nparams = {\n  x = 1;\n  nmae = \"z\";\n};\n",
               "t.cfg:4: unknown parameter 'nmae' for kind 'probe' (did you mean 'name'?)");
  expect_error("kind = \"probe\";\nparams = {\n  x = (1, \"two\");\n};\n",
               "t.cfg:3: parameter 'x' must be a whole number, got 'two'");
  expect_error("kind = \"probe\";\nparams = { y = 2.0; };\n", "t.cfg:2: parameter 'x' is required");
  expect_error("kind = \"probe\";\nrepeat = 0;\nparams = { x = 1; };\n", "t.cfg:2: 'repeat' must be a whole number in 1..1000000");
  expect_error("kind = \"probe\";\nparams = { x = = 1; };\n", "t.cfg:2: syntax error");
  /* Numbers as written: libconfig would wrap, clamp, accept hex or read inf; a string or comment is not a number. */
  expect_error("kind = \"probe\";\nparams = { x = 4294967297; };\n",
               "t.cfg:2: 4294967297 is too large for a 32-bit whole number (append L for 64 bits)");
  expect_error("kind = \"probe\";\n# 99999999999\nseed = 18446744073709551616L;\nparams = { x = 1; };\n",
               "t.cfg:3: 18446744073709551616L is too large for a 64-bit whole number");
  expect_error("kind = \"probe\";\nparams = { name = \"99999999999\"; x = 0x1F; };\n",
               "t.cfg:2: '0x1F': hexadecimal numbers are not accepted");
  expect_error("kind = \"probe\";\nparams = { x = 1; y = 1e400; };\n", "t.cfg:2: 'y': the number is too large");
  expect_error("kind = \"probe\";\nrepeat = 100000;\nparams = { x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]; };\n",
               "t.cfg:2: the scenario has more than 1000000 runs");
  expect_error("kind = \"probe\";\nparams = { x = []; };\n", "t.cfg:2: 'x' is an empty list");
  expect_error("kind = \"probe\";\nparams = { x = 1; };\nplots = (\n { name = \"f\"; type = \"bars\"; x = \"x\"; "
               "y = \"summ\"; } );\n",
               "t.cfg:4: plot: 'summ' is not a metric of kind 'probe' (did you mean 'sum'?)");
  expect_error("kind = \"probe\";\nparams = { x = 1; };\nplots = (\n { name = \"f\"; type = \"pie\"; x = \"x\"; "
               "y = \"sum\"; } );\n",
               "t.cfg:4: plot: type 'pie' is not 'bars', 'lines' or 'dots'");
  expect_error("kind = \"probe\";\nparams = { x = 1; };\nplots = (\n { name = \"f\"; type = \"bars\"; x = \"x\"; "
               "y = \"sum\"; where = [\"nmae=a\"]; } );\n",
               "t.cfg:4: plot: 'nmae' is not a column (parameter, rep or metric) of kind 'probe' (did you mean 'name'?)");
  expect_error("kind = \"probe\";\nparams = { x = 1; };\ngraphs = { param = \"name\";\n generate = { methd = \"x\"; "
               "tasks = 3; }; };\n",
               "t.cfg:4: generate: 'method' and 'tasks' are required");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(cartesian_axes_and_repeat),
      cmocka_unit_test(lock_step_axes),
      cmocka_unit_test(seeds_from_canonical_label),
      cmocka_unit_test(generated_graph_sources),
      cmocka_unit_test(file_graph_sources),
      cmocka_unit_test(errors_name_file_line_and_closest_key),
      cmocka_unit_test(reference_relative_to_the_file),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
