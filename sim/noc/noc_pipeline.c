/* noc_pipeline: stage actors (receive, compute, write outputs, sender pays), bounded buffers, measurements. */
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

/* Ceiling on heartbeats per analytic period: a heartbeat far below the period only multiplies events. */
#define NOC_BEATS_PER_PERIOD 100
/* Ceiling on items x stages, the pipeline's events (1e6 items through 2 stages take 38 s on the reference machine). */
#define NOC_ITEM_STAGES_MAX 2e6

static noc_sim noc_sim_state;
#define S noc_sim_state

int noc_link_sharing_parse(const char *name) {
  if (strcmp(name, "age") == 0 || strcmp(name, "fair") == 0) /* fair: the rule's name before rr was told apart */
    return NOC_SHARING_FAIR;
  if (strcmp(name, "tcp") == 0)
    return NOC_SHARING_TCP;
  if (strcmp(name, "rr") == 0)
    return NOC_SHARING_RR;
  return -1;
}

const char *noc_link_sharing_name(noc_link_sharing rule) {
  return rule == NOC_SHARING_RR ? "rr" : rule == NOC_SHARING_TCP ? "tcp" : "age";
}

static void trace_record(const noc_stage *st, char kind, long item, double t0, double t1) {
  noc_pipeline_report *rep = S.rep;
  if (item - S.rep->epochs[st->run->id].first_item >= S.cfg->trace_items)
    return;
  if ((rep->n_trace & (rep->n_trace - 1)) == 0 && rep->n_trace >= 64) {
    noc_trace_event *t = realloc(rep->trace, (size_t)rep->n_trace * 2 * sizeof *t);
    if (!t)
      return;
    rep->trace = t;
  } else if (!rep->trace) {
    rep->trace = malloc(64 * sizeof *rep->trace);
    if (!rep->trace)
      return;
  }
  rep->trace[rep->n_trace++] = (noc_trace_event){st->core, st->run->id, kind, item, t0 / S.tu, t1 / S.tu};
}

/* Stage st finished item i; the item completes when every stage of the epoch has. */
static void item_stage_done(const noc_stage *st, long i, double now) {
  noc_epoch_report *er = &S.rep->epochs[st->run->id];
  if (++S.done_count[i] < er->plan.n_stages)
    return;
  S.next_done = i + 1;
  S.rep->items_done++;
  er->completed++;
  if (er->completed > S.cfg->warmup) {
    S.latency_sum += now - S.t_start[i];
    S.latency_count++;
  }
  if (S.recovery_from >= 0) {
    S.recovery_sum += now - S.recovery_from;
    S.recovery_count++;
    S.recovery_from = -1;
  }
  if (i == S.cfg->items - 1) {
    S.finished = 1;
    S.t_finish = now;
  }
}

/* The ring slot of an item on a stage's incoming flow. */
static int slot_of(const noc_channel *ch, long item) { return ch->ring_off + (int)(item % ch->capacity); }

static void post_receive(noc_stage *st, const noc_channel *ch, long item) {
  int k = slot_of(ch, item);
  st->ring[k] = sg_mailbox_get_async(ch->mailbox, &st->slot[k]);
}

/* On every exit of a stage actor (early return after a failed wait, a kill by the supervisor, its core's
 * death), drop the receives it posted and never waited for: still inside the actor's lifetime, while the engine
 * is alive (unreferencing them after simgrid_run would touch freed engine memory). SimGrid's C API has no
 * cancel; the unmatched receive is reclaimed with its mailbox. A normal end has waited for every one. */
