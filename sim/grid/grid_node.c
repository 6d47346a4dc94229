/* grid_node: the actors of a compute node (worker and heartbeat), the heartbeat listeners of the masters,
 * and the failure injector that switches hosts off and on and restarts the daemons of a rebooted host. */
#include "grid_sim.h"

#include "grid_jacobi.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int actor_index(char **argv) { return atoi(argv[1]); }

/* An exec runs on one core (SimGrid): on a multi-core host (a platform file's cores attribute) the work is
 * split over every core, as the node's capability (speed × cores) assumes. */
static sg_error_t compute(double flops) {
  int cores = sg_host_core_count(sg_host_self());
  if (cores <= 1) {
    sg_exec_t e = sg_actor_exec_init(flops);
    sg_exec_start(e);
    return sg_exec_wait(e);
  }
  sg_exec_t *e = grid_alloc((size_t)cores, sizeof *e);
  for (int c = 0; c < cores; c++) {
    e[c] = sg_actor_exec_init(flops / cores);
    sg_exec_start(e[c]);
  }
  sg_error_t rc = SG_OK;
  for (int c = 0; c < cores; c++)
    if (sg_exec_wait(e[c]) != SG_OK)
      rc = SG_ERROR_HOST;
  grid_release(e);
  return rc;
}

static void node_worker(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int node = actor_index(argv), cluster = S->g->nodes[node].cluster;
  char inbox[32], outbox[32];
  grid_mb_work(node, inbox, sizeof inbox);
  grid_mb_cluster_results(cluster, outbox, sizeof outbox);
  for (;;) {
    grid_msg *w = grid_recv(inbox, -1);
    if (!w)
      continue;
    double flops = GRID_JACOBI_UNIT_FLOPS(S->cfg->n) * (double)w->n_units;
    if (compute(flops) != SG_OK) {
      grid_msg_free(w);
      continue;
    }
    S->res->computed_flops += flops;
    S->res->redundant_flops += GRID_JACOBI_UNIT_FLOPS(S->cfg->n) * (double)w->n_redundant;
    if (w->reexec)
      S->res->reexec_flops += flops;
    grid_msg *r = grid_msg_new(MSG_NODE_RESULT, w->n_units, S->cfg->jacobi != NULL);
    r->from = node;
    r->request = w->request;
    r->iteration = w->iteration;
    for (long i = 0; i < w->n_units; i++) {
      r->units[i] = w->units[i];
      if (S->cfg->jacobi)
        r->values[i] = grid_jacobi_unit(S->cfg->jacobi, w->x, w->units[i]);
    }
    grid_msg_free(w);
    /* A master that does not take the result within a heartbeat timeout (plus the result's own trip) has
     * given up on it. */
    double bytes = 8.0 * (double)r->n_units;
    grid_send(outbox, r, bytes, 2.5 * S->cfg->heartbeat_s + grid_up_time_s(node, bytes));
  }
}

/* argv[1] = sender index, argv[2] = mailbox. Sleeps first so a run shorter than one period sends none. */
static void heartbeat_sender(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int from = actor_index(argv);
  int to_grid_master = strncmp(argv[2], GRID_MB_GRID_HEARTBEATS, 15) == 0;
  int slot = to_grid_master ? S->g->n_nodes + from : from;
  sg_host_t to = S->hosts[S->g->n_nodes + (to_grid_master ? S->g->n_clusters : S->g->nodes[from].cluster)];
  for (;;) {
    sg_actor_sleep_for(S->cfg->heartbeat_s);
    /* A datagram to a machine that is off is lost (and SimGrid cannot start a transfer to it). */
    if (!sg_host_is_on(to))
      continue;
    grid_msg *h = grid_msg_new(MSG_HEARTBEAT, 0, 0);
    h->from = from;
    if (to_grid_master)
      grid_cluster_capability(from, simgrid_get_clock(), &h->pccc, &h->n_master_nodes);
    grid_send(argv[2], h, GRID_HEARTBEAT_BYTES, grid_heartbeat_period_s(slot));
  }
}

/* argv[1] = cluster c, argv[2] = mailbox: cluster c's master listens to its nodes, or (mailbox
 * GRID_MB_GRID_HEARTBEATS + c) the grid master listens to cluster c's master. One listener per cluster at the
 * grid master, so a far cluster's heartbeat (long latency over the cascade) does not hold up the others. */
