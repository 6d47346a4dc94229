/* Unit tests for the grid schedulers' placements and registry, and the supervisor's node states and master
 * queue (no simulation). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid_sched.h"
#include "grid_supervisor.h"

#include <string.h>

static void registry_finds_and_suggests(void **state) {
  gn_error err;
  assert_ptr_equal(grid_sched_find("ring", &err), &grid_sched_ring);
  assert_ptr_equal(grid_sched_find("checkpoint", &err), &grid_sched_checkpoint);
  assert_null(grid_sched_find("rnig", &err));
  assert_non_null(strstr(err.msg, "did you mean 'ring'"));
  assert_non_null(strstr(err.msg, "replicate"));
}

static void ring_places_primary_and_one_replica(void **state) {
  /* 3 equal members, 6 units, m = 2: shares 2 each, member j's two units backed up on j+1 and j+2. */
  double w[3] = {1, 1, 1};
  grid_sched_params sp = {2, 2, 0, 0};
  grid_placement pl;
  assert_int_equal(grid_placement_init(&pl, 6, grid_sched_ring.copies(&sp), NULL), GN_OK);
  assert_int_equal(grid_sched_ring.place(&sp, w, 3, &pl, NULL), GN_OK);
  int primary[6] = {0, 0, 1, 1, 2, 2}, replica[6] = {1, 2, 2, 0, 0, 1};
  for (int u = 0; u < 6; u++) {
    assert_int_equal(pl.node[2 * u], primary[u]);
    assert_int_equal(pl.node[2 * u + 1], replica[u]);
    assert_int_equal(pl.standby[2 * u], 0);
    assert_int_equal(pl.standby[2 * u + 1], 1); /* standby: replicas run only when the primary fails */
  }
  sp.eager = 1;
  assert_int_equal(grid_sched_ring.place(&sp, w, 3, &pl, NULL), GN_OK);
  assert_int_equal(pl.standby[1], 0);
  /* A backup member (weight 0) has no primary share but still holds its predecessor's copies:
   * weights 1, 0, 1 and 4 units → shares 2, 0, 2; member 0's units backed up on members 1 and 2. */
  double backup[3] = {1, 0, 1};
  grid_placement_free(&pl);
  assert_int_equal(grid_placement_init(&pl, 4, 2, NULL), GN_OK);
  assert_int_equal(grid_sched_ring.place(&sp, backup, 3, &pl, NULL), GN_OK);
  assert_int_equal(pl.node[0], 0);
  assert_int_equal(pl.node[1], 1);
  assert_int_equal(pl.node[2 * 2], 2);
  grid_placement_free(&pl);
}

static void replicate_and_plain(void **state) {
  /* k = 3 on 4 members with weights 2, 1, 1, 0 and 4 units: shares 2, 1, 1, 0; unit 0 on 0, 1, 2; unit 3
   * (member 2) on 2, 3, 0. plain: primary only. */
  double w[4] = {2, 1, 1, 0};
  grid_sched_params sp = {2, 3, 0, 0};
  grid_placement pl;
  assert_int_equal(grid_placement_init(&pl, 4, grid_sched_replicate.copies(&sp), NULL), GN_OK);
  assert_int_equal(grid_sched_replicate.place(&sp, w, 4, &pl, NULL), GN_OK);
  int want0[3] = {0, 1, 2}, want3[3] = {2, 3, 0};
  assert_memory_equal(pl.node, want0, sizeof want0);
  assert_memory_equal(pl.node + 9, want3, sizeof want3);
  grid_placement_free(&pl);
  assert_int_equal(grid_placement_init(&pl, 4, grid_sched_plain.copies(&sp), NULL), GN_OK);
  assert_int_equal(grid_sched_plain.place(&sp, w, 4, &pl, NULL), GN_OK);
  int primary[4] = {0, 0, 1, 2};
  assert_memory_equal(pl.node, primary, sizeof primary);
  grid_placement_free(&pl);
  assert_int_equal(grid_sched_checkpoint.recovery, GRID_RECOVER_ROLLBACK);
  assert_int_equal(grid_sched_ring.recovery, GRID_RECOVER_MIRROR);
}

