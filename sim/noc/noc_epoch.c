/* noc_epoch: a mapping epoch deployed as stage actors (channels, buffer capacities, phases), closed at a re-mapping,
 * and its link traffic accounted along the XY routes or the platform file's routes. */
#include "noc_supervisor.h"

#include "noc_links.h"
#include "noc_platform.h"
#include "platform_noc.h"
#include "sgwrap.h"

#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define S noc_sim_state

void noc_epoch_free(noc_epoch_run *run, int n_stages) {
  for (int s = 0; run->stage && s < n_stages; s++) {
    free(run->stage[s].in);
    free(run->stage[s].out);
    free(run->stage[s].ring);
    free(run->stage[s].slot);
    if (run->stage[s].net_done)
      sg_sem_destroy(run->stage[s].net_done);
  }
  for (int c = 0; run->channel && c < run->n_channels; c++) {
    if (run->channel[c].arrived)
      sg_sem_destroy(run->channel[c].arrived);
    free(run->channel[c].starts);
  }
  free(run->stage);
  free(run->channel);
  memset(run, 0, sizeof *run);
}

/* Steady-state phase of each stage: when, within a period, it starts an item. A stage starts item i once every
 * upstream stage has written it: phase[d] = max over flows s -> d of phase[s] + cost[s]. Flows are sorted by
 * source and go to later stages, so one pass in that order sees every phase[s] final. */
static void stage_phases(const noc_plan *plan, double *phase) {
  for (int f = 0; f < plan->n_flows; f++) {
    int a = plan->flows[f].src_stage, d = plan->flows[f].dst_stage;
    if (phase[a] + plan->stage_cost[a] > phase[d])
      phase[d] = phase[a] + plan->stage_cost[a];
  }
}

/* Auto capacity of flow f: the receiver posts the receive for item i + C when it takes item i, at phase[d] + i T;
 * the sender writes item i + C after phase[s] + (i + C) T. So C >= (phase[d] - phase[s]) / T never blocks the
 * sender; one more slot absorbs the hop latencies. A chain gets 2 slots; a flow skipping stages gets what its
 * delay needs, not more (every posted receive costs SimGrid time). */
static int auto_capacity(const noc_plan *plan, const double *phase, int f) {
  double T = plan->analytic_period, lag = phase[plan->flows[f].dst_stage] - phase[plan->flows[f].src_stage];
  if (!(T > 0))
    return 2;
  return (int)ceil(lag / T - 1e-9) + 1;
}