static void heartbeat_listener(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int cluster = actor_index(argv), of_master = strncmp(argv[2], GRID_MB_GRID_HEARTBEATS, 15) == 0;
  /* Heartbeats travel as soon as they are sent (datagrams), not when the listener gets to them: one listener
   * taking them one by one would pay a route latency per heartbeat and fall behind its senders. */
  sg_mailbox_set_receiver(argv[2]);
  for (;;) {
    grid_msg *h = grid_recv(argv[2], -1);
    if (!h)
      continue;
    if (of_master) {
      S->clusters[cluster].last_heartbeat_s = simgrid_get_clock();
      S->clusters[cluster].pccc = h->pccc;
      S->clusters[cluster].n_master_nodes = h->n_master_nodes;
    } else {
      S->nodes[h->from].last_heartbeat_s = simgrid_get_clock();
    }
    grid_msg_free(h);
  }
}

static void start_daemon(const char *role, int index, sg_host_t host, xbt_main_func_t code, const char *mailbox) {
  char name[48], num[16], mb[32];
  snprintf(name, sizeof name, "%s:%d", role, index);
  snprintf(num, sizeof num, "%d", index);
  snprintf(mb, sizeof mb, "%s", mailbox ? mailbox : "");
  char *argv[] = {name, num, mb, NULL};
  sg_actor_t a = sg_actor_create(name, host, code, 3, argv);
  sg_actor_daemonize(a);
}

void grid_start_node(int node) {
  grid_sim *S = &grid_sim_state;
  char mb[32];
  grid_mb_cluster_heartbeats(S->g->nodes[node].cluster, mb, sizeof mb);
  start_daemon("worker", node, S->hosts[node], node_worker, NULL);
  start_daemon("heartbeat", node, S->hosts[node], heartbeat_sender, mb);
}

/* The cluster master's daemons other than the master itself (its loop lives in grid_cluster.c). */
void grid_start_cluster_daemons(int cluster) {
  grid_sim *S = &grid_sim_state;
  char mb[32];
  sg_host_t host = S->hosts[S->g->n_nodes + cluster];
  grid_mb_cluster_heartbeats(cluster, mb, sizeof mb);
  start_daemon("listener", cluster, host, heartbeat_listener, mb);
  snprintf(mb, sizeof mb, "%s%d", GRID_MB_GRID_HEARTBEATS, cluster);
  start_daemon("heartbeat", cluster, host, heartbeat_sender, mb);
}

void grid_start_grid_listeners(void) {
  grid_sim *S = &grid_sim_state;
  for (int c = 0; c < S->g->n_clusters; c++) {
    char mb[32];
    snprintf(mb, sizeof mb, "%s%d", GRID_MB_GRID_HEARTBEATS, c);
    start_daemon("listener", c, S->hosts[S->g->n_nodes + S->g->n_clusters], heartbeat_listener, mb);
  }
}

/* The first slot on slot s's host: slots sharing a host (on a platform file, the grid master on cluster 0's
 * master by default) share its down count. */
static int first_slot_on_host(const grid_sim *S, int s) {
  int j = 0;
  while (S->hosts[j] != S->hosts[s])
    j++;
  return j;
}

/* Replays the failure trace. Overlapping down intervals of one host (FTA traces have some, a platform file's
 * profiles may hit a shared host) nest: the host is off while any of them lasts. */
static void injector(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  const failure_trace *ft = S->cfg->failures;
  int n_hosts = S->g->n_nodes + S->g->n_clusters + 1;
  int *down = grid_alloc((size_t)n_hosts, sizeof *down);
  for (int i = 0; ft && i < ft->n; i++) {
    const failure_event *e = &ft->events[i];
    if (e->host < 0 || e->host >= n_hosts)
      continue;
    double wait = e->t - simgrid_get_clock();
    if (wait > 0)
      sg_actor_sleep_for(wait);
    int slot = first_slot_on_host(S, e->host);
    sg_host_t h = S->hosts[slot];
    if (!e->up) {
      if (down[slot]++ == 0 && sg_host_is_on(h))
        sg_host_turn_off(h);
      continue;
    }
    if (down[slot] == 0 || --down[slot] > 0)
      continue;
    sg_host_turn_on(h);
    /* A rebooted machine starts the daemons of every slot it holds again; the grid master's death ends the
     * run, so it is not. */
    for (int j = slot; j < S->g->n_nodes + S->g->n_clusters; j++) {
      if (S->hosts[j] != h)
        continue;
      if (j < S->g->n_nodes)
        grid_start_node(j);
      else
        grid_start_cluster_master(j - S->g->n_nodes);
    }
  }
  grid_release(down);
}

void grid_start_injector(void) {
  grid_sim *S = &grid_sim_state;
  start_daemon("injector", 0, S->hosts[S->g->n_nodes + S->g->n_clusters + 1], injector, NULL);
}
