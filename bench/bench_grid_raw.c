/* bench_grid_raw: the fair reference for the grid simulator's speed. A raw SimGrid program that does exactly
 * what a fault-free `gridnoc grid` run does on the same platform (built as gridnoc builds it:
 * grid_platform_build.h) — the same actors created in the same order (one per node, which works and sends its
 * heartbeats, waiting for both at once with SimGrid's Activity::wait_any_for through grid_wait.h; master,
 * heartbeat listener and heartbeat sender per cluster; the grid master's listeners, an injector, the grid master), the same messages (sizes, pre-posted receives, timeouts, heartbeats
 * as datagrams to a permanent receiver) and the same flops — but none of gridnoc's bookkeeping: the per-node
 * work of an iteration is computed once before the run with gridnoc's own ring placement. It must reproduce gridnoc's simulated makespan to every
 * digit (the bench checks), so the two do the same activities; their CPU times, measured side by side in
 * alternating child processes, give gridnoc's activity rate as a ratio of the raw rate.
 * Usage: bench_grid_raw [--reps R] PRESET CLUSTERS NODES N ITERATIONS [GRIDNOC]
 *        bench_grid_raw --raw PRESET CLUSTERS NODES N ITERATIONS   (the raw simulation alone) */
#include "bench_child.h"
#include "grid.h"
#include "grid_platform_build.h"
#include "grid_sched.h"
#include "grid_supervisor.h"
#include "grid_wait.h"
#include "ring.h"
#include "sgwrap.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HEARTBEAT_S 1.0 /* gridnoc's defaults: heartbeat period, timeout factor */
#define TIMEOUT_FACTOR 3.0
#define HEARTBEAT_BYTES 64.0

/* What every iteration does, computed once. */
static struct {
  grid g;
  long n;
  int iterations;
  sg_host_t *hosts;
  sg_mailbox_t *work, *plan, *results, *hb, *grid_hb, grid_results;
  long *cluster_units;  /* per cluster: its share of the n units */
  int *dispatch;        /* clusters in the grid master's sending order */
  int *ring_member;     /* per cluster c, ring position j: grid node (first_node-based) */
  long *node_units;     /* per grid node: units of round 0 (primaries + eager replicas) */
  double *master_timeout; /* per cluster: the grid master's timeout for it */
  int done;
  double makespan;
} R;

static long atol_checked(const char *s) { return strtol(s, NULL, 10); }

static double unit_flops(void) { return 2.0 * (double)R.n; }

/* Cluster shares, dispatch order and per-node round-0 work, with gridnoc's ring functions (fault-free: every
 * node in the master state, every cluster's capability its CCP). */
static int plan_work(void) {
  const grid *g = &R.g;
  int K = g->n_clusters, N = g->n_nodes;
  double *w = calloc((size_t)K, sizeof *w);
  int *order = calloc((size_t)K, sizeof *order), *ring = calloc((size_t)K, sizeof *ring);
  long *cnt = calloc((size_t)K, sizeof *cnt);
  R.cluster_units = calloc((size_t)K, sizeof *R.cluster_units);
  R.dispatch = calloc((size_t)K, sizeof *R.dispatch);
  R.ring_member = calloc((size_t)N, sizeof *R.ring_member);
  R.node_units = calloc((size_t)N, sizeof *R.node_units);
  R.master_timeout = calloc((size_t)K, sizeof *R.master_timeout);
  for (int c = 0; c < K; c++)
    w[c] = g->clusters[c].ccp;
  ring_order(w, K, order, NULL);
  double *wr = calloc((size_t)K, sizeof *wr);
  for (int i = 0; i < K; i++)
    wr[i] = w[ring[i] = order[i]];
  ring_apportion(wr, K, R.n, cnt, NULL);
  for (int i = 0; i < K; i++)
    R.cluster_units[ring[i]] = cnt[i];
  /* Rule 4 dispatch order: the master queue over every node, first appearance of each cluster. */
  int *cluster_of = calloc((size_t)N, sizeof *cluster_of), *queue = calloc((size_t)N, sizeof *queue), q = 0;
  int *seen = calloc((size_t)K, sizeof *seen), filled = 0;
  for (int i = 0; i < K; i++)
    for (int j = 0; j < g->clusters[ring[i]].n_nodes; j++)
      cluster_of[q++] = ring[i];
  grid_supervisor_master_queue(w, K, cluster_of, q, queue, NULL);
  for (int i = 0; i < q; i++)
    if (!seen[cluster_of[queue[i]]]++)
      R.dispatch[filled++] = cluster_of[queue[i]];
  const grid_scheduler *ring_sched = grid_sched_find("ring", NULL);
  grid_sched_params sp = {.m = 2, .k = 2, .eager = 1};
  for (int c = 0; c < K; c++) {
    const grid_cluster *cl = &g->clusters[c];
    int p = cl->n_nodes, *ord = calloc((size_t)p, sizeof *ord);
    double *cps = calloc((size_t)p, sizeof *cps), *weight = calloc((size_t)p, sizeof *weight);
    for (int j = 0; j < p; j++)
      cps[j] = g->nodes[cl->first_node + j].cp;
    ring_order(cps, p, ord, NULL);
    for (int j = 0; j < p; j++) {
      R.ring_member[cl->first_node + j] = cl->first_node + ord[j];
      weight[j] = cps[ord[j]];
    }
    grid_placement pl;
    grid_placement_init(&pl, R.cluster_units[c], ring_sched->copies(&sp), NULL);
    ring_sched->place(&sp, weight, p, &pl, NULL);
    for (long u = 0; u < pl.units * pl.max_copies; u++)
      if (pl.node[u] >= 0 && !pl.standby[u])
        R.node_units[cl->first_node + pl.node[u]]++;
    grid_placement_free(&pl);
    /* gridnoc's cluster timeout (grid_master.c), so a late report is handled alike. */
    double flops = 0;
    for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++)
      flops += grid_node_flops(g, i);
    double exec = unit_flops() * (double)R.cluster_units[c] * sp.k * 2 / flops;
    double comm = 8.0 * (double)R.n * (cl->n_nodes + K) / g->port_bw_bps;
    R.master_timeout[c] = 6 * (TIMEOUT_FACTOR * (exec + comm) + 0.01) + 2.5 * HEARTBEAT_S;
    free(ord);
    free(cps);
    free(weight);
  }
  free(w), free(order), free(ring), free(cnt), free(wr), free(cluster_of), free(queue), free(seen);
  return 0;
}

