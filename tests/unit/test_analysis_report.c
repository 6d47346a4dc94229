/* Unit tests for analysis/: CSV reading (quotes, cut-short tail, errors with line), statistics against
 * hand-computed values (Student t, Wilson, geometric, clamped shares), grouping order, distinct replicates,
 * Markdown tables, readable labels and the gnuplot script (shared y range, kinds on the axes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "experiment.h"

#include "aggregate.h"
#include "csvtab.h"
#include "mdtable.h"
#include "plot.h"
#include "plot_labels.h"
#include "replicates.h"
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* {2,4,4,4,5,5,7,9}: mean 40/8 = 5; squares of deviations 9+1+1+1+0+0+4+16 = 32, sd = sqrt(32/7) = 2.1380899;
 * t(0.975, 7) = 2.3646243 (printed tables), CI = 2.3646243 * 2.1380899 / sqrt(8) = 1.7874879.
 * {1,3}: mean 2, sd sqrt(2) = 1.4142136, t(0.975, 1) = 12.706205, CI = 12.706205 * 1.4142136 / sqrt(2) = 12.706205. */
static void statistics_by_hand(void **state) {
  double v[] = {2, 4, 4, 4, 5, 5, 7, 9};
  stats_summary s;
  stats_summarize(v, 8, STATS_MEAN, &s);
  assert_int_equal(s.n, 8);
  assert_float_equal(s.mean, 5.0, 1e-12);
  assert_float_equal(s.sd, 2.1380899, 1e-6);
  assert_float_equal(s.lo, 5 - 1.7874879, 1e-6);
  assert_float_equal(s.hi, 5 + 1.7874879, 1e-6);
  double w[] = {1, NAN, 3};
  stats_summarize(w, 3, STATS_MEAN, &s);
  assert_int_equal(s.n, 2);
  assert_float_equal(s.mean, 2.0, 1e-12);
  assert_float_equal(s.hi - s.mean, 12.706205, 1e-5);
  stats_summarize(v, 1, STATS_MEAN, &s);
  assert_float_equal(s.mean, 2.0, 0);
  assert_true(isnan(s.sd) && isnan(s.lo) && isnan(s.hi));
}

/* The same values times 1e307: their sum and squares overflow, the summary must not (it was inf). */
static void statistics_near_the_largest_double(void **state) {
  (void)state;
  double v[] = {2e307, 4e307, 4e307, 4e307, 5e307, 5e307, 7e307, 9e307};
  stats_summary s;
  stats_summarize(v, 8, STATS_MEAN, &s);
  assert_float_equal(s.mean / 1e307, 5.0, 1e-12);
  assert_float_equal(s.sd / 1e307, 2.1380899, 1e-6);
  assert_float_equal(s.lo / 1e307, 5 - 1.7874879, 1e-6);
  assert_float_equal(s.hi / 1e307, 5 + 1.7874879, 1e-6);
  stats_summarize(v, 8, STATS_MEAN_BOOT, &s);
  assert_float_equal(s.mean / 1e307, 5.0, 1e-12);
  assert_true(isfinite(s.lo) && isfinite(s.hi) && s.lo >= 2e307 && s.lo < 5e307 && s.hi > 5e307 && s.hi <= 9e307);
  double small[] = {2, 4, 4, 4, 5, 5, 7, 9};
  stats_summary t;
  stats_summarize(small, 8, STATS_MEAN_BOOT, &t);
  assert_float_equal(s.lo / 1e307, t.lo, 1e-12); /* the same resamples, scaled */
  assert_float_equal(s.hi / 1e307, t.hi, 1e-12);
}

