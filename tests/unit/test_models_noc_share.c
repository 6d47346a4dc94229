/* Unit tests for the link-sharing rules (models/noc/noc_share*.c) and the saturation experiment's flows
 * (noc_traffic.c, noc_saturation.c): each share derived by hand below, on a 4x4 mesh with ports. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "noc_saturation.h"

#include <math.h>
#include <stdlib.h>

static noc_chip *chip4(void) {
  gn_error err;
  noc_chip *c = noc_chip_new("4x4", 4, 4, 1e9, 8e9, 1e-9, 2e-9, &err);
  assert_non_null(c);
  return c;
}

/* Shares (rate / link bandwidth) of flows spec under rule, checked against want[] to 1e-9. */
static void check(noc_chip *c, const char *spec, const char *rule, const double *want, int n) {
  gn_error err = {0};
  noc_traffic_pair *p = NULL;
  int np = 0;
  assert_int_equal(noc_traffic_parse(c, spec, 1, &p, &np, &err), GN_OK);
  assert_int_equal(np, n);
  noc_saturation s;
  const noc_share_rule *r = noc_share_find(rule, &err);
  assert_non_null(r);
  assert_int_equal(noc_saturation_run(c, p, np, r, &s, &err), GN_OK);
  for (int f = 0; f < n; f++) {
    if (fabs(s.share[f] - want[f]) > 1e-9) {
      print_message("%s %s flow %d: got %.12g want %.12g\n", spec, rule, f, s.share[f], want[f]);
      fail();
    }
  }
  noc_saturation_free(&s);
  free(p);
}

/* Row parking lot (0,0), (1,0), (2,0) -> (3,0). rr: router (1,0)'s east output serves its west port (flow 0) and
 * its local port (flow 1) in turn: 1/2 each; router (2,0)'s east output serves west (flows 0 and 1, arriving at
 * 1/2 + 1/2) and local (flow 2): 1/2 each, the west half split as it arrived: 1/4, 1/4; flow 2 gets 1/2; the
 * ejection port at (3,0) has one input (west) carrying 1: no cut. age: three flows on the last link, 1/3 each.
 * tcp: weights 1 / (hops x 3 ns) = 1/3 : 1/2 : 1 for 3, 2, 1 hops: 2/11, 3/11, 6/11. */
static void parking_lot(void **state) {
  noc_chip *c = chip4();
  check(c, "parking-lot", "rr", (double[]){0.25, 0.25, 0.5}, 3);
  check(c, "parking-lot", "age", (double[]){1.0 / 3, 1.0 / 3, 1.0 / 3}, 3);
  check(c, "parking-lot", "fair", (double[]){1.0 / 3, 1.0 / 3, 1.0 / 3}, 3);
  check(c, "parking-lot", "tcp", (double[]){2.0 / 11, 3.0 / 11, 6.0 / 11}, 3);
  noc_chip_free(c);
}

/* Column merge into (0,3): flows from (1,0), (0,0), (0,1), (0,2), (1,3). rr: (0,0)'s south output serves east
 * (1,0) and local (0,0): 1/2 each of what they get below; (0,1)'s south output: north (the two) and local: 1/2
 * each; (0,2)'s: north (three) and local; (0,3)'s ejection port: north (four) and east (1,3): 1/2 each. Going
 * back up: (1,3) 1/2, (0,2) 1/4, (0,1) 1/8, (0,0) and (1,0) 1/16 each. age: 1/5 each on the ejection port. */
static void column_merge(void **state) {
  noc_chip *c = chip4();
  check(c, "column-merge", "rr", (double[]){1.0 / 16, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2}, 5);
  check(c, "column-merge", "age", (double[]){0.2, 0.2, 0.2, 0.2, 0.2}, 5);
  noc_chip_free(c);
}

/* Two flows into (2,1), from the north ((2,0)) and the east ((3,1)), over disjoint mesh links: only the ejection
 * port is shared, two input ports: 1/2 each under every rule (tcp: both 1 hop, equal weights). Without ports
 * nothing is shared: each gets the whole link. */