static void stage_release_receives(int failed, void *data) {
  noc_stage *st = data;
  if (!S.runs) /* a stage of a stalled pipeline, killed when SimGrid is torn down after free_state */
    return;
  /* Killed (by the supervisor, its core's failure) or ended early (a failed wait): its receives may still be
   * transferring until SimGrid cancels them (after this callback) or they fail; the supervisor, while it runs,
   * releases them later (noc_sim_release_dropped). */
  (void)failed;
  int later = S.cfg->n_failures > 0 && !S.supervisor_done;
  for (int k = 0; k < st->ring_size; k++)
    if (st->ring[k]) {
      if (later && S.n_dropped == S.cap_dropped) {
        int cap = S.cap_dropped ? 2 * S.cap_dropped : 64;
        sg_comm_t *grown = realloc(S.dropped, (size_t)cap * sizeof *grown);
        if (grown) {
          S.dropped = grown;
          S.cap_dropped = cap;
        }
      }
      if (later && S.n_dropped < S.cap_dropped)
        S.dropped[S.n_dropped++] = st->ring[k];
      else
        sg_comm_unref(st->ring[k]); /* without memory: released now, at worst with SimGrid's backtrace */
      st->ring[k] = NULL;
    }
}

/* Called by the supervisor (a live actor) after a blocking call: the killed stages are gone by then. */
static int noc_sim_release_dropped(void) {
  int n = S.n_dropped;
  for (int i = 0; i < S.n_dropped; i++)
    sg_comm_unref(S.dropped[i]);
  S.n_dropped = 0;
  return n;
}

/* A core host of a user's platform may have several cores: the stage uses them all (its speed is host speed ×
 * cores, platform_noc.h), as one execution per core. */
static void stage_execute(const noc_stage *st) {
  sg_host_t host = S.host[st->core];
  int k = sg_host_core_count(host);
  if (k <= 1) {
    sg_actor_execute(st->flops);
    return;
  }
  sg_exec_t ex[NOC_MAX_HOST_CORES];
  k = k < NOC_MAX_HOST_CORES ? k : NOC_MAX_HOST_CORES;
  for (int i = 0; i < k; i++) {
    ex[i] = sg_actor_exec_init(st->flops / k);
    sg_exec_set_host(ex[i], host);
    sg_exec_start(ex[i]);
  }
  for (int i = 0; i < k; i++)
    sg_exec_wait(ex[i]);
}

/* One actor per stage. Every wait is an error-returning sg_comm_wait_for: a dead peer or a kill by the
 * supervisor ends the actor without aborting the process. */
static void stage_main(int argc, char **argv) {
  noc_stage *st = sg_actor_get_data(sg_actor_self());
  noc_epoch_run *run = st->run;
  sg_actor_on_exit(stage_release_receives, st);
  long first = S.rep->epochs[run->id].first_item, end = S.cfg->items;
  for (int c = 0; S.delays.core && c < st->n_out; c++) {
    noc_channel *ch = &run->channel[st->out[c]];
    ch->delay_s = S.delays.core[(size_t)st->core * S.delays.n + run->stage[ch->dst].core];
  }
  for (int c = 0; c < st->n_in; c++) {
    const noc_channel *ch = &run->channel[st->in[c]];
    for (long i = first; i < first + ch->capacity && i < end; i++)
      post_receive(st, ch, i);
  }
  for (long i = first; i < end; i++) {
    for (int c = 0; c < st->n_in; c++) {
      noc_channel *ch = &run->channel[st->in[c]];
      int k = slot_of(ch, i);
      /* The wait owns its receive from here on (released even if the actor is killed while waiting): taken
       * out of the ring first so stage_release_receives never releases it a second time. */
      sg_comm_t comm = st->ring[k];
      st->ring[k] = NULL;
      sg_error_t rc = sg_comm_wait_for(comm, -1);
      if (rc != SG_OK)
        return;
      if (S.net) /* rr: the rendezvous came first, the bytes follow through the network model */
        sg_sem_acquire(ch->arrived);
      ch->delivered++;
      if (i + ch->capacity < end)
        post_receive(st, ch, i + ch->capacity);
    }
    double t0 = simgrid_get_clock();
    if (S.t_start[i] < 0 || t0 < S.t_start[i])
      S.t_start[i] = t0;
    if (i > S.max_started)
      S.max_started = i;
    if (i - first == S.cfg->warmup)
      st->t_warm = t0;
    else if (i - first > S.cfg->warmup)
      st->n_warm++;
    st->t_last = t0;
    stage_execute(st);
    double t1 = simgrid_get_clock();
    S.rep->core_busy[st->core] += t1 - t0;
    for (int c = 0; c < st->n_out; c++) {
      noc_channel *ch = &run->channel[st->out[c]];
      double w0 = simgrid_get_clock();
      /* age and rr: the route's latency, outside the shared links (noc_sharing.h); any rule: the per-message cost */
      if (ch->delay_s + S.cfg->message_overhead_s > 0)
        sg_actor_sleep_for(ch->delay_s + S.cfg->message_overhead_s);
      /* rr: the mailbox carries the rendezvous (a free slot at the receiver), then the bytes cross our own
       * network model (noc_net.h), then the receiver is told they are through. */
      sg_comm_t comm = sg_mailbox_put_async(ch->mailbox, (void *)(intptr_t)(i + 1), S.net ? 0 : ch->bytes);
      if (sg_comm_wait_for(comm, -1) != SG_OK)
        return;
      if (S.net) {
        noc_net_transfer(S.net, st->core, run->stage[ch->dst].core, (double)ch->bytes, st->net_done);
        sg_sem_release(ch->arrived);
      }
      if (i - first >= S.cfg->warmup) {
        ch->write_sum += simgrid_get_clock() - w0;
        ch->writes++;
      }
    }
    double t2 = simgrid_get_clock();
    S.rep->core_send[st->core] += t2 - t1;
    S.rep->activities += 1 + st->n_out;
    trace_record(st, 'c', i, t0, t1);
    if (st->n_out)
      trace_record(st, 's', i, t1, t2);
    item_stage_done(st, i, t2);
  }
}

