/* grid_master: the DG master (patent, grid part): every iteration it builds the cluster ring from
 * what the clusters reported, sends each cluster its capability share with x, merges the results and
 * recovers units a cluster lost (mirror on the ring successor, another cluster, or a rollback). */
#include "grid_sim.h"

#include "grid_jacobi.h"
#include "ring.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct master_iter {
  int k;        /* clusters on the ring this iteration */
  int *ring;    /* ring position → cluster */
  int *replied; /* per cluster: its report arrived */
  long **lost;  /* per cluster: units it reported lost (or its whole share if it did not reply) */
  long *n_lost;
  unsigned char *have; /* per unit: a result arrived this iteration (from its cluster or its eager mirror) */
  double *next_x;
} master_iter;

static void fail_run(const char *cause) {
  grid_sim *S = &grid_sim_state;
  S->res->completed = 0;
  S->res->cause = cause;
  S->res->makespan_s = simgrid_get_clock();
}

/* Expected time of one cluster's iteration with `units` units, at nominal speeds: the grid master's timeout
 * covers the cluster's own recovery rounds. */
static double cluster_timeout_s(int c, long units) {
  grid_sim *S = &grid_sim_state;
  const grid_cluster *cl = &S->g->clusters[c];
  double flops = 0;
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++)
    flops += grid_node_flops(S->g, i);
  double exec = GRID_JACOBI_UNIT_FLOPS(S->cfg->n) * (double)units * S->cfg->sp.k * 2 / flops;
  double comm = grid_port_time_s(8.0 * (double)S->cfg->n * (cl->n_nodes + S->g->n_clusters));
  /* The plan (x) there and the report back cross the route to the cluster, whatever its latency. */
  double trip = 2 * grid_up_time_s(S->g->n_nodes + c, 8.0 * (double)S->cfg->n);
  return 6 * (S->cfg->timeout_factor * (exec + comm) + 0.01) + 2.5 * S->cfg->heartbeat_s + trip;
}

/* Send plans (units[c] of n[c] units, to the clusters with n[c] > 0; the last n_mirror[c] of them the eager
 * mirror of another cluster's share, n_mirror NULL = none) and gather the reports. */
static void dispatch(master_iter *mi, const int *order, int n_order, long **units, const long *n,
                     const long *n_mirror, int it, int reexec, int recovery) {
  grid_sim *S = &grid_sim_state;
  int K = S->g->n_clusters;
  grid_msg **msgs = grid_alloc(1, (size_t)K * sizeof *msgs);
  sg_comm_t *puts = grid_alloc(1, (size_t)K * sizeof *puts);
  double timeout = 0;
  int *to = grid_alloc(1, (size_t)K * sizeof *to), cnt = 0;
  long *request = grid_alloc(1, (size_t)K * sizeof *request);
  for (int i = 0; i < n_order; i++) {
    int c = order[i];
    request[c] = -1;
    if (n[c] == 0)
      continue;
    grid_msg *pm = grid_msg_new(MSG_PLAN, n[c], 0);
    memcpy(pm->units, units[c], (size_t)n[c] * sizeof *pm->units);
    pm->iteration = it;
    pm->reexec = reexec;
    pm->recovery = recovery;
    pm->n_mirror = n_mirror ? n_mirror[c] : 0;
    pm->x = S->x[0];
    pm->request = request[c] = ++S->next_request;
    /* A share carries x (8n bytes) and its unit range; a recovery batch lists its units. */
    puts[cnt] = grid_put_start(S->mb.plan[c], pm, recovery ? 8.0 * (double)n[c] : 8.0 * (double)S->cfg->n + 16);
    double t = cluster_timeout_s(c, n[c]);
    if (t > timeout)
      timeout = t;
    msgs[cnt] = pm;
    to[cnt++] = c;
    grid_inflight_puts(puts, cnt); /* the next put's start is a simcall, where this host's failure can kill us */
  }
  double deadline = simgrid_get_clock() + timeout;
  int pending = cnt;
  grid_msg **got = grid_alloc(1, (size_t)(cnt > 0 ? cnt : 1) * sizeof *got);
  while (pending > 0 && simgrid_get_clock() < deadline) {
    int k = grid_recv_batch(S->mb.grid_results, pending, deadline, got);
    for (int g = 0; g < k; g++) {
      grid_msg *r = got[g];
      int c = r->from;
      if (request[c] == r->request) {
        request[c] = -1;
        pending--;
        mi->replied[c] = 1;
        grid_cluster_view *v = grid_cluster_heard(c, simgrid_get_clock());
        v->pccc = r->pccc;
        v->n_master_nodes = r->n_master_nodes;
        long done = r->n_units - r->n_lost;
        /* Locals: stores through have (unsigned char) may alias anything, so fields would be reloaded. */
        unsigned char *have = mi->have;
        const long *units_done = r->units;
        for (long i = 0; i < done; i++)
          have[units_done[i]] = 1;
        for (long i = 0; r->values && i < done; i++)
          mi->next_x[units_done[i]] = r->values[i];
        mi->n_lost[c] = r->n_lost;
        memcpy(mi->lost[c], r->units + done, (size_t)r->n_lost * sizeof *mi->lost[c]);
      }
      grid_msg_free(r);
    }
  }
  grid_release(got);
  for (int i = 0; i < cnt; i++) {
    int c = to[i];
    grid_inflight_puts(puts + i + 1, cnt - i - 1); /* puts[i] is released by its finish, even if killed in it */
    if (grid_put_finish(puts[i], msgs[i], 0) && request[c] < 0)
      continue;
    /* No report: the cluster's master is taken for dead until its heartbeats come back. */
    mi->replied[c] = 0;
    grid_cluster_heard(c, simgrid_get_clock())->last_heartbeat_s = -INFINITY;
    mi->n_lost[c] = n[c];
    memcpy(mi->lost[c], units[c], (size_t)n[c] * sizeof *mi->lost[c]);
  }
  grid_inflight_puts(NULL, 0);
  grid_release(msgs);
  grid_release(puts);
  grid_release(to);
  grid_release(request);
}

