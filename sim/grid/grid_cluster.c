/* grid_cluster: the cluster master (patent, cluster part): builds the node ring from its supervisor
 * records, places the plan's units with the scheduler, sends work, detects missed replies by timeout and
 * drains lost units (standby replicas first, then the failed-task queue), then reports to the grid master. */
#include "grid_sim.h"

#include "grid_jacobi.h"
#include "ring.h"

#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/engine.h>

#include <stdlib.h>
#include <string.h>

/* Recovery rounds inside a cluster before the rest is reported lost. */
#define CLUSTER_ROUNDS 4

typedef struct cluster_iter {
  int c, p;    /* cluster, number of ring members */
  int *member; /* ring position → grid node */
  int *state;  /* per ring position: grid_node_state */
  int *missed; /* per ring position: missed a reply this iteration */
  const grid_msg *plan;
  unsigned char *have; /* per plan unit */
  long n_have;         /* units with have set: the lost ones are counted without a scan over the plan */
  double *values;
  long *request; /* per ring position: request id of its outstanding work (−1 none) */
  long *sent;    /* per message of the current round, in sending order: its request id (ascending) */
} cluster_iter;

/* The ring position a reply answers, or −1 for a stale one: request ids grow in the order the round sent its
 * messages (pos[0..n) = their ring positions), so a binary search finds it. */
static int round_member(const cluster_iter *ci, const int *pos, int n, long request) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    long r = ci->sent[mid];
    if (r == request)
      return ci->request[pos[mid]] == request ? pos[mid] : -1;
    if (r < request)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

/* Send one round of work (units per ring position) and collect the replies until its timeout. */
static void run_round(cluster_iter *ci, long **units, long *n_units, long *n_redundant, int round) {
  grid_sim *S = &grid_sim_state;
  const grid_run_config *cfg = S->cfg;
  grid_msg **msgs = grid_alloc(1, (size_t)ci->p * sizeof *msgs);
  sg_comm_t *puts = grid_alloc(1, (size_t)ci->p * sizeof *puts);
  int *pos = grid_alloc(1, (size_t)ci->p * sizeof *pos);
  int n = 0;
  double expect = 0, total_bytes = 0;
  for (int j = 0; j < ci->p; j++) {
    ci->request[j] = -1;
    if (n_units[j] == 0)
      continue;
    grid_msg *w = cfg->jacobi ? grid_msg_new(MSG_WORK, n_units[j], 0) : grid_msg_new_counted(MSG_WORK, n_units[j]);
    for (long i = 0; cfg->jacobi && i < n_units[j]; i++)
      w->units[i] = ci->plan->units[units[j][i]];
    w->n_redundant = n_redundant[j];
    w->request = ci->request[j] = ci->sent[n] = ++S->next_request;
    w->iteration = ci->plan->iteration;
    w->reexec = ci->plan->reexec || ci->plan->recovery || round > 0;
    w->x = ci->plan->x;
    /* Round 0 carries x (8n bytes) and the unit indices; later rounds only the indices. */
    double bytes = 8.0 * (double)n_units[j] + (round == 0 ? 8.0 * (double)cfg->n : 0);
    total_bytes += bytes;
    puts[n] = grid_put_start(S->mb.work[ci->member[j]], w, bytes);
    /* The work's trip there and the result's trip back are part of the expected time. */
    double e = grid_expected_exec_s(ci->member[j], n_units[j]) + 2 * grid_up_time_s(ci->member[j], 0);
    if (e > expect)
      expect = e;
    msgs[n] = w;
    pos[n++] = j;
    grid_inflight_puts(puts, n); /* the next put's start is a simcall, where this host's failure can kill us */
    S->res->node_assignments++;
  }
  double timeout = cfg->timeout_factor * (expect + grid_port_time_s(total_bytes)) + 0.01;
  double deadline = simgrid_get_clock() + timeout;
  int pending = n;
  sg_mailbox_t inbox = S->mb.results[ci->c];
  grid_msg **got = grid_alloc(1, (size_t)(n > 0 ? n : 1) * sizeof *got);
  while (pending > 0 && simgrid_get_clock() < deadline) {
    int k = grid_recv_batch(inbox, pending, deadline, got);
    for (int g = 0; g < k; g++) {
      grid_msg *r = got[g];
      int j = round_member(ci, pos, n, r->request);
      if (j >= 0) { /* otherwise a stale reply to an earlier round or iteration */
        ci->request[j] = -1;
        pending--;
        /* The reply lists the units in the order they were sent to member j. */
        long got_units = r->n_units < n_units[j] ? r->n_units : n_units[j];
        const long *list = units[j];
        if (r->values)
          for (long i = 0; i < got_units; i++)
            if (!ci->have[list[i]])
              ci->values[list[i]] = r->values[i];
        /* Locals: stores through have (unsigned char) may alias anything, so fields would be reloaded. */
        unsigned char *have = ci->have;
        long fresh = 0;
        for (long i = 0; i < got_units; i++) {
          fresh += !have[list[i]];
          have[list[i]] = 1;
        }
        ci->n_have += fresh;
        grid_supervisor_outcome(&S->nodes[ci->member[j]], 1, cfg->psucc_alpha, simgrid_get_clock());
      }
      grid_msg_free(r);
    }
  }
  grid_release(got);
  /* Every reply is in or the time is up: a work message still undelivered is withdrawn. */
  for (int i = 0; i < n; i++) {
    int j = pos[i];
    grid_inflight_puts(puts + i + 1, n - i - 1); /* puts[i] is released by its finish, even if killed in it */
    int delivered = grid_put_finish(puts[i], msgs[i], 0);
    if (delivered && ci->request[j] < 0)
      continue;
    ci->missed[j] = 1;
    S->res->node_misses++;
    grid_timeline_add('x', ci->member[j], simgrid_get_clock(), simgrid_get_clock(), ci->plan->iteration, n_units[j],
                      round);
    grid_supervisor_outcome(&S->nodes[ci->member[j]], 0, cfg->psucc_alpha, simgrid_get_clock());
  }
  grid_inflight_puts(NULL, 0);
  grid_release(msgs);
  grid_release(puts);
  grid_release(pos);
}

