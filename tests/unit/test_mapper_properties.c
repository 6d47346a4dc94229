/* Property tests for the mappers over hundreds of random DAGs: valid pipelines with N non-empty stages,
 * chains = brute force over cuts of its order, exact = brute force over all partitions, no heuristic below
 * exact, the same seed gives the same partition, and the local searches' incremental state stays true. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gn_seed.h"
#include "mapper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const heuristics[] = {"dpma", "dptaa", "saatsa", "chains", "dpma+refine", "dptaa+refine", "best"};
#define N_HEURISTICS (int)(sizeof heuristics / sizeof *heuristics)

/* A random DAG: n tasks created in a random order, an edge between the i-th and j-th of a hidden order
 * (i < j) with probability p; integer loads 1..9 or real loads in [0.5, 9.5) when real_loads; volumes 0..4. */
static taskgraph *random_dag(gsl_rng *r, int n, double p, int real_loads) {
  taskgraph *g = taskgraph_new();
  gn_error err;
  int *perm = malloc((size_t)n * sizeof *perm);
  assert_non_null(g);
  assert_non_null(perm);
  for (int i = 0; i < n; i++)
    perm[i] = i;
  for (int i = n - 1; i > 0; i--) {
    int j = (int)gsl_rng_uniform_int(r, (unsigned long)i + 1), tmp = perm[i];
    perm[i] = perm[j];
    perm[j] = tmp;
  }
  for (int t = 0; t < n; t++) {
    double load = real_loads ? 0.5 + 9 * gsl_rng_uniform(r) : (double)(1 + gsl_rng_uniform_int(r, 9));
    assert_true(taskgraph_add_task(g, NULL, load, &err) >= 0);
  }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (gsl_rng_uniform(r) < p)
        assert_int_equal(taskgraph_add_edge(g, perm[i], perm[j], (double)gsl_rng_uniform_int(r, 5), &err), GN_OK);
  free(perm);
  assert_int_equal(taskgraph_finalize(g, "random", &err), GN_OK);
  return g;
}

static double period_of(const taskgraph *g, const partition *p, double comm_factor) {
  double *cost = malloc((size_t)p->n_stages * sizeof *cost), best = 0;
  partition_stage_costs(g, p, comm_factor, cost);
  for (int s = 0; s < p->n_stages; s++)
    if (cost[s] > best)
      best = cost[s];
  free(cost);
  return best;
}

static partition *run(const char *name, const taskgraph *g, int n_stages, double cf, uint64_t seed,
                      const char *options) {
  mapper_params mp = {.n_stages = n_stages, .comm_factor = cf, .seed = seed, .options = options, .time_limit_s = 10};
  partition *p;
  gn_error err;
  if (mapper_run_by_name(name, g, &mp, &p, &err))
    fail_msg("%s on %d tasks, N = %d: %s", name, g->n_tasks, n_stages, err.msg);
  return p;
}