static void master_iter_init(master_iter *mi, int K, long n, double *next_x) {
  mi->ring = grid_alloc((size_t)K, sizeof *mi->ring);
  mi->replied = grid_alloc((size_t)K, sizeof *mi->replied);
  mi->lost = grid_alloc((size_t)K, sizeof *mi->lost);
  mi->n_lost = grid_alloc((size_t)K, sizeof *mi->n_lost);
  mi->have = grid_alloc((size_t)n + 1, sizeof *mi->have);
  mi->next_x = next_x;
  for (int c = 0; c < K; c++)
    mi->lost[c] = grid_alloc((size_t)n + 1, sizeof **mi->lost);
}

static void master_iter_free(master_iter *mi, int K) {
  for (int c = 0; mi->lost && c < K; c++)
    grid_release(mi->lost[c]);
  grid_release(mi->ring);
  grid_release(mi->replied);
  grid_release(mi->lost);
  grid_release(mi->n_lost);
  grid_release(mi->have);
}

/* The next cluster after ring position pos that replied this iteration (mirror: only the successor). */
static int recovery_target(const master_iter *mi, int pos, int mirror_only) {
  for (int step = 1; step < mi->k; step++) {
    int c = mi->ring[(pos + step) % mi->k];
    if (mi->replied[c])
      return c;
    if (mirror_only)
      return -1;
  }
  return -1;
}

/* Units lost by clusters go to other clusters until none is lost: 0, or −1 if some unit cannot be recovered. */
static int recover(master_iter *mi, int it, long **batch, long *n_batch, master_iter *rmi) {
  grid_sim *S = &grid_sim_state;
  int K = S->g->n_clusters, mirror = S->cfg->sched->recovery == GRID_RECOVER_MIRROR;
  for (int attempt = 0; attempt < K; attempt++) {
    int any = 0, *order = rmi->ring;
    memset(n_batch, 0, (size_t)K * sizeof *n_batch);
    for (int pos = 0; pos < mi->k; pos++) {
      int c = mi->ring[pos];
      if (mi->n_lost[c] == 0)
        continue;
      int t = recovery_target(mi, pos, mirror && attempt == 0 ? 1 : 0);
      if (t < 0 || (mirror && attempt > 0))
        return -1;
      memcpy(batch[t] + n_batch[t], mi->lost[c], (size_t)mi->n_lost[c] * sizeof **batch);
      n_batch[t] += mi->n_lost[c];
      grid_timeline_add('m', S->g->n_nodes + K, simgrid_get_clock(), simgrid_get_clock(), it, mi->n_lost[c], t);
      mi->n_lost[c] = 0;
      any = 1;
      S->res->cluster_recoveries++;
    }
    if (!any)
      return 0;
    for (int i = 0; i < mi->k; i++)
      order[i] = mi->ring[i];
    memset(rmi->replied, 0, (size_t)K * sizeof *rmi->replied);
    memset(rmi->n_lost, 0, (size_t)K * sizeof *rmi->n_lost);
    dispatch(rmi, order, mi->k, batch, n_batch, NULL, it, 1, 1);
    for (int c = 0; c < K; c++) {
      if (n_batch[c] && !rmi->replied[c])
        mi->replied[c] = 0;
      mi->n_lost[c] = rmi->n_lost[c];
      memcpy(mi->lost[c], rmi->lost[c], (size_t)rmi->n_lost[c] * sizeof **mi->lost);
    }
  }
  return -1;
}

