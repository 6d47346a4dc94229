/* Tests of the grid simulator (sim/grid/): a hand-computed fault-free makespan, hand-computed heartbeat dates
 * (aligned and staggered phases, flow and delay transports, a delayed heartbeat to an off master lost), exact x under failures in real mode for every scheduler, dead nodes and masters
 * never aborting, and the complete-failure causes.
 * SimGrid allows one simulation per process: every run happens in a forked child. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* cmocka needs the four headers above first. */
#include <cmocka.h>

#include "grid_run.h"
#include "grid_supervisor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct outcome {
  int exited_normally;
  int completed;
  char cause[32];
  double makespan_s;
  int iterations_done;
  long misses, recoveries, failed_queue;
  int rollbacks;
  int x_same;     /* final x bit-identical to the serial fault-free iteration */
  double x_error; /* max |x − direct solve| */
  double beat_s[8]; /* nodes 0..7: when their cluster master last heard their heartbeat */
} outcome;

typedef struct setup {
  grid g;
  grid_run_config cfg;
  grid_jacobi jacobi;
  failure_trace failures;
} setup;

static void make_setup(setup *s, int clusters, int nodes, long n, int iterations, const grid_scheduler *sched) {
  memset(s, 0, sizeof *s);
  assert_int_equal(grid_preset("uniform", clusters, nodes, &s->g, NULL), GN_OK);
  s->cfg = (grid_run_config){.g = &s->g,
                             .sched = sched,
                             .sp = {2, 2, 0, 0},
                             .n = n,
                             .iterations = iterations,
                             .heartbeat_s = 1,
                             .timeout_factor = 3,
                             .th = {0.2, 0.5, 0.8},
                             .psucc_alpha = 0.25,
                             .picture_iteration = -1};
}

static void use_real_mode(setup *s, uint64_t seed) {
  assert_int_equal(grid_jacobi_generate(s->cfg.n, seed, &s->jacobi, NULL), GN_OK);
  s->cfg.jacobi = &s->jacobi;
}

static void fail_host(setup *s, double down_s, double up_s, int host) {
  failure_trace_add(&s->failures, down_s, host, 0, NULL);
  if (up_s > 0)
    failure_trace_add(&s->failures, up_s, host, 1, NULL);
  failure_trace_sort(&s->failures);
  s->cfg.failures = &s->failures;
}

static void free_setup(setup *s) {
  grid_free(&s->g);
  grid_jacobi_free(&s->jacobi);
  failure_trace_free(&s->failures);
}

static outcome run_child(const setup *s) {
  int fd[2];
  assert_int_equal(pipe(fd), 0);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    close(fd[0]);
    outcome o;
    memset(&o, 0, sizeof o);
    grid_run_result r;
    if (grid_run(&s->cfg, &r, NULL) == GN_OK) {
      o.completed = r.completed;
      snprintf(o.cause, sizeof o.cause, "%s", r.cause);
      o.makespan_s = r.makespan_s;
      o.iterations_done = r.iterations_done;
      o.misses = r.node_misses;
      o.recoveries = r.cluster_recoveries;
      o.failed_queue = r.failed_queue_units;
      o.rollbacks = r.rollbacks;
      for (int i = 0; i < 8 && i < s->g.n_nodes; i++)
        o.beat_s[i] = r.node_heartbeat_s[i];
      if (r.x) {
        double *serial = malloc((size_t)s->cfg.n * sizeof *serial), *direct = malloc((size_t)s->cfg.n * sizeof *direct);
        grid_jacobi_serial(&s->jacobi, s->cfg.iterations, serial, NULL);
        grid_jacobi_direct(&s->jacobi, direct, NULL);
        o.x_same = memcmp(serial, r.x, (size_t)s->cfg.n * sizeof *serial) == 0;
        for (long i = 0; i < s->cfg.n; i++)
          o.x_error = fmax(o.x_error, fabs(r.x[i] - direct[i]));
        free(serial);
        free(direct);
      }
      grid_run_result_free(&r);
    }
    ssize_t w = write(fd[1], &o, sizeof o);
    _exit(w == (ssize_t)sizeof o ? 0 : 3);
  }
  close(fd[1]);
  outcome o;
  memset(&o, 0, sizeof o);
  ssize_t got = read(fd[0], &o, sizeof o);
  close(fd[0]);
  int status;
  waitpid(pid, &status, 0);
  o.exited_normally = got == (ssize_t)sizeof o && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return o;
}