static void every_mapper_valid_on_random_graphs(void **state) {
  gsl_rng *r = gn_rng_new(11);
  const double cfs[] = {0, 0.5, 1};
  for (int i = 0; i < 300; i++) {
    int n = 1 + (int)gsl_rng_uniform_int(r, 40);
    int N = 1 + (int)gsl_rng_uniform_int(r, (unsigned long)n);
    double cf = cfs[i % 3], density = 0.02 + 0.3 * gsl_rng_uniform(r);
    taskgraph *g = random_dag(r, n, density, i % 2);
    double lb = partition_lower_bound(g, N);
    for (int h = 0; h < N_HEURISTICS; h++) {
      /* mapper_run_by_name validates: N non-empty stages, no backward edge. */
      partition *p = run(heuristics[h], g, N, cf, (uint64_t)i, "saatsa.iterations=2000,best.nodes=200000");
      assert_true(period_of(g, p, cf) >= lb * (1 - 1e-12));
      partition_free(p);
    }
    if ((N & (N - 1)) == 0)
      partition_free(run("dptaa", g, N, cf, 0, "strict=true"));
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

/* Brute force over every choice of N-1 cut positions among the n-1 gaps of `order`. */
static double best_cut_brute(const taskgraph *g, const int *order, int N, double cf) {
  int n = g->n_tasks;
  double best = INFINITY;
  partition *p = partition_new(n, N);
  for (unsigned mask = 0; mask < (1u << (n - 1)); mask++) {
    if (__builtin_popcount(mask) != N - 1)
      continue;
    int s = 0;
    for (int k = 0; k < n; k++) {
      p->stage[order[k]] = s;
      if (k < n - 1 && (mask >> k & 1u))
        s++;
    }
    double v = period_of(g, p, cf);
    if (v < best)
      best = v;
  }
  partition_free(p);
  return best;
}

static void chains_equals_brute_force_on_its_order(void **state) {
  gsl_rng *r = gn_rng_new(12);
  for (int i = 0; i < 200; i++) {
    int n = 1 + (int)gsl_rng_uniform_int(r, 11);
    int N = 1 + (int)gsl_rng_uniform_int(r, (unsigned long)n);
    double cf = (i % 3) * 0.5;
    taskgraph *g = random_dag(r, n, 0.3, i % 2);
    partition *p = partition_new(n, N);
    double period;
    gn_error err;
    assert_int_equal(mapper_chains_on_order(g, g->topo, N, cf, INFINITY, p, &period, &err), GN_OK);
    double brute = best_cut_brute(g, g->topo, N, cf);
    assert_true(fabs(period - brute) <= 1e-9 * (1 + period));
    assert_true(fabs(period - period_of(g, p, cf)) <= 1e-9 * (1 + period));
    /* With a cutoff: the same optimum when it lies below, "none" when it does not. */
    double cut_period;
    assert_int_equal(mapper_chains_on_order(g, g->topo, N, cf, brute * 1.01 + 1e-9, p, &cut_period, &err), GN_OK);
    assert_true(fabs(cut_period - brute) <= 1e-9 * (1 + brute));
    assert_int_equal(mapper_chains_on_order(g, g->topo, N, cf, brute, p, &cut_period, &err), GN_OK);
    assert_true(isinf(cut_period));
    partition_free(p);
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

/* Brute force over all N^n stage labellings that form a valid pipeline. */
static double optimum_brute(const taskgraph *g, int N, double cf) {
  int n = g->n_tasks;
  long total = 1;
  for (int t = 0; t < n; t++)
    total *= N;
  partition *p = partition_new(n, N);
  double best = INFINITY;
  gn_error err;
  for (long code = 0; code < total; code++) {
    long c = code;
    for (int t = 0; t < n; t++, c /= N)
      p->stage[t] = (int)(c % N);
    if (partition_validate(g, p, &err) == GN_OK) {
      double v = period_of(g, p, cf);
      if (v < best)
        best = v;
    }
  }
  partition_free(p);
  return best;
}

static void exact_equals_brute_force_and_bounds_heuristics(void **state) {
  gsl_rng *r = gn_rng_new(13);
  for (int i = 0; i < 80; i++) {
    int n = 2 + (int)gsl_rng_uniform_int(r, 6);
    int N = 1 + (int)gsl_rng_uniform_int(r, (unsigned long)(n < 4 ? n : 4));
    double cf = (i % 3) * 0.5;
    taskgraph *g = random_dag(r, n, 0.35, i % 2);
    mapper_params mp = {.n_stages = N, .comm_factor = cf, .seed = 0, .options = NULL, .time_limit_s = 20};
    partition *p = partition_new(n, N);
    mapper_exact_result res;
    gn_error err;
    assert_int_equal(mapper_exact_solve(g, &mp, p, &res, &err), GN_OK);
    assert_int_equal(res.optimal, 1);
    double opt = optimum_brute(g, N, cf);
    assert_true(fabs(res.period - opt) <= 1e-6 * (1 + opt));
    assert_true(fabs(period_of(g, p, cf) - opt) <= 1e-6 * (1 + opt));
    for (int h = 0; h < N_HEURISTICS; h++) {
      partition *q = run(heuristics[h], g, N, cf, 3, NULL);
      assert_true(period_of(g, q, cf) >= opt - 1e-6 * (1 + opt));
      partition_free(q);
    }
    partition_free(p);
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

/* Under a time limit too short to prove anything on a 30-task graph, exact still returns its incumbent (the
 * best heuristic), a bound no higher than its period and not below LB, and a status saying which. */
/* Stopped early by a node budget (deterministic, unlike a CPU time limit, whose stopping point depends on the
 * machine's load): a valid partition, a bound between LB and its period, no heuristic better. */
static void exact_under_budget_reports_bound(void **state) {
  gsl_rng *r = gn_rng_new(15);
  for (int i = 0; i < 3; i++) {
    taskgraph *g = random_dag(r, 30, 0.15, 1);
    int N = 5;
    mapper_params mp = {.n_stages = N, .comm_factor = 0.5, .seed = 0, .options = "max_nodes=20", .time_limit_s = 60};
    partition *p = partition_new(30, N);
    mapper_exact_result res;
    gn_error err;
    assert_int_equal(mapper_exact_solve(g, &mp, p, &res, &err), GN_OK);
    assert_int_equal(partition_validate(g, p, &err), GN_OK);
    assert_true(res.bound <= res.period);
    assert_true(res.bound >= partition_lower_bound(g, N) * (1 - 1e-12));
    assert_true(fabs(period_of(g, p, 0.5) - res.period) <= 1e-9 * res.period);
    for (int h = 0; h < N_HEURISTICS; h++) {
      partition *q = run(heuristics[h], g, N, 0.5, 0, NULL);
      assert_true(period_of(g, q, 0.5) >= res.period - 1e-9 * res.period);
      partition_free(q);
    }
    partition_free(p);
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

static void same_seed_same_partition(void **state) {
  gsl_rng *r = gn_rng_new(14);
  for (int i = 0; i < 20; i++) {
    taskgraph *g = random_dag(r, 30, 0.1, i % 2);
    int N = 2 + i % 7;
    for (int h = 0; h < N_HEURISTICS; h++) {
      partition *a = run(heuristics[h], g, N, 0.5, 99, "saatsa.iterations=5000,best.nodes=2000000");
      partition *b = run(heuristics[h], g, N, 0.5, 99, "saatsa.iterations=5000,best.nodes=2000000");
      assert_memory_equal(a->stage, b->stage, (size_t)g->n_tasks * sizeof *a->stage);
      partition_free(a);
      partition_free(b);
    }
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

/* partition_state under random valid moves (real loads, volumes, up to 70 stages: more than one word of the
 * tracked set): costs match a recount, the tracked set and its walks match a scan, fits matches range, and every
 * stage whose cost changed lies at or above changed_from. */
static void partition_state_tracks_random_moves(void **state) {
  gsl_rng *r = gn_rng_new(15);
  gn_error err;
  for (int i = 0; i < 12; i++) {
    int n = i < 6 ? 40 : 150, N = i < 6 ? 2 + i : 60 + i;
    taskgraph *g = random_dag(r, n, i < 6 ? 0.1 : 0.03, 1);
    partition *p = partition_new(n, N);
    for (int k = 0; k < n; k++) /* cut the topological order in N runs: a valid pipeline */
      p->stage[g->topo[k]] = (int)((long)k * N / n);
    partition_state st;
    assert_int_equal(partition_state_init(&st, g, p, 0.7, &err), GN_OK);
    double *recount = malloc((size_t)N * sizeof *recount), *before = malloc((size_t)N * sizeof *before);
    assert_int_equal(partition_state_track_over(&st, 0, &err), GN_OK);
    partition_stage_costs(g, p, 0.7, recount);
    double total = 0;
    for (int k = 0; k < N; k++)
      total += recount[k];
    assert_int_equal(partition_state_track_over(&st, total / N, &err), GN_OK);
    for (int m = 0; m < 3000; m++) {
      int t = (int)gsl_rng_uniform_int(r, (unsigned long)n), lo, hi;
      partition_state_range(g, &st, t, &lo, &hi);
      for (int s = 0; s < N; s++)
        assert_int_equal(partition_state_fits(g, &st, t, s), s >= lo && s <= hi);
      memcpy(before, st.stage_cost, (size_t)N * sizeof *before);
      st.changed_from = N;
      partition_state_move(g, &st, t, lo + (int)gsl_rng_uniform_int(r, (unsigned long)(hi - lo + 1)));
      partition_stage_costs(g, p, 0.7, recount);
      int next = N, last = -1, probe = (int)gsl_rng_uniform_int(r, (unsigned long)N + 1);
      for (int k = N - 1; k >= 0; k--) {
        assert_true(fabs(st.stage_cost[k] - recount[k]) < 1e-9 * (1 + total));
        if (st.stage_cost[k] != before[k])
          assert_true(k >= st.changed_from);
        int over = st.stage_cost[k] > st.over_at;
        assert_int_equal((st.over[k / 64] >> (k % 64)) & 1, over);
        if (over && k >= probe)
          next = k;
        if (over && k < probe && last < 0)
          last = k;
      }
      assert_int_equal(partition_state_next_over(&st, probe), next);
      assert_int_equal(partition_state_last_over_before(&st, probe), last);
    }
    free(recount);
    free(before);
    partition_state_free(&st);
    partition_free(p);
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

/* A trial move (partition_state_try) gives the costs, sizes and tracked set partition_state_move gives, and
 * partition_state_untry puts every one back bit for bit (moving the task back need not), from random partitions of
 * random graphs with real volumes, trials nested two deep as best's swaps are. */
static void trial_moves_come_back_bit_for_bit(void **state) {
  (void)state;
  gsl_rng *r = gn_rng_new(27);
  gn_error err;
  for (int i = 0; i < 8; i++) {
    int n = 60, N = 3 + 9 * i;
    taskgraph *g = random_dag(r, n, 0.08, 1);
    partition *p = partition_new(n, N), *q = partition_new(n, N);
    for (int k = 0; k < n; k++)
      p->stage[g->topo[k]] = (int)((long)k * N / n);
    memcpy(q->stage, p->stage, (size_t)n * sizeof *p->stage);
    partition_state st, moved;
    partition_trial outer, inner;
    assert_int_equal(partition_state_init(&st, g, p, 0.7, &err), GN_OK);
    assert_int_equal(partition_state_init(&moved, g, q, 0.7, &err), GN_OK);
    assert_int_equal(partition_trial_init(&outer, g, &err), GN_OK);
    assert_int_equal(partition_trial_init(&inner, g, &err), GN_OK);
    double total = 0;
    for (int k = 0; k < N; k++)
      total += st.stage_cost[k];
    assert_int_equal(partition_state_track_over(&st, total / N, &err), GN_OK);
    assert_int_equal(partition_state_track_over(&moved, total / N, &err), GN_OK);
    size_t words = (size_t)(N + 63) / 64;
    int drifted = 0;
    for (int m = 0; m < 2000; m++) {
      int t = (int)gsl_rng_uniform_int(r, (unsigned long)n), w = (int)gsl_rng_uniform_int(r, (unsigned long)n), lo, hi;
      partition_state_range(g, &st, t, &lo, &hi);
      int s = lo + (int)gsl_rng_uniform_int(r, (unsigned long)(hi - lo + 1));
      partition_state_try(g, &st, &outer, t, s);
      partition_state_move(g, &moved, t, s);
      partition_state_range(g, &st, w, &lo, &hi);
      int s2 = lo + (int)gsl_rng_uniform_int(r, (unsigned long)(hi - lo + 1));
      partition_state_try(g, &st, &inner, w, s2);
      partition_state_move(g, &moved, w, s2);
      assert_memory_equal(st.stage_cost, moved.stage_cost, (size_t)N * sizeof *st.stage_cost);
      assert_memory_equal(st.over, moved.over, words * sizeof *st.over);
      partition_state_untry(&st, &inner);
      partition_state_untry(&st, &outer);
      partition_state_move(g, &moved, w, inner.from);
      partition_state_move(g, &moved, t, outer.from);
      assert_memory_equal(p->stage, q->stage, (size_t)n * sizeof *p->stage);
      assert_memory_equal(st.stage_size, moved.stage_size, (size_t)N * sizeof *st.stage_size);
      drifted += memcmp(st.stage_cost, moved.stage_cost, (size_t)N * sizeof *st.stage_cost) != 0;
      memcpy(moved.stage_cost, st.stage_cost, (size_t)N * sizeof *st.stage_cost); /* moved restarts from st */
      for (int k = 0; k < N; k++)
        partition_state_mark_over(&moved, k);
      assert_memory_equal(st.over, moved.over, words * sizeof *st.over);
      double *recount = malloc((size_t)N * sizeof *recount);
      partition_stage_costs(g, p, 0.7, recount);
      for (int k = 0; k < N; k++)
        assert_true(fabs(st.stage_cost[k] - recount[k]) < 1e-9 * (1 + total));
      free(recount);
      if (gsl_rng_uniform_int(r, 4) == 0) { /* now and then a move kept, as the search takes its best */
        partition_state_move(g, &st, t, s);
        partition_state_move(g, &moved, t, s);
      }
    }
    print_message("N=%d: moving back drifted from the costs before on %d of 2000 trials\n", N, drifted);
    partition_trial_free(&outer);
    partition_trial_free(&inner);
    partition_state_free(&st);
    partition_state_free(&moved);
    partition_free(p);
    partition_free(q);
    taskgraph_free(g);
  }
  gsl_rng_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_mapper_valid_on_random_graphs),
      cmocka_unit_test(chains_equals_brute_force_on_its_order),
      cmocka_unit_test(exact_equals_brute_force_and_bounds_heuristics),
      cmocka_unit_test(exact_under_budget_reports_bound),
      cmocka_unit_test(same_seed_same_partition),
      cmocka_unit_test(partition_state_tracks_random_moves),
      cmocka_unit_test(trial_moves_come_back_bit_for_bit),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
