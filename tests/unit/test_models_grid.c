/* Unit tests for models/grid and models/failure: presets, capability, platform XML, failure processes,
 * time periods, checkpoint intervals and load profiles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "failure.h"
#include "gn_seed.h"
#include "grid.h"
#include "load_coupling.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string.h>

static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
    n++;
  return n;
}

static void patent_preset_has_the_digest_shape(void **state) {
  grid g;
  assert_int_equal(grid_preset("patent", 0, 0, &g, NULL), GN_OK);
  assert_int_equal(g.n_clusters, 8);
  assert_int_equal(g.n_nodes, 48);
  assert_int_equal(g.n_classes, 3);
  /* Two of each class per cluster, in blocks: classes 0,0,1,1,2,2. */
  int want[6] = {0, 0, 1, 1, 2, 2};
  for (int j = 0; j < 6; j++)
    assert_int_equal(g.nodes[6 + j].klass, want[j]);
  /* CP = cpu/1e8 with W = (1,0,0): 5, 5, 4, 4, 1.5, 1.5 → CCP = 21. 100 Mbit/s = 12.5e6 bytes/s. */
  assert_true(fabs(g.nodes[0].cp - 5) < 1e-12);
  assert_true(fabs(g.nodes[5].cp - 1.5) < 1e-12);
  assert_true(fabs(g.clusters[3].ccp - 21) < 1e-12);
  assert_true(g.port_bw_bps == 12.5e6 && g.uplink_bw_bps == 12.5e6);
  /* W = (1, 0.01, 0.1): class 0 CP = 5 + 10.24 + 5 = 20.24. */
  grid_set_weights(&g, (grid_weights){1, 0.01, 0.1});
  assert_true(fabs(g.nodes[0].cp - 20.24) < 1e-9);
  grid_free(&g);
  gn_error err;
  assert_int_equal(grid_preset("patnet", 0, 0, &g, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "patent"));
}

static void platform_xml_cascade_and_star(void **state) {
  grid g;
  assert_int_equal(grid_preset("patent", 4, 2, &g, NULL), GN_OK);
  char *xml;
  size_t len;
  assert_int_equal(grid_platform_xml(&g, NULL, &xml, &len, NULL), GN_OK);
  assert_int_equal(strlen(xml), len);
  /* 4 cluster zones, 8 nodes + 4 masters + grid master + injector = 14 hosts, cascade 0-1, 1-2, 2-3. */
  assert_int_equal(count(xml, "routing=\"Cluster\""), 4);
  assert_int_equal(count(xml, "<host "), 14);
  assert_int_equal(count(xml, "<zoneRoute"), 3);
  assert_non_null(strstr(xml, "src=\"c2\" dst=\"c3\""));
  free(xml);
  g.shape = GRID_STAR;
  char *profile[8] = {NULL, "0 1\n5 0.5\n"};
  assert_int_equal(grid_platform_xml(&g, profile, &xml, &len, NULL), GN_OK);
  assert_non_null(strstr(xml, "src=\"c0\" dst=\"c3\""));
  assert_null(strstr(xml, "src=\"c2\" dst=\"c3\""));
  assert_int_equal(count(xml, "<trace_connect kind=\"SPEED\""), 1);
  assert_non_null(strstr(xml, "element=\"node1\""));
  free(xml);
  grid_free(&g);
}