/* Wilson, 3 successes of 10: p = 0.3, z = 1.959964, z² = 3.841459; centre (0.3 + 0.192073) / 1.384146 =
 * 0.355506; half 1.959964 * sqrt(0.021 + 0.009604) / 1.384146 = 0.247715: [0.107791, 0.603221].
 * 10 of 10: [0.722467, 1] (never above 1), where Student t would give 1 ± 0.
 * Geometric mean of {1, 4}: 2; logs {0, 1.386294}, sd 0.980258, t(0.975, 1) = 12.706205:
 * half 12.706205 * 0.980258 / sqrt(2) = 8.807270, exp(8.807270) = 6682.6: [2 / 6682.6, 2 * 6682.6].
 * A share's interval is the exact bootstrap's: {0.9, 1} has 4 equally likely resamples with means 0.9, 0.95,
 * 0.95, 1; the 2.5 % quantile is the 1st (ceil(0.1)), the 97.5 % the 4th (ceil(3.9)): [0.9, 1] (Student t,
 * 0.95 ± 0.635310, would leave [0, 1] on both sides). */
static void intervals_that_respect_the_kind(void **state) {
  double p[] = {1, 0, 0, 1, 0, 0, 1, 0, 0, 0}, all[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  stats_summary s;
  stats_summarize(p, 10, STATS_WILSON, &s);
  assert_float_equal(s.mean, 0.3, 1e-12);
  assert_float_equal(s.lo, 0.107791, 1e-5);
  assert_float_equal(s.hi, 0.603221, 1e-5);
  stats_summarize(all, 10, STATS_WILSON, &s);
  assert_float_equal(s.lo, 0.722467, 1e-5);
  assert_float_equal(s.hi, 1.0, 0);
  double r[] = {1, 4};
  stats_summarize(r, 2, STATS_GEOMETRIC, &s);
  assert_float_equal(s.mean, 2.0, 1e-12);
  assert_float_equal(s.lo * s.hi, 4.0, 1e-6);
  assert_float_equal(s.hi / 2, 6682.6, 0.5);
  double share[] = {0.9, 1.0};
  stats_summarize(share, 2, STATS_MEAN_BOOT, &s);
  assert_float_equal(s.lo, 0.9, 1e-12);
  assert_float_equal(s.hi, 1.0, 1e-12);
  double not01[] = {0.5, 1};
  stats_summarize(not01, 2, STATS_WILSON, &s);
  assert_int_equal(s.method, STATS_MEAN_BOOT);
  double negative[] = {-1, 2};
  stats_summarize(negative, 2, STATS_GEOMETRIC, &s);
  assert_int_equal(s.method, STATS_MEAN_BOOT);
}

/* Bounded metrics keep their intervals inside their range (issue 28).
 * An imbalance {0, 0, 0, 1}: mean 0.25, sd 0.5; Student t gives 0.25 ± 3.182446 * 0.5 / 2 = [-0.545, 1.045].
 * The exact bootstrap: 4^4 = 256 resamples, the mean k/4 with k ~ Binomial(4, 1/4): P(k = 0) = 81/256 >= 0.025,
 * so the 2.5 % quantile is 0; P(k <= 2) = 243/256 = 0.949 < 0.975 <= P(k <= 3) = 255/256: the 97.5 % one is 0.75.
 * A T / LB {1, 1, 1.21}: geometric mean 1.21^(1/3) = 1.065602; 27 resamples, j of them 1.21 -> 1.21^(j/3);
 * P(j = 0) = 8/27 -> the lower end is 1 (the log-scale t interval goes below 1: exp(0.063537 -
 * 4.302653 * 0.110048 / sqrt(3)) = 0.8164); P(j <= 2) = 26/27 = 0.963 < 0.975 -> the upper end is 1.21.
 * A makespan with one outlier {0.1 x 6, 5} (7 values: 4000 seeded resamples): Student t's lower end is 0.8 -
 * 2.446912 * 1.852026 / sqrt(7) = -0.913; the bootstrap's stays within [0.1, 5], and the same bytes twice. */
static void bounded_intervals_by_hand(void **state) {
  stats_summary s, again;
  double imb[] = {0, 0, 0, 1};
  stats_summarize(imb, 4, STATS_MEAN, &s);
  assert_float_equal(s.lo, -0.545611, 1e-5);
  stats_summarize(imb, 4, STATS_MEAN_BOOT, &s);
  assert_float_equal(s.mean, 0.25, 1e-12);
  assert_float_equal(s.lo, 0.0, 0);
  assert_float_equal(s.hi, 0.75, 1e-12);
  double ratio[] = {1, 1, 1.21};
  stats_summarize(ratio, 3, STATS_GEOMETRIC, &s);
  assert_true(s.lo < 0.82 && s.lo > 0.81);
  stats_summarize(ratio, 3, STATS_GEOMETRIC_BOOT, &s);
  assert_float_equal(s.mean, 1.065602, 1e-6);
  assert_float_equal(s.lo, 1.0, 1e-12);
  assert_float_equal(s.hi, 1.21, 1e-12);
  double span[] = {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 5};
  stats_summarize(span, 7, STATS_MEAN, &s);
  assert_true(s.lo < -0.9);
  stats_summarize(span, 7, STATS_MEAN_BOOT, &s);
  stats_summarize(span, 7, STATS_MEAN_BOOT, &again);
  assert_true(s.lo >= 0.1 - 1e-12 && s.hi <= 5 && s.lo < s.mean && s.mean < s.hi);
  assert_float_equal(s.hi, (0.4 + 15) / 7, 1e-12); /* 3 fives of 7: P(k >= 3) = 0.08, P(k >= 4) = 0.013 */
  assert_true(s.lo == again.lo && s.hi == again.hi);
  assert_float_equal(s.lo, 0.1, 1e-12); /* P(no 5 drawn) = (6/7)^7 = 0.34 */
}

/* A run that did not complete is left out of another metric's centre and interval and counted as failed: group
 * a has makespans 5 and 6 and a run stopped at 0.3 (completed 0): n 2, 1 failed, mean 5.5; `completed` keeps all
 * three (a share of 2/3). */
static void failed_runs_are_counted_not_averaged(void **state) {
  const char text[] = "run,k,rep,seed,completed,makespan_s,version\n"
                      "0,a,0,1,1,5,x\n1,a,1,2,1,6,x\n2,a,2,3,0,0.3,x\n3,b,0,4,1,2,x\n";
  csvtab t;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, strlen(text), "f.csv", 0, &t, NULL, &err), GN_OK);
  const char *keys[] = {"k"};
  aggregate a;
  assert_int_equal(aggregate_build(&t, "f.csv", keys, 1, "makespan_s", experiment_metric_find, &a, &err), GN_OK);
  assert_int_equal(a.groups[0].stats.n, 2);
  assert_int_equal(a.groups[0].failed, 1);
  assert_float_equal(a.groups[0].stats.mean, 5.5, 1e-12);
  assert_int_equal(a.groups[1].failed, 0);
  strbuf b = STRBUF_INIT;
  mdtable_aggregate(&a, &b);
  assert_non_null(strstr(strbuf_str(&b), "| k | n | n failed | mean makespan_s | sd | 95% CI |\n"));
  assert_non_null(strstr(strbuf_str(&b), "| a | 2 | 1 | 5.5 |"));
  strbuf_free(&b);
  aggregate_free(&a);
  assert_int_equal(aggregate_build(&t, "f.csv", keys, 1, "completed", experiment_metric_find, &a, &err), GN_OK);
  assert_int_equal(a.groups[0].stats.n, 3);
  assert_float_equal(a.groups[0].stats.mean, 2.0 / 3, 1e-12);
  aggregate_free(&a);
  csvtab_free(&t);
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
  assert_int_equal(aggregate_build(&t, "r.csv", keys, 2, "period", experiment_metric_find, &a, &err), GN_OK);
  assert_int_equal(a.ngroups, 3);
  assert_string_equal(a.groups[1].keys[0], "chains");
  assert_float_equal(a.groups[0].stats.mean, 11.0, 1e-12);
  strbuf b = STRBUF_INIT;
  mdtable_aggregate(&a, &b);
  assert_string_equal(strbuf_str(&b), "| mapper | stages | n | mean period | sd | 95% CI |\n"
                                      "|---|---|---:|---:|---:|---:|\n"
                                      "| dpma | 20 | 2 | 11 | 1.414 | 10 to 12 |\n"
                                      "| chains | 20 | 1 | 8 | n/a | n/a |\n"
                                      "| dpma | 50 | 1 | 5 | n/a | n/a |\n");
  strbuf_free(&b);
  aggregate_free(&a);
  const char *xs[] = {"stages", "mapper"};
  assert_int_equal(aggregate_build(&t, "r.csv", xs, 2, "period", experiment_metric_find, &a, &err), GN_OK);
  plot_spec p = {"bars", "stages", "period", "mapper", NULL, "Period", NULL, NULL, 0, 0, 0, experiment_metric_find, NULL, NULL};
  assert_int_equal(plot_script(&a, &p, &b, &err), GN_OK);
  /* Two series -> bar width 0.4, offsets -0.2 / +0.2 around category positions 0 (20) and 1 (50). */
  /* "x centre lo hi"; a group of one run has no interval (lo = hi = centre). Bars of positive means start
   * at 0, whatever their intervals; the legend is titled by the series column. */
  assert_non_null(strstr(strbuf_str(&b), "$d_0_0 << EOD\n-0.2 11 10 12\n0.8 5 5 5\nEOD\n"));
  assert_non_null(strstr(strbuf_str(&b), "$d_0_1 << EOD\n0.2 8 8 8\nEOD\n"));
  assert_non_null(strstr(strbuf_str(&b), "set yrange [0:12.72]\nset xrange [-0.5:1.5]\n"));
  assert_non_null(strstr(strbuf_str(&b), "title \"mapper\"\n"));
  assert_non_null(strstr(strbuf_str(&b), "set ylabel \"period T (time units)\"\n"));
  assert_non_null(strstr(strbuf_str(&b), "set xtics (\"20\" 0, \"50\" 1)\n"));
  assert_non_null(strstr(strbuf_str(&b), "set boxwidth 0.4 absolute\n"));
  strbuf_free(&b);
  aggregate_free(&a);
  /* One panel per stage count: one shared y range, or with free_y each panel its own (20: up to 12,
   * 50: the single 5 -> 5.25). */
  assert_int_equal(aggregate_build(&t, "r.csv", xs, 2, "period", experiment_metric_find, &a, &err), GN_OK);
  plot_spec faceted = {"bars", "mapper", "period", NULL, "stages", NULL, NULL, NULL, 0, 0, 1, experiment_metric_find, NULL, NULL};
  assert_int_equal(plot_script(&a, &faceted, &b, &err), GN_OK);
  assert_non_null(strstr(strbuf_str(&b), "set yrange [0:12.72]\n"));
  assert_non_null(strstr(strbuf_str(&b), "set yrange [0:5.3]\n"));
  strbuf_free(&b);
  aggregate_free(&a);
  assert_int_equal(aggregate_build(&t, "r.csv", keys, 2, "perod", experiment_metric_find, &a, &err), GN_EINPUT);
  assert_string_equal(err.msg, "r.csv:1: no column 'perod'");
  csvtab_free(&t);
}