/* Cluster ring over the clusters whose heartbeats are fresh, weighted by their reported capability. */
static int build_cluster_ring(master_iter *mi, double now) {
  grid_sim *S = &grid_sim_state;
  int K = S->g->n_clusters, k = 0;
  double *w = grid_alloc(1, (size_t)K * sizeof *w);
  int *ids = grid_alloc(1, (size_t)K * sizeof *ids), *order = grid_alloc(1, (size_t)K * sizeof *order);
  for (int c = 0; c < K; c++) {
    const grid_cluster_view *v = grid_cluster_heard(c, now);
    if (S->cfg->static_rings) { /* every cluster, at its nominal capability, whatever it reported */
      w[k] = S->g->clusters[c].ccp;
      ids[k++] = c;
      continue;
    }
    if (now - v->last_heartbeat_s > 2.5 * grid_heartbeat_period_s(S->g->n_nodes + c) || v->pccc <= 0)
      continue;
    w[k] = v->pccc;
    ids[k++] = c;
  }
  ring_order(w, k, order, NULL);
  for (int i = 0; i < k; i++)
    mi->ring[i] = ids[order[i]];
  mi->k = k;
  grid_release(w);
  grid_release(ids);
  grid_release(order);
  return k;
}

/* Dispatch order (Rule 4): clusters in the order their master-state nodes appear in the master queue. */
static void dispatch_order(const master_iter *mi, int *order) {
  grid_sim *S = &grid_sim_state;
  int K = S->g->n_clusters, n = 0, filled = 0;
  for (int i = 0; i < mi->k; i++)
    n += S->clusters[mi->ring[i]].n_master_nodes;
  int *cluster_of = grid_alloc(1, (size_t)(n + 1) * sizeof *cluster_of),
      *queue = grid_alloc(1, (size_t)(n + 1) * sizeof *queue);
  double *pccc = grid_alloc((size_t)K, sizeof *pccc);
  int *seen = grid_alloc((size_t)K, sizeof *seen);
  int q = 0;
  for (int i = 0; i < mi->k; i++) {
    int c = mi->ring[i];
    pccc[c] = S->clusters[c].pccc;
    for (int j = 0; j < S->clusters[c].n_master_nodes; j++)
      cluster_of[q++] = c;
  }
  if (n > 0 && grid_supervisor_master_queue(pccc, K, cluster_of, n, queue, NULL) == GN_OK)
    for (int i = 0; i < n; i++)
      if (!seen[cluster_of[queue[i]]]++)
        order[filled++] = cluster_of[queue[i]];
  for (int i = 0; i < mi->k; i++)
    if (!seen[mi->ring[i]]++)
      order[filled++] = mi->ring[i];
  grid_release(cluster_of);
  grid_release(queue);
  grid_release(pccc);
  grid_release(seen);
}

/* Eager cluster mirror (the patent's step 3: "mirror it on CCi's ring successor"): each cluster's plan is its own
 * share followed by its ring predecessor's, so every share is computed twice at the same time. */
static void add_mirror_shares(const master_iter *mi, long **share, const long *n_share, long **plan, long *n_plan,
                              long *n_mirror) {
  grid_sim *S = &grid_sim_state;
  memset(n_plan, 0, (size_t)S->g->n_clusters * sizeof *n_plan);
  memset(n_mirror, 0, (size_t)S->g->n_clusters * sizeof *n_mirror);
  for (int pos = 0; pos < mi->k; pos++) {
    int c = mi->ring[pos], pred = mi->ring[(pos + mi->k - 1) % mi->k];
    memcpy(plan[c], share[c], (size_t)n_share[c] * sizeof **plan);
    n_plan[c] = n_share[c];
    if (mi->k < 2)
      continue;
    memcpy(plan[c] + n_plan[c], share[pred], (size_t)n_share[pred] * sizeof **plan);
    n_plan[c] += n_mirror[c] = n_share[pred];
  }
}