static void failure_processes_alternate_inside_the_horizon(void **state) {
  gn_error err;
  const failure_model *m = failure_model_find("exp:nd07cpu", &err);
  assert_non_null(m);
  assert_null(failure_model_find("weibull:nd07", &err));
  assert_non_null(strstr(err.msg, "weibull:nd07cpu"));
  gsl_rng *rng = gn_rng_new(42);
  failure_trace t = {0};
  /* accel 3600: one simulated second per trace hour; mean up 13.7 s, down 4.25 s over 1000 s and 20 hosts. A
   * host's up-down cycle has mean mu = 17.95 s and variance s2 = 13.7^2 + 4.25^2 = 205.75 (exponential phases),
   * so over 1000 s it completes ~1000 / 17.95 = 55.7 cycles (two events each) with variance ~1000 s2 / mu^3 =
   * 35.6 (renewal theory): 20 hosts give 2228 events, sd 2 sqrt(20 x 35.6) = 53. The window is 4 sd. */
  assert_int_equal(failure_generate(m, 1, 3600, 20, 1000, rng, &t, NULL), GN_OK);
  assert_true(t.n > 2228 - 4 * 53 && t.n < 2228 + 4 * 53);
  int *down = calloc(20, sizeof *down);
  for (int i = 0; i < t.n; i++) {
    assert_true(t.events[i].t >= 0 && t.events[i].t < 1000);
    if (i)
      assert_true(t.events[i].t >= t.events[i - 1].t);
    /* Per host: down, up, down, up ... (an up never comes without a down before it). */
    int h = t.events[i].host;
    assert_int_equal(t.events[i].up, down[h]);
    down[h] = !t.events[i].up;
  }
  free(down);
  failure_trace_free(&t);
  /* Same seed, same trace. */
  gsl_rng_set(rng, 7);
  failure_trace a = {0}, b = {0};
  failure_generate(failure_models[1], 1.7, 1000, 5, 500, rng, &a, NULL);
  gsl_rng_set(rng, 7);
  failure_generate(failure_models[1], 1.7, 1000, 5, 500, rng, &b, NULL);
  assert_int_equal(a.n, b.n);
  assert_memory_equal(a.events, b.events, (size_t)a.n * sizeof *a.events);
  failure_trace_free(&a);
  failure_trace_free(&b);
  gsl_rng_free(rng);
}

static void periods_and_checkpoint_intervals(void **state) {
  gn_error err;
  assert_ptr_equal(failure_period_find("2", &err), &failure_periods[1]);
  assert_ptr_equal(failure_period_find("evening", &err), &failure_periods[3]);
  assert_null(failure_period_find("5", &err));
  /* Daly, δ = 10 s, M = 1000 s: r = δ/2M = 0.005; √(2δM) = 141.4214;
   * τ = 141.4214·(1 + √0.005/3 + 0.005/9) − 10 = 141.4214·1.0241262 − 10 = 134.8333. Young: 141.4214. */
  assert_true(fabs(failure_daly_interval(10, 1000) - 134.8333) < 1e-3);
  assert_true(fabs(failure_young_interval(10, 1000) - 141.4214) < 1e-3);
  assert_true(failure_daly_interval(30, 10) == 10);
  /* Mean up time of exp:lanl05 at rate 2, accel 3600: 1780 h / 2 → 890 s. */
  assert_true(fabs(failure_mean_up_s(failure_models[0], 2, 3600) - 890) < 1e-9);
}

static void load_profile_lines(void **state) {
  gsl_rng *rng = gn_rng_new(3);
  char *text;
  /* 100 s in 10 s steps: dates 0, 10, ..., 90, ratios in [1 − 2·0.5, 1] clipped at 0.05. */
  assert_int_equal(failure_load_profile(0.5, 10, 100, rng, &text, NULL), GN_OK);
  assert_int_equal(count(text, "\n"), 10);
  double date, ratio, sum = 0;
  int off = 0, used, k = 0;
  while (sscanf(text + off, "%lf %lf\n%n", &date, &ratio, &used) == 2) {
    assert_true(date == 10.0 * k++);
    assert_true(ratio >= 0.05 && ratio <= 1);
    sum += ratio;
    off += used;
  }
  assert_int_equal(k, 10);
  assert_true(sum / k > 0.05 && sum / k < 1);
  free(text);
  gsl_rng_free(rng);
}

/* The uncoupled profile's ratio texts (seed 3, load 0.5, 10 s steps, 40 s): what the coupled one must keep. */
static void uncoupled_ratios(char ratio[4][16]) {
  gsl_rng *rng = gn_rng_new(3);
  char *text;
  assert_int_equal(failure_load_profile(0.5, 10, 40, rng, &text, NULL), GN_OK);
  int off = 0, used;
  for (int k = 0; k < 4; k++) {
    double date;
    assert_int_equal(sscanf(text + off, "%lf %15s\n%n", &date, ratio[k], &used), 2);
    off += used;
  }
  free(text);
  gsl_rng_free(rng);
}