static void converging_on_one_core(void **state) {
  noc_chip *c = chip4();
  const char *rules[] = {"rr", "age", "tcp"};
  for (int r = 0; r < 3; r++)
    check(c, "2:0->2:1,3:1->2:1", rules[r], (double[]){0.5, 0.5}, 2);
  c->ports = 0;
  check(c, "2:0->2:1,3:1->2:1", "rr", (double[]){1, 1}, 2);
  noc_chip_free(c);
}

/* A flow cut downstream frees upstream capacity (the fixed point): A (0,0)->(2,0) and B (1,0)->(3,0) meet at
 * router (1,0)'s east output (A from the west, B local); A then meets S (2,1)->(2,0) and E (3,0)->(2,0) at (2,0)'s
 * ejection port, three input ports (west, south, east): 1/3 each. A carries 1/3, so the east output at (1,0)
 * leaves B the other 2/3 (a single pass would give B 1/2). age gives the same (max-min: A, S, E 1/3 on the
 * ejection port, B the rest of (1,0)E). */
static void cut_downstream_frees_upstream(void **state) {
  noc_chip *c = chip4();
  const char *spec = "0:0->2:0,1:0->3:0,2:1->2:0,3:0->2:0";
  check(c, spec, "rr", (double[]){1.0 / 3, 2.0 / 3, 1.0 / 3, 1.0 / 3}, 4);
  check(c, spec, "age", (double[]){1.0 / 3, 2.0 / 3, 1.0 / 3, 1.0 / 3}, 4);
  noc_chip_free(c);
}

/* A slower ejection port (half the link) halves what converges on it; rr and age alike. */
static void port_bandwidth(void **state) {
  noc_chip *c = chip4();
  c->port_bw_Bps = 4e9;
  check(c, "2:0->2:1,3:1->2:1", "rr", (double[]){0.25, 0.25}, 2);
  noc_chip_free(c);
}

/* Shares of flows spec under oldest, the messages started at start[] (seconds), against want[] to 1e-12. */
static void check_oldest(noc_chip *c, const char *spec, const double *start, const double *want, int n) {
  gn_error err = {0};
  noc_traffic_pair *p = NULL;
  int np = 0;
  assert_int_equal(noc_traffic_parse(c, spec, 1, &p, &np, &err), GN_OK);
  assert_int_equal(np, n);
  noc_share_flow f[8];
  double rate[8];
  for (int i = 0; i < n; i++) {
    noc_share_flow_init(c, p[i].src, p[i].dst, &f[i]);
    f[i].start_s = start[i];
  }
  assert_int_equal(noc_share_find("oldest", &err)->rates(c, f, n, rate, &err), GN_OK);
  for (int i = 0; i < n; i++)
    if (fabs(rate[i] / c->link_bw_Bps - want[i]) > 1e-12) {
      print_message("%s flow %d: got %.15g want %.15g\n", spec, i, rate[i] / c->link_bw_Bps, want[i]);
      fail();
    }
  free(p);
}

/* oldest, message by message. Two messages on (1,0)E (two2hop's flows, (0,0)->(2,0) and (1,0)->(3,0)), started
 * at t = 0 and t = 1: the first gets the whole link, the second nothing until it ends; started the other way
 * round, the other way round; started together, the lower source core goes first. A third message (2,0)->(3,0),
 * started last, shares no link with the first: it takes the whole of (2,0)E, which the second, held at (1,0)E,
 * leaves free (a later message takes what is left, it does not queue behind the one it follows). Without the
 * first, the second is served and the third gets nothing on (2,0)E and the ejection port at (3,0). */