static void free_run(noc_epoch_run *run, int n_stages) {
  for (int s = 0; run->stage && s < n_stages; s++) {
    free(run->stage[s].in);
    free(run->stage[s].out);
    free(run->stage[s].ring);
    free(run->stage[s].slot);
    if (run->stage[s].net_done)
      sg_sem_destroy(run->stage[s].net_done);
  }
  for (int c = 0; run->channel && c < run->n_channels; c++)
    if (run->channel[c].arrived)
      sg_sem_destroy(run->channel[c].arrived);
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
static int noc_sim_deploy(noc_plan *plan, long first, double now, int *off_core) {
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
    sg_actor_start(a, stage_main, 0, NULL);
    run->stage[s].pid = sg_actor_get_pid(a);
  }
  return GN_OK;
}

/* On a platform whose routes are not XY, the links SimGrid routes a flow over, as indices into the report's
 * route_link arrays (a link gets its index the first time a route crosses it). Returns the count, -1 on OOM. */
static int file_route(int src_core, int dst_core, int **out) {
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
static double steady_period(const noc_epoch_run *run, int n_stages) {
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
static void account_epoch(int id) {
  const noc_chip *chip = S.cfg->chip;
  noc_epoch_run *run = &S.runs[id];
  noc_epoch_report *er = &S.rep->epochs[id];
  int links[2 * NOC_MAX_SIDE];
  for (int c = 0; c < run->n_channels; c++) {
    noc_channel *ch = &run->channel[c];
    double carried = (double)ch->delivered * (double)ch->bytes;
    if (S.platform && !S.platform->routes_xy) {
      int *route = NULL, n = file_route(er->plan.stage_core[ch->src], er->plan.stage_core[ch->dst], &route);
      for (int l = 0; l < n; l++)
        S.rep->route_link_bytes[route[l]] += carried;
      free(route);
      continue;
    }
    int n = noc_flow_route(chip, er->plan.stage_core[ch->src], er->plan.stage_core[ch->dst], links);
    for (int l = 0; l < n; l++)
      S.rep->link_bytes[links[l]] += carried;
  }
  er->period = steady_period(run, er->plan.n_stages);
  for (int c = 0; id == 0 && S.rep->flow_write_mean && c < run->n_channels; c++)
    S.rep->flow_write_mean[c] = run->channel[c].writes ? run->channel[c].write_sum / run->channel[c].writes / S.tu : NAN;
}

/* Close the current epoch: kill its stage actors that still run, account its link traffic. */
static void noc_sim_close_epoch(void) {
  int id = S.rep->n_epochs - 1;
  for (int s = 0; s < S.rep->epochs[id].plan.n_stages; s++) {
    sg_actor_t a = sg_actor_by_pid(S.runs[id].stage[s].pid);
    if (a)
      sg_actor_kill(a);
  }
  account_epoch(id);
}

/* The file-route versions of the link measures: links crossed by flows of two or more senders of the initial
 * mapping, Σ volume × links crossed, and the busiest link's time per item (its own bandwidth). Routes are
 * indexed first, so every link they cross has its index. */
static int file_route_measures(const noc_plan *plan, double *hop_volume, double *link_bound) {
  int **route = calloc((size_t)plan->n_flows + 1, sizeof *route), *len = calloc((size_t)plan->n_flows + 1, sizeof *len);
  int n = route && len ? 0 : -1;
  *hop_volume = 0;
  *link_bound = 0;
  for (int f = 0; f < plan->n_flows && n == 0; f++) {
    len[f] =
        file_route(plan->stage_core[plan->flows[f].src_stage], plan->stage_core[plan->flows[f].dst_stage], &route[f]);
    if (len[f] < 0)
      n = -1;
    else
      *hop_volume += plan->flows[f].volume * len[f];
  }
  int n_links = S.rep->n_route_links;
  int *senders = n == 0 ? calloc((size_t)n_links + 1, sizeof *senders) : NULL;
  int *sender = n == 0 ? calloc((size_t)n_links + 1, sizeof *sender) : NULL;
  double *busy = n == 0 ? calloc((size_t)n_links + 1, sizeof *busy) : NULL;
  if (!senders || !sender || !busy)
    n = -1;
  /* Flows come sorted by sender: a link sees each sender's flows one after another. */
  for (int f = 0; n >= 0 && f < plan->n_flows; f++)
    for (int l = 0; l < len[f]; l++) {
      int k = route[f][l];
      busy[k] += plan->flows[f].volume * S.cfg->plan.comm_factor * S.cfg->chip->link_bw_Bps / S.rep->route_link_bw_Bps[k];
      if (busy[k] > *link_bound)
        *link_bound = busy[k];
      if (senders[k] > 0 && sender[k] == plan->flows[f].src_stage)
        continue;
      sender[k] = plan->flows[f].src_stage;
      n += ++senders[k] == 2;
    }
  for (int f = 0; route && f < plan->n_flows; f++)
    free(route[f]);
  free(route);
  free(len);
  free(senders);
  free(sender);
  free(busy);
  return n;
}

static double mean_or_nan(double sum, long count) { return count > 0 ? sum / (double)count : NAN; }

static void finalize_report(void) {
  noc_pipeline_report *rep = S.rep;
  const noc_chip *chip = S.cfg->chip;
  double span_s = S.t_finish > 0 ? S.t_finish : simgrid_get_clock();
  rep->makespan = span_s / S.tu;
  rep->analytic_period = rep->epochs[0].plan.analytic_period;
  rep->hop_volume = rep->epochs[0].plan.hop_volume;
  rep->sim_period = rep->epochs[0].period;
  rep->period_ratio = rep->sim_period / rep->analytic_period;
  rep->throughput = 1 / rep->sim_period;
  rep->latency = mean_or_nan(S.latency_sum, S.latency_count) / S.tu;
  rep->n_recoveries = rep->n_epochs - 1;
  rep->recovery_time = mean_or_nan(S.recovery_sum, S.recovery_count) / S.tu;
  double det = 0;
  long n_det = 0;
  for (int f = 0; f < rep->n_failures_seen; f++)
    if (!isnan(rep->failures[f].t_detect)) {
      det += rep->failures[f].t_detect - rep->failures[f].t_fail;
      n_det++;
    }
  rep->detection_delay = mean_or_nan(det, n_det);
  rep->throughput_before = 1 / rep->epochs[0].period;
  rep->throughput_after = 1 / rep->epochs[rep->n_epochs - 1].period;
  rep->overall_throughput = rep->makespan > 0 ? (double)rep->items_done / rep->makespan : 0;
  rep->target_met = rep->completed && rep->overall_throughput >= S.cfg->target / rep->analytic_period;
  int used = 0;
  for (int c = 0; c < noc_core_count(chip); c++) {
    rep->core_busy[c] /= S.tu;
    rep->core_send[c] /= S.tu;
    double u = (rep->core_busy[c] + rep->core_send[c]) / rep->makespan;
    if (rep->core_busy[c] + rep->core_send[c] > 0) {
      used++;
      rep->core_util_mean += u;
      if (u > rep->core_util_max)
        rep->core_util_max = u;
    }
  }
  rep->core_util_mean = used ? rep->core_util_mean / used : 0;
  int carried = 0, file_routes = S.platform && !S.platform->routes_xy;
  int n_links = file_routes ? rep->n_route_links : noc_link_id_count(chip);
  for (int l = 0; l < n_links; l++) {
    double bytes = file_routes ? rep->route_link_bytes[l] : rep->link_bytes[l];
    if (bytes > 0) {
      double u = bytes / ((file_routes ? rep->route_link_bw_Bps[l] : noc_link_bw(chip, l)) * span_s);
      carried++;
      rep->link_util_mean += u;
      if (u > rep->link_util_max)
        rep->link_util_max = u;
    }
  }
  rep->link_util_mean = carried ? rep->link_util_mean / carried : 0;
  const noc_plan *p0 = &rep->epochs[0].plan;
  if (file_routes) {
    rep->contended_links = file_route_measures(p0, &rep->hop_volume, &rep->link_bound);
  } else {
    rep->contended_links = noc_contended_links(chip, p0->stage_core, p0->flows, p0->n_flows);
    rep->link_bound = S.cfg->plan.comm_factor * noc_link_max_volume(chip, p0->stage_core, p0->flows, p0->n_flows);
  }
  rep->bound = rep->analytic_period > rep->link_bound ? rep->analytic_period : rep->link_bound;
  rep->bound_ratio = rep->sim_period / rep->bound;
}

/* Fair sharing: the first actor to run (before any stage posts a message) moves the route latencies out of the
 * links. A failure here leaves the tcp rule in place and stops the run with an error. */
static void arbiter_main(int argc, char **argv) {
  sg_host_t sup = NULL;
  int n = noc_core_count(S.cfg->chip);
  unsigned char *pairs = NULL;
  if (S.cfg->n_failures > 0) {
    sup = sg_host_by_name(S.platform ? S.platform->supervisor_host : NOC_SUPERVISOR_HOST);
  } else if ((pairs = calloc((size_t)n * (size_t)n, 1)) != NULL) {
    /* Without failures the first epoch is the only one and its flows the only traffic (no heartbeats): only
     * their routes need their latency taken out (the other n² routes cost 10 % of a 10x10 chip's short run). */
    const noc_epoch_run *run = &S.runs[0];
    for (int c = 0; c < run->n_channels; c++)
      pairs[(size_t)run->stage[run->channel[c].src].core * n + run->stage[run->channel[c].dst].core] = 1;
  }
  int rc = noc_sharing_make_fair(S.host, n, pairs, sup, &S.delays);
  free(pairs);
  if (rc) {
    gn_error_set(S.err, GN_ENOMEM, NULL, 0, "out of memory setting up fair link sharing");
    S.failed = 1;
    S.finished = 1;
  }
}

int noc_pipeline_check_config(const noc_pipeline_config *cfg, gn_error *err) {
  if (cfg->items < 2 || cfg->warmup < 1 || cfg->warmup >= cfg->items)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "need items >= 2 and 1 <= warmup < items (got %ld and %ld)",
                        cfg->items, cfg->warmup);
  if ((double)cfg->items * cfg->plan.n_stages > NOC_ITEM_STAGES_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "items x stages = %ld x %d is over the ceiling of %g", cfg->items,
                        cfg->plan.n_stages, NOC_ITEM_STAGES_MAX);
  if (cfg->buffer < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "buffer capacity must be >= 0 items (0 = auto), got %d", cfg->buffer);
  if (!(cfg->time_unit_s > 0) || !(cfg->plan.comm_factor >= 0) || !isfinite(cfg->plan.comm_factor))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "time unit must be > 0 and comm factor >= 0");
  if (!(cfg->timeout_beats > 1) || !isfinite(cfg->heartbeat))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "failure detection needs a finite heartbeat and a timeout of more than 1 heartbeat (got %g)",
                        cfg->timeout_beats);
  int *logical = malloc((size_t)noc_core_count(cfg->chip) * sizeof *logical);
  if (!logical)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int k = noc_logical_cores(cfg->chip, NULL, logical);
  free(logical);
  if (cfg->plan.n_stages > k)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%d stages need %d cores but chip %s has %d logical cores",
                        cfg->plan.n_stages, cfg->plan.n_stages, cfg->chip->name, k);
  return GN_OK;
}

