/* Unit tests for models/ring: ring order, (r, o) addresses, apportionment, m-redundant placement, B.4 formulas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid.h"
#include "ring.h"

#include <math.h>
#include <string.h>

static void order_is_capability_descending_ties_by_index(void **state) {
  /* cp = {3, 5, 5, 1}: 5 (index 1) before 5 (index 2), then 3, then 1. */
  double cp[4] = {3, 5, 5, 1};
  int order[4];
  assert_int_equal(ring_order(cp, 4, order, NULL), GN_OK);
  int want[4] = {1, 2, 0, 3};
  assert_memory_equal(order, want, sizeof want);
}

/* A hand-made grid: 2 clusters x 3 nodes, patent classes dealt (0,1,2) per cluster, so CP = 5, 4, 1.5 and
 * CCP = 10.5 each. Weights (1, 0, 0). */
static void hand_grid(grid *g) { assert_int_equal(grid_preset("patent", 2, 3, g, NULL), GN_OK); }

static void addresses_follow_the_rings(void **state) {
  grid g;
  hand_grid(&g);
  ring_address a[6];
  assert_int_equal(ring_addresses(&g, NULL, a, NULL), GN_OK);
  /* Equal CCPs: cluster 0 is r = 1 (lower index), cluster 1 is r = 2. Within each, CP 5, 4, 1.5 in node
   * order, so o = 1, 2, 3. */
  int r[6] = {1, 1, 1, 2, 2, 2}, o[6] = {1, 2, 3, 1, 2, 3};
  for (int i = 0; i < 6; i++) {
    assert_int_equal(a[i].r, r[i]);
    assert_int_equal(a[i].o, o[i]);
  }
  /* Take node 0 (CP 5) off: cluster 0 has CCP 5.5 < 10.5, so cluster 1 becomes r = 1 and cluster 0 r = 2;
   * node 1 becomes o = 1, node 2 o = 2, node 0 has no address. Addresses are dynamic. */
  unsigned char usable[6] = {0, 1, 1, 1, 1, 1};
  assert_int_equal(ring_addresses(&g, usable, a, NULL), GN_OK);
  assert_int_equal(a[0].r, 0);
  assert_int_equal(a[0].o, 0);
  assert_int_equal(a[1].r, 2);
  assert_int_equal(a[1].o, 1);
  assert_int_equal(a[2].o, 2);
  assert_int_equal(a[3].r, 1);
  assert_int_equal(a[5].o, 3);
  grid_free(&g);
}

/* ring_apportion of units over the n weights w gives exactly the shares want. */
static void expect_shares(const double *w, int n, long units, const long *want) {
  long s[8];
  assert_int_equal(ring_apportion(w, n, units, s, NULL), GN_OK);
  assert_memory_equal(s, want, (size_t)n * sizeof *want);
}

static void apportionment_is_exact_largest_remainder(void **state) {
  (void)state;
  /* 100 units over CP 5, 4, 1.5 (sum 10.5): quotas 47.619, 38.095, 14.286 → floors 47, 38, 14 (99), the one
   * unit left goes to the largest remainder (.619): 48, 38, 14. */
  double w[3] = {5, 4, 1.5};
  expect_shares(w, 3, 100, (long[]){48, 38, 14});
  /* Shares equal capability ratios when they divide exactly: 42 over 5, 4, 1.5 is 20, 16, 6. */
  expect_shares(w, 3, 42, (long[]){20, 16, 6});
  /* Ties in remainders go to the lower index: 2 units over 3 equal members → 1, 1, 0. */
  expect_shares((double[]){1, 1, 1}, 3, 2, (long[]){1, 1, 0});
  /* ... and every tied member in index order: 6 units over 4 equal members → 2, 2, 1, 1. */
  expect_shares((double[]){7, 7, 7, 7}, 4, 6, (long[]){2, 2, 1, 1});
  /* Huge weights are proportions like any others (their sum used to be inf, the quotas NaN, the total a signed
   * overflow): three of 1e308 share 40 units as three of 1 do (14, 13, 13), and 1e308, 0, 0 gives all to one. */
  expect_shares((double[]){1e308, 1e308, 1e308}, 3, 40, (long[]){14, 13, 13});
  expect_shares((double[]){1e308, 0, 0}, 3, 40, (long[]){40, 0, 0});
  long s[2];
  double inf[2] = {INFINITY, 1};
  assert_int_equal(ring_apportion(inf, 2, 5, s, NULL), GN_EINPUT);
  double bad[2] = {1, -1};
  assert_int_equal(ring_apportion(bad, 2, 5, s, NULL), GN_EINPUT);
}