static void states_follow_thresholds_and_alive_flag(void **state) {
  grid_thresholds th = {0.2, 0.5, 0.8};
  grid_node_record r = {10, 1, 0, 0, 0};
  /* Heartbeat period 1 s: alive while the last one is at most 2.5 s old. */
  assert_int_equal(grid_supervisor_state(&r, 12, 1, th), GRID_NODE_MASTER);
  assert_int_equal(grid_supervisor_state(&r, 12.6, 1, th), GRID_NODE_FAILED);
  /* α = 0.25: one miss 1 → 0.75 (tolerant), two → 0.5625 (tolerant), three → 0.421875 (backup),
   * six → 0.178 (failed). */
  double want[6] = {0.75, 0.5625, 0.421875, 0.31640625, 0.2373046875, 0.177978515625};
  grid_node_state st[6] = {GRID_NODE_TOLERANT, GRID_NODE_TOLERANT, GRID_NODE_BACKUP,
                           GRID_NODE_BACKUP,   GRID_NODE_BACKUP,   GRID_NODE_FAILED};
  for (int k = 0; k < 6; k++) {
    grid_supervisor_outcome(&r, 0, 0.25, 11);
    assert_true(r.psucc == want[k]);
    assert_int_equal(grid_supervisor_state(&r, 11, 1, th), st[k]);
  }
  /* Resting heals only after a heartbeat newer than the last judgement. */
  grid_supervisor_rest(&r, 0.25, 11.5);
  assert_true(r.psucc == want[5]);
  r.last_heartbeat_s = 11.2;
  grid_supervisor_rest(&r, 0.25, 11.5);
  assert_true(r.psucc == 0.75 * want[5] + 0.25);
}

/* Delay transport: a heartbeat in flight counts only from its arrival date, and the next one sent folds it in. */
static void delayed_heartbeat_counts_from_its_arrival(void **state) {
  grid_node_record r = {0.2, 1, 0, 0, 0};
  grid_supervisor_beat_sent(&r, 0.3, 0.31);
  assert_true(grid_supervisor_heard_s(&r, 0.305) == 0.2);
  assert_true(grid_supervisor_heard_s(&r, 0.31) == 0.31);
  /* Period 0.04 s: alive while the last heartbeat is at most 0.1 s old: 0.105 s at 0.305, then 0 at 0.31. */
  assert_false(grid_supervisor_alive(&r, 0.305, 0.04));
  assert_true(grid_supervisor_alive(&r, 0.31, 0.04));
  grid_supervisor_beat_sent(&r, 0.4, 0.41);
  assert_true(r.last_heartbeat_s == 0.31);
  assert_true(grid_supervisor_heard_s(&r, 0.405) == 0.31);
  /* Resting counts the heartbeat only once it has arrived. */
  r.psucc = 0.5;
  r.last_outcome_s = 0.35;
  grid_supervisor_rest(&r, 0.25, 0.405);
  assert_true(r.psucc == 0.5);
  grid_supervisor_rest(&r, 0.25, 0.41);
  assert_true(r.psucc == 0.625);
}

static void master_queue_is_capability_round_robin(void **state) {
  /* PCcc 2 and 1, three master nodes each (0,1,2 in cluster 0; 3,4,5 in cluster 1). Smooth weighted
   * round-robin, credits (c0, c1) after adding weights, pick, subtract 3 from the pick:
   * (2,1) c0 → (-1,1); (1,2) c1 → (1,-1); (3,0) c0 → (0,0); (2,1) c0 → (-1,1), cluster 0 exhausted;
   * then c1, c1. Queue: 0, 3, 1, 2, 4, 5. */
  double pccc[2] = {2, 1};
  int cluster_of[6] = {0, 0, 0, 1, 1, 1}, queue[6];
  assert_int_equal(grid_supervisor_master_queue(pccc, 2, cluster_of, 6, queue, NULL), GN_OK);
  int want[6] = {0, 3, 1, 2, 4, 5};
  assert_memory_equal(queue, want, sizeof want);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(registry_finds_and_suggests),
      cmocka_unit_test(ring_places_primary_and_one_replica),
      cmocka_unit_test(replicate_and_plain),
      cmocka_unit_test(states_follow_thresholds_and_alive_flag),
      cmocka_unit_test(delayed_heartbeat_counts_from_its_arrival),
      cmocka_unit_test(master_queue_is_capability_round_robin),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
