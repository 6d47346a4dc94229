/* Unit tests for the in-phase detector (sim/noc/noc_phase.c) on hand-made write start instants: a 4x4 mesh with
 * ports, stages 0, 1, 2 on (1,0), (3,0), (2,1) writing volume 10 each to stage 3 on (2,0) (converge3's layout),
 * comm_factor 1, one time unit = 1 s: the receiver's ejection port carries 30 per item, each mesh link 10. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "noc_phase.h"

#include <math.h>
#include <stdlib.h>

#define ITEMS 100
#define PERIOD 40.0

static noc_chip *chip4(void) {
  gn_error err;
  noc_chip *c = noc_chip_new("4x4", 4, 4, 1e9, 8e9, 1e-9, 2e-9, &err);
  assert_non_null(c);
  return c;
}

static const int stage_core[] = {1, 3, 6, 2}; /* (1,0), (3,0), (2,1) -> (2,0) */

typedef struct phase_case {
  noc_flow flows[3];
  double starts[3][ITEMS];
  long n[3];
} phase_case;

/* Every flow writes 10 and starts item i at i × PERIOD (all in phase). */
static void in_phase(phase_case *pc) {
  for (int f = 0; f < 3; f++) {
    pc->flows[f] = (noc_flow){f, 3, 10};
    pc->n[f] = ITEMS;
    for (int i = 0; i < ITEMS; i++)
      pc->starts[f][i] = i * PERIOD;
  }
}

static noc_phase_group detect(const phase_case *pc, double period, double floor) {
  noc_chip *c = chip4();
  const double *starts[3] = {pc->starts[0], pc->starts[1], pc->starts[2]};
  noc_phase_group g;
  assert_int_equal(noc_phase_detect(c, stage_core, pc->flows, 3, 1, starts, pc->n, period, floor, 1, &g), 0);
  noc_chip_free(c);
  return g;
}

/* Three equal writes in phase into (2,0): k = 3 on its ejection port, whose bound is 3 × 10. */
static void three_in_phase(void **state) {
  (void)state;
  phase_case pc;
  in_phase(&pc);
  noc_phase_group g = detect(&pc, PERIOD, 20);
  assert_int_equal(g.writers, 3);
  assert_int_equal(g.link, 5 * 16 + 2);
  assert_true(fabs(g.bound - 30) < 1e-12);
}

/* A period within 5 % of the port's bound (31.5 > 31.4), or of the run's own floor, is not held up by the phase. */
static void at_the_bound(void **state) {
  (void)state;
  phase_case pc;
  in_phase(&pc);
  assert_int_equal(detect(&pc, 31.4, 20).writers, 0);
  assert_int_equal(detect(&pc, 31.6, 20).writers, 3);
  assert_int_equal(detect(&pc, PERIOD, 38.5).writers, 0); /* 40 < 1.05 × 38.5 */
  assert_int_equal(detect(&pc, PERIOD, 38).writers, 3);
}

/* One source a quarter period late: the other two still start together (k = 2, the same port). One 0.5 % of the
 * period late (within the 1 % tolerance, the drift of route latencies): still three. */
static void one_source_out_of_phase(void **state) {
  (void)state;
  phase_case pc;
  in_phase(&pc);
  for (int i = 0; i < ITEMS; i++)
    pc.starts[2][i] += PERIOD / 4;
  noc_phase_group g = detect(&pc, PERIOD, 20);
  assert_int_equal(g.writers, 2);
  assert_int_equal(g.link, 5 * 16 + 2);
  for (int i = 0; i < ITEMS; i++)
    pc.starts[2][i] -= PERIOD / 4 - 0.005 * PERIOD;
  assert_int_equal(detect(&pc, PERIOD, 20).writers, 3);
  for (int i = 0; i < ITEMS; i++) /* 2 % late: outside the tolerance */
    pc.starts[2][i] += 0.015 * PERIOD;
  assert_int_equal(detect(&pc, PERIOD, 20).writers, 2);
}

/* Unequal volumes do not count together: source 1 writes 5 (the port's bound is then 25). */
static void unequal_volumes(void **state) {
  (void)state;
  phase_case pc;
  in_phase(&pc);
  pc.flows[1].volume = 5;
  noc_phase_group g = detect(&pc, PERIOD, 20);
  assert_int_equal(g.writers, 2);
  assert_true(fabs(g.bound - 25) < 1e-12);
  pc.flows[2].volume = 7;
  assert_int_equal(detect(&pc, PERIOD, 20).writers, 0);
}

/* In phase on 90 of 100 items counts, on 89 it does not (the others a quarter period apart). */
static void most_items(void **state) {
  (void)state;
  phase_case pc;
  in_phase(&pc);
  for (int i = 0; i < 10; i++)
    pc.starts[2][i] += PERIOD / 4;
  assert_int_equal(detect(&pc, PERIOD, 20).writers, 3);
  pc.starts[2][10] += PERIOD / 4;
  assert_int_equal(detect(&pc, PERIOD, 20).writers, 2);
  for (int i = 0; i < 11; i++) /* sources 0 and 1 apart on those 11 items too: no pair on 90 % */
    pc.starts[1][i] += PERIOD / 2;
  assert_int_equal(detect(&pc, PERIOD, 20).writers, 0);
}

/* Without measured writes, or with one flow, nothing is found. */
static void no_writes(void **state) {
  (void)state;
  phase_case pc;
  in_phase(&pc);
  pc.n[0] = pc.n[1] = pc.n[2] = 0;
  noc_phase_group g = detect(&pc, PERIOD, 20);
  assert_int_equal(g.writers, 0);
  assert_int_equal(g.link, -1);
  assert_true(isnan(g.bound));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(three_in_phase),  cmocka_unit_test(at_the_bound), cmocka_unit_test(one_source_out_of_phase),
      cmocka_unit_test(unequal_volumes), cmocka_unit_test(most_items),   cmocka_unit_test(no_writes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
