/* noc_stage: one stage actor of the pipeline: receive its inputs, compute, write its outputs (the sender pays),
 * bounded buffers on each incoming flow, and the trace of the first items. */
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

/* A measured write of the first epoch started at w0: the in-phase detector's data (noc_phase.h), a ring of the
 * last noc_phase_ring; without memory the detector sees no write of this flow and counts it in no group. */
static void record_start(noc_channel *ch, double w0) {
  long ring = noc_phase_ring(S.cfg->items, S.cfg->warmup);
  if (!ch->starts && !(ch->starts = malloc((size_t)ring * sizeof *ch->starts)))
    return;
  ch->starts[ch->n_starts++ % ring] = w0;
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
int noc_sim_release_dropped(void) {
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
void noc_stage_main(int argc, char **argv) {
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
        if (run->id == 0)
          record_start(ch, w0);
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
