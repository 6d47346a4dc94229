/* noc_placement: the hop- and contention-aware cost of a bound mapping, and the joint map-bind-re-map search. */
#include "noc_placement.h"

#include "mapper.h"
#include "noc_binding_priv.h"
#include "noc_links.h"

#include <stdlib.h>
#include <string.h>

/* Per-link state of one evaluation: each flow's route, and per link its flows (CSR). */
typedef struct cost_state {
  const noc_chip *chip;
  int n_links, n_flows, n_stages;
  int *route, *route_len; /* [n_flows × (W + H)] link ids */
  int *link_off, *link_flow;
  double *load, *stage_load, *cycle, *other; /* [links], [stages], [stages], [flows] */
} cost_state;

static int state_init(cost_state *cs, const noc_chip *chip, int n_stages, int n_flows) {
  memset(cs, 0, sizeof *cs);
  cs->chip = chip;
  cs->n_links = noc_link_id_count(chip);
  cs->n_flows = n_flows;
  cs->n_stages = n_stages;
  size_t w = (size_t)(chip->width + chip->height);
  cs->route = malloc(((size_t)n_flows * w + 1) * sizeof *cs->route);
  cs->route_len = malloc(((size_t)n_flows + 1) * sizeof *cs->route_len);
  cs->link_off = calloc((size_t)cs->n_links + 1, sizeof *cs->link_off);
  cs->link_flow = malloc(((size_t)n_flows * w + 1) * sizeof *cs->link_flow);
  cs->load = malloc((size_t)cs->n_links * sizeof *cs->load);
  cs->stage_load = calloc((size_t)n_stages, sizeof *cs->stage_load);
  cs->cycle = malloc((size_t)n_stages * sizeof *cs->cycle);
  cs->other = malloc(((size_t)n_flows + 1) * sizeof *cs->other);
  return cs->route && cs->route_len && cs->link_off && cs->link_flow && cs->load && cs->stage_load && cs->cycle && cs->other ? 0
                                                                                                               : -1;
}

static void state_free(cost_state *cs) {
  free(cs->route);
  free(cs->route_len);
  free(cs->link_off);
  free(cs->link_flow);
  free(cs->load);
  free(cs->stage_load);
  free(cs->cycle);
  free(cs->other);
}

/* Stage cycles when every stage writes once per period T: a write of volume v whose worst link also carries
 * other senders' volume o per item sees that link busy for a share rho = comm_factor × o / T of the time. A link
 * shared equally (processor sharing) would stretch it by 1 / (1 - rho); the stretch used is 1 / (1 - rho)², because
 * a stretched write also delays the stages waiting for it and their own writes then meet other flows (on 300-task
 * DAGs the simulated period sat 10-20 % above the 1 / (1 - rho) estimate; squared, the joint placement it picks
 * lands within a few % of its bound: docs/benchmarks.md). rho is capped at 0.95. Returns the largest cycle. */
static double cycles_at(const cost_state *cs, const noc_flow *flows, const double *other, double cf,
                        double hop_cost, double T) {
  double *cycle = cs->cycle, period = 0;
  for (int s = 0; s < cs->n_stages; s++)
    cycle[s] = cs->stage_load[s];
  for (int f = 0; f < cs->n_flows; f++) {
    double rho = cf * other[f] / T;
    if (rho > 0.95)
      rho = 0.95;
    double stretch = 1 / ((1 - rho) * (1 - rho));
    cycle[flows[f].src_stage] += cf * flows[f].volume * stretch + hop_cost * flows[f].volume * cs->route_len[f];
  }
  for (int s = 0; s < cs->n_stages; s++)
    if (cycle[s] > period)
      period = cycle[s];
  return period;
}

/* The contention-aware period of a binding (stage loads already in cs->stage_load): the T at which the slowest
 * stage's cycle, its writes stretched by the other senders' traffic at that period, is T itself (the cycles fall
 * as T grows: bisection). *link_max = the busiest link's volume. */