/* Round 0 lists: every non-standby copy, primaries first then eager replicas; counted first so the lists lie
 * end to end in one block (flat, at least pl->units · pl->max_copies + 1 entries). Units from n_own on are the
 * eager mirror of the predecessor cluster's share: redundant work even as primaries. */
static void first_round_lists(const grid_placement *pl, int p, long n_own, long *flat, long **units, long *n_units,
                              long *n_redundant) {
  memset(n_units, 0, (size_t)p * sizeof *n_units);
  memset(n_redundant, 0, (size_t)p * sizeof *n_redundant);
  for (long i = 0; i < pl->units * pl->max_copies; i++)
    if (pl->node[i] >= 0 && !pl->standby[i])
      n_units[pl->node[i]]++;
  long at = 0;
  for (int j = 0; j < p; j++) {
    units[j] = flat + at;
    at += n_units[j];
    n_units[j] = 0;
  }
  for (int pass = 0; pass < 2; pass++)
    for (long u = 0; u < pl->units; u++)
      for (int c = pass == 0 ? 0 : 1; c < (pass == 0 ? 1 : pl->max_copies); c++) {
        int j = pl->node[u * pl->max_copies + c];
        if (j < 0 || pl->standby[u * pl->max_copies + c])
          continue;
        units[j][n_units[j]++] = u;
        if (pass == 1 || u >= n_own)
          n_redundant[j]++;
      }
}

/* Lost units → standby copies on responsive members (first recovery round), the rest (or every later round)
 * shared over responsive members by capability: the failed-task queue drained by nodes that finished.
 * Returns the units that entered the queue (those no standby copy could take: the patent's step 10, the work
 * lost per the m-redundancy layout). */