static void every_unit_has_its_copy_on_the_right_successor(void **state) {
  /* 4 equal members, 8 units, m = 2: each member has 2 units, split 1 + 1 over its two successors.
   * member 0: units 0,1 → replicas on 1, 2; member 1: units 2,3 → 2, 3; member 2: 4,5 → 3, 0;
   * member 3: 6,7 → 0, 1 (wrap-around). */
  double cp[4] = {1, 1, 1, 1};
  int primary[8], replica[8];
  assert_int_equal(ring_place(cp, 4, 8, 2, primary, replica, NULL), GN_OK);
  int want_p[8] = {0, 0, 1, 1, 2, 2, 3, 3}, want_r[8] = {1, 2, 2, 3, 3, 0, 0, 1};
  assert_memory_equal(primary, want_p, sizeof want_p);
  assert_memory_equal(replica, want_r, sizeof want_r);
  /* Heterogeneous: CP 5, 4, 1.5 with 21 units, m = 2 → shares 10, 8, 3; member 0's 10 units are split 5 + 5
   * over members 1 and 2; member 2's 3 units 2 + 1 over members 0 and 1. No unit is backed up by its
   * own primary, and every replica is one of the m successors. */
  double het[3] = {5, 4, 1.5};
  int p2[21], r2[21];
  assert_int_equal(ring_place(het, 3, 21, 2, p2, r2, NULL), GN_OK);
  int on1 = 0;
  for (int u = 0; u < 10; u++)
    on1 += r2[u] == 1;
  assert_int_equal(on1, 5);
  assert_int_equal(r2[18], 0);
  assert_int_equal(r2[19], 0);
  assert_int_equal(r2[20], 1);
  for (int u = 0; u < 21; u++) {
    int d = (r2[u] - p2[u] + 3) % 3;
    assert_true(d >= 1 && d <= 2);
  }
  /* One member alone: nowhere to put a replica. */
  assert_int_equal(ring_place(het, 1, 4, 2, p2, r2, NULL), GN_OK);
  assert_int_equal(r2[0], -1);
}

static void failed_queue_formulas(void **state) {
  /* T = 12, m = 3, q = 0.5: series (12/9)(q² + 2q³) = (4/3)(0.25 + 0.25) = 2/3;
   * closed form 12/(9·0.25) − 4·0.5⁴/0.5 = 16/3 − 0.5 = 29/6. At q = 0 the closed form gives T/m² = 4/3,
   * the series 0 (they disagree). */
  assert_true(fabs(ring_failed_queue_series(12, 3, 0.5) - 2.0 / 3) < 1e-12);
  assert_true(fabs(ring_failed_queue_closed(12, 3, 0.5) - 29.0 / 6) < 1e-12);
  assert_true(fabs(ring_failed_queue_closed(12, 3, 0) - 4.0 / 3) < 1e-12);
  assert_true(ring_failed_queue_series(12, 3, 0) == 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(order_is_capability_descending_ties_by_index),
      cmocka_unit_test(addresses_follow_the_rings),
      cmocka_unit_test(apportionment_is_exact_largest_remainder),
      cmocka_unit_test(every_unit_has_its_copy_on_the_right_successor),
      cmocka_unit_test(failed_queue_formulas),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