static int index_of(void) { return (int)(intptr_t)sg_actor_get_data(sg_actor_self()); }

static void *recv_forever(sg_mailbox_t mb) {
  void *data = NULL;
  sg_comm_wait_for(sg_mailbox_get_async(mb, &data), -1);
  return data;
}

/* The server side of gridnoc's grid_recv_batch: post every receive, then wait for each until the deadline. */
static void recv_batch(sg_mailbox_t mb, int count, double deadline) {
  sg_comm_t *c = malloc((size_t)count * sizeof *c);
  void **data = malloc((size_t)count * sizeof *data);
  for (int i = 0; i < count; i++)
    c[i] = sg_mailbox_get_async(mb, &data[i]);
  for (int i = 0; i < count; i++) {
    double left = deadline - simgrid_get_clock();
    sg_comm_wait_for(c[i], left > 0 ? left : 0);
  }
  free(c);
  free(data);
}

/* A node's heartbeat between its own steps: sleeping until next, or in flight until it is delivered (or its
 * send times out at deadline); the next period starts when it is over, as a separate sender's would. */
typedef struct beat {
  sg_mailbox_t to;
  sg_comm_t comm;
  double next, deadline;
} beat;

static sg_exec_t *node_exec; /* per node: the execution it waits for, cancelled before the run ends */

/* Wait for act (1 ended, 0 failed) while the heartbeats go on. */
static int wait_beating(beat *b, grid_activity act) {
  for (;;) {
    int failed = 0;
    double due = b->comm ? b->deadline : b->next;
    grid_wait_outcome w = due > simgrid_get_clock() ? grid_wait_either(act, b->comm, due, &failed) : GRID_WAIT_TIMEOUT;
    if (w == GRID_WAIT_ACTIVITY)
      return !failed;
    if (w == GRID_WAIT_BEAT) {
      b->comm = NULL;
      b->next = simgrid_get_clock() + HEARTBEAT_S;
    } else if (b->comm) { /* timed out: withdrawn, as a timed-out put is */
      sg_comm_wait_for(b->comm, 0);
      b->comm = NULL;
      b->next = simgrid_get_clock() + HEARTBEAT_S;
    } else {
      b->comm = sg_mailbox_put_async(b->to, (void *)1, (long)HEARTBEAT_BYTES);
      b->deadline = simgrid_get_clock() + HEARTBEAT_S;
    }
  }
}

static void node(int argc, char **argv) {
  int i = index_of();
  sg_mailbox_t out = R.results[R.g.nodes[i].cluster];
  beat b = {R.hb[R.g.nodes[i].cluster], NULL, simgrid_get_clock() + HEARTBEAT_S, 0};
  for (;;) {
    void *data = NULL;
    if (!wait_beating(&b, (grid_activity){NULL, sg_mailbox_get_async(R.work[i], &data)}))
      continue;
    long units = (long)(intptr_t)data;
    sg_exec_t e = sg_actor_exec_init(unit_flops() * (double)units);
    sg_exec_start(e);
    node_exec[i] = e;
    wait_beating(&b, (grid_activity){e, NULL});
    node_exec[i] = NULL;
    sg_comm_t put = sg_mailbox_put_async(out, (void *)(intptr_t)units, (long)(8.0 * (double)units));
    wait_beating(&b, (grid_activity){NULL, put});
  }
}

