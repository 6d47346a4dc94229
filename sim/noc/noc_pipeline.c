/* noc_pipeline: one pipeline simulation: checks its configuration, loads the platform, starts the link arbiter,
 * the first epoch (noc_epoch.c) and the supervisor, runs SimGrid and ends with the report (noc_measure.c). */
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

noc_sim noc_sim_state; /* one simulation per process (noc_pipeline_priv.h) */
#define S noc_sim_state

/* Each rule's registry name (models/noc/noc_share_registry.c) by its value here: the one place they are paired. */
static const char *const sharing_names[] = {
    [NOC_SHARING_FAIR] = "age", [NOC_SHARING_TCP] = "tcp", [NOC_SHARING_RR] = "rr", [NOC_SHARING_OLDEST] = "oldest"};

int noc_link_sharing_parse(const char *name) {
  const noc_share_rule *rule = noc_share_find(name, NULL); /* the registry knows the names and `fair`, age's old one */
  for (int s = 0; rule && s < (int)(sizeof sharing_names / sizeof *sharing_names); s++)
    if (strcmp(rule->name, sharing_names[s]) == 0)
      return s;
  return -1;
}

const char *noc_link_sharing_name(noc_link_sharing rule) {
  return sharing_names[rule];
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
  return noc_check_stages_fit(cfg->chip, cfg->plan.n_stages, err);
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
  rep->flow_write_mean =
      calloc((size_t)cfg->plan.n_stages * (size_t)cfg->plan.n_stages + 1, sizeof *rep->flow_write_mean);
  return S.host && S.done_count && S.t_start && S.runs && S.dead_known && rep->core_busy && rep->core_send &&
                 rep->link_bytes && rep->epochs && rep->failures && rep->flow_write_mean
             ? GN_OK
             : GN_ENOMEM;
}

static void free_state(void) {
  /* Receives still posted by a stage are released by the stage itself (stage_release_receives), never here:
   * an unref after the run reads memory SimGrid already freed (checked with valgrind). */
  for (int e = 0; S.runs && S.rep && e < S.rep->n_epochs; e++)
    noc_epoch_free(&S.runs[e], S.rep->epochs[e].plan.n_stages);
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
  /* Every rule but tcp (SimGrid's CM02 as is) shares the forward links only: no reverse cross-traffic. */
  const char *const fair[] = {NOC_FAIR_SIM_SETTING, NULL};
  gn_sim_init_cfg("CM02", cfg->link_sharing != NOC_SHARING_TCP ? fair : NULL);
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
    /* A rule SimGrid cannot express (rr, oldest) runs on our own network model (noc_net.h); age and tcp keep
     * SimGrid's solver, age with the latencies moved out. */
    const noc_share_rule *rule = noc_share_find(noc_link_sharing_name(cfg->link_sharing), NULL);
    if (rule && rule->own_network && !(S.net = noc_net_start(cfg->chip, rule, first)))
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
    noc_epoch_account(rep->n_epochs - 1);
    noc_report_finalize();
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