static double contention_period(cost_state *cs, const int *stage_core, const noc_flow *flows, double cf,
                                double hop_cost, double *link_max) {
  int w = cs->chip->width + cs->chip->height;
  memset(cs->link_off, 0, ((size_t)cs->n_links + 1) * sizeof *cs->link_off);
  for (int l = 0; l < cs->n_links; l++)
    cs->load[l] = 0;
  for (int f = 0; f < cs->n_flows; f++) {
    int *r = cs->route + (size_t)f * w;
    cs->route_len[f] = noc_xy_route(cs->chip, stage_core[flows[f].src_stage], stage_core[flows[f].dst_stage], r);
    for (int i = 0; i < cs->route_len[f]; i++) {
      cs->link_off[r[i] + 1]++;
      cs->load[r[i]] += flows[f].volume;
    }
  }
  for (int l = 0; l < cs->n_links; l++)
    cs->link_off[l + 1] += cs->link_off[l];
  for (int f = 0; f < cs->n_flows; f++) {
    int *r = cs->route + (size_t)f * w;
    for (int i = 0; i < cs->route_len[f]; i++)
      cs->link_flow[cs->link_off[r[i]]++] = f;
  }
  for (int l = cs->n_links; l > 0; l--) /* shift back: link l's flows are link_flow[link_off[l] .. link_off[l+1]) */
    cs->link_off[l] = cs->link_off[l - 1];
  cs->link_off[0] = 0;
  *link_max = 0;
  for (int l = 0; l < cs->n_links; l++)
    if (cs->load[l] > *link_max)
      *link_max = cs->load[l];
  /* Other senders' volume on each flow's worst link (flows of its own sender are written one after another). */
  for (int f = 0; f < cs->n_flows; f++) {
    const int *r = cs->route + (size_t)f * w;
    double worst = 0;
    for (int i = 0; i < cs->route_len[f]; i++) {
      double o = 0;
      for (int j = cs->link_off[r[i]]; j < cs->link_off[r[i] + 1]; j++)
        if (flows[cs->link_flow[j]].src_stage != flows[f].src_stage)
          o += flows[cs->link_flow[j]].volume;
      if (o > worst)
        worst = o;
    }
    cs->other[f] = worst;
  }
  double lo = 0;
  for (int s = 0; s < cs->n_stages; s++)
    if (cs->stage_load[s] > lo)
      lo = cs->stage_load[s];
  for (int f = 0; f < cs->n_flows; f++) /* no stretch at all: a lower end */
    if (cs->stage_load[flows[f].src_stage] + cf * flows[f].volume > lo)
      lo = cs->stage_load[flows[f].src_stage] + cf * flows[f].volume;
  if (!(lo > 0))
    return 0;
  double hi = cycles_at(cs, flows, cs->other, cf, hop_cost, lo);
  if (hi <= lo)
    return lo;
  for (int it = 0; it < 30 && hi - lo > 1e-7 * hi; it++) {
    double mid = 0.5 * (lo + hi);
    if (cycles_at(cs, flows, cs->other, cf, hop_cost, mid) > mid)
      lo = mid;
    else
      hi = mid;
  }
  return hi;
}

static void stage_loads(const taskgraph *g, const partition *p, double *stage_load, int n_stages) {
  for (int s = 0; s < n_stages; s++)
    stage_load[s] = 0;
  for (int t = 0; t < g->n_tasks; t++)
    stage_load[p->stage[t]] += g->load[t];
}

