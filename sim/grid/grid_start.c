/* grid_start: the grid's start-up order in one place. Actors are created per node (one: it works and sends its
 * heartbeats), per
 * cluster (master, node-heartbeat listener, heartbeat to the grid master), then the grid master's listeners,
 * the injector and the grid master: SimGrid schedules actors in creation order, so this order is part of
 * the simulated result and must not change. */
#include "grid_sim.h"

#include <simgrid/actor.h>

#include <stdio.h>

/* A daemon (killed when the grid master ends the run) named "<role>:<index>", argv = {name, index, tag}. */
static void start_daemon(const char *role, int index, sg_host_t host, xbt_main_func_t code, const char *tag) {
  char name[48], num[16], t[16];
  snprintf(name, sizeof name, "%s:%d", role, index);
  snprintf(num, sizeof num, "%d", index);
  snprintf(t, sizeof t, "%s", tag ? tag : "");
  char *argv[] = {name, num, t, NULL};
  sg_actor_t a = sg_actor_create(name, host, code, 3, argv);
  sg_actor_daemonize(a);
}

static void start_node(int node) {
  grid_sim *S = &grid_sim_state;
  start_daemon("worker", node, S->hosts[node], grid_node_worker, NULL);
}

/* The cluster master and its daemons: the listener of its nodes' heartbeats, its heartbeat to the grid master. */
static void start_cluster(int cluster) {
  grid_sim *S = &grid_sim_state;
  sg_host_t host = S->hosts[S->g->n_nodes + cluster];
  start_daemon("cluster_master", cluster, host, grid_cluster_master, NULL);
  if (!S->cfg->heartbeat_delay) /* delayed heartbeats are posted to the records, not received */
    start_daemon("listener", cluster, host, grid_heartbeat_listener, "cluster");
  start_daemon("heartbeat", cluster, host, grid_heartbeat_sender, NULL);
}

static void restart_slot(int slot) {
  grid_sim *S = &grid_sim_state;
  if (slot < S->g->n_nodes)
    start_node(slot);
  else
    start_cluster(slot - S->g->n_nodes);
}

void grid_start_all(grid_sim *S) {
  int N = S->g->n_nodes, K = S->g->n_clusters;
  S->restart_slot = restart_slot;
  for (int i = 0; i < N; i++)
    start_node(i);
  for (int c = 0; c < K; c++)
    start_cluster(c);
  /* The grid master's listeners, one per cluster. */
  for (int c = 0; c < K && !S->cfg->heartbeat_delay; c++)
    start_daemon("listener", c, S->hosts[N + K], grid_heartbeat_listener, "grid");
  start_daemon("injector", 0, S->hosts[N + K + 1], grid_injector, NULL);
  char name[] = "grid_master", *argv[] = {name, NULL};
  S->grid_master = sg_actor_create(name, S->hosts[N + K], grid_grid_master, 1, argv);
  /* Last, so the actors above keep their scheduling order (and every earlier result its bytes). */
  if (S->cfg->deadline_s > 0)
    start_daemon("deadline", 0, S->hosts[N + K + 1], grid_deadline_timer, NULL);
}
