/* noc_run: experiment parameters -> graph, chip, failure plan, simulation; report -> metric columns. */
#include "noc_run.h"

#include "graph_source.h"
#include "noc_share.h"
#include "platform_noc_failures.h"
#include "platform_prepare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static long param_long(const gn_kvlist *params, const char *key) {
  long long v = 0;
  gn_kv_get_long(params, key, &v);
  return (long)v;
}

static double param_double(const gn_kvlist *params, const char *key) {
  double v = 0;
  gn_kv_get_double(params, key, &v);
  return v;
}

/* speed_spread on a platform's chip: each core's own speed × the same U(1 - s, 1 + s) draw a preset gets. */
static int spread_speeds(noc_chip *chip, double spread, uint64_t seed, gn_error *err) {
  int n = noc_core_count(chip);
  double *own = malloc((size_t)n * sizeof *own);
  if (!own)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  memcpy(own, chip->speed_flops, (size_t)n * sizeof *own);
  int rc = noc_chip_spread_speeds(chip, spread, seed, err);
  for (int c = 0; rc == GN_OK && c < n; c++)
    if (own[c] != chip->core_speed_flops)
      chip->speed_flops[c] = own[c] * (chip->speed_flops[c] / chip->core_speed_flops);
  free(own);
  return rc;
}

int noc_run_check_params(const gn_kvlist *params, gn_error *err) {
  const char *platform = gn_kv_get(params, "platform"); /* a chip beside it: refused with the parameters */
  const char *sharing = gn_kv_get(params, "link_sharing");
  const noc_share_rule *rule = sharing ? noc_share_find(sharing, NULL) : NULL;
  if (platform && platform[0] && rule && rule->own_network)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "link sharing %s runs on a generated chip only (its network model follows the chip's XY routes "
                        "and bandwidths, not a platform file's): use age or tcp with %s", sharing, platform);
  const char *ports = gn_kv_get(params, "ports");
  if (platform && platform[0] &&
      ((ports && strcmp(ports, "on")) || param_double(params, "port_bw") || param_double(params, "port_latency")))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "ports, port_bw and port_latency apply to a generated chip: a platform file declares its own "
                        "ports (links with property gridnoc.port)");
  if (platform && platform[0] && (param_double(params, "router_cycles") || param_double(params, "message_cycles")))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "router_cycles and message_cycles count cycles of a generated chip's clock: a platform file "
                        "gives its links' latencies in seconds");
  return GN_OK;
}

/* The chip a platform file describes, the XML SimGrid will load, the core host names. */
static int load_platform(const gn_kvlist *params, noc_run *run, gn_error *err) {
  int rc = noc_run_check_params(params, err);
  if (rc)
    return rc;
  rc = platform_read(gn_kv_get(params, "platform"), &run->pd, err);
  if (rc)
    return rc;
  run->has_platform = 1;
  rc = platform_noc_from_desc(&run->pd, &run->pn, err);
  if (rc)
    return rc;
  run->chip = run->pn.chip;
  run->routing_xy = run->pn.routing == PLATFORM_NOC_XY;
  int n = noc_core_count(run->chip);
  run->core_host = calloc((size_t)n, sizeof *run->core_host);
  if (!run->core_host)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int c = 0; c < n; c++)
    run->core_host[c] = run->pn.core_host[c] >= 0 ? run->pd.hosts[run->pn.core_host[c]].id : NULL;
  return platform_prepare_xml(&run->pd, NULL, &run->xml, &run->xml_len, err);
}

