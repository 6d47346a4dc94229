/* Unit tests for mapper/taskgraph_gen: statistics over many seeds against each method's and law's parameters
 * (tolerance: 5 standard errors, from the law's variance), structure, CCR, determinism, parameter errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "stg.h"
#include "taskgraph_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>

static taskgraph *generate(const char *spec) {
  taskgraph_gen_params p;
  gn_error err = {0};
  taskgraph *g = NULL;
  if (taskgraph_gen_parse(spec, &p, &err) || taskgraph_gen_generate(&p, &g, &err))
    fail_msg("%s: %s", spec, err.msg);
  return g;
}

/* |observed - expected| within 5 standard errors of a mean of `count` draws of variance `var`. */
static void assert_close(const char *what, double observed, double expected, double var, double count) {
  double tol = 5 * sqrt(var / count);
  if (fabs(observed - expected) > tol)
    fail_msg("%s: observed %.6g, expected %.6g +- %.3g", what, observed, expected, tol);
}

/* Mean and variance of one law, derived by hand:
 *   unif: 10 consecutive integers 1..10: mean 5.5, variance (10^2 - 1)/12 = 8.25.
 *   expo: geometric on 1, 2, ... with p = 1/5: mean 5, variance (1 - p)/p^2 = 20 (mean 10: 90).
 *   norm: round(N(5, 1)): mean 5 (symmetric; the redraw below 1 moves it by < 1e-5), variance 1 + 1/12.
 *   two peaks, p = 0.5: mean = average of the peaks' means (unif 5.5 and 10.5 -> 8; expo and norm 7.5),
 *   variance = average of the variances + (difference of the means / 2)^2 = ... + 2.5^2. */
static void time_laws_match_their_parameters(void **state) {
  static const struct {
    const char *law;
    double mean, var;
  } laws[] = {
      {"unif", 5.5, 8.25},           {"expo", 5, 20},          {"norm", 5, 1 + 1.0 / 12},
      {"unif2pks", 8, 8.25 + 6.25}, {"expo2pks", 7.5, 55 + 6.25}, {"norm2pks", 7.5, 1 + 1.0 / 12 + 6.25},
  };
  for (size_t i = 0; i < sizeof laws / sizeof laws[0]; i++) {
    double sum = 0, count = 0;
    for (int seed = 1; seed <= 20; seed++) {
      char spec[128];
      snprintf(spec, sizeof spec, "tasks=500,times=%s,seed=%d", laws[i].law, seed);
      taskgraph *g = generate(spec);
      for (int t = 0; t < g->n_tasks; t++) {
        assert_true(g->load[t] >= 1 && g->load[t] == floor(g->load[t]));
        sum += g->load[t];
        count++;
      }
      taskgraph_free(g);
    }
    assert_close(laws[i].law, sum / count, laws[i].mean, laws[i].var, count);
  }
}

/* E[min(K, c)] and Var[min(K, c)] for K ~ Poisson(mean). */
static void capped_poisson(double mean, int c, double *e, double *v) {
  double m1 = 0, m2 = 0, below = 0;
  for (int k = 0; k < c; k++) {
    double pk = gsl_ran_poisson_pdf((unsigned)k, mean);
    m1 += k * pk;
    m2 += (double)k * k * pk;
    below += pk;
  }
  m1 += c * (1 - below);
  m2 += (double)c * c * (1 - below);
  *e = m1;
  *v = m2 - m1 * m1;
}

/* Expected edges of one graph and their variance, from the method's parameters:
 *   *prob: every candidate pair is an independent Bernoulli(prob): pairs x prob, pairs x prob (1 - prob);
 *     sameprob pairs = n(n-1)/2, layrprob pairs = sum over consecutive layers of size_l x size_l+1;
 *   *pred: a task with c candidates gets min(Poisson(preds), c) predecessors: sum of capped means/variances;
 *     samepred: task j has j candidates; layrpred: a task of layer l >= 1 has size_{l-1} candidates. */