/* 2 clusters x 1 node, every machine 1 Gflop/s, ports and uplink 12.5e6 B/s full duplex, port latency 50 us,
 * backplane 125e6 B/s and 5 us, uplink 100 us; network CM02 (latency + size/bandwidth; flows sharing a
 * saturated link get bandwidth in inverse proportion to their route latency, SimGrid's CM02 sharing penalty;
 * masters post one receive per expected reply, so a reply starts as soon as it is sent). plain
 * scheduler, n = 1000, one iteration, no heartbeat during the run (period 1000 s). By hand, in us:
 *  plans (8n+16 = 8016 B) from the grid master: to c0_master over port+backplane+port (latency 105), to
 *  c1_master over port+backplane+uplink+backplane+port (210). A is alone on the grid master's port from 105
 *  to 210 (1312.5 B), then gets 2/3 of it: 6703.5 B at 8.333e6 B/s → done at 1014.42; B has then sent
 *  3351.75 B at 1/3, the remaining 4664.25 B at full rate → done at 1387.56.
 *  cluster 0: work (500 units: 4000 B of indices + x 8000 B = 12000 B, 105 + 960) → 2079.42; 1e6 flops at
 *  1e9 → 3079.42; result 4000 B (105 + 320) → 3504.42; report 4064 B to the grid master (105 + 325.12) →
 *  3934.54. cluster 1: 1387.56 + 1065 + 1000 + 425 = 3877.56; its report over the uplink (210 + 325.12) →
 *  4412.68 us, after cluster 0's report ended, so alone. Makespan 4.41268 ms. */
static void fault_free_makespan_is_hand_computed(void **state) {
  setup s;
  make_setup(&s, 2, 1, 1000, 1, &grid_sched_plain);
  s.cfg.network_model = "CM02";
  s.cfg.heartbeat_s = 1000;
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 1);
  if (fabs(o.makespan_s - 4.41268e-3) > 1e-9)
    fail_msg("makespan %.9g, expected 4.41268e-3", o.makespan_s);
  free_setup(&s);
}

/* The hand-computed run above under a deadline: the run stops at the deadline date (no simulated time past it)
 * and completes only if its last (here its only) iteration has ended by then. Started in time, the iteration
 * ends 0.02 us after a deadline of 4.41266 ms: a complete failure at 4.41266 ms, iteration not done; a
 * deadline 0.02 us after its end: completed at 4.41268 ms. Half-way (the grid master still waits for the
 * reports), the run ends at 2 ms. */
static void deadline_stops_the_run_at_its_date(void **state) {
  static const double deadlines[3] = {4.41266e-3, 4.41270e-3, 2e-3};
  for (int k = 0; k < 3; k++) {
    setup s;
    make_setup(&s, 2, 1, 1000, 1, &grid_sched_plain);
    s.cfg.network_model = "CM02";
    s.cfg.heartbeat_s = 1000;
    s.cfg.deadline_s = deadlines[k];
    outcome o = run_child(&s);
    assert_true(o.exited_normally);
    double want = k == 1 ? 4.41268e-3 : deadlines[k];
    if (fabs(o.makespan_s - want) > 1e-9)
      fail_msg("deadline %.9g: makespan %.9g, expected %.9g", deadlines[k], o.makespan_s, want);
    assert_int_equal(o.completed, k == 1);
    assert_string_equal(o.cause, k == 1 ? "none" : "deadline");
    assert_int_equal(o.iterations_done, k == 1);
    free_setup(&s);
  }
}

/* Rebuilt against static rings: one cluster of 4 nodes, plain scheduler, node 0 down for good from the start, 20
 * iterations, heartbeats too rare to matter (1000 s), so only missed replies judge it. Rebuilt (the patent): each
 * miss multiplies its success ratio by 1 - alpha = 0.75; after 2 misses it is 0.5625 >= l2 = 0.5 (tolerant: still
 * given its share), after 3 it is 0.42 < l2: backup state, no primary share (plain holds no copies), so no more
 * work: exactly 3 misses. Static: it keeps its share every iteration: 20 misses. Both complete (the failed-task
 * queue gives its units to the three others). */