int noc_placement_evaluate(const taskgraph *g, const partition *p, const noc_chip *chip, const int *stage_core,
                           const noc_flow *flows, int n_flows, double comm_factor, double hop_cost,
                           noc_placement_cost *out, gn_error *err) {
  cost_state cs;
  if (state_init(&cs, chip, p->n_stages, n_flows)) {
    state_free(&cs);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  partition_metrics m;
  int rc = partition_evaluate(g, p, comm_factor, &m, err);
  if (rc == GN_OK) {
    stage_loads(g, p, cs.stage_load, p->n_stages);
    double link_max;
    out->analytic = m.period;
    out->contention_period = contention_period(&cs, stage_core, flows, comm_factor, hop_cost, &link_max);
    out->link_bound = comm_factor * link_max;
    out->score = out->contention_period > out->link_bound ? out->contention_period : out->link_bound;
  }
  state_free(&cs);
  return rc;
}

static double score_of(cost_state *cs, const int *stage_core, const noc_flow *flows, double cf, double hop_cost) {
  double link_max, period = contention_period(cs, stage_core, flows, cf, hop_cost, &link_max);
  return period > cf * link_max ? period : cf * link_max;
}

/* The joint placement's search state: the stage placements are judged by their score. */
typedef struct score_search {
  cost_state *cs;
  const int *stage_core;
  const noc_flow *flows;
  double cf, hop_cost, best;
} score_search;

static int score_arrive(void *ctx, int s, int t) {
  score_search *ss = ctx;
  double sc = score_of(ss->cs, ss->stage_core, ss->flows, ss->cf, ss->hop_cost);
  if (!(sc < ss->best - 1e-9 * (ss->best > 1 ? ss->best : 1)))
    return 0;
  ss->best = sc;
  return 1;
}

/* First-improvement local search on the score: moves to a free logical core and swaps of two stages, in a fixed
 * order, at most 6 passes (each swap tried once per pass). Returns the final score. */
static double bind_search(cost_state *cs, const int *logical, int k, int *stage_core, int *owner,
                          const noc_flow *flows, double cf, double hop_cost) {
  score_search ss = {cs, stage_core, flows, cf, hop_cost, score_of(cs, stage_core, flows, cf, hop_cost)};
  noc_binding_search_ops ops = {&ss, NULL, score_arrive, NULL};
  noc_binding_search(&ops, logical, k, cs->n_stages, stage_core, owner, 6, 1);
  return ss.best;
}

/* One round: map with comm factor cf_map, bind (the best-scoring method, then the score search). */
static int place_round(const taskgraph *g, const noc_chip *chip, const int *logical, int k,
                       const noc_placement_request *req, double cf_map, partition **p, noc_flow **flows,
                       int *n_flows, int *stage_core, double *score, double *analytic, gn_error *err) {
  mapper_params mp = {.n_stages = req->n_stages, .comm_factor = cf_map,
                      .seed = req->seed, .options = req->mapper_options};
  *p = NULL;
  *flows = NULL;
  cost_state cs;
  memset(&cs, 0, sizeof cs);
  int *owner = NULL;
  partition_metrics m;
  int rc = mapper_run_by_name(req->mapper, g, &mp, p, err);
  if (rc == GN_OK)
    rc = noc_stage_flows(g, *p, flows, n_flows, err);
  if (rc == GN_OK)
    rc = partition_evaluate(g, *p, req->comm_factor, &m, err);
  int *trial = malloc((size_t)req->n_stages * sizeof *trial);
  if (rc == GN_OK && (state_init(&cs, chip, req->n_stages, *n_flows) || !trial))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK)
    stage_loads(g, *p, cs.stage_load, req->n_stages);
  /* The search starts from the best-scoring of the snake, comm and links bindings (the first on a tie). */
  static int (*const start[])(const noc_chip *, const int *, int, int, const noc_flow *, int, int *, gn_error *) = {
      noc_bind_links, noc_bind_comm, noc_bind_snake};
  double best = -1;
  for (size_t b = 0; rc == GN_OK && b < sizeof start / sizeof start[0]; b++) {
    rc = start[b](chip, logical, k, req->n_stages, *flows, *n_flows, trial, err);
    double sc = rc ? 0 : score_of(&cs, trial, *flows, req->comm_factor, req->hop_cost);
    if (rc == GN_OK && (best < 0 || sc < best - 1e-9 * best)) {
      best = sc;
      memcpy(stage_core, trial, (size_t)req->n_stages * sizeof *trial);
    }
  }
  free(trial);
  if (rc == GN_OK && !(owner = noc_binding_owners(chip, stage_core, req->n_stages)))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK) {
    *analytic = m.period;
    *score = bind_search(&cs, logical, k, stage_core, owner, *flows, req->comm_factor, req->hop_cost);
  }
  state_free(&cs);
  free(owner);
  if (rc) {
    partition_free(*p);
    free(*flows);
    *p = NULL;
    *flows = NULL;
  }
  return rc;
}

/* Rounds of map -> bind -> re-map: the comm factor given to the mapper grows by the stretch the binding left. */
#define JOINT_ROUNDS 6

int noc_place_joint(const taskgraph *g, const noc_chip *chip, const int *logical, int k,
                    const noc_placement_request *req, partition **p, noc_flow **flows, int *n_flows, int *stage_core,
                    gn_error *err) {
  int n = req->n_stages;
  int *core = malloc((size_t)n * sizeof *core);
  if (!core)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  double best = -1, cf_map = req->comm_factor;
  int rc = GN_OK;
  *p = NULL;
  *flows = NULL;
  for (int round = 0; round < JOINT_ROUNDS && rc == GN_OK; round++) {
    partition *rp;
    noc_flow *rf;
    int rn;
    double score = 0, analytic = 0;
    rc = place_round(g, chip, logical, k, req, cf_map, &rp, &rf, &rn, core, &score, &analytic, err);
    if (rc)
      break;
    if (best < 0 || score < best - 1e-9 * best) {
      best = score;
      partition_free(*p);
      free(*flows);
      *p = rp;
      *flows = rf;
      *n_flows = rn;
      memcpy(stage_core, core, (size_t)n * sizeof *core);
    } else {
      partition_free(rp);
      free(rf);
    }
    /* Contention the binding could not remove: ask the mapper to cut less volume. */
    if (!(analytic > 0) || score <= analytic * 1.02)
      break;
    cf_map *= score / analytic;
  }
  free(core);
  if (rc) {
    partition_free(*p);
    free(*flows);
    *p = NULL;
    *flows = NULL;
  }
  return rc;
}