/* Tick labels of graph sources keep only what differs: the method and seed here ("300" and "unif" are common;
 * a path keeps its file name); labels that fit are not rotated. */
static void short_graph_labels(void **state) {
  const char text[] = "run,graph,rep,seed,v,version\n"
                      "0,\"gen:method=sameprob,tasks=300,times=unif,seed=1\",0,1,1,x\n"
                      "1,\"gen:method=layrprob,tasks=300,times=unif,seed=2\",0,1,2,x\n";
  csvtab t;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, strlen(text), "g.csv", 0, &t, NULL, &err), GN_OK);
  const char *keys[] = {"graph"};
  aggregate a;
  assert_int_equal(aggregate_build(&t, "g.csv", keys, 1, "v", experiment_metric_find, &a, &err), GN_OK);
  plot_spec p = {"bars", "graph", "v", NULL, NULL, NULL, NULL, NULL, 0, 0, 0, experiment_metric_find, NULL, NULL};
  strbuf b = STRBUF_INIT;
  assert_int_equal(plot_script(&a, &p, &b, &err), GN_OK);
  assert_non_null(strstr(strbuf_str(&b), "set xtics (\"sameprob 1\" 0, \"layrprob 2\" 1)\nset boxwidth"));
  strbuf_free(&b);
  aggregate_free(&a);
  csvtab_free(&t);
}