static void static_rings_keep_a_dead_node(void **state) {
  for (int fixed = 0; fixed < 2; fixed++) {
    setup s;
    make_setup(&s, 1, 4, 400, 20, &grid_sched_plain);
    s.cfg.heartbeat_s = 1000;
    s.cfg.static_rings = fixed;
    fail_host(&s, 1e-9, 0, 0);
    outcome o = run_child(&s);
    assert_true(o.exited_normally);
    assert_int_equal(o.completed, 1);
    assert_int_equal(o.misses, fixed ? 20 : 3);
    free_setup(&s);
  }
}

/* Heartbeat phases, 1 cluster x 4 nodes of 1 Mflop/s, plain scheduler, n = 1000 (250 units of 2n flops per
 * node: 0.5 s of computing, from about 4 ms, when x and the units have crossed the master's port), CM02,
 * period 0.1 s, one iteration (makespan about 0.5055 s). While the nodes compute nothing but heartbeats crosses
 * the switch. Each sender's next heartbeat leaves a period after the last was delivered.
 *  staggered: node j's first leaves (j + 1/2) / 4 periods after the start (grid_supervisor_phase, K = 1), the
 *  cluster master's 1/2 period after: never at the same time, so each heartbeat is alone on its route and
 *  arrives T = 105 us (port + backplane + port) + 64 B / 12.5e6 B/s = 110.12 us after it left. The k-th
 *  arrives at 0.1 (j + 1/2) / 4 + k (0.1 + T) + T; the last before the end (k = 4), in s: node 0 0.4130506,
 *  node 1 0.4380506, node 2 0.4630506, node 3 0.4880506 (0.0163 s before the nodes finish computing).
 *  aligned: the four nodes and the cluster master all send at 0.1 s. The nodes' heartbeats share the master's
 *  port (downlink), where the master's own heartbeat to the grid master (on the same switch) also takes its
 *  reverse TCP traffic (SimGrid's cross-traffic: 0.05 of the flow): max-min gives every flow 12.5e6 / 4.05
 *  B/s, T = 105 us + 64 / 3.0864e6 = 125.736 us, and as all five wait for delivery they stay in step; the last
 *  (k = 4) at 0.1 + 4 (0.1 + T) + T = 0.50062868 s, for every node. */
/* Staggered phases are all different and inside the period, whatever the grid's shape (brute force). */
static void heartbeat_phases_are_distinct(void **state) {
  for (int K = 1; K <= 6; K++)
    for (int p = 1; p <= 7; p++) {
      double f[42];
      for (int c = 0; c < K; c++)
        for (int j = 0; j < p; j++) {
          double v = f[c * p + j] = grid_supervisor_phase(j, p, c, K);
          assert_true(v > 0 && v < 1);
          for (int i = 0; i < c * p + j; i++)
            assert_true(f[i] != v);
        }
    }
  assert_true(grid_supervisor_phase(2, 4, 0, 1) == 0.625); /* (2 + 1/2) / 4 */
  assert_true(grid_supervisor_phase(0, 1, 1, 3) == 0.5);   /* a master: (1 + 1) / (3 + 1) */
}

/* The heartbeat grid above (1 x 4 nodes of 1 Mflop/s, CM02, period 0.1 s), one iteration, its master off from
 * off_s (0: never). */
/* Filled in place: the configuration points at the setup's own grid (a returned copy would point at a dead frame). */
static void beat_setup(setup *s, int stagger, int delay, double off_s) {
  make_setup(s, 1, 4, 1000, 1, &grid_sched_plain);
  s->g.classes[0].cpu_flops = 1e6;
  s->cfg.network_model = "CM02";
  s->cfg.heartbeat_s = 0.1;
  s->cfg.heartbeat_staggered = stagger;
  s->cfg.heartbeat_delay = delay;
  if (off_s > 0)
    fail_host(s, off_s, 0, s->g.n_nodes);
}