static void oldest_first_come_first_served(void **state) {
  noc_chip *c = chip4();
  const char *two = "0:0->2:0,1:0->3:0", *three = "0:0->2:0,1:0->3:0,2:0->3:0";
  check_oldest(c, two, (double[]){0, 1}, (double[]){1, 0}, 2);
  check_oldest(c, two, (double[]){1, 0}, (double[]){0, 1}, 2);
  check_oldest(c, two, (double[]){0, 0}, (double[]){1, 0}, 2);
  check_oldest(c, three, (double[]){0, 1, 2}, (double[]){1, 0, 1}, 3);
  check_oldest(c, "1:0->3:0,2:0->3:0", (double[]){1, 2}, (double[]){1, 0}, 2);
  /* A port half the link's bandwidth caps the first; the second takes the other half of (1,0)E. */
  c->port_bw_Bps = 4e9;
  check_oldest(c, two, (double[]){0, 1}, (double[]){0.5, 0.5}, 2);
  noc_chip_free(c);
}

/* oldest at saturation (noc_saturation_replay.c): messages back to back, each taking 1 s alone. Row parking lot:
 * every message crosses (2,0)E, so they go one at a time; at t = 0 the lower source core goes first (0,0), then
 * (1,0), then (2,0), each 1 s; (0,0)'s next message started at t = 1 and is then the oldest, so the service
 * cycles through the three flows: 1/3 each, exactly over the measured window (1,800 whole rounds of 3 s). Column
 * merge: all five through (0,3)'s ejection port, the same cycle of five: 1/5 each. Equal shares per flow, as
 * BookSim's age-based arbiter gives at saturation, and as age gives. */
static void oldest_at_saturation(void **state) {
  noc_chip *c = chip4();
  check(c, "parking-lot", "oldest", (double[]){1.0 / 3, 1.0 / 3, 1.0 / 3}, 3);
  check(c, "column-merge", "oldest", (double[]){0.2, 0.2, 0.2, 0.2, 0.2}, 5);
  noc_chip_free(c);
}

/* Properties every rule's allocation has, checked on 40 uniform-random flow sets per chip size and on a set of 12
 * messages a 300-task DAG pipeline had in flight (under rr it once flipped between two states): no link or port
 * carries more than its bandwidth, and every flow crosses at least one saturated link (nothing is left unused
 * that a flow could take: each rule is work-conserving). */
static void feasible_and_work_conserving(noc_chip *c, const char *spec, uint64_t seed, const char *rule) {
  gn_error err = {0};
  noc_traffic_pair *p = NULL;
  int n = 0;
  assert_int_equal(noc_traffic_parse(c, spec, seed, &p, &n, &err), GN_OK);
  noc_saturation s;
  assert_int_equal(noc_saturation_run(c, p, n, noc_share_find(rule, &err), &s, &err), GN_OK);
  for (int l = 0; l < noc_link_id_count(c); l++)
    assert_true(s.load[l] <= 1 + 1e-9);
  for (int f = 0; f < n; f++) {
    int saturated = 0;
    for (int i = 0; i < s.flows[f].n_links; i++)
      saturated |= s.load[s.flows[f].links[i]] >= 1 - 1e-9;
    if (!saturated) {
      print_message("%s seed %lu %s: flow %d (share %g) crosses no saturated link\n", spec, (unsigned long)seed, rule,
                    f, s.share[f]);
      fail();
    }
  }
  noc_saturation_free(&s);
  free(p);
}

/* The same for oldest's allocation of messages in flight (its rates at one instant; at saturation it has none
 * fixed): the messages' start times a permutation of the flows, scrambled by the seed. */