/* A 0/1 metric: Wilson interval inside [0, 1], axis [0, 1]; a ratio: y = 1 drawn; readable legend entries. */
static void kinds_on_the_axes(void **state) {
  const char text[] = "run,options,rep,seed,completed,speedup_cluster,version\n"
                      "0,dynamic_exp=false,0,1,1,2,x\n"
                      "1,dynamic_exp=false,1,2,1,2,x\n"
                      "2,dynamic_exp=true,0,3,0,1,x\n";
  csvtab t;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, strlen(text), "k.csv", 0, &t, NULL, &err), GN_OK);
  const char *keys[] = {"options"};
  aggregate a;
  assert_int_equal(aggregate_build(&t, "k.csv", keys, 1, "completed", experiment_metric_find, &a, &err), GN_OK);
  assert_int_equal(a.method, STATS_WILSON);
  assert_true(a.groups[0].stats.hi == 1.0 && a.groups[0].stats.lo > 0.3);
  plot_spec p = {"bars", "options", "completed", NULL, NULL, NULL, NULL, NULL, 0, 0, 0, experiment_metric_find, NULL, NULL};
  strbuf b = STRBUF_INIT;
  assert_int_equal(plot_script(&a, &p, &b, &err), GN_OK);
  assert_non_null(strstr(strbuf_str(&b), "set yrange [0:1]\n"));
  assert_non_null(strstr(strbuf_str(&b), "set xtics (\"dynamic exp: off\" 0, \"dynamic exp: on\" 1)\n"));
  strbuf_free(&b);
  aggregate_free(&a);
  assert_int_equal(aggregate_build(&t, "k.csv", keys, 1, "speedup_cluster", experiment_metric_find, &a, &err), GN_OK);
  assert_int_equal(a.method, STATS_GEOMETRIC);
  p.y = "speedup_cluster";
  assert_int_equal(plot_script(&a, &p, &b, &err), GN_OK);
  assert_non_null(strstr(strbuf_str(&b), ", 1 with lines dt 3"));
  strbuf_free(&b);
  aggregate_free(&a);
  csvtab_free(&t);
}