/* Every node's last heartbeat, staggered and aligned (every node at `aligned`), under one transport. */
static void check_last_beats(int delay, double aligned) {
  static const double staggered[4] = {0.4130506, 0.4380506, 0.4630506, 0.4880506};
  for (int stagger = 0; stagger < 2; stagger++) {
    setup s;
    beat_setup(&s, stagger, delay, 0);
    outcome o = run_child(&s);
    assert_true(o.exited_normally);
    assert_int_equal(o.completed, 1);
    for (int j = 0; j < 4; j++) {
      double want = stagger ? staggered[j] : aligned;
      if (fabs(o.beat_s[j] - want) > 1e-9)
        fail_msg("%s, %s: node %d last heartbeat at %.10g s, expected %.10g (makespan %.9g)", delay ? "delay" : "flow",
                 stagger ? "staggered" : "aligned", j, o.beat_s[j], want, o.makespan_s);
    }
    free_setup(&s);
  }
}

static void staggered_heartbeats_spread(void **state) { check_last_beats(0, 0.50062868); }

/* The delay transport on the grid of staggered_heartbeats_spread: a heartbeat is no flow, it arrives
 * T = 110.12 us (the route's latency + 64 B over its narrowest link, grid_heartbeat_delay_s) after it leaves,
 * whatever else crosses the switch, and the next leaves a period after it arrived. Staggered: every heartbeat
 * was alone on its route as a flow, so the dates are the flow's, to the digit. Aligned: the five senders no
 * longer share the master's port, so the k-th arrives at 0.1 + k (0.1 + T) + T (k = 4: 0.5005506 s) instead of
 * the flow's 0.50062868. */
static void delayed_heartbeats_arrive_at_hand_dates(void **state) { check_last_beats(1, 0.5005506); }

/* Delay transport, the same grid, aligned, its cluster master (slot 4) off from 0.25 s for good. The nodes'
 * heartbeats leave at 0.1, 0.20011012, 0.30022024 s, ... (each a period after the last arrived): the second
 * arrives at 0.20022024; the third finds the master off and is lost, as is every later one, though the nodes
 * keep sending until the run fails (no report, no cluster heartbeat: unrecoverable-unit, seconds later). */
static void delayed_heartbeat_to_an_off_master_is_lost(void **state) {
  setup s;
  beat_setup(&s, 0, 1, 0.25);
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 0);
  assert_true(o.makespan_s > 1);
  for (int j = 0; j < 4; j++)
    if (fabs(o.beat_s[j] - 0.20022024) > 1e-9)
      fail_msg("node %d last heartbeat at %.10g s, expected 0.20022024 (run ended at %.9g, %s)", j, o.beat_s[j],
               o.makespan_s, o.cause);
  free_setup(&s);
}

/* 3 clusters x 4 nodes, n = 16, 150 iterations (Jacobi's contraction is about Σ|off-diagonal| / diagonal
 * ≈ 7.5/9 per sweep, 0.83^150 ≈ 1e-12, so x is within 1e-9 of the direct solve). Failures are placed at
 * fractions of the fault-free makespan M. */
#define N_UNITS 16
#define ITERATIONS 150
static double fault_free_makespan(const grid_scheduler *sched, int eager) {
  setup s;
  make_setup(&s, 3, 4, N_UNITS, ITERATIONS, sched);
  s.cfg.sp.eager = eager;
  use_real_mode(&s, 11);
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 1);
  assert_true(o.x_same);
  free_setup(&s);
  return o.makespan_s;
}

static void check_exact_under_failures(const grid_scheduler *sched, int eager) {
  double M = fault_free_makespan(sched, eager);
  setup s;
  make_setup(&s, 3, 4, N_UNITS, ITERATIONS, sched);
  s.cfg.sp.eager = eager;
  use_real_mode(&s, 11);
  /* Nodes 1 and 2 (ring neighbours in cluster 0: a unit may lose both copies) die at 0.2 M and 0.2 M + 1 ms;
   * node 2 reboots at 0.6 M; node 5 dies at 0.4 M for good; node 9 dies twice. */
  fail_host(&s, 0.2 * M, 0, 1);
  fail_host(&s, 0.2 * M + 1e-3, 0.6 * M, 2);
  fail_host(&s, 0.4 * M, 0, 5);
  fail_host(&s, 0.3 * M, 0.35 * M, 9);
  fail_host(&s, 0.7 * M, 0, 9);
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 1);
  assert_string_equal(o.cause, "none");
  assert_true(o.misses > 0); /* the failures did hit work in flight */
  assert_true(o.x_same);
  assert_true(o.x_error < 1e-9);
  free_setup(&s);
}