static int alloc_state(const noc_pipeline_config *cfg, noc_pipeline_report *rep) {
  int cores = noc_core_count(cfg->chip);
  long items = cfg->items;
  S.host = calloc((size_t)cores, sizeof *S.host);
  S.done_count = calloc((size_t)items, sizeof *S.done_count);
  S.t_start = malloc((size_t)items * sizeof *S.t_start);
  /* Every recovery follows a newly declared dead core, so there are at most cores + 1 epochs. */
  S.runs = calloc((size_t)cores + 1, sizeof *S.runs);
  S.dead_known = calloc((size_t)cores, 1);
  rep->core_busy = calloc((size_t)cores, sizeof *rep->core_busy);
  rep->core_send = calloc((size_t)cores, sizeof *rep->core_send);
  rep->link_bytes = calloc((size_t)noc_link_id_count(cfg->chip), sizeof *rep->link_bytes);
  rep->epochs = calloc((size_t)cores + 1, sizeof *rep->epochs);
  rep->failures = calloc((size_t)cfg->n_failures + 1, sizeof *rep->failures);
  rep->flow_write_mean = calloc((size_t)cfg->plan.n_stages * (size_t)cfg->plan.n_stages + 1, sizeof *rep->flow_write_mean);
  return S.host && S.done_count && S.t_start && S.runs && S.dead_known && rep->core_busy && rep->core_send &&
                 rep->link_bytes && rep->epochs && rep->failures && rep->flow_write_mean
             ? GN_OK
             : GN_ENOMEM;
}