/* Input A (k=a) ran twice with the same result: one replicate. Input B ran three times with results 1, 2, 1:
 * a random outcome, every row kept, even the two that agree. */
static void deterministic_repeats_count_once(void **state) {
  const char text[] = "run,k,rep,seed,m,version\n"
                      "0,a,0,1,5,x\n1,a,1,2,5,x\n2,b,0,3,1,x\n3,b,1,4,2,x\n4,b,2,5,1,x\n";
  csvtab t, view;
  replicates r;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, strlen(text), "d.csv", 0, &t, NULL, &err), GN_OK);
  assert_int_equal(replicates_distinct(&t, 1, 2, 4, 5, 2, &view, &r, &err), GN_OK);
  assert_int_equal(r.rows, 5);
  assert_int_equal(r.distinct, 4);
  assert_int_equal(r.repeats, 3);
  assert_int_equal(r.repeats_same, 1);
  assert_string_equal(view.rows[1][1], "b");
  replicates_view_free(&view);
  csvtab_free(&t);
}

static void readable_values(void **state) {
  char buf[128];
  plot_readable_value("dynamic_exp=false,max_moves=3", buf, sizeof buf);
  assert_string_equal(buf, "dynamic exp: off, max moves: 3");
  plot_readable_value("true", buf, sizeof buf);
  assert_string_equal(buf, "on");
  plot_readable_value("/data/stg/100/rand0000.stg", buf, sizeof buf);
  assert_string_equal(buf, "rand0000.stg");
  plot_readable_value("ring", buf, sizeof buf);
  assert_string_equal(buf, "ring");
}