static char *coupled(const failure_trace *tr, int host, double precede_s) {
  gsl_rng *rng = gn_rng_new(3);
  char *text = NULL;
  assert_int_equal(load_coupling_profile(0.5, 10, 40, tr, host, precede_s, rng, &text, NULL), GN_OK);
  gsl_rng_free(rng);
  return text;
}

/* precede:8. Host 0 leaves at 25 (back at 30): its owner holds it at the floor over [17, 25), so lines at 17 and
 * 20 say 0.05 and the line at 25 brings back step 2's ratio. Host 1 leaving at 15 changes nothing of host 0's.
 * Host 2 leaves at 5: its window is cut at 0 ([0, 5) at the floor, step 0's ratio back at 5). Host 3 leaves at
 * 50, past the 40 s horizon: no line. A host without departures keeps the uncoupled profile line for line. */
static void load_coupling_dates(void **state) {
  (void)state;
  char r[4][16], want[256];
  uncoupled_ratios(r);
  failure_trace tr = {0};
  assert_int_equal(failure_trace_add(&tr, 25, 0, 0, NULL), GN_OK);
  assert_int_equal(failure_trace_add(&tr, 30, 0, 1, NULL), GN_OK);
  assert_int_equal(failure_trace_add(&tr, 15, 1, 0, NULL), GN_OK);
  assert_int_equal(failure_trace_add(&tr, 5, 2, 0, NULL), GN_OK);
  assert_int_equal(failure_trace_add(&tr, 50, 3, 0, NULL), GN_OK);
  failure_trace_sort(&tr);
  char *text = coupled(&tr, 0, 8);
  snprintf(want, sizeof want, "0 %s\n10 %s\n17 0.050000\n20 0.050000\n25 %s\n30 %s\n", r[0], r[1], r[2], r[3]);
  assert_string_equal(text, want);
  free(text);
  text = coupled(&tr, 2, 8);
  snprintf(want, sizeof want, "0 0.050000\n5 %s\n10 %s\n20 %s\n30 %s\n", r[0], r[1], r[2], r[3]);
  assert_string_equal(text, want);
  free(text);
  text = coupled(&tr, 3, 8);
  snprintf(want, sizeof want, "0 %s\n10 %s\n20 %s\n30 %s\n", r[0], r[1], r[2], r[3]);
  assert_string_equal(text, want);
  free(text);
  assert_int_equal(load_coupling_extra_lines(&tr, 0), 2);
  assert_int_equal(load_coupling_extra_lines(&tr, 4), 0);
  failure_trace_free(&tr);
}

static void load_coupling_spec(void **state) {
  (void)state;
  load_coupling lc;
  gn_error err = {0};
  assert_int_equal(load_coupling_parse("none", &lc, &err), GN_OK);
  assert_true(lc.precede_s == 0);
  assert_int_equal(load_coupling_parse("precede:60", &lc, &err), GN_OK);
  assert_true(lc.precede_s == 60);
  const char *bad[] = {"precede:0", "precede:", "precede:1e7", "precede:-5", "after:5", "precede"};
  for (int i = 0; i < 6; i++) {
    assert_int_equal(load_coupling_parse(bad[i], &lc, &err), GN_EINPUT);
    assert_non_null(strstr(err.msg, "load_coupling must be none or precede:S"));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(patent_preset_has_the_digest_shape),
      cmocka_unit_test(platform_xml_cascade_and_star),
      cmocka_unit_test(failure_processes_alternate_inside_the_horizon),
      cmocka_unit_test(periods_and_checkpoint_intervals),
      cmocka_unit_test(load_profile_lines),
      cmocka_unit_test(load_coupling_dates),
      cmocka_unit_test(load_coupling_spec),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
