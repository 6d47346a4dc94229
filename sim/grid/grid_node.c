/* grid_node: the actors of a compute node (worker and heartbeat sender) and the heartbeat listeners of the
 * masters (a cluster master's heartbeat sender is the same code). */
#include "grid_sim.h"

#include "grid_jacobi.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

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

void grid_node_worker(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int node = actor_index(argv), cluster = S->g->nodes[node].cluster;
  sg_mailbox_t inbox = S->mb.work[node], outbox = S->mb.results[cluster];
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
    const grid_jacobi *J = S->cfg->jacobi;
    grid_msg *r = J ? grid_msg_new(MSG_NODE_RESULT, w->n_units, 1) : grid_msg_new_counted(MSG_NODE_RESULT, w->n_units);
    r->from = node;
    r->request = w->request;
    r->iteration = w->iteration;
    for (long i = 0; J && i < w->n_units; i++) {
      r->units[i] = w->units[i];
      r->values[i] = grid_jacobi_unit(J, w->x, w->units[i]);
    }
    grid_msg_free(w);
    /* A master that does not take the result within a heartbeat timeout (plus the result's own trip) has
     * given up on it. */
    double bytes = 8.0 * (double)r->n_units;
    grid_send(outbox, r, bytes, 2.5 * S->cfg->heartbeat_s + grid_up_time_s(node, bytes));
  }
}

/* argv[1] = sender index: node i ("node", to its cluster master) or cluster c ("cluster", its master to the
 * grid master). Sleeps first so a run shorter than one period sends none. */
void grid_heartbeat_sender(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int from = actor_index(argv), to_grid_master = strcmp(argv[2], "cluster") == 0;
  int slot = to_grid_master ? S->g->n_nodes + from : from;
  sg_host_t to = S->hosts[S->g->n_nodes + (to_grid_master ? S->g->n_clusters : S->g->nodes[from].cluster)];
  sg_mailbox_t mb = to_grid_master ? S->mb.grid_heartbeats[from] : S->mb.heartbeats[S->g->nodes[from].cluster];
  for (;;) {
    sg_actor_sleep_for(S->cfg->heartbeat_s);
    /* A datagram to a machine that is off is lost (and SimGrid cannot start a transfer to it). */
    if (!sg_host_is_on(to))
      continue;
    grid_msg *h = grid_msg_new(MSG_HEARTBEAT, 0, 0);
    h->from = from;
    if (to_grid_master)
      grid_cluster_capability(from, simgrid_get_clock(), &h->pccc, &h->n_master_nodes);
    grid_send(mb, h, GRID_HEARTBEAT_BYTES, grid_heartbeat_period_s(slot));
  }
}

/* argv[1] = cluster c, argv[2] = "cluster": cluster c's master listens to its nodes, or "grid": the grid master
 * listens to cluster c's master. One listener per cluster at the grid master, so a far cluster's heartbeat
 * (long latency over the cascade) does not hold up the others. */
void grid_heartbeat_listener(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int cluster = actor_index(argv), of_master = strcmp(argv[2], "grid") == 0;
  sg_mailbox_t from = of_master ? S->mb.grid_heartbeats[cluster] : S->mb.heartbeats[cluster];
  /* Heartbeats travel as soon as they are sent (datagrams), not when the listener gets to them: one listener
   * taking them one by one would pay a route latency per heartbeat and fall behind its senders. */
  sg_mailbox_set_receiver(sg_mailbox_get_name(from));
  for (;;) {
    grid_msg *h = grid_recv(from, -1);
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
