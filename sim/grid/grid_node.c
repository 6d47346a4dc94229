/* grid_node: a compute node's one actor (it computes its work and sends its heartbeats) and the masters'
 * heartbeat sender and listeners. */
#include "grid_sim.h"

#include "grid_jacobi.h"
#include "grid_wait.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int actor_index(char **argv) { return atoi(argv[1]); }

/* Delay transport: slot `slot` sends a heartbeat now (lost if its receiver is off: 0; else 1, and it arrives
 * after grid_heartbeat_delay_s; a cluster master's carries its capability, computed now). Here, beside the
 * senders, so that the simulation's state (grid_sim.c) does not reach up into the cluster masters. */
static int grid_heartbeat_post(int slot) {
  grid_sim *S = &grid_sim_state;
  int N = S->g->n_nodes, K = S->g->n_clusters;
  sg_host_t to = slot < N ? S->hosts[N + S->g->nodes[slot].cluster] : S->hosts[N + K];
  if (!sg_host_is_on(to)) /* lost, as a datagram to a machine that is off */
    return 0;
  double now = simgrid_get_clock(), at = now + grid_heartbeat_delay_s(slot);
  if (slot < N) {
    grid_supervisor_beat_sent(&S->nodes[slot], now, at);
    return 1;
  }
  grid_cluster_view *v = grid_cluster_heard(slot - N, now);
  grid_cluster_capability(slot - N, now, &v->arrival_pccc, &v->arrival_n_master_nodes);
  v->arrival_s = at;
  return 1;
}

/* A node's heartbeats, sent by the node's one actor between its own steps: a datagram to its cluster master
 * every period, the next period starting when the last one was delivered (or its send timed out), as a
 * separate sender that slept, sent and waited would do, on the same simulated dates. */
typedef struct node_beat {
  int node;
  sg_host_t to;
  sg_mailbox_t mailbox;
  grid_node_hold *hold; /* hold->beat: the one in flight, or NULL while the node sleeps until next_s */
  grid_msg *msg;     /* the one in flight */
  double next_s;     /* when the next one leaves */
  double deadline_s; /* when the one in flight times out */
} node_beat;

static node_beat beat_start(int node) {
  grid_sim *S = &grid_sim_state;
  int cluster = S->g->nodes[node].cluster;
  /* The first one a period after the node starts (aligned: a run shorter than one period sends none), or a
   * fraction of it (staggered). */
  return (node_beat){node, S->hosts[S->g->n_nodes + cluster], S->mb.heartbeats[cluster], &S->node_hold[node], NULL,
                     simgrid_get_clock() + grid_heartbeat_first_s(node), 0};
}

static double beat_due_s(const node_beat *b) { return b->hold->beat ? b->deadline_s : b->next_s; }

/* The heartbeat's date has come: it leaves (a datagram to a machine that is off is lost: SimGrid cannot start a
 * transfer to it), or the one in flight timed out and is withdrawn as a timed-out put is. */
static void beat_step(node_beat *b) {
  grid_sim *S = &grid_sim_state;
  double now = simgrid_get_clock();
  if (b->hold->beat) {
    grid_put_finish(b->hold->beat, b->msg, 0); /* a node killed in it leaves the handle (leave_handles) */
    b->hold->beat = NULL;
    b->next_s = now + S->cfg->heartbeat_s;
  } else if (S->cfg->heartbeat_delay) { /* no flow: the next leaves a period after this one arrives (or is lost) */
    b->next_s = now + S->cfg->heartbeat_s + (grid_heartbeat_post(b->node) ? grid_heartbeat_delay_s(b->node) : 0);
  } else if (!sg_host_is_on(b->to)) {
    b->next_s = now + S->cfg->heartbeat_s;
  } else {
    b->msg = grid_msg_new(MSG_HEARTBEAT, 0, 0);
    b->msg->from = b->node;
    b->hold->beat = grid_put_start(b->mailbox, b->msg, GRID_HEARTBEAT_BYTES);
    b->deadline_s = now + grid_heartbeat_period_s(b->node);
  }
}

/* Wait for act while keeping the heartbeats going: 1 ended, 0 failed, -1 still running at deadline_s (< 0:
 * none). */