/* Result cells are read with the one number syntax; NA, an empty cell and the writer's own inf stay accepted. */
static void result_cells_have_one_number_syntax(void **state) {
  (void)state;
  double v;
  assert_int_equal(csvtab_number("2.5e3", &v), CSV_NUMBER);
  assert_true(v == 2500);
  assert_int_equal(csvtab_number("-0.125", &v), CSV_NUMBER);
  assert_int_equal(csvtab_number("NA", &v), CSV_MISSING);
  assert_true(isnan(v));
  assert_int_equal(csvtab_number("", &v), CSV_MISSING);
  assert_int_equal(csvtab_number("inf", &v), CSV_NUMBER);
  assert_true(isinf(v) && v > 0);
  assert_int_equal(csvtab_number("-inf", &v), CSV_NUMBER);
  assert_true(isinf(v) && v < 0);
  const char *bad[] = {"nan", "NaN", "0x10", "12abc", " 4", "4 ", "Infinity", "INF", "1e", "--1", "na"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(csvtab_number(bad[i], &v), CSV_NOT_A_NUMBER);
    assert_true(isnan(v));
  }
  assert_int_equal(csvtab_number("1e400", &v), CSV_OUT_OF_RANGE);
  assert_int_equal(csvtab_number("-1e400", &v), CSV_OUT_OF_RANGE);
  assert_int_equal(csvtab_number("1e-400", &v), CSV_OUT_OF_RANGE);
  /* aggregate_build names the file, the line and the column of the first bad cell. */
  const char text[] = "run,k,m\n0,a,1\n1,a,NA\n2,a,\n3,b,1e400\n";
  csvtab t = CSVTAB_INIT;
  gn_error err = {0};
  assert_int_equal(csvtab_parse(text, sizeof text - 1, "r.csv", 0, &t, NULL, &err), GN_OK);
  aggregate a;
  const char *keys[] = {"k"};
  assert_int_equal(aggregate_build(&t, "r.csv", keys, 1, "m", experiment_metric_find, &a, &err), GN_EINPUT);
  assert_string_equal(err.msg, "r.csv:5: column 'm': '1e400' is out of range (a finite number)");
  free(t.rows[3][2]); /* the bad cell made good: the table summarises */
  t.rows[3][2] = strdup("7");
  assert_int_equal(aggregate_build(&t, "r.csv", keys, 1, "m", experiment_metric_find, &a, &err), GN_OK);
  assert_int_equal(a.ngroups, 2);
  assert_int_equal(a.groups[0].stats.n, 1); /* NA and the empty cell are left out */
  aggregate_free(&a);
  csvtab_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(statistics_by_hand),
      cmocka_unit_test(statistics_near_the_largest_double),
      cmocka_unit_test(result_cells_have_one_number_syntax),
      cmocka_unit_test(intervals_that_respect_the_kind),
      cmocka_unit_test(bounded_intervals_by_hand),
      cmocka_unit_test(failed_runs_are_counted_not_averaged),
      cmocka_unit_test(csv_quotes_and_errors),
      cmocka_unit_test(grouping_and_markdown),
      cmocka_unit_test(short_graph_labels),
      cmocka_unit_test(kinds_on_the_axes),
      cmocka_unit_test(deterministic_repeats_count_once),
      cmocka_unit_test(readable_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
