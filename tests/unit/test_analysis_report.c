/* Unit tests for analysis/: CSV reading (quotes, cut-short tail, errors with line), statistics against
 * hand-computed values, grouping order, Markdown tables and the gnuplot script. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "aggregate.h"
#include "csvtab.h"
#include "mdtable.h"
#include "plot.h"
#include "stats.h"

#include <math.h>
#include <string.h>

/* {2,4,4,4,5,5,7,9}: mean 40/8 = 5; squares of deviations 9+1+1+1+0+0+4+16 = 32, sd = sqrt(32/7) = 2.1380899;
 * t(0.975, 7) = 2.3646243 (printed tables), CI = 2.3646243 * 2.1380899 / sqrt(8) = 1.7874879.
 * {1,3}: mean 2, sd sqrt(2) = 1.4142136, t(0.975, 1) = 12.706205, CI = 12.706205 * 1.4142136 / sqrt(2) = 12.706205. */
static void statistics_by_hand(void **state) {
  double v[] = {2, 4, 4, 4, 5, 5, 7, 9};
  stats_summary s;
  stats_summarize(v, 8, &s);
  assert_int_equal(s.n, 8);
  assert_float_equal(s.mean, 5.0, 1e-12);
  assert_float_equal(s.sd, 2.1380899, 1e-6);
  assert_float_equal(s.ci95, 1.7874879, 1e-6);
  double w[] = {1, NAN, 3};
  stats_summarize(w, 3, &s);
  assert_int_equal(s.n, 2);
  assert_float_equal(s.mean, 2.0, 1e-12);
  assert_float_equal(s.ci95, 12.706205, 1e-5);
  stats_summarize(v, 1, &s);
  assert_float_equal(s.mean, 2.0, 0);
  assert_true(isnan(s.sd) && isnan(s.ci95));
}

static void csv_quotes_and_errors(void **state) {
  const char text[] = "run,graph,v\n0,\"gen:a=1,b=2\",1.5\n1,\"say \"\"hi\"\"\",2\n2,x,3";
  csvtab t;
  size_t valid;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, strlen(text), "r.csv", 1, &t, &valid, &err), GN_OK);
  assert_int_equal(t.nrows, 2);
  assert_string_equal(t.rows[0][1], "gen:a=1,b=2");
  assert_string_equal(t.rows[1][1], "say \"hi\"");
  assert_int_equal(t.lines[1], 3);
  /* The cut-short "2,x,3" starts at byte 46: the valid text ends at the newline before it. */
  assert_int_equal(valid, strlen(text) - strlen("2,x,3"));
  csvtab_free(&t);
  assert_int_equal(csvtab_parse(text, strlen(text), "r.csv", 0, &t, NULL, &err), GN_EINPUT);
  assert_string_equal(err.msg, "r.csv:4: last line is cut short (no newline at its end)");
  const char bad[] = "a,b\n1,2\n3\n";
  assert_int_equal(csvtab_parse(bad, strlen(bad), "r.csv", 0, &t, NULL, &err), GN_EINPUT);
  assert_string_equal(err.msg, "r.csv:3: 1 fields, the header has 2");
  strbuf b = STRBUF_INIT;
  csv_add_field(&b, "plain");
  csv_add_field(&b, "a,\"b\"");
  assert_string_equal(strbuf_str(&b), "plain\"a,\"\"b\"\"\"");
  strbuf_free(&b);
}

static const char results[] = "run,mapper,stages,rep,seed,period,version\n"
                              "0,dpma,20,0,1,10,0.1.0\n"
                              "1,dpma,20,1,2,12,0.1.0\n"
                              "2,chains,20,0,3,8,0.1.0\n"
                              "3,dpma,50,0,4,5,0.1.0\n";

/* Groups in first-appearance order: (dpma,20) = {10,12} mean 11, sd sqrt(2), CI 12.706205;
 * (chains,20) = {8}; (dpma,50) = {5}. */