static int node_wait(node_beat *b, grid_activity act, double deadline_s) {
  for (;;) {
    double due = beat_due_s(b), until = deadline_s >= 0 && deadline_s < due ? deadline_s : due;
    int failed = 0;
    grid_wait_outcome w = until > simgrid_get_clock() ? grid_wait_either(act, b->hold->beat, until, &failed)
                                                      : GRID_WAIT_TIMEOUT;
    if (w == GRID_WAIT_ACTIVITY)
      return failed ? 0 : 1;
    if (w == GRID_WAIT_BEAT) { /* delivered (the listener frees it) or lost; the next period starts now */
      if (failed)
        grid_msg_free(b->msg);
      b->hold->beat = NULL;
      b->next_s = simgrid_get_clock() + grid_sim_state.cfg->heartbeat_s;
    } else if (deadline_s >= 0 && simgrid_get_clock() >= deadline_s) {
      return -1;
    } else {
      beat_step(b);
    }
  }
}

/* The next work message (a transfer broken by its sender's death is skipped). */
static grid_msg *node_recv(node_beat *b, sg_mailbox_t inbox) {
  for (;;) {
    void *data = NULL;
    b->hold->comm = sg_mailbox_get_async(inbox, &data);
    int r = node_wait(b, (grid_activity){NULL, b->hold->comm}, -1);
    b->hold->comm = NULL;
    if (r == 1)
      return data;
  }
}

/* An exec runs on one core (SimGrid): on a multi-core host (a platform file's cores attribute) the work is
 * split over every core, as the node's capability (speed × cores) assumes. */
static sg_error_t compute(node_beat *b, double flops) {
  sg_exec_t *e = b->hold->exec;
  int cores = b->hold->n_exec;
  for (int c = 0; c < cores; c++) {
    e[c] = sg_actor_exec_init(cores > 1 ? flops / cores : flops);
    sg_exec_start(e[c]);
  }
  sg_error_t rc = SG_OK;
  for (int c = 0; c < cores; c++) {
    grid_sim_state.node_exec[b->node] = e[c];
    if (node_wait(b, (grid_activity){e[c], NULL}, -1) != 1)
      rc = SG_ERROR_HOST;
    grid_sim_state.node_exec[b->node] = NULL;
    e[c] = NULL; /* released by its wait */
  }
  return rc;
}

/* Send with a timeout, as grid_send does, the heartbeats going on meanwhile. */
static void node_send(node_beat *b, sg_mailbox_t outbox, grid_msg *m, double bytes, double timeout_s) {
  double t0 = simgrid_get_clock();
  int iteration = m->iteration;
  long units = m->n_units;
  sg_comm_t c = b->hold->comm = grid_put_start(outbox, m, bytes);
  int r = node_wait(b, (grid_activity){NULL, c}, simgrid_get_clock() + (timeout_s > 0 ? timeout_s : 0));
  grid_timeline_add('s', b->node, t0, simgrid_get_clock(), iteration, units, r == 1);
  if (r == 0)
    grid_msg_free(m);
  else if (r < 0) /* withdrawn as a timed-out put is (grid_put_finish) */
    grid_put_finish(c, m, 0);
  b->hold->comm = NULL;
}

static void leave(grid_sim *S, sg_exec_t exec, sg_comm_t comm) {
  if (!exec && !comm)
    return;
  S->left = grid_grow(S->left, S->n_left, &S->cap_left, sizeof *S->left);
  S->left[S->n_left++] = (grid_activity){exec, comm};
}

/* A node killed inside its wait (its host failed, or the run ended): grid_nodes_stop must not cancel its
 * execution, and the handles it holds are left to grid_nodes_release, after the run. A rebooted node's new
 * actor starts with none. */
static void leave_handles(int failed, void *node) {
  (void)failed;
  grid_sim *S = &grid_sim_state;
  grid_node_hold *h = &S->node_hold[(intptr_t)node];
  S->node_exec[(intptr_t)node] = NULL;
  leave(S, NULL, h->comm);
  leave(S, NULL, h->beat);
  for (int c = 0; c < h->n_exec; c++) {
    leave(S, h->exec[c], NULL);
    h->exec[c] = NULL;
  }
  h->comm = h->beat = NULL;
}