static void free_state(void) {
  /* Receives still posted by a stage are released by the stage itself (stage_release_receives), never here:
   * an unref after the run reads memory SimGrid already freed (checked with valgrind). */
  for (int e = 0; S.runs && S.rep && e < S.rep->n_epochs; e++)
    free_run(&S.runs[e], S.rep->epochs[e].plan.n_stages);
  free(S.host);
  free(S.done_count);
  free(S.t_start);
  free(S.runs);
  free(S.dead_known);
  noc_route_delays_free(&S.delays);
  noc_net_free(S.net);
  S.net = NULL;
  free(S.dropped); /* emptied by the supervisor before it ends */
  S.dropped = NULL;
  S.runs = NULL; /* stage_release_receives: a stage still blocked at engine teardown finds its state gone */
}

/* Load the user's platform when given, else the chip's generated one; find each core's host by name. */
static int start_simulation(const noc_pipeline_config *cfg, const noc_pipeline_platform *pf, gn_error *err) {
  char *xml = NULL;
  size_t len = pf ? pf->len : 0;
  int rc = pf ? GN_OK : noc_platform_xml(cfg->chip, &xml, &len, err);
  if (rc)
    return rc;
  gn_sim_init("CM02");
  rc = gn_sim_load_platform_xml(pf ? pf->xml : xml, len, err);
  free(xml);
  if (rc)
    return rc;
  for (int c = 0; c < noc_core_count(cfg->chip); c++)
    if (!cfg->chip->broken[c]) {
      char name[32];
      noc_core_name(cfg->chip, c, name, sizeof name);
      const char *host = pf ? pf->core_host[c] : name;
      S.host[c] = host ? sg_host_by_name(host) : NULL;
      if (!S.host[c])
        return gn_error_set(err, GN_EFAIL, NULL, 0, "SimGrid knows no host '%s' for core %d:%d", host ? host : "?",
                            noc_core_x(cfg->chip, c), noc_core_y(cfg->chip, c));
    }
  return GN_OK;
}