static void grouping_and_markdown(void **state) {
  csvtab t;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(results, strlen(results), "r.csv", 0, &t, NULL, &err), GN_OK);
  const char *keys[] = {"mapper", "stages"};
  aggregate a;
  assert_int_equal(aggregate_build(&t, "r.csv", keys, 2, "period", &a, &err), GN_OK);
  assert_int_equal(a.ngroups, 3);
  assert_string_equal(a.groups[1].keys[0], "chains");
  assert_float_equal(a.groups[0].stats.mean, 11.0, 1e-12);
  strbuf b = STRBUF_INIT;
  mdtable_aggregate(&a, &b);
  assert_string_equal(strbuf_str(&b), "| mapper | stages | n | mean period | sd | 95% CI ± |\n"
                                      "|---|---|---:|---:|---:|---:|\n"
                                      "| dpma | 20 | 2 | 11 | 1.414 | 12.71 |\n"
                                      "| chains | 20 | 1 | 8 | n/a | n/a |\n"
                                      "| dpma | 50 | 1 | 5 | n/a | n/a |\n");
  strbuf_free(&b);
  aggregate_free(&a);
  const char *xs[] = {"stages", "mapper"};
  assert_int_equal(aggregate_build(&t, "r.csv", xs, 2, "period", &a, &err), GN_OK);
  plot_spec p = {"bars", "stages", "period", "mapper", NULL, "Period", NULL, NULL, 0, 0};
  assert_int_equal(plot_script(&a, &p, &b, &err), GN_OK);
  /* Two series -> bar width 0.4, offsets -0.2 / +0.2 around category positions 0 (20) and 1 (50). */
  assert_non_null(strstr(strbuf_str(&b), "$d_0_0 << EOD\n-0.2 11 12.70620474\n0.8 5 0\nEOD\n"));
  assert_non_null(strstr(strbuf_str(&b), "$d_0_1 << EOD\n0.2 8 0\nEOD\n"));
  assert_non_null(strstr(strbuf_str(&b), "set xtics (\"20\" 0, \"50\" 1)\n"));
  assert_non_null(strstr(strbuf_str(&b), "set boxwidth 0.4 absolute\n"));
  strbuf_free(&b);
  aggregate_free(&a);
  assert_int_equal(aggregate_build(&t, "r.csv", keys, 2, "perod", &a, &err), GN_EINPUT);
  assert_string_equal(err.msg, "r.csv:1: no column 'perod'");
  csvtab_free(&t);
}

/* Tick labels of graph sources keep only what differs: the method and seed here ("300" and "unif" are common;
 * a path keeps its file name), and long labels are rotated. */
static void short_graph_labels(void **state) {
  const char text[] = "run,graph,rep,seed,v,version\n"
                      "0,\"gen:method=sameprob,tasks=300,times=unif,seed=1\",0,1,1,x\n"
                      "1,\"gen:method=layrprob,tasks=300,times=unif,seed=2\",0,1,2,x\n";
  csvtab t;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, strlen(text), "g.csv", 0, &t, NULL, &err), GN_OK);
  const char *keys[] = {"graph"};
  aggregate a;
  assert_int_equal(aggregate_build(&t, "g.csv", keys, 1, "v", &a, &err), GN_OK);
  plot_spec p = {"bars", "graph", "v", NULL, NULL, NULL, NULL, NULL, 0, 0};
  strbuf b = STRBUF_INIT;
  assert_int_equal(plot_script(&a, &p, &b, &err), GN_OK);
  assert_non_null(strstr(strbuf_str(&b), "set xtics (\"sameprob,1\" 0, \"layrprob,2\" 1)\nset xtics rotate by -45\n"));
  strbuf_free(&b);
  aggregate_free(&a);
  csvtab_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(statistics_by_hand),
      cmocka_unit_test(csv_quotes_and_errors),
      cmocka_unit_test(grouping_and_markdown),
      cmocka_unit_test(short_graph_labels),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