static void ring_standby_keeps_x_exact(void **state) { check_exact_under_failures(&grid_sched_ring, 0); }
static void ring_eager_keeps_x_exact(void **state) { check_exact_under_failures(&grid_sched_ring, 1); }
static void plain_keeps_x_exact(void **state) { check_exact_under_failures(&grid_sched_plain, 0); }
static void replicate_keeps_x_exact(void **state) { check_exact_under_failures(&grid_sched_replicate, 0); }

static void checkpoint_rolls_back_and_keeps_x_exact(void **state) {
  double M = fault_free_makespan(&grid_sched_checkpoint, 0);
  setup s;
  make_setup(&s, 3, 4, N_UNITS, ITERATIONS, &grid_sched_checkpoint);
  use_real_mode(&s, 11);
  s.cfg.checkpoint_interval_s = M / 10;
  s.cfg.checkpoint_cost_s = 1e-3;
  fail_host(&s, 0.5 * M, 0, 6);
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 1);
  assert_true(o.rollbacks >= 1);
  assert_true(o.x_same);
  free_setup(&s);
}

/* Masters can fail: cluster 0's master dies at 0.1 M and reboots 4 s later (4 heartbeat periods), longer than
 * the grid master waits for a report (2.5 periods plus the expected work), so its share goes to the mirror
 * meanwhile; then the grid master dies: the run ends as a complete failure, and the process exits normally. */
static void dead_masters_never_abort(void **state) {
  double M = fault_free_makespan(&grid_sched_ring, 0);
  setup s;
  make_setup(&s, 3, 4, N_UNITS, ITERATIONS, &grid_sched_ring);
  use_real_mode(&s, 11);
  int cm0 = s.g.n_nodes, gm = s.g.n_nodes + s.g.n_clusters;
  fail_host(&s, 0.1 * M, 0.1 * M + 4, cm0);
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 1);
  assert_true(o.recoveries > 0);
  assert_true(o.x_same);
  fail_host(&s, 0.8 * M, 0, gm);
  o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 0);
  assert_string_equal(o.cause, "grid-master-died");
  assert_true(o.iterations_done < ITERATIONS);
  free_setup(&s);
}

/* Every node of clusters 0 and 1 dies at 0.3 M. Equal CCPs: the cluster ring is c0 → c1 → c2, so c0's
 * mirror is c1, itself dead: ring cannot recover c0's units (the patent's 1-redundancy), plain re-executes
 * them on c2 and completes. */
static void mirror_loss_is_unrecoverable_for_ring_only(void **state) {
  const grid_scheduler *scheds[2] = {&grid_sched_ring, &grid_sched_plain};
  for (int k = 0; k < 2; k++) {
    setup s;
    make_setup(&s, 3, 4, N_UNITS, 40, scheds[k]);
    double M = 0.1 * fault_free_makespan(scheds[k], 0);
    for (int node = 0; node < 8; node++)
      fail_host(&s, 0.3 * M, 0, node);
    outcome o = run_child(&s);
    assert_true(o.exited_normally);
    if (k == 0) {
      assert_int_equal(o.completed, 0);
      assert_string_equal(o.cause, "unrecoverable-unit");
    } else {
      assert_int_equal(o.completed, 1);
      assert_true(o.recoveries > 0);
    }
    free_setup(&s);
  }
}