static const noc_supervisor_ops supervisor_ops = {&noc_sim_state, noc_sim_deploy, noc_sim_close_epoch,
                                                  noc_sim_release_dropped};

int noc_pipeline_simulate_plan(const noc_pipeline_config *cfg, const noc_pipeline_platform *platform,
                               noc_plan *plan, noc_pipeline_report *rep, gn_error *err) {
  memset(rep, 0, sizeof *rep);
  memset(&S, 0, sizeof S);
  S.cfg = cfg;
  S.platform = platform;
  S.rep = rep;
  S.err = err;
  S.tu = cfg->time_unit_s;
  S.max_started = -1;
  S.recovery_from = -1;
  rep->completed = 1;
  int rc = GN_OK;
  if (alloc_state(cfg, rep)) {
    free_state();
    noc_plan_free(plan);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory for %ld items", cfg->items);
  }
  rep->heartbeat = cfg->heartbeat > 0 ? cfg->heartbeat : 2 * plan->analytic_period;
  /* Heartbeats are events of their own: at most NOC_BEATS_PER_PERIOD per analytic period bounds them. */
  if (cfg->n_failures > 0 && rep->heartbeat < plan->analytic_period / NOC_BEATS_PER_PERIOD)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "heartbeat %g is below 1/%d of the analytic period %g (too many "
                      "heartbeat events)", rep->heartbeat, NOC_BEATS_PER_PERIOD, plan->analytic_period);
  S.heartbeat_s = rep->heartbeat * S.tu;
  S.timeout_s = cfg->timeout_beats * S.heartbeat_s;
  if (rc == GN_OK)
    rc = start_simulation(cfg, platform, err);
  int off;
  if (rc == GN_OK && cfg->link_sharing != NOC_SHARING_TCP) {
    /* On the supervisor's host when cores can fail: a core failing at time 0 would kill the arbiter halfway
     * through (some latencies moved, some not, and its route list lost). That host never fails. */
    sg_host_t first = cfg->n_failures > 0
                          ? sg_host_by_name(platform ? platform->supervisor_host : NOC_SUPERVISOR_HOST)
                          : NULL;
    for (int c = 0; !first && c < noc_core_count(cfg->chip); c++)
      first = S.host[c];
    sg_actor_create("arbiter", first, arbiter_main, 0, NULL);
    if (cfg->link_sharing == NOC_SHARING_RR && !(S.net = noc_net_start(cfg->chip, noc_share_find("rr", err), first)))
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory starting the network model");
  }
  if (rc == GN_OK && noc_sim_deploy(plan, 0, 0, &off))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory deploying the pipeline");
  noc_plan_free(plan);
  if (rc == GN_OK) {
    if (cfg->n_failures > 0)
      noc_supervisor_start(&supervisor_ops);
    gn_error sim_err = {0};
    int sim_rc = gn_sim_run(&sim_err); /* SimGrid's own complaint (a deadlock, an error it logged) */
    if (S.failed)
      rc = err->code;
    else if (sim_rc) {
      *err = sim_err;
      rc = sim_rc;
    } else if (!S.finished)
      rc = gn_error_set(err, GN_EFAIL, NULL, 0, "the pipeline stalled after %ld of %ld items (simulated deadlock)",
                        rep->items_done, cfg->items);
  }
  if (rc == GN_OK)
    rc = noc_net_error(S.net, err);
  if (rc == GN_OK) {
    account_epoch(rep->n_epochs - 1);
    finalize_report();
  }
  free_state();
  return rc;
}

void noc_pipeline_report_free(noc_pipeline_report *rep) {
  for (int e = 0; rep->epochs && e < rep->n_epochs; e++)
    noc_plan_free(&rep->epochs[e].plan);
  free(rep->epochs);
  free(rep->core_busy);
  free(rep->core_send);
  free(rep->link_bytes);
  free(rep->flow_write_mean);
  free(rep->failures);
  free(rep->trace);
  for (int l = 0; l < rep->n_route_links; l++)
    free(rep->route_link_name[l]);
  free(rep->route_link_name);
  free(rep->route_link_bw_Bps);
  free(rep->route_link_bytes);
  memset(rep, 0, sizeof *rep);
}