/* A node's one actor: takes work, computes it, sends the result back, and sends its heartbeats meanwhile. */
void grid_node_worker(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int node = actor_index(argv), cluster = S->g->nodes[node].cluster;
  sg_mailbox_t inbox = S->mb.work[node], outbox = S->mb.results[cluster];
  node_beat beat = beat_start(node);
  grid_node_hold *hold = &S->node_hold[node];
  if (!hold->exec) { /* kept for a rebooted node's next actor (same host, same cores); freed with the run */
    hold->n_exec = sg_host_core_count(sg_host_self());
    hold->exec = grid_alloc((size_t)hold->n_exec, sizeof *hold->exec);
  }
  sg_actor_on_exit(leave_handles, (void *)(intptr_t)node);
  for (;;) {
    grid_msg *w = node_recv(&beat, inbox);
    double flops = GRID_JACOBI_UNIT_FLOPS(S->cfg->n) * (double)w->n_units, t0 = simgrid_get_clock();
    grid_timeline_add('r', node, t0, t0, w->iteration, w->n_units, 0);
    if (compute(&beat, flops) != SG_OK) {
      grid_msg_free(w);
      continue;
    }
    grid_timeline_add('c', node, t0, simgrid_get_clock(), w->iteration, w->n_units, w->reexec);
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
    node_send(&beat, outbox, r, bytes, 2.5 * S->cfg->heartbeat_s + grid_up_time_s(node, bytes));
  }
}

/* Every execution a live node has started and not yet waited for, not only the one it waits for: on a
 * multi-core host the node woken by that cancel goes on to wait for its next core's execution, and cancelling
 * that one after the node is killed (the run ends) would answer a dead actor (SimGrid aborts). */
void grid_nodes_stop(void) {
  grid_sim *S = &grid_sim_state;
  for (int i = 0; i < S->g->n_nodes; i++)
    if (S->node_exec[i])
      for (int c = 0; c < S->node_hold[i].n_exec; c++)
        if (S->node_hold[i].exec[c])
          grid_wait_cancel_exec(S->node_hold[i].exec[c]);
}

void grid_nodes_release(grid_sim *S) {
  for (long i = 0; i < S->n_left; i++)
    grid_wait_drop(S->left[i]);
  free(S->left);
  S->left = NULL;
  S->n_left = S->cap_left = 0;
}

/* argv[1] = cluster c: its master's heartbeat to the grid master (a separate actor: the master's own loop
 * blocks in batches of receives and puts). Sleeps first (a period, or its phase when staggered), so an aligned
 * run shorter than one period sends none. With the delay transport it only posts the heartbeat's arrival. */
void grid_heartbeat_sender(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int cluster = actor_index(argv), slot = S->g->n_nodes + cluster;
  sg_host_t to = S->hosts[S->g->n_nodes + S->g->n_clusters];
  sg_mailbox_t mb = S->mb.grid_heartbeats[cluster];
  double sleep_s = grid_heartbeat_first_s(slot);
  for (;;) {
    sg_actor_sleep_for(sleep_s);
    sleep_s = S->cfg->heartbeat_s;
    if (S->cfg->heartbeat_delay) { /* no flow: the next leaves a period after this one arrives (or is lost) */
      if (grid_heartbeat_post(slot))
        sleep_s += grid_heartbeat_delay_s(slot);
      continue;
    }
    /* A datagram to a machine that is off is lost (and SimGrid cannot start a transfer to it). */
    if (!sg_host_is_on(to))
      continue;
    grid_msg *h = grid_msg_new(MSG_HEARTBEAT, 0, 0);
    h->from = cluster;
    grid_cluster_capability(cluster, simgrid_get_clock(), &h->pccc, &h->n_master_nodes);
    grid_send(mb, h, GRID_HEARTBEAT_BYTES, grid_heartbeat_period_s(slot));
  }
}

/* argv[1] = cluster c, argv[2] = "cluster": cluster c's master listens to its nodes, or "grid": the grid master
 * listens to cluster c's master (flow transport only: delayed heartbeats are posted, not received). One
 * listener per cluster at the grid master, so a far cluster's heartbeat (long latency over the cascade) does not
 * hold up the others. */
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
