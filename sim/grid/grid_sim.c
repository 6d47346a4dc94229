/* grid_sim: the one simulation state of the process, the nominal costs and measured routes the masters' timeouts
 * are built from, and the run's mailboxes, looked up once. */
#include "grid_sim.h"

#include "grid_run.h"

#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

grid_sim grid_sim_state;

double grid_expected_exec_s(int node, long units) {
  const grid_sim *S = &grid_sim_state;
  return GRID_JACOBI_UNIT_FLOPS(S->cfg->n) * (double)units / grid_node_flops(S->g, node);
}

double grid_port_time_s(double bytes) { return bytes / grid_sim_state.g->port_bw_bps; }

double grid_up_time_s(int slot, double bytes) {
  const grid_sim *S = &grid_sim_state;
  return S->up_latency_s[slot] + bytes / S->up_bw_bps[slot];
}

double grid_heartbeat_period_s(int slot) {
  return grid_sim_state.cfg->heartbeat_s + grid_up_time_s(slot, GRID_HEARTBEAT_BYTES);
}

double grid_heartbeat_delay_s(int slot) { return grid_up_time_s(slot, GRID_HEARTBEAT_BYTES); }

grid_cluster_view *grid_cluster_heard(int c, double now_s) {
  grid_cluster_view *v = &grid_sim_state.clusters[c];
  if (v->arrival_s > now_s)
    return v;
  if (v->arrival_s > v->last_heartbeat_s) {
    v->last_heartbeat_s = v->arrival_s;
    v->pccc = v->arrival_pccc;
    v->n_master_nodes = v->arrival_n_master_nodes;
  }
  v->arrival_s = -INFINITY; /* applied: a later write (a cluster taken for dead) is not undone by it */
  return v;
}

double grid_heartbeat_first_s(int slot) {
  const grid_sim *S = &grid_sim_state;
  double period = S->cfg->heartbeat_s;
  if (!S->cfg->heartbeat_staggered)
    return period;
  int N = S->g->n_nodes, K = S->g->n_clusters;
  if (slot >= N)
    return period * grid_supervisor_phase(0, 1, slot - N, K);
  const grid_cluster *c = &S->g->clusters[S->g->nodes[slot].cluster];
  return period * grid_supervisor_phase(slot - c->first_node, c->n_nodes, S->g->nodes[slot].cluster, K);
}

double grid_latency_factor(const char *network_model) {
  return network_model && strcmp(network_model, "CM02") == 0 ? 1.0 : 13.01;
}

/* The route of every slot to whom it reports, and the narrowest node route the run uses (speedup_bound); a
 * slot on the same host as its receiver has no route (no delay). Routes exist once SimGrid has sealed the
 * platform, so the grid master calls this when the simulation starts, before any message is sent. */
void grid_measure_routes(void) {
  grid_sim *S = &grid_sim_state;
  int N = S->g->n_nodes, K = S->g->n_clusters;
  double factor = grid_latency_factor(S->cfg->network_model), narrowest = INFINITY;
  for (int s = 0; s < N + K; s++) {
    sg_host_t to = s < N ? S->hosts[N + S->g->nodes[s].cluster] : S->hosts[N + K];
    S->up_latency_s[s] = 0;
    S->up_bw_bps[s] = INFINITY;
    if (to == S->hosts[s])
      continue;
    double bw = sg_host_get_route_bandwidth(S->hosts[s], to);
    S->up_latency_s[s] = factor * sg_host_get_route_latency(S->hosts[s], to);
    if (bw > 0)
      S->up_bw_bps[s] = bw;
    if (s < N && bw > 0 && bw < narrowest)
      narrowest = bw;
  }
  S->res->node_route_bw_bps = isfinite(narrowest) ? narrowest : S->g->port_bw_bps;
}

static sg_mailbox_t *mailbox_table(const char *prefix, int n) {
  sg_mailbox_t *t = malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
  char name[48];
  for (int i = 0; t && i < n; i++) {
    snprintf(name, sizeof name, "%s%d", prefix, i);
    t[i] = sg_mailbox_by_name(name);
  }
  return t;
}

int grid_mailboxes_init(grid_sim *S, gn_error *err) {
  int N = S->g->n_nodes, K = S->g->n_clusters;
  grid_mailboxes *mb = &S->mb;
  mb->work = mailbox_table("work", N);
  mb->plan = mailbox_table("plan", K);
  mb->results = mailbox_table("results", K);
  mb->heartbeats = mailbox_table("heartbeats", K);
  mb->grid_heartbeats = mailbox_table("grid_heartbeats", K);
  mb->grid_results = sg_mailbox_by_name("grid_results");
  if (!mb->work || !mb->plan || !mb->results || !mb->heartbeats || !mb->grid_heartbeats)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for the mailboxes of a %d-node grid", N);
  return GN_OK;
}

void grid_mailboxes_free(grid_sim *S) {
  free(S->mb.work);
  free(S->mb.plan);
  free(S->mb.results);
  free(S->mb.heartbeats);
  free(S->mb.grid_heartbeats);
  S->mb = (grid_mailboxes){0};
}

void *grid_grow(void *array, long n, long *cap, size_t size) {
  if (n < *cap)
    return array;
  *cap = *cap ? 2 * *cap : 64;
  array = realloc(array, (size_t)*cap * size);
  if (!array)
    abort(); /* inside an actor there is no error path back to the CLI */
  return array;
}

void grid_timeline_add(char kind, int slot, double t0, double t1, int iteration, long units, int flag) {
  grid_sim *S = &grid_sim_state;
  grid_timeline *tl = &S->res->timeline;
  if (!S->cfg->record_timeline)
    return;
  tl->ev = grid_grow(tl->ev, tl->n, &tl->cap, sizeof *tl->ev);
  tl->ev[tl->n++] = (grid_timeline_event){kind, slot, iteration, flag, units, t0, t1};
}