static long recovery_lists(cluster_iter *ci, const grid_placement *pl, int round, int use_queue, long **units,
                           long *n_units) {
  grid_sim *S = &grid_sim_state;
  long queued = 0;
  long *queue = grid_alloc(1, (size_t)pl->units * sizeof *queue);
  double *w = grid_alloc(1, (size_t)ci->p * sizeof *w);
  long *share = grid_alloc(1, (size_t)ci->p * sizeof *share);
  for (long u = 0; u < pl->units; u++) {
    if (ci->have[u])
      continue;
    int placed = 0;
    for (int c = 1; round == 1 && c < pl->max_copies && !placed; c++) {
      int j = pl->node[u * pl->max_copies + c];
      if (j >= 0 && pl->standby[u * pl->max_copies + c] && !ci->missed[j]) {
        units[j][n_units[j]++] = u;
        placed = 1;
      }
    }
    if (!placed)
      queue[queued++] = u;
  }
  double wsum = 0;
  for (int j = 0; j < ci->p; j++) {
    w[j] = ci->missed[j] ? 0 : S->g->nodes[ci->member[j]].cp;
    wsum += w[j];
  }
  if (use_queue && queued > 0 && wsum > 0 && ring_apportion(w, ci->p, queued, share, NULL) == GN_OK) {
    long q = 0;
    for (int j = 0; j < ci->p; j++)
      for (long k = 0; k < share[j]; k++)
        units[j][n_units[j]++] = queue[q++];
  }
  grid_release(queue);
  grid_release(w);
  grid_release(share);
  return queued;
}

/* The plan's own units placed by the scheduler, its mirror units (the last n_mirror) as plain capability
 * shares without node-level copies, both into pl (a grid_alloc block: it is held across the rounds). */
static int place_plan(const grid_scheduler *sched, const grid_sched_params *sp, const double *weight, int p,
                      long n_mirror, grid_placement *pl) {
  long n_own = pl->units - n_mirror;
  grid_placement part[2] = {{0}, {0}};
  int rc = GN_OK;
  for (int k = 0; k < 2 && !rc; k++) {
    long units = k == 0 ? n_own : n_mirror;
    if (units == 0)
      continue;
    rc = grid_placement_init(&part[k], units, pl->max_copies, NULL);
    if (!rc)
      rc = k == 0 ? sched->place(sp, weight, p, &part[k], NULL) : grid_place_primary(sp, weight, p, &part[k], NULL);
    size_t at = (size_t)(k == 0 ? 0 : n_own) * (size_t)pl->max_copies, n = (size_t)units * (size_t)pl->max_copies;
    if (!rc) {
      memcpy(pl->node + at, part[k].node, n * sizeof *pl->node);
      memcpy(pl->standby + at, part[k].standby, n);
    }
  }
  grid_placement_free(&part[0]);
  grid_placement_free(&part[1]);
  return rc;
}

static void record_picture(const cluster_iter *ci) {
  grid_sim *S = &grid_sim_state;
  grid_ring_picture *pic = &S->res->picture;
  int want = S->cfg->picture_iteration;
  if (ci->plan->recovery || (want >= 0 && ci->plan->iteration != want) || !pic->node_order)
    return;
  const grid_cluster *cl = &S->g->clusters[ci->c];
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
    pic->node_order[i] = -1;
    pic->node_state[i] = GRID_NODE_FAILED;
  }
  for (int j = 0; j < ci->p; j++) {
    pic->node_order[ci->member[j]] = j;
    pic->node_state[ci->member[j]] = ci->missed[j] ? GRID_NODE_FAILED : ci->state[j];
  }
  pic->m = S->cfg->sp.m;
  pic->mirror_eager = S->cfg->sp.eager_mirror;
}

/* Usable members (not failed) in ring order: CP descending, ties by node index. Static rings (the allocation the
 * patent's rebuilt rings are compared with): every node, in the same order every iteration, each in master state,
 * whatever the supervisor says. */