static void oldest_feasible_and_work_conserving(noc_chip *c, uint64_t seed) {
  gn_error err = {0};
  noc_traffic_pair *p = NULL;
  int n = 0, n_links = noc_link_id_count(c);
  assert_int_equal(noc_traffic_parse(c, "uniform", seed, &p, &n, &err), GN_OK);
  noc_share_flow *f = malloc((size_t)n * sizeof *f);
  double *rate = malloc((size_t)n * sizeof *rate), *load = calloc((size_t)n_links, sizeof *load);
  for (int i = 0; i < n; i++) {
    noc_share_flow_init(c, p[i].src, p[i].dst, &f[i]);
    f[i].start_s = (double)((i * 7 + (int)seed) % n);
  }
  assert_int_equal(noc_share_oldest(c, f, n, rate, &err), GN_OK);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < f[i].n_links; k++)
      load[f[i].links[k]] += rate[i] / noc_link_bw(c, f[i].links[k]);
  for (int l = 0; l < n_links; l++)
    assert_true(load[l] <= 1 + 1e-9);
  for (int i = 0; i < n; i++) {
    int saturated = 0;
    for (int k = 0; k < f[i].n_links; k++)
      saturated |= load[f[i].links[k]] >= 1 - 1e-9;
    assert_true(saturated);
  }
  free(f), free(rate), free(load), free(p);
}

static void allocations_are_feasible(void **state) {
  const char *rules[] = {"rr", "age", "tcp"};
  int sides[][2] = {{4, 4}, {8, 8}, {5, 10}};
  gn_error err;
  for (int k = 0; k < 3; k++) {
    noc_chip *c = noc_chip_new("t", sides[k][0], sides[k][1], 1e9, 8e9, 1e-9, 2e-9, &err);
    assert_non_null(c);
    for (int r = 0; r < 3; r++)
      for (uint64_t seed = 1; seed <= 40; seed++)
        feasible_and_work_conserving(c, "uniform", seed, rules[r]);
    for (uint64_t seed = 1; seed <= 40; seed++)
      oldest_feasible_and_work_conserving(c, seed);
    if (k == 2)
      for (int r = 0; r < 3; r++)
        feasible_and_work_conserving(c,
                                     "2:1->2:8,4:5->2:8,1:0->2:3,1:2->2:3,0:1->2:8,2:6->1:8,4:1->2:8,1:8->2:8,1:1->1:7,"
                                     "3:2->2:9,3:0->0:8,3:7->3:9",
                                     1, rules[r]);
    noc_chip_free(c);
  }
}

/* Patterns: counts and bad specs. Transpose on 4x4: the 12 cores off the diagonal; hotspot: 15 flows into (2,2);
 * uniform: one flow per core, never to itself, the same for the same seed. */
static void patterns(void **state) {
  noc_chip *c = chip4();
  gn_error err = {0};
  noc_traffic_pair *p = NULL, *q = NULL;
  int n = 0, m = 0;
  assert_int_equal(noc_traffic_parse(c, "transpose", 1, &p, &n, &err), GN_OK);
  assert_int_equal(n, 12);
  free(p);
  assert_int_equal(noc_traffic_parse(c, "hotspot", 1, &p, &n, &err), GN_OK);
  assert_int_equal(n, 15);
  assert_int_equal(p[0].dst, 2 * 4 + 2);
  free(p);
  assert_int_equal(noc_traffic_parse(c, "uniform", 7, &p, &n, &err), GN_OK);
  assert_int_equal(noc_traffic_parse(c, "uniform", 7, &q, &m, &err), GN_OK);
  assert_int_equal(n, 16);
  for (int i = 0; i < n; i++) {
    assert_int_not_equal(p[i].src, p[i].dst);
    assert_int_equal(p[i].dst, q[i].dst);
  }
  free(p);
  free(q);
  const char *bad[] = {"0:0->0:0", "0:0->4:0", "0:0-3:0", "hotspot:9:9", "", "parking", NULL};
  for (int i = 0; bad[i]; i++)
    assert_int_equal(noc_traffic_parse(c, bad[i], 1, &p, &n, &err), GN_EINPUT);
  assert_null(noc_share_find("round-robin", &err));
  noc_chip_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(parking_lot),           cmocka_unit_test(column_merge),
      cmocka_unit_test(converging_on_one_core), cmocka_unit_test(cut_downstream_frees_upstream),
      cmocka_unit_test(port_bandwidth),        cmocka_unit_test(allocations_are_feasible),
      cmocka_unit_test(patterns),              cmocka_unit_test(oldest_first_come_first_served),
      cmocka_unit_test(oldest_at_saturation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