static void deadline_ends_the_run(void **state) {
  double M = fault_free_makespan(&grid_sched_ring, 0);
  setup s;
  make_setup(&s, 3, 4, N_UNITS, ITERATIONS, &grid_sched_ring);
  use_real_mode(&s, 11);
  s.cfg.deadline_s = 0.5 * M;
  outcome o = run_child(&s);
  assert_true(o.exited_normally);
  assert_int_equal(o.completed, 0);
  assert_string_equal(o.cause, "deadline");
  assert_true(o.iterations_done > 0.4 * ITERATIONS && o.iterations_done < 0.6 * ITERATIONS);
  free_setup(&s);
}

/* One cluster of 6 equal nodes (ring order = node order), n = 60: 10 units per node, m = 2, so node j's block
 * is also split 5 + 5 over nodes j+1 and j+2. Nodes 0 and 1 (ring neighbours) are down from the start and
 * nobody notices during the one iteration (heartbeat 1000 s). By the layout: node 0's half on node 1 has lost
 * both copies (5 units); node 0's other half (on node 2) and node 1's block (on nodes 2 and 3) have a live
 * copy. The failed-task queue holds those 5 units, eager or standby (standby: the 15 others go to their
 * standby copies, not to the queue). */
static void failed_queue_follows_the_layout(void **state) {
  for (int eager = 0; eager < 2; eager++) {
    setup s;
    make_setup(&s, 1, 6, 60, 1, &grid_sched_ring);
    s.cfg.sp.eager = eager;
    s.cfg.heartbeat_s = 1000;
    fail_host(&s, 0, 0, 0);
    fail_host(&s, 0, 0, 1);
    outcome o = run_child(&s);
    assert_true(o.exited_normally);
    assert_int_equal(o.completed, 1);
    if (o.failed_queue != 5)
      fail_msg("%s: failed queue %ld units, the layout gives 5", eager ? "eager" : "standby", o.failed_queue);
    free_setup(&s);
  }
}

/* Every node of cluster 1 dies at 0.3 M for good (its master lives on). With the standby mirror the grid master
 * hands the lost share to the ring successor after the loss (cluster recoveries); with the eager mirror the
 * successor has already computed it, so nothing is recovered after the fact, and it costs a second copy of
 * every share (redundant work). Both keep x exact. */
static void eager_mirror_covers_a_dead_cluster(void **state) {
  long recoveries[2];
  for (int eager = 0; eager < 2; eager++) {
    setup s;
    make_setup(&s, 3, 4, N_UNITS, ITERATIONS, &grid_sched_ring);
    s.cfg.sp.eager_mirror = eager;
    use_real_mode(&s, 11);
    double M = fault_free_makespan(&grid_sched_ring, 0);
    for (int node = 4; node < 8; node++)
      fail_host(&s, 0.3 * M, 0, node);
    outcome o = run_child(&s);
    assert_true(o.exited_normally);
    assert_int_equal(o.completed, 1);
    assert_true(o.x_same);
    recoveries[eager] = o.recoveries;
    free_setup(&s);
  }
  if (!(recoveries[0] > 0 && recoveries[1] == 0))
    fail_msg("cluster recoveries standby %ld, eager %ld: expected > 0 and 0", recoveries[0], recoveries[1]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fault_free_makespan_is_hand_computed),
      cmocka_unit_test(heartbeat_phases_are_distinct),
      cmocka_unit_test(staggered_heartbeats_spread),
      cmocka_unit_test(delayed_heartbeats_arrive_at_hand_dates),
      cmocka_unit_test(delayed_heartbeat_to_an_off_master_is_lost),
      cmocka_unit_test(ring_standby_keeps_x_exact),
      cmocka_unit_test(ring_eager_keeps_x_exact),
      cmocka_unit_test(plain_keeps_x_exact),
      cmocka_unit_test(replicate_keeps_x_exact),
      cmocka_unit_test(checkpoint_rolls_back_and_keeps_x_exact),
      cmocka_unit_test(dead_masters_never_abort),
      cmocka_unit_test(mirror_loss_is_unrecoverable_for_ring_only),
      cmocka_unit_test(deadline_ends_the_run),
      cmocka_unit_test(deadline_stops_the_run_at_its_date),
      cmocka_unit_test(static_rings_keep_a_dead_node),
      cmocka_unit_test(failed_queue_follows_the_layout),
      cmocka_unit_test(eager_mirror_covers_a_dead_cluster),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