static int build_ring(cluster_iter *ci, double now) {
  grid_sim *S = &grid_sim_state;
  const grid_cluster *cl = &S->g->clusters[ci->c];
  int n = 0, fixed = S->cfg->static_rings;
  int *order = grid_alloc(1, (size_t)cl->n_nodes * sizeof *order);
  double *cps = grid_alloc(1, (size_t)cl->n_nodes * sizeof *cps);
  int *ids = grid_alloc(1, (size_t)cl->n_nodes * sizeof *ids);
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
    int failed = !fixed && grid_supervisor_state(&S->nodes[i], now, grid_heartbeat_period_s(i), S->cfg->th) ==
                               GRID_NODE_FAILED;
    if (failed && !S->nodes[i].judged_failed)
      grid_timeline_add('d', i, now, now, ci->plan->iteration, 0, 0);
    S->nodes[i].judged_failed = failed;
    if (failed)
      continue;
    cps[n] = S->g->nodes[i].cp;
    ids[n++] = i;
  }
  ring_order(cps, n, order, NULL);
  for (int j = 0; j < n; j++) {
    ci->member[j] = ids[order[j]];
    ci->state[j] = fixed ? GRID_NODE_MASTER
                         : grid_supervisor_state(&S->nodes[ci->member[j]], now, grid_heartbeat_period_s(ci->member[j]),
                                                 S->cfg->th);
  }
  grid_release(order);
  grid_release(cps);
  grid_release(ids);
  return n;
}

void grid_cluster_capability(int c, double now, double *pccc, int *n_master_nodes) {
  grid_sim *S = &grid_sim_state;
  const grid_cluster *cl = &S->g->clusters[c];
  *pccc = 0;
  *n_master_nodes = 0;
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++) {
    grid_node_state st = grid_supervisor_state(&S->nodes[i], now, grid_heartbeat_period_s(i), S->cfg->th);
    if (st == GRID_NODE_FAILED)
      continue;
    *pccc += S->g->nodes[i].cp * S->nodes[i].psucc;
    *n_master_nodes += st == GRID_NODE_MASTER;
  }
}

static void report(int c, const grid_msg *plan, const cluster_iter *ci) {
  grid_sim *S = &grid_sim_state;
  long lost = plan->n_units - ci->n_have;
  grid_msg *r = grid_msg_new(MSG_CLUSTER_RESULT, plan->n_units, S->cfg->jacobi != NULL);
  r->from = c;
  r->request = plan->request;
  r->iteration = plan->iteration;
  r->n_lost = lost;
  long done = 0, miss = plan->n_units - lost;
  if (lost == 0 && !r->values) /* the common case: every unit done, in plan order */
    memcpy(r->units, plan->units, (size_t)plan->n_units * sizeof *r->units);
  for (long u = 0; (lost > 0 || r->values) && u < plan->n_units; u++) {
    long at = ci->have[u] ? done++ : miss++;
    r->units[at] = plan->units[u];
    if (r->values && ci->have[u])
      r->values[at] = ci->values[u];
  }
  grid_cluster_capability(c, simgrid_get_clock(), &r->pccc, &r->n_master_nodes);
  /* A grid master that does not take the report within a heartbeat timeout plus the report's own trip has
   * taken this cluster for dead (its own timeout, cluster_timeout_s, covers the same trip). */
  double bytes = 8.0 * (double)(plan->n_units - lost) + 64;
  grid_send(S->mb.grid_results, r, bytes, 2.5 * S->cfg->heartbeat_s + grid_up_time_s(S->g->n_nodes + c, bytes));
}

/* What a cluster master keeps from one plan to the next (an actor's lifetime): per-node and per-unit buffers,
 * and round 0 — placement and work lists — which is placed again only when the ring (members and weights),
 * the scheduler or the number of units changed. */
typedef struct cluster_ws {
  int n_nodes;
  long cap_units; /* per-unit buffers hold cap_units + 1 entries */
  int *member, *state, *missed, *used;
  long *request, *sent, *n_units, *n_red, *n0, *red0;
  double *weight;
  long **units, **units0;
  unsigned char *have;
  double *values;
  long *flat0;
  grid_placement pl;
  int placed, p;               /* round 0 below is valid for p members ... */
  long placed_units;           /* ... this many units, the last placed_mirror a mirror share ... */
  long placed_mirror;
  const grid_scheduler *sched; /* ... this scheduler ... */
  int *placed_member;          /* ... and these members with these weights */
  double *placed_weight;
} cluster_ws;