static void expected_edges(const taskgraph_gen_params *p, double *mean, double *var) {
  const char *m = p->method->name;
  int n = p->n_tasks, layers = taskgraph_gen_layer_count(p);
  *mean = *var = 0;
  if (strcmp(m, "sameprob") == 0 || strcmp(m, "layrprob") == 0) {
    double pairs = 0, prob = taskgraph_gen_edge_prob(p);
    if (m[0] == 's')
      pairs = n * (n - 1) / 2.0;
    for (int l = 1; m[0] == 'l' && l < layers; l++) {
      int a0, a1, b0, b1;
      taskgraph_gen_layer_range(p, l - 1, &a0, &a1);
      taskgraph_gen_layer_range(p, l, &b0, &b1);
      pairs += (double)(a1 - a0) * (b1 - b0);
    }
    *mean = pairs * prob;
    *var = pairs * prob * (1 - prob);
    return;
  }
  for (int j = 0; j < n; j++) {
    int c = j;
    if (m[0] == 'l') {
      int l = 0, first, end;
      for (;; l++) {
        taskgraph_gen_layer_range(p, l, &first, &end);
        if (j < end)
          break;
      }
      if (l == 0)
        continue;
      taskgraph_gen_layer_range(p, l - 1, &first, &end);
      c = end - first;
    }
    double e, v;
    capped_poisson(p->preds, c, &e, &v);
    *mean += e;
    *var += v;
  }
}

/* The layer of task t (layr* methods). */
static int layer_of(const taskgraph_gen_params *p, int t) {
  for (int l = 0;; l++) {
    int first, end;
    taskgraph_gen_layer_range(p, l, &first, &end);
    if (t < end)
      return l;
  }
}

/* 200 graphs of 60 tasks per method: mean predecessors per task (= edges / n) and edge density
 * (= edges / (n(n-1)/2)) against their expectations; layered methods only link consecutive layers. With the
 * default preds = 2 the *prob methods expect exactly 2 predecessors per task (prob is derived from it). */
static void precedence_methods_match_their_parameters(void **state) {
  for (const taskgraph_gen_method *m = taskgraph_gen_methods; m->name; m++) {
    taskgraph_gen_params p;
    char spec[128];
    snprintf(spec, sizeof spec, "method=%s,tasks=60", m->name);
    gn_error err;
    assert_int_equal(taskgraph_gen_parse(spec, &p, &err), GN_OK);
    double mean, var, edges = 0;
    expected_edges(&p, &mean, &var);
    int graphs = 200;
    for (int seed = 1; seed <= graphs; seed++) {
      snprintf(spec, sizeof spec, "method=%s,tasks=60,seed=%d", m->name, seed);
      taskgraph *g = generate(spec);
      edges += g->n_edges;
      for (int e = 0; m->name[0] == 'l' && e < g->n_edges; e++)
        assert_int_equal(layer_of(&p, g->edge[e].dst), layer_of(&p, g->edge[e].src) + 1);
      taskgraph_free(g);
    }
    double n = 60, pairs = n * (n - 1) / 2;
    if (strstr(m->name, "prob"))
      assert_true(fabs(mean / n - 2) < 1e-9);
    char what[64];
    snprintf(what, sizeof what, "%s mean predecessors", m->name);
    assert_close(what, edges / graphs / n, mean / n, var / (n * n), graphs);
    snprintf(what, sizeof what, "%s edge density", m->name);
    assert_close(what, edges / graphs / pairs, mean / pairs, var / (pairs * pairs), graphs);
  }
}

/* prob=0 gives no edges, prob=1 every pair i < j: 10 x 9 / 2 = 45 edges. */
static void explicit_probabilities(void **state) {
  taskgraph *g = generate("tasks=10,prob=0");
  assert_int_equal(g->n_edges, 0);
  taskgraph_free(g);
  g = generate("tasks=10,prob=1");
  assert_int_equal(g->n_edges, 45);
  taskgraph_free(g);
}

/* Volumes are weights uniform on [0.5, 1.5) scaled so total volume / total load = ccr exactly (up to
 * rounding); the comm-layout STG text round-trips them bit for bit. */
