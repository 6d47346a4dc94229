/* noc_supervisor: core failures injected at their times, detected by missed heartbeats, then a re-map + restart. */
#include "noc_supervisor.h"

#include "noc_platform.h"

#include <simgrid/engine.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static const noc_supervisor_ops *ops;
#define S (*ops->sim)
#define HEARTBEAT_MAILBOX "noc-heartbeats"
#define HEARTBEAT_BYTES 8 /* a sequence number: the network cost of a heartbeat is its latency */

/* Every healthy core says it is alive every heartbeat period over its own link to the supervisor. A core
 * whose host is off no longer runs this actor: its heartbeats stop, which is all the supervisor learns.
 * The heartbeat waits for its delivery instead of being detached: a detached heartbeat sent at the very instant
 * its core fails stays in the mailbox, and the supervisor's next receive matching it aborted SimGrid
 * ("Assertion from_->is_on() failed"); a waited one is withdrawn when its sender dies. The beat dates are kept on
 * the period's grid (sleep until the next one), so the wait does not shift them. */
static void heartbeat_main(int argc, char **argv) {
  sg_actor_daemonize(sg_actor_self());
  intptr_t core = (intptr_t)sg_actor_get_data(sg_actor_self());
  sg_mailbox_t mb = sg_mailbox_by_name(HEARTBEAT_MAILBOX);
  double next = simgrid_get_clock();
  for (;;) {
    next += S.heartbeat_s;
    sg_actor_sleep_until(next);
    /* Fair sharing took latency off links this heartbeat's route crosses: wait it here (noc_sharing.h). */
    if (S.delays.sup && S.delays.sup[core] > 0)
      sg_actor_sleep_for(S.delays.sup[core]);
    /* A failed delivery (the supervisor's receive timed out mid-transfer) loses this beat only, as a detached
     * one would be lost. */
    sg_comm_wait_for(sg_mailbox_put_async(mb, (void *)(core + 1), HEARTBEAT_BYTES), -1);
  }
}

/* The planned failures: the injector alone knows the true times (it plays the hardware, not the runtime). */
static void injector_main(int argc, char **argv) {
  sg_actor_daemonize(sg_actor_self());
  for (int f = 0; f < S.cfg->n_failures && !S.finished; f++) {
    const noc_failure *fl = &S.cfg->failures[f];
    sg_actor_sleep_until(fl->time * S.tu);
    if (S.finished)
      break;
    sg_host_turn_off(S.host[fl->core]);
    S.rep->failures[S.rep->n_failures_seen++] = (noc_failure_seen){fl->core, fl->time, NAN};
  }
}

/* Declare a core dead at time now (s); returns when it really failed (s), looked up only for the report. */
static double declare_dead(int core, double now) {
  S.dead_known[core] = 1;
  for (int f = 0; f < S.rep->n_failures_seen; f++)
    if (S.rep->failures[f].core == core && isnan(S.rep->failures[f].t_detect)) {
      S.rep->failures[f].t_detect = now / S.tu;
      return S.rep->failures[f].t_fail * S.tu;
    }
  return now;
}

static void stop_run(double now, int completed) {
  /* A run that stops early (no core left) counts every item it will never deliver as lost. */
  S.rep->items_lost += S.cfg->items - S.next_done;
  S.next_done = S.cfg->items;
  S.finished = 1;
  S.t_finish = now;
  S.rep->completed = completed;
}

/* Stop the epoch, count the items in flight as lost (or replay them), re-map onto the cores still believed
 * alive, and deploy. A core found off while deploying did not answer: it is declared dead and we re-map again. */