static void ws_init(cluster_ws *ws, int n_nodes) {
  memset(ws, 0, sizeof *ws);
  ws->n_nodes = n_nodes;
  size_t n = (size_t)n_nodes;
  ws->member = grid_alloc(n, sizeof(int));
  ws->state = grid_alloc(n, sizeof(int));
  ws->missed = grid_alloc(n, sizeof(int));
  ws->used = grid_alloc(n, sizeof(int));
  ws->placed_member = grid_alloc(n, sizeof(int));
  ws->request = grid_alloc(n, sizeof(long));
  ws->sent = grid_alloc(n, sizeof(long));
  ws->n_units = grid_alloc(n, sizeof(long));
  ws->n_red = grid_alloc(n, sizeof(long));
  ws->n0 = grid_alloc(n, sizeof(long));
  ws->red0 = grid_alloc(n, sizeof(long));
  ws->weight = grid_alloc(n, sizeof(double));
  ws->placed_weight = grid_alloc(n, sizeof(double));
  ws->units = grid_alloc(n, sizeof(long *));
  ws->units0 = grid_alloc(n, sizeof(long *));
}

/* Per-unit buffers for a plan of `units` units (grown, never shrunk; round 0 is placed again after a growth). */
static void ws_reserve(cluster_ws *ws, long units, int max_copies) {
  if (units <= ws->cap_units && ws->pl.max_copies == max_copies)
    return;
  long cap = units > ws->cap_units ? units : ws->cap_units;
  grid_release(ws->have);
  grid_release(ws->values);
  grid_release(ws->flat0);
  grid_release(ws->pl.node);
  grid_release(ws->pl.standby);
  ws->have = grid_alloc_raw((size_t)cap + 1, 1);
  ws->values = grid_alloc_raw((size_t)cap + 1, sizeof(double));
  ws->flat0 = grid_alloc_raw((size_t)(cap * max_copies + 1), sizeof(long));
  /* Not grid_placement_init: the placement is held across blocking calls, so it must be a grid_alloc block. */
  ws->pl.node = grid_alloc_raw((size_t)(cap + 1) * (size_t)max_copies, sizeof(int));
  ws->pl.standby = grid_alloc_raw((size_t)(cap + 1) * (size_t)max_copies, 1);
  ws->pl.max_copies = max_copies;
  ws->cap_units = cap;
  ws->placed = 0;
}

/* Round 0 for this ring: the scheduler's placement and the work lists, reused while nothing they depend on
 * changed (the placement is deterministic in them). Returns 0 if the scheduler could not place the units. */
static int place_round0(cluster_ws *ws, const cluster_iter *ci, const grid_scheduler *sched, long units,
                        long n_mirror) {
  grid_sim *S = &grid_sim_state;
  int p = ci->p;
  for (int j = 0; j < p; j++) /* Backup nodes hold only redundant copies (patent): no primary share. */
    ws->weight[j] = ci->state[j] == GRID_NODE_BACKUP ? 0 : S->g->nodes[ci->member[j]].cp;
  if (ws->placed && ws->p == p && ws->placed_units == units && ws->placed_mirror == n_mirror && ws->sched == sched &&
      memcmp(ws->placed_member, ci->member, (size_t)p * sizeof *ci->member) == 0 &&
      memcmp(ws->placed_weight, ws->weight, (size_t)p * sizeof *ws->weight) == 0)
    return 1;
  grid_placement *pl = &ws->pl;
  pl->units = units;
  for (long i = 0; i < units * pl->max_copies; i++)
    pl->node[i] = -1;
  memset(pl->standby, 0, (size_t)(units * pl->max_copies));
  ws->placed = place_plan(sched, &S->cfg->sp, ws->weight, p, n_mirror, pl) == GN_OK;
  if (!ws->placed)
    return 0;
  first_round_lists(pl, p, units - n_mirror, ws->flat0, ws->units0, ws->n0, ws->red0);
  ws->p = p;
  ws->placed_units = units;
  ws->placed_mirror = n_mirror;
  ws->sched = sched;
  memcpy(ws->placed_member, ci->member, (size_t)p * sizeof *ci->member);
  memcpy(ws->placed_weight, ws->weight, (size_t)p * sizeof *ws->weight);
  return 1;
}