static int build_run(noc_epoch_run *run, const noc_plan *plan) {
  int n = plan->n_stages;
  run->channel = calloc((size_t)(plan->n_flows > 0 ? plan->n_flows : 1), sizeof *run->channel);
  run->stage = calloc((size_t)n, sizeof *run->stage);
  double *phase = calloc((size_t)n, sizeof *phase);
  if (!run->channel || !run->stage || !phase) {
    free(phase);
    return GN_ENOMEM;
  }
  stage_phases(plan, phase);
  run->n_channels = plan->n_flows;
  const noc_chip *chip = S.cfg->chip;
  for (int f = 0; f < plan->n_flows; f++) {
    noc_channel *ch = &run->channel[f];
    char name[64];
    ch->src = plan->flows[f].src_stage;
    ch->dst = plan->flows[f].dst_stage;
    /* comm_factor × volume time units through one link of the chip (see noc_pipeline.h). */
    ch->bytes = lround(plan->flows[f].volume * S.cfg->plan.comm_factor * S.tu * chip->link_bw_Bps);
    snprintf(name, sizeof name, "e%d_%d_%d", run->id, ch->src, ch->dst);
    ch->mailbox = sg_mailbox_by_name(name);
    ch->capacity = S.cfg->buffer > 0 ? S.cfg->buffer : auto_capacity(plan, phase, f);
    ch->arrived = S.net ? sg_sem_init(0) : NULL;
    ch->ring_off = run->stage[ch->dst].ring_size;
    run->stage[ch->dst].ring_size += ch->capacity;
    run->stage[ch->src].n_out++;
    run->stage[ch->dst].n_in++;
  }
  free(phase);
  for (int s = 0; s < n; s++) {
    noc_stage *st = &run->stage[s];
    st->run = run;
    st->stage = s;
    st->core = plan->stage_core[s];
    st->flops = 0;
    st->in = malloc((size_t)(st->n_in + 1) * sizeof *st->in);
    st->out = malloc((size_t)(st->n_out + 1) * sizeof *st->out);
    st->ring = calloc((size_t)st->ring_size + 1, sizeof *st->ring);
    st->slot = calloc((size_t)st->ring_size + 1, sizeof *st->slot);
    st->net_done = S.net ? sg_sem_init(0) : NULL;
    if (!st->in || !st->out || !st->ring || !st->slot)
      return GN_ENOMEM;
    st->n_in = st->n_out = 0;
  }
  for (int f = 0; f < plan->n_flows; f++) {
    noc_stage *a = &run->stage[run->channel[f].src], *d = &run->stage[run->channel[f].dst];
    a->out[a->n_out++] = f;
    d->in[d->n_in++] = f;
  }
  /* Loads are defined against the nominal speed: a slower core takes proportionally longer. */
  const taskgraph *g = S.cfg->g;
  for (int t = 0; t < g->n_tasks; t++)
    run->stage[plan->p->stage[t]].flops += g->load[t] * S.tu * chip->core_speed_flops;
  return GN_OK;
}

/* Deploy a plan as a new epoch from item first (takes the plan); see noc_supervisor_ops. */
int noc_sim_deploy(noc_plan *plan, long first, double now, int *off_core) {
  for (int s = 0; s < plan->n_stages; s++)
    if (!sg_host_is_on(S.host[plan->stage_core[s]])) {
      *off_core = plan->stage_core[s];
      return GN_EFAIL;
    }
  int id = S.rep->n_epochs;
  noc_epoch_report *er = &S.rep->epochs[id];
  er->plan = *plan;
  memset(plan, 0, sizeof *plan);
  er->t_start = now / S.tu;
  er->first_item = first;
  er->period = NAN;
  noc_epoch_run *run = &S.runs[id];
  run->id = id;
  S.rep->n_epochs++;
  if (build_run(run, &er->plan))
    return GN_ENOMEM;
  for (long i = first; i < S.cfg->items; i++) {
    S.done_count[i] = 0;
    S.t_start[i] = -1;
  }
  for (int s = 0; s < er->plan.n_stages; s++) {
    char name[48];
    snprintf(name, sizeof name, "stage%d.e%d", s + 1, id);
    sg_actor_t a = sg_actor_init(name, S.host[run->stage[s].core]);
    sg_actor_set_data(a, &run->stage[s]);
    sg_actor_start(a, noc_stage_main, 0, NULL);
    run->stage[s].pid = sg_actor_get_pid(a);
  }
  return GN_OK;
}

/* On a platform whose routes are not XY, the links SimGrid routes a flow over, as indices into the report's
 * route_link arrays (a link gets its index the first time a route crosses it). Returns the count, -1 on OOM. */
