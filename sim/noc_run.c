/* noc_run: experiment parameters -> graph, chip, failure plan, simulation; report -> metric columns. */
#include "noc_run.h"

#include "graph_source.h"

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

static int build_chip(const gn_kvlist *params, uint64_t seed, noc_chip **chip, gn_error *err) {
  int rc = noc_chip_from_spec(gn_kv_get(params, "chip"), chip, err);
  if (rc == GN_OK)
    rc = noc_chip_set_broken_list(*chip, gn_kv_get(params, "broken"), err);
  if (rc == GN_OK && param_double(params, "speed_spread") > 0)
    rc = noc_chip_spread_speeds(*chip, param_double(params, "speed_spread"), seed, err);
  return rc;
}

int noc_run_execute(const gn_kvlist *params, uint64_t seed, int trace_items, noc_run *run, gn_error *err) {
  memset(run, 0, sizeof *run);
  const char *loss = gn_kv_get(params, "loss");
  if (strcmp(loss, "lost") && strcmp(loss, "replay"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "parameter 'loss' must be lost or replay, got '%s'", loss);
  int rc = graph_source_load(gn_kv_get(params, "graph"), &run->g, err);
  if (rc == GN_OK)
    rc = build_chip(params, seed, &run->chip, err);
  if (rc == GN_OK)
    rc = noc_failures_parse(run->chip, gn_kv_get(params, "fail"), seed, &run->failures, &run->n_failures, err);
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
  return noc_pipeline_simulate(c, &run->rep, err);
}

int noc_run_metrics(const noc_run *run, gn_kvlist *m) {
  const noc_pipeline_report *r = &run->rep;
  int rc = 0;
  rc |= gn_kv_set_long(m, "stages_used", r->epochs[0].plan.n_stages);
  rc |= gn_kv_set_double(m, "analytic_period", r->analytic_period);
  rc |= gn_kv_set_double(m, "sim_period", r->sim_period);
  rc |= gn_kv_set_double(m, "period_ratio", r->period_ratio);
  rc |= gn_kv_set_double(m, "throughput", r->throughput);
  rc |= gn_kv_set_double(m, "latency", r->latency);
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
  return rc ? GN_ENOMEM : GN_OK;
}

void noc_run_free(noc_run *run) {
  noc_pipeline_report_free(&run->rep);
  taskgraph_free(run->g);
  noc_chip_free(run->chip);
  free(run->failures);
  memset(run, 0, sizeof *run);
}