/* After an eager-mirror dispatch: a cluster has lost the units of its own share that neither it nor its mirror
 * returned. */
static void lost_of_shares(master_iter *mi, long **share, const long *n_share) {
  for (int pos = 0; pos < mi->k; pos++) {
    int c = mi->ring[pos];
    mi->n_lost[c] = 0;
    for (long i = 0; i < n_share[c]; i++)
      if (!mi->have[share[c][i]])
        mi->lost[c][mi->n_lost[c]++] = share[c][i];
  }
}

/* Whether this iteration's ring and shares are those the share lists were built for. */
static int same_shares(const master_iter *mi, const long *cnt, int prev_k, const int *prev_ring, const long *prev_cnt) {
  return mi->k == prev_k && memcmp(mi->ring, prev_ring, (size_t)prev_k * sizeof *prev_ring) == 0 &&
         memcmp(cnt, prev_cnt, (size_t)prev_k * sizeof *prev_cnt) == 0;
}

static void grid_master_exit(int failed, void *data) {
  grid_sim *S = &grid_sim_state;
  grid_inflight_release(failed, data);
  if (failed && S->res->completed < 0)
    fail_run("grid-master-died");
}

/* The deadline (grid_run_config.deadline_s): a daemon that wakes at the deadline date and ends the run there, a
 * complete failure unless the grid master has already finished (its last iteration ended by the deadline). The
 * run's makespan is then the deadline: no simulated time past it. Created after the grid master, so at an equal
 * date the grid master runs first and a run ending exactly at the deadline completes. */
void grid_deadline_timer(int argc, char **argv) {
  (void)argc;
  (void)argv;
  grid_sim *S = &grid_sim_state;
  sg_actor_sleep_until(S->cfg->deadline_s);
  if (S->res->completed >= 0) /* finished, or already failed for another cause */
    return;
  fail_run("deadline");
  grid_nodes_stop();
  sg_actor_kill(S->grid_master); /* its on-exit sees the run already failed */
}