static int build_chip(const gn_kvlist *params, uint64_t seed, noc_run *run, gn_error *err) {
  const char *platform = gn_kv_get(params, "platform");
  int rc;
  if (platform && *platform) {
    rc = load_platform(params, run, err);
  } else {
    rc = noc_chip_from_spec(gn_kv_get(params, "chip"), &run->chip, err);
    run->routing_xy = 1;
    if (rc == GN_OK) {
      const char *ports = gn_kv_get(params, "ports");
      run->chip->ports = !ports || strcmp(ports, "off") != 0;
      if (param_double(params, "port_bw") > 0)
        run->chip->port_bw_Bps = param_double(params, "port_bw");
      run->chip->port_lat_s = param_double(params, "port_latency");
      /* A router pipeline of N cycles at the chip's clock, in place of the preset's router delay. */
      if (param_double(params, "router_cycles") > 0)
        run->chip->router_delay_s = param_double(params, "router_cycles") / run->chip->clock_hz;
    }
  }
  if (rc == GN_OK)
    rc = noc_chip_set_broken_list(run->chip, gn_kv_get(params, "broken"), err);
  if (rc == GN_OK && param_double(params, "speed_spread") > 0)
    rc = run->has_platform ? spread_speeds(run->chip, param_double(params, "speed_spread"), seed, err)
                           : noc_chip_spread_speeds(run->chip, param_double(params, "speed_spread"), seed, err);
  return rc;
}

/* The `fail` parameter's failures, merged with the platform's host state profiles (a core failing in both:
 * the earliest); a core left out by `broken` cannot fail. */
static int build_failures(const gn_kvlist *params, uint64_t seed, noc_run *run, gn_error *err) {
  int rc = noc_failures_parse(run->chip, gn_kv_get(params, "fail"), seed, &run->failures, &run->n_failures, err);
  if (rc || !run->has_platform)
    return rc;
  noc_failure *pf = NULL, *all = NULL;
  int npf = 0, nall = 0;
  rc = platform_noc_profile_failures(&run->pd, &run->pn, param_double(params, "time_unit"), &pf, &npf, &run->ignored_up,
                                     err);
  int k = 0;
  for (int i = 0; rc == GN_OK && i < npf; i++)
    if (!run->chip->broken[pf[i].core])
      pf[k++] = pf[i];
  run->profile_failures = k;
  if (rc == GN_OK && k > 0)
    rc = platform_noc_merge_failures(run->failures, run->n_failures, pf, k, &all, &nall, err);
  free(pf);
  if (rc == GN_OK && all) {
    free(run->failures);
    run->failures = all;
    run->n_failures = nall;
  }
  if (rc == GN_OK && run->n_failures > 0)
    rc = platform_noc_need_supervisor(&run->pd, &run->pn, err);
  return rc;
}

int noc_run_check(const gn_kvlist *params, gn_error *err) {
  noc_run run;
  memset(&run, 0, sizeof run);
  run.pn.supervisor = -1;
  int rc = noc_run_check_params(params, err);
  if (rc == GN_OK)
    rc = build_chip(params, 0, &run, err);
  if (rc == GN_OK) /* the stages against the run's chip, its broken cores left out (stages = 5 on a 2x2) */
    rc = noc_check_stages_fit(run.chip, (int)strtol(gn_kv_get(params, "stages"), NULL, 10), err);
  if (rc == GN_OK)
    rc = build_failures(params, 0, &run, err);
  noc_run_free(&run);
  return rc;
}