/* A cluster master's heartbeat (its own actor, as in gridnoc). */
static void heartbeat(int argc, char **argv) {
  sg_mailbox_t to = (sg_mailbox_t)sg_actor_get_data(sg_actor_self());
  for (;;) {
    sg_actor_sleep_for(HEARTBEAT_S);
    sg_comm_wait_for(sg_mailbox_put_async(to, (void *)1, (long)HEARTBEAT_BYTES), HEARTBEAT_S);
  }
}

/* Heartbeats are datagrams: the listener is its mailbox's permanent receiver (as in gridnoc). */
static void listener(int argc, char **argv) {
  sg_mailbox_t from = (sg_mailbox_t)sg_actor_get_data(sg_actor_self());
  sg_mailbox_set_receiver(sg_mailbox_get_name(from));
  for (;;)
    recv_forever(from);
}

static void cluster_master(int argc, char **argv) {
  int c = index_of();
  const grid_cluster *cl = &R.g.clusters[c];
  sg_comm_t *puts = malloc((size_t)cl->n_nodes * sizeof *puts);
  for (;;) {
    long units = (long)(intptr_t)recv_forever(R.plan[c]);
    int n = 0;
    double expect = 0, total = 0;
    for (int j = 0; j < cl->n_nodes; j++) {
      int node = R.ring_member[cl->first_node + j];
      long u = R.node_units[node];
      if (u == 0)
        continue;
      double bytes = 8.0 * (double)u + 8.0 * (double)R.n;
      total += bytes;
      puts[n++] = sg_mailbox_put_async(R.work[node], (void *)(intptr_t)u, (long)bytes);
      double e = unit_flops() * (double)u / grid_node_flops(&R.g, node);
      if (e > expect)
        expect = e;
    }
    double deadline = simgrid_get_clock() + TIMEOUT_FACTOR * (expect + total / R.g.port_bw_bps) + 0.01;
    recv_batch(R.results[c], n, deadline);
    for (int i = 0; i < n; i++)
      sg_comm_wait_for(puts[i], 0);
    sg_comm_wait_for(sg_mailbox_put_async(R.grid_results, (void *)1, (long)(8.0 * (double)units + 64)),
                     2.5 * HEARTBEAT_S);
  }
}

static void injector(int argc, char **argv) {}

static void grid_master(int argc, char **argv) {
  int K = R.g.n_clusters;
  sg_comm_t *puts = malloc((size_t)K * sizeof *puts);
  for (int it = 0; it < R.iterations; it++) {
    double timeout = 0;
    for (int i = 0; i < K; i++) {
      int c = R.dispatch[i];
      puts[i] = sg_mailbox_put_async(R.plan[c], (void *)(intptr_t)R.cluster_units[c], (long)(8.0 * (double)R.n + 16));
      if (R.master_timeout[c] > timeout)
        timeout = R.master_timeout[c];
    }
    recv_batch(R.grid_results, K, simgrid_get_clock() + timeout);
    for (int i = 0; i < K; i++)
      sg_comm_wait_for(puts[i], 0);
  }
  free(puts);
  R.done = 1;
  R.makespan = simgrid_get_clock();
  for (int i = 0; i < R.g.n_nodes; i++) /* as gridnoc's grid_nodes_stop (grid_wait.h says why) */
    if (node_exec[i])
      grid_wait_cancel_exec(node_exec[i]);
}

static void start(const char *name, sg_host_t host, xbt_main_func_t code, void *data, int daemon) {
  sg_actor_t a = sg_actor_init(name, host);
  sg_actor_set_data(a, data);
  sg_actor_start(a, code, 0, NULL);
  if (daemon)
    sg_actor_daemonize(a);
}

static sg_mailbox_t *mailboxes(const char *prefix, int n) {
  sg_mailbox_t *t = malloc((size_t)n * sizeof *t);
  char name[48];
  for (int i = 0; i < n; i++) {
    snprintf(name, sizeof name, "%s%d", prefix, i);
    t[i] = sg_mailbox_by_name(name);
  }
  return t;
}