/* Recovery rounds: lists of the lost units, allocated only when a unit was lost. */
static void recovery_rounds(cluster_ws *ws, cluster_iter *ci, const grid_scheduler *sched) {
  grid_sim *S = &grid_sim_state;
  const grid_placement *pl = &ws->pl;
  int p = ci->p;
  long missing = pl->units - ci->n_have;
  if (missing > 0)
    for (int j = 0; j < p; j++)
      ws->units[j] = grid_alloc_raw((size_t)(pl->units * pl->max_copies + 1), sizeof(long));
  for (int round = 1; round <= CLUSTER_ROUNDS; round++) {
    memset(ws->n_units, 0, (size_t)p * sizeof *ws->n_units);
    memset(ws->n_red, 0, (size_t)p * sizeof *ws->n_red);
    long queued = missing > 0 ? recovery_lists(ci, pl, round, sched->failed_queue, ws->units, ws->n_units) : 0;
    if (round == 1 && !ci->plan->recovery) {
      S->res->failed_queue_units += queued;
      if (queued > S->res->failed_queue_max)
        S->res->failed_queue_max = queued;
    }
    long assigned = 0;
    for (int j = 0; j < p; j++)
      assigned += ws->n_units[j];
    if (assigned == 0)
      break;
    grid_timeline_add('q', S->g->n_nodes + ci->c, simgrid_get_clock(), simgrid_get_clock(), ci->plan->iteration,
                      assigned, round);
    run_round(ci, ws->units, ws->n_units, ws->n_red, round);
  }
  if (missing > 0)
    for (int j = 0; j < p; j++)
      grid_release(ws->units[j]);
}

static void run_plan(cluster_ws *ws, int c, const grid_msg *plan) {
  grid_sim *S = &grid_sim_state;
  const grid_run_config *cfg = S->cfg;
  int n_nodes = S->g->clusters[c].n_nodes;
  double now = simgrid_get_clock();
  const grid_scheduler *sched = plan->recovery ? &grid_sched_plain : cfg->sched;
  ws_reserve(ws, plan->n_units, sched->copies(&cfg->sp));
  memset(ws->missed, 0, (size_t)n_nodes * sizeof *ws->missed);
  memset(ws->have, 0, (size_t)plan->n_units + 1);
  cluster_iter ci = {c, 0, ws->member, ws->state, ws->missed, plan, ws->have, 0, ws->values, ws->request, ws->sent};
  ci.p = build_ring(&ci, now);
  int p = ci.p;
  if (p > 0 && place_round0(ws, &ci, sched, plan->n_units, plan->n_mirror)) {
    run_round(&ci, ws->units0, ws->n0, ws->red0, 0);
    recovery_rounds(ws, &ci, sched);
  }
  if (!plan->recovery)
    S->res->cluster_iterations++;
  /* Nodes that got no work this iteration: a fresh heartbeat heals their success ratio. */
  const grid_cluster *cl = &S->g->clusters[c];
  memset(ws->used, 0, (size_t)n_nodes * sizeof *ws->used);
  for (int j = 0; j < p; j++)
    ws->used[ci.member[j] - cl->first_node] = 1;
  for (int i = cl->first_node; i < cl->first_node + cl->n_nodes; i++)
    if (!ws->used[i - cl->first_node])
      grid_supervisor_rest(&S->nodes[i], cfg->psucc_alpha, now);
  record_picture(&ci);
  report(c, plan, &ci);
}

void grid_cluster_master(int argc, char **argv) {
  grid_sim *S = &grid_sim_state;
  int c = atoi(argv[1]);
  cluster_ws ws;
  sg_actor_on_exit(grid_inflight_release, NULL);
  ws_init(&ws, S->g->clusters[c].n_nodes);
  for (;;) {
    grid_msg *plan = grid_recv(S->mb.plan[c], -1);
    if (!plan)
      continue;
    run_plan(&ws, c, plan);
    grid_msg_free(plan);
  }
}