int noc_file_route(int src_core, int dst_core, int **out) {
  noc_pipeline_report *rep = S.rep;
  xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
  sg_host_get_route(S.host[src_core], S.host[dst_core], links);
  int n = (int)xbt_dynar_length(links);
  int *idx = malloc(((size_t)n + 1) * sizeof *idx);
  for (int i = 0; idx && i < n; i++) {
    sg_link_t l = xbt_dynar_get_as(links, i, sg_link_t);
    intptr_t k = (intptr_t)sg_link_get_data(l);
    if (k == 0) {
      int m = rep->n_route_links;
      char **name = realloc(rep->route_link_name, ((size_t)m + 1) * sizeof *name);
      if (name)
        rep->route_link_name = name;
      double *bw = realloc(rep->route_link_bw_Bps, ((size_t)m + 1) * sizeof *bw);
      if (bw)
        rep->route_link_bw_Bps = bw;
      double *bytes = realloc(rep->route_link_bytes, ((size_t)m + 1) * sizeof *bytes);
      if (bytes)
        rep->route_link_bytes = bytes;
      if (!name || !bw || !bytes || !(name[m] = strdup(sg_link_get_name(l)))) {
        free(idx);
        idx = NULL;
        break;
      }
      bw[m] = sg_link_get_bandwidth(l);
      bytes[m] = 0;
      rep->n_route_links++;
      k = m + 1;
      sg_link_set_data(l, (void *)k);
    }
    idx[i] = (int)k - 1;
  }
  xbt_dynar_free(&links);
  *out = idx;
  return idx ? n : -1;
}

/* The steady-state period of an epoch: every stage's mean start-to-start spacing over the items after the
 * warm-up, and the largest of them. Once filled, every stage runs at the pipeline's period; before that, stages
 * downstream of the bottleneck catch up on the items buffered in front of them, faster than the period, which is
 * why item completions (the former estimator) read low on a deep pipeline until its buffers have drained
 * (0.97 of the period on a 50-stage DAG mapping after 200 items). The bottleneck itself never goes faster than
 * its cycle, and no stage is starved for long once the fill is over, so the largest spacing is the period.
 * NaN when no stage started more than warm-up + 1 items. */
double noc_epoch_steady_period(const noc_epoch_run *run, int n_stages) {
  double period = NAN;
  for (int s = 0; s < n_stages; s++) {
    const noc_stage *st = &run->stage[s];
    if (st->n_warm > 0) {
      double p = (st->t_last - st->t_warm) / (double)st->n_warm / S.tu;
      if (!(p <= period))
        period = p;
    }
  }
  return period;
}

/* Traffic of an epoch on each link: the messages that arrived, along their XY routes (or the file's routes). */
void noc_epoch_account(int id) {
  const noc_chip *chip = S.cfg->chip;
  noc_epoch_run *run = &S.runs[id];
  noc_epoch_report *er = &S.rep->epochs[id];
  int links[2 * NOC_MAX_SIDE];
  for (int c = 0; c < run->n_channels; c++) {
    noc_channel *ch = &run->channel[c];
    double carried = (double)ch->delivered * (double)ch->bytes;
    if (S.platform && !S.platform->routes_xy) {
      int *route = NULL, n = noc_file_route(er->plan.stage_core[ch->src], er->plan.stage_core[ch->dst], &route);
      for (int l = 0; l < n; l++)
        S.rep->route_link_bytes[route[l]] += carried;
      free(route);
      continue;
    }
    int n = noc_flow_route(chip, er->plan.stage_core[ch->src], er->plan.stage_core[ch->dst], links);
    for (int l = 0; l < n; l++)
      S.rep->link_bytes[links[l]] += carried;
  }
  er->period = noc_epoch_steady_period(run, er->plan.n_stages);
  for (int c = 0; id == 0 && S.rep->flow_write_mean && c < run->n_channels; c++)
    S.rep->flow_write_mean[c] =
        run->channel[c].writes ? run->channel[c].write_sum / run->channel[c].writes / S.tu : NAN;
}

/* Close the current epoch: kill its stage actors that still run, account its link traffic. */
void noc_sim_close_epoch(void) {
  int id = S.rep->n_epochs - 1;
  for (int s = 0; s < S.rep->epochs[id].plan.n_stages; s++) {
    sg_actor_t a = sg_actor_by_pid(S.runs[id].stage[s].pid);
    if (a)
      sg_actor_kill(a);
  }
  noc_epoch_account(id);
}