void grid_grid_master(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  const grid_run_config *cfg = S->cfg;
  int K = S->g->n_clusters;
  long n = cfg->n;
  sg_actor_on_exit(grid_master_exit, NULL);
  grid_measure_routes();
  master_iter mi = {0}, rmi = {0};
  master_iter_init(&mi, K, n, S->x[1]);
  master_iter_init(&rmi, K, n, S->x[1]);
  long **share = grid_alloc((size_t)K, sizeof *share), **batch = grid_alloc((size_t)K, sizeof *batch);
  long *n_share = grid_alloc((size_t)K, sizeof *n_share), *n_batch = grid_alloc((size_t)K, sizeof *n_batch);
  long *cnt = grid_alloc((size_t)K, sizeof *cnt);
  int eager_mirror = cfg->sched->recovery == GRID_RECOVER_MIRROR && cfg->sp.eager_mirror;
  long **plan = grid_alloc((size_t)K, sizeof *plan);
  long *n_plan = grid_alloc((size_t)K, sizeof *n_plan), *n_mirror = grid_alloc((size_t)K, sizeof *n_mirror);
  double *w = grid_alloc((size_t)K, sizeof *w), *saved_x = grid_alloc((size_t)n, sizeof *saved_x);
  int *order = grid_alloc((size_t)K, sizeof *order);
  int prev_k = -1, *prev_ring = grid_alloc((size_t)K, sizeof *prev_ring);
  long *prev_cnt = grid_alloc((size_t)K, sizeof *prev_cnt);
  for (int c = 0; c < K; c++) {
    share[c] = grid_alloc((size_t)n + 1, sizeof **share);
    batch[c] = grid_alloc((size_t)n + 1, sizeof **batch);
    plan[c] = eager_mirror ? grid_alloc((size_t)n + 1, sizeof **plan) : NULL;
  }
  /* it_tried: iterations dispatched at least once; a dispatch below it (a retry after a rollback, even of the
   * iteration that was under way) is re-executed work. */
  int it = 0, it_high = 0, it_tried = 0, saved_it = 0;
  double last_checkpoint = 0;
  while (it < cfg->iterations) {
    double now = simgrid_get_clock();
    if (build_cluster_ring(&mi, now) == 0) {
      fail_run("unrecoverable-unit");
      break;
    }
    /* Cluster shares T_i = CCP_i / ΣCCP · n (patent), contiguous ranges in ring order. */
    for (int i = 0; i < mi.k; i++)
      w[i] = cfg->static_rings ? S->g->clusters[mi.ring[i]].ccp : S->clusters[mi.ring[i]].pccc;
    ring_apportion(w, mi.k, n, cnt, NULL);
    /* The share lists are rebuilt only when the ring or a share changed (read-only otherwise). */
    if (!same_shares(&mi, cnt, prev_k, prev_ring, prev_cnt)) {
      memset(n_share, 0, (size_t)K * sizeof *n_share);
      long u = 0;
      for (int i = 0; i < mi.k; i++) {
        int c = mi.ring[i];
        for (long j = 0; j < cnt[i]; j++)
          share[c][n_share[c]++] = u++;
      }
      prev_k = mi.k;
      memcpy(prev_ring, mi.ring, (size_t)mi.k * sizeof *prev_ring);
      memcpy(prev_cnt, cnt, (size_t)mi.k * sizeof *prev_cnt);
    }
    if (cfg->picture_iteration < 0 || cfg->picture_iteration == it) {
      S->res->picture.iteration = it;
      S->res->picture.n_clusters = mi.k;
      memcpy(S->res->picture.cluster_order, mi.ring, (size_t)mi.k * sizeof *mi.ring);
      memcpy(S->res->picture.cluster_capability, w, (size_t)mi.k * sizeof *w);
    }
    dispatch_order(&mi, order);
    grid_timeline_add('i', S->g->n_nodes + K, now, now, it, n, mi.k);
    memset(mi.replied, 0, (size_t)K * sizeof *mi.replied);
    memset(mi.n_lost, 0, (size_t)K * sizeof *mi.n_lost);
    memset(mi.have, 0, (size_t)n * sizeof *mi.have);
    if (eager_mirror) {
      add_mirror_shares(&mi, share, n_share, plan, n_plan, n_mirror);
      dispatch(&mi, order, mi.k, plan, n_plan, n_mirror, it, it < it_tried, 0);
      lost_of_shares(&mi, share, n_share);
    } else
      dispatch(&mi, order, mi.k, share, n_share, NULL, it, it < it_tried, 0);
    if (it + 1 > it_tried)
      it_tried = it + 1;
    long lost = 0;
    for (int c = 0; c < K; c++)
      lost += mi.n_lost[c];
    if (lost > 0 && cfg->sched->recovery == GRID_RECOVER_ROLLBACK) {
      memcpy(S->x[0], saved_x, (size_t)n * sizeof *saved_x);
      it = saved_it;
      S->res->x_iteration = it;
      S->res->rollbacks++;
      continue;
    }
    if (lost > 0 && recover(&mi, it, batch, n_batch, &rmi)) {
      fail_run("unrecoverable-unit");
      break;
    }
    double *t = S->x[0];
    S->x[0] = S->x[1];
    S->x[1] = t;
    mi.next_x = rmi.next_x = S->x[1];
    if (++it > it_high)
      it_high = it;
    S->res->iterations_done = it_high;
    S->res->x_iteration = it;
    if (cfg->sched->recovery == GRID_RECOVER_ROLLBACK && cfg->checkpoint_interval_s > 0 &&
        simgrid_get_clock() - last_checkpoint >= cfg->checkpoint_interval_s) {
      sg_actor_sleep_for(cfg->checkpoint_cost_s);
      memcpy(saved_x, S->x[0], (size_t)n * sizeof *saved_x);
      saved_it = it;
      last_checkpoint = simgrid_get_clock();
      S->res->checkpoints++;
    }
  }
  if (it >= cfg->iterations) {
    S->res->completed = 1;
    S->res->cause = "none";
    S->res->makespan_s = simgrid_get_clock();
  }
  grid_nodes_stop(); /* the run ends with this actor */
  for (int c = 0; c < K; c++) {
    grid_release(share[c]);
    grid_release(batch[c]);
    grid_release(plan[c]);
  }
  grid_release(plan);
  grid_release(n_plan);
  grid_release(n_mirror);
  grid_release(share);
  grid_release(batch);
  grid_release(n_share);
  grid_release(n_batch);
  grid_release(cnt);
  grid_release(w);
  grid_release(saved_x);
  grid_release(order);
  grid_release(prev_ring);
  grid_release(prev_cnt);
  master_iter_free(&mi, K);
  master_iter_free(&rmi, K);
}