int noc_run_execute(const gn_kvlist *params, uint64_t seed, int trace_items, noc_run *run, gn_error *err) {
  memset(run, 0, sizeof *run);
  run->pn.supervisor = -1;
  const char *loss = gn_kv_get(params, "loss");
  if (strcmp(loss, "lost") && strcmp(loss, "replay"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "parameter 'loss' must be lost or replay, got '%s'", loss);
  int rc = graph_source_load(gn_kv_get(params, "graph"), &run->g, err);
  if (rc == GN_OK)
    rc = build_chip(params, seed, run, err);
  if (rc == GN_OK)
    rc = build_failures(params, seed, run, err);
  if (rc)
    return rc;
  noc_pipeline_config *c = &run->cfg;
  c->g = run->g;
  c->chip = run->chip;
  c->plan.mapper = gn_kv_get(params, "mapper");
  c->plan.mapper_options = gn_kv_get(params, "mapper_options");
  c->plan.binding = gn_kv_get(params, "binding");
  c->plan.n_stages = (int)param_long(params, "stages");
  c->plan.comm_factor = param_double(params, "comm_factor");
  c->plan.hop_cost = param_double(params, "hop_cost");
  c->plan.seed = seed;
  c->time_unit_s = param_double(params, "time_unit");
  c->items = param_long(params, "items");
  c->warmup = param_long(params, "warmup");
  c->buffer = (int)param_long(params, "buffer");
  c->failures = run->failures;
  c->n_failures = run->n_failures;
  c->replay = strcmp(loss, "replay") == 0;
  c->heartbeat = param_double(params, "heartbeat");
  c->timeout_beats = param_double(params, "timeout_beats");
  c->target = param_double(params, "target");
  c->trace_items = trace_items;
  int sharing = noc_link_sharing_parse(gn_kv_get(params, "link_sharing"));
  if (sharing < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "parameter 'link_sharing' must be rr, age (or fair), tcp or oldest, got '%s'",
                        gn_kv_get(params, "link_sharing"));
  c->link_sharing = (noc_link_sharing)sharing;
  c->message_overhead_s = run->chip->clock_hz > 0 ? param_double(params, "message_cycles") / run->chip->clock_hz : 0;
  if (!run->has_platform)
    return noc_pipeline_simulate(c, &run->rep, err);
  run->platform =
      (noc_pipeline_platform){run->xml, run->xml_len, run->core_host,
                              run->pn.supervisor >= 0 ? run->pd.hosts[run->pn.supervisor].id : NULL, run->routing_xy};
  return noc_pipeline_simulate_on(c, &run->platform, &run->rep, err);
}

const char *noc_run_core_name(const noc_run *run, int core, char *buf, size_t size) {
  if (run->has_platform)
    return platform_noc_host_name(&run->pd, &run->pn, core);
  noc_core_name(run->chip, core, buf, size);
  return buf;
}

double noc_run_flow_alone(const noc_run *run, int f) {
  const noc_plan *p0 = &run->rep.epochs[0].plan;
  const noc_chip *chip = run->chip;
  int links[2 * NOC_MAX_SIDE], a = p0->stage_core[p0->flows[f].src_stage], b = p0->stage_core[p0->flows[f].dst_stage];
  int n = noc_flow_route(chip, a, b, links);
  double bw = INFINITY, lat = 0;
  for (int i = 0; i < n; i++) {
    if (noc_link_bw(chip, links[i]) < bw)
      bw = noc_link_bw(chip, links[i]);
    lat += noc_link_is_port(chip, links[i]) ? chip->port_lat_s : chip->link_lat_s + chip->router_delay_s;
  }
  double bytes = (double)lround(p0->flows[f].volume * run->cfg.plan.comm_factor * run->cfg.time_unit_s * chip->link_bw_Bps);
  return (lat + (n ? bytes / bw : 0)) / run->cfg.time_unit_s;
}

double noc_run_flow_share(const noc_run *run, int f) {
  double w = run->rep.flow_write_mean ? run->rep.flow_write_mean[f] : NAN;
  return w > 0 ? noc_run_flow_alone(run, f) / w : NAN;
}

double noc_run_min_message_bytes(const noc_run *run) {
  const noc_plan *p0 = &run->rep.epochs[0].plan;
  double least = 0;
  for (int f = 0; f < p0->n_flows; f++) {
    /* the bytes of one message, as noc_pipeline sends them */
    double bytes = (double)lround(p0->flows[f].volume * run->cfg.plan.comm_factor * run->cfg.time_unit_s *
                                  run->chip->link_bw_Bps);
    if (bytes > 0 && (least == 0 || bytes < least))
      least = bytes;
  }
  return least;
}

int noc_run_metrics(const noc_run *run, gn_kvlist *m) {
  const noc_pipeline_report *r = &run->rep;
  int rc = 0;
  rc |= gn_kv_set_long(m, "stages_used", r->epochs[0].plan.n_stages);
  rc |= gn_kv_set_double(m, "analytic_period", r->analytic_period);
  rc |= gn_kv_set_double(m, "sim_period", r->sim_period);
  rc |= gn_kv_set_double(m, "period_ratio", r->period_ratio);
  rc |= gn_kv_set_double(m, "link_bound", r->link_bound);
  rc |= gn_kv_set_double(m, "bound_ratio", r->bound_ratio);
  rc |= gn_kv_set_double(m, "throughput", r->throughput);
  rc |= gn_kv_set_double(m, "latency", r->latency);
  rc |= gn_kv_set_long(m, "routing_xy", run->routing_xy);
  rc |= gn_kv_set_double(m, "hop_volume", r->hop_volume);
  rc |= gn_kv_set_long(m, "contended_links", r->contended_links);
  rc |= gn_kv_set_double(m, "core_util_max", r->core_util_max);
  rc |= gn_kv_set_double(m, "core_util_mean", r->core_util_mean);
  rc |= gn_kv_set_double(m, "link_util_max", r->link_util_max);
  rc |= gn_kv_set_double(m, "link_util_mean", r->link_util_mean);
  rc |= gn_kv_set_double(m, "makespan", r->makespan);
  rc |= gn_kv_set_long(m, "items_done", r->items_done);
  rc |= gn_kv_set_long(m, "items_lost", r->items_lost);
  rc |= gn_kv_set_long(m, "failures", r->n_failures_seen);
  rc |= gn_kv_set_double(m, "detection_delay", r->detection_delay);
  rc |= gn_kv_set_long(m, "recoveries", r->n_recoveries);
  rc |= gn_kv_set_double(m, "recovery_time", r->recovery_time);
  rc |= gn_kv_set_double(m, "throughput_before", r->throughput_before);
  rc |= gn_kv_set_double(m, "throughput_after", r->throughput_after);
  rc |= gn_kv_set_double(m, "overall_throughput", r->overall_throughput);
  rc |= gn_kv_set_long(m, "target_met", r->target_met);
  rc |= gn_kv_set_long(m, "completed", r->completed);
  rc |= gn_kv_set_double(m, "min_message_bytes", noc_run_min_message_bytes(run));
  /* The flows' mean shares of their bottleneck: the least, and the mean over flows that carry data. */
  double least = NAN, sum = 0;
  int counted = 0;
  for (int f = 0; f < r->epochs[0].plan.n_flows; f++) {
    double sh = r->epochs[0].plan.flows[f].volume > 0 ? noc_run_flow_share(run, f) : NAN;
    if (isnan(sh))
      continue;
    least = isnan(least) || sh < least ? sh : least;
    sum += sh;
    counted++;
  }
  rc |= gn_kv_set_double(m, "flow_share_min", least);
  rc |= gn_kv_set_double(m, "flow_share_mean", counted ? sum / counted : NAN);
  /* Equal writes held in phase above their resource's bound (noc_phase.h): k or 0, and that bound. */
  rc |= gn_kv_set_long(m, "in_phase_writers", r->in_phase_writers);
  rc |= gn_kv_set_double(m, "in_phase_bound", r->in_phase_bound);
  return rc ? GN_ENOMEM : GN_OK;
}

void noc_run_free(noc_run *run) {
  noc_pipeline_report_free(&run->rep);
  taskgraph_free(run->g);
  if (run->has_platform) {
    platform_noc_free(&run->pn); /* owns the chip */
    platform_free(&run->pd);
    free(run->xml);
    free(run->core_host);
  } else {
    noc_chip_free(run->chip);
  }
  free(run->failures);
  memset(run, 0, sizeof *run);
}