static void recover(double now) {
  ops->close_epoch();
  long resume = S.cfg->replay ? S.next_done : S.max_started + 1;
  if (resume < S.next_done)
    resume = S.next_done;
  S.rep->items_lost += resume - S.next_done;
  S.next_done = resume;
  if (resume >= S.cfg->items) {
    stop_run(now, 1);
    return;
  }
  for (;;) {
    noc_plan plan;
    noc_plan_request req = S.cfg->plan;
    int rc = noc_plan_make(S.cfg->g, S.cfg->chip, S.dead_known, &req, &plan, S.err);
    if (rc == GN_EFAIL) { /* no core left: the run ends without delivering every item */
      stop_run(now, 0);
      return;
    }
    if (rc) {
      S.failed = 1;
      stop_run(now, 0);
      return;
    }
    int off = -1;
    rc = ops->deploy(&plan, resume, now, &off);
    noc_plan_free(&plan);
    if (rc == GN_OK)
      return;
    if (off < 0) {
      gn_error_set(S.err, GN_ENOMEM, NULL, 0, "out of memory re-deploying the pipeline");
      S.failed = 1;
      stop_run(now, 0);
      return;
    }
    declare_dead(off, now);
  }
}

/* Collects heartbeats; every heartbeat period it declares dead the cores silent for longer than the timeout,
 * and recovers when one of them ran a stage. A regular (non-daemon) actor, so the simulation lasts while it
 * may still have to restart the pipeline. */
static void supervisor_main(int argc, char **argv) {
  int cores = noc_core_count(S.cfg->chip);
  double *last_seen = calloc((size_t)cores, sizeof *last_seen);
  if (!last_seen) {
    gn_error_set(S.err, GN_ENOMEM, NULL, 0, "out of memory in the supervisor");
    S.failed = 1;
    S.supervisor_done = 1;
    stop_run(simgrid_get_clock(), 0);
    return;
  }
  sg_mailbox_t mb = sg_mailbox_by_name(HEARTBEAT_MAILBOX);
  double period = S.heartbeat_s, timeout = S.timeout_s, next_check = period;
  while (!S.finished) {
    void *data = NULL;
    double now = simgrid_get_clock();
    sg_comm_t c = sg_mailbox_get_async(mb, &data);
    if (sg_comm_wait_for(c, next_check > now ? next_check - now : 0) == SG_OK)
      last_seen[(intptr_t)data - 1] = simgrid_get_clock();
    ops->release_dropped();
    now = simgrid_get_clock();
    if (now < next_check || S.finished)
      continue;
    next_check = now + period;
    /* The recovery time runs from the earliest failure of a core that ran a stage. */
    double first_fail = INFINITY;
    for (int core = 0; core < cores; core++)
      if (S.host[core] && !S.dead_known[core] && now - last_seen[core] > timeout) {
        double t_fail = declare_dead(core, now);
        if (noc_plan_stage_of(&S.rep->epochs[S.rep->n_epochs - 1].plan, core) >= 0 && t_fail < first_fail)
          first_fail = t_fail;
      }
    if (first_fail < INFINITY) {
      /* A pipeline not yet recovered from an earlier failure keeps counting from that one. */
      if (S.recovery_from < 0 || first_fail < S.recovery_from)
        S.recovery_from = first_fail;
      recover(now);
    }
  }
  /* Stages killed by the last recovery: let them go first (a zero sleep ends no simulated time). */
  if (S.n_dropped > 0)
    sg_actor_sleep_for(0);
  ops->release_dropped();
  S.supervisor_done = 1;
  free(last_seen);
}

void noc_supervisor_start(const noc_supervisor_ops *pipeline) {
  ops = pipeline;
  sg_host_t sup = sg_host_by_name(S.platform ? S.platform->supervisor_host : NOC_SUPERVISOR_HOST);
  for (int core = 0; core < noc_core_count(S.cfg->chip); core++)
    if (S.host[core]) {
      sg_actor_t a = sg_actor_init("heartbeat", S.host[core]);
      sg_actor_set_data(a, (void *)(intptr_t)core);
      sg_actor_start(a, heartbeat_main, 0, NULL);
    }
  sg_actor_create("injector", sup, injector_main, 0, NULL);
  sg_actor_create("supervisor", sup, supervisor_main, 0, NULL);
}