static int run_raw(const char *preset, int clusters, int nodes, long n, int iterations) {
  gn_error err = {0};
  if (grid_preset(preset, clusters, nodes, &R.g, &err))
    return fprintf(stderr, "%s\n", err.msg), 2;
  grid_set_weights(&R.g, (grid_weights){1, 0, 0});
  R.n = n;
  R.iterations = iterations;
  plan_work();
  gn_sim_init(NULL);
  if (grid_platform_build(&R.g, NULL, NULL, &err)) /* as gridnoc builds a preset's platform */
    return fprintf(stderr, "%s\n", err.msg), 1;
  int N = R.g.n_nodes, K = R.g.n_clusters;
  R.hosts = malloc((size_t)(N + K + 2) * sizeof *R.hosts);
  char name[64];
  for (int i = 0; i < N + K + 2; i++) {
    grid_slot_host_name(&R.g, i, name, sizeof name);
    R.hosts[i] = sg_host_by_name(name);
  }
  R.work = mailboxes("work", N);
  R.plan = mailboxes("plan", K);
  R.results = mailboxes("results", K);
  R.hb = mailboxes("heartbeats", K);
  R.grid_hb = mailboxes("grid_heartbeats", K);
  R.grid_results = sg_mailbox_by_name("grid_results");
  /* gridnoc's creation order (grid_start.c): SimGrid schedules actors in this order. */
  node_exec = calloc((size_t)N, sizeof *node_exec);
  for (int i = 0; i < N; i++)
    start("worker", R.hosts[i], node, (void *)(intptr_t)i, 1);
  for (int c = 0; c < K; c++) {
    start("cluster_master", R.hosts[N + c], cluster_master, (void *)(intptr_t)c, 1);
    start("listener", R.hosts[N + c], listener, R.hb[c], 1);
    start("heartbeat", R.hosts[N + c], heartbeat, R.grid_hb[c], 1);
  }
  for (int c = 0; c < K; c++)
    start("listener", R.hosts[N + K], listener, R.grid_hb[c], 1);
  start("injector", R.hosts[N + K + 1], injector, NULL, 1);
  start("grid_master", R.hosts[N + K], grid_master, NULL, 0);
  simgrid_run();
  printf("makespan_s %.10g\n", R.makespan);
  return R.done ? 0 : 1;
}

/* Run argv in a child; its CPU time and the makespan it printed. */
static int child_cpu(char *const *argv, double *cpu_s, double *makespan) {
  static char buf[65536];
  int rc = bench_child_cpu(argv, cpu_s, buf, sizeof buf);
  const char *m = strstr(buf, "makespan_s");
  *makespan = m ? strtod(m + 10, NULL) : -1;
  return rc == 0 && m ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 7 && strcmp(argv[1], "--raw") == 0)
    return run_raw(argv[2], atoi(argv[3]), atoi(argv[4]), atol_checked(argv[5]), atoi(argv[6]));
  int reps = 3, a = 1;
  if (argc > 2 && strcmp(argv[1], "--reps") == 0) {
    reps = atoi(argv[2]);
    a = 3;
  }
  if (argc - a < 5 || argc - a > 6 || reps < 1) {
    fprintf(stderr, "usage: bench_grid_raw [--reps R] PRESET CLUSTERS NODES N ITERATIONS [GRIDNOC]\n");
    return 2;
  }
  char self[4096], gridnoc[4096];
  if (bench_paths(argc - a == 6 ? argv[a + 5] : NULL, self, gridnoc, sizeof self))
    return 1;
  char *raw_argv[] = {self, "--raw", argv[a], argv[a + 1], argv[a + 2], argv[a + 3], argv[a + 4], NULL};
  char *sim_argv[] = {gridnoc, "grid", "--preset", argv[a], "--clusters", argv[a + 1], "--nodes", argv[a + 2],
                      "--n", argv[a + 3], "--iterations", argv[a + 4], "--failures", "none", "--reference", "false",
                      NULL};
  double best_raw = 1e300, best_sim = 1e300, ms_raw = 0, ms_sim = 0;
  for (int r = 0; r < reps; r++) {
    double c1, c2;
    if (child_cpu(sim_argv, &c1, &ms_sim) || child_cpu(raw_argv, &c2, &ms_raw)) {
      fprintf(stderr, "bench_grid_raw: a child failed\n");
      return 1;
    }
    best_sim = c1 < best_sim ? c1 : best_sim;
    best_raw = c2 < best_raw ? c2 : best_raw;
  }
  printf("grid %s %s x %s, n %s, %s iterations: gridnoc %.3f s CPU, raw SimGrid %.3f s CPU (best of %d), "
         "gridnoc at %.0f %% of the raw rate; makespan gridnoc %.10g raw %.10g %s\n",
         argv[a], argv[a + 1], argv[a + 2], argv[a + 3], argv[a + 4], best_sim, best_raw, reps,
         100 * best_raw / best_sim, ms_sim, ms_raw, ms_sim == ms_raw ? "(identical)" : "(DIFFERENT)");
  return ms_sim == ms_raw ? 0 : 1;
}