static void volumes_for_ccr_and_round_trip(void **state) {
  taskgraph *g = generate("method=samepred,tasks=80,ccr=0.7,seed=9");
  taskgraph_stats st;
  taskgraph_stats_compute(g, &st);
  assert_true(fabs(st.ccr - 0.7) < 1e-12);
  double vmin = INFINITY, vmax = 0;
  for (int e = 0; e < g->n_edges; e++) {
    vmin = fmin(vmin, g->edge[e].volume);
    vmax = fmax(vmax, g->edge[e].volume);
  }
  assert_true(vmin > 0 && vmax < 3 * vmin); /* weights in [0.5, 1.5): any two differ by less than 3x */
  char *text;
  size_t len;
  gn_error err;
  assert_int_equal(stg_write(g, STG_LAYOUT_COMM, &text, &len, &err), GN_OK);
  taskgraph *back = NULL;
  stg_options opt = {STG_LAYOUT_COMM, 0};
  assert_int_equal(stg_parse(text, len, "mem", &opt, &back, &err), GN_OK);
  assert_int_equal(back->n_edges, g->n_edges);
  for (int e = 0; e < g->n_edges; e++)
    assert_true(back->edge[e].volume == g->edge[e].volume);
  assert_string_equal(back->info, "# gridnoc gen: method=samepred,tasks=80,times=unif,preds=2,ccr=0.7,seed=9\n");
  free(text);
  taskgraph_free(back);
  taskgraph_free(g);
}

/* Same parameters and seed: the same STG text; another seed: another graph. */
static void deterministic_for_a_seed(void **state) {
  char *a, *b, *c;
  size_t la, lb, lc;
  gn_error err;
  taskgraph *g1 = generate("method=layrpred,tasks=100,times=expo2pks,seed=5");
  taskgraph *g2 = generate("method=layrpred,tasks=100,times=expo2pks,seed=5");
  taskgraph *g3 = generate("method=layrpred,tasks=100,times=expo2pks,seed=6");
  assert_int_equal(stg_write(g1, STG_LAYOUT_PLAIN, &a, &la, &err), GN_OK);
  assert_int_equal(stg_write(g2, STG_LAYOUT_PLAIN, &b, &lb, &err), GN_OK);
  assert_int_equal(stg_write(g3, STG_LAYOUT_PLAIN, &c, &lc, &err), GN_OK);
  assert_string_equal(a, b);
  assert_true(la != lc || memcmp(a, c, la) != 0);
  free(a);
  free(b);
  free(c);
  taskgraph_free(g1);
  taskgraph_free(g2);
  taskgraph_free(g3);
}

static void parameter_errors(void **state) {
  static const struct {
    const char *spec, *msg;
  } cases[] = {
      {"method=foo", "gen: unknown method 'foo' (known: sameprob, samepred, layrprob, layrpred)"},
      {"times=gauss", "gen: unknown times 'gauss' (known: unif, expo, norm, unif2pks, expo2pks, norm2pks)"},
      {"tasks=0", "gen: tasks=0 is outside 1..1e+06"},
      {"tasks=2.5", "gen: tasks='2.5' is not a whole number"},
      {"prob=1.5", "gen: prob=1.5 is outside 0..1"},
      {"seed=-1", "gen: seed='-1' is not a non-negative whole number"},
      {"colour=red", "gen: unknown key 'colour' (known: method, tasks, times, preds, prob, layers, ccr, seed)"},
      {"tasks", "gen: 'tasks' is not key=value"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    taskgraph_gen_params p;
    gn_error err = {0};
    assert_int_equal(taskgraph_gen_parse(cases[i].spec, &p, &err), GN_EINPUT);
    assert_string_equal(err.msg, cases[i].msg);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(time_laws_match_their_parameters),
      cmocka_unit_test(precedence_methods_match_their_parameters),
      cmocka_unit_test(explicit_probabilities),
      cmocka_unit_test(volumes_for_ccr_and_round_trip),
      cmocka_unit_test(deterministic_for_a_seed),
      cmocka_unit_test(parameter_errors),
  };
  return cmocka_run_group_tests_name("mapper.gen", tests, NULL, NULL);
}
