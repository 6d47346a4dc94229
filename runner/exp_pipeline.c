/* exp_pipeline: the `pipeline` experiment kind: map, bind, simulate on a NoC chip, with optional failures. */
#include "exp_map.h"
#include "experiment.h"
#include "noc_run.h"
#include "platform_noc.h"
#include "platform_prepare.h"
#include "platform_probe.h"
#include "platform_profile.h"
#include "platform_read.h"

#include "noc.h"
#include "noc_failures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const experiment_param pipeline_params[] = {
    {"graph", EXP_STRING, NULL, "task graph source: a path (.stg, .xml) or gen:KEY=VAL,..."},
    {"chip", EXP_STRING, "mesh20", "chip preset (mesh20, mesh50, mesh100, tile64, epiphany16) or WxH"},
    {"platform", EXP_STRING, "",
     "SimGrid platform file of the chip (hosts with x/y or a TORUS cluster), instead of chip"},
    {"broken", EXP_STRING, "", "cores broken at manufacture: X:Y,X:Y,..."},
    {"speed_spread", EXP_DOUBLE, "0", "heterogeneous core speeds: nominal x U(1-s, 1+s), drawn from the seed"},
    {"stages", EXP_INT, NULL, "pipeline stages N (at most the chip's logical cores)"},
    {"mapper", EXP_STRING, "dpma", "mapper name (as in gridnoc map), used again to re-map after failures"},
    {"mapper_options", EXP_STRING, "", "mapper options key=val,..."},
    {"binding", EXP_STRING, "snake",
     "stage-to-core binding: snake, comm (lower hops x volume), links (lower the busiest link) or joint (map, bind, "
     "re-map against contention, then keep whichever of it and the pairs simulates fastest in a probe)"},
    {"hop_cost", EXP_DOUBLE, "0",
     "joint placement: cost of a write per unit of volume and hop, on top of comm_factor (0: the chip's hops cost "
     "only latency)"},
    {"link_sharing", EXP_STRING, "age",
     "how flows share a busy link: age (equal shares per flow, an age-based router; alias fair), rr (round-robin per "
     "input port, our own network model, generated chips only) or tcp (SimGrid CM02: by route latency)"},
    {"ports", EXP_STRING, "on",
     "injection and ejection port per core (on: flows into one core share its ejection port; off: none, as before)"},
    {"port_bw", EXP_DOUBLE, "0", "bandwidth of a core's injection and ejection ports, B/s (0: the mesh link's)"},
    {"port_latency", EXP_DOUBLE, "0", "latency of a core's injection and ejection ports, s"},
    {"router_cycles", EXP_DOUBLE, "0",
     "router pipeline per hop, in cycles of the chip's clock (0: the preset's router delay; mesh* 2 cycles at 1 GHz, "
     "tile64 1 at 750 MHz, epiphany16 1.5 at 1 GHz)"},
    {"message_cycles", EXP_DOUBLE, "0",
     "per-message overhead in cycles of the chip's clock, waited before each message (a cycle-level router pays "
     "about 12: injection, ejection, whole packets)"},
    {"comm_factor", EXP_DOUBLE, "1", "time units to write one unit of volume over a link (sender pays)"},
    {"time_unit", EXP_DOUBLE, "1e-4", "seconds per time unit of task load (hop latencies are ns: negligible)"},
    {"items", EXP_INT, "1000", "data items fed through the pipeline"},
    {"warmup", EXP_INT, "20", "completions excluded from steady-state measures (per mapping epoch)"},
    {"buffer", EXP_INT, "0", "buffer capacity per incoming flow (items); 0 = auto: enough never to block a sender"},
    {"fail", EXP_STRING, "", "core failures: Pi@T,X:Y@T,... or exp:MEAN or weibull:SHAPE:SCALE (time units)"},
    {"loss", EXP_STRING, "lost", "items in flight at a failure: lost or replay"},
    {"heartbeat", EXP_DOUBLE, "0", "heartbeat period (time units); 0 = twice the analytic period"},
    {"timeout_beats", EXP_DOUBLE, "3", "a core silent for this many heartbeat periods is declared dead"},
    {"target", EXP_DOUBLE, "0.9", "throughput target as a fraction of the analytic throughput 1/T"},
    {NULL, 0, NULL, NULL},
};

static const char *const pipeline_metrics[] = {
    "stages_used",      "analytic_period",    "sim_period",      "period_ratio",   "link_bound",
    "bound_ratio",      "throughput",
    "latency",          "routing_xy",         "hop_volume",      "contended_links", "core_util_max",
    "core_util_mean",   "link_util_max",      "link_util_mean",  "makespan",       "items_done",
    "items_lost",       "failures",           "detection_delay", "recoveries",     "recovery_time",
    "throughput_before", "throughput_after",  "overall_throughput", "target_met",  "completed",
    "min_message_bytes", "flow_share_min", "flow_share_mean", NULL,
};

static int pipeline_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  noc_run run;
  int rc = noc_run_execute(params, seed, 0, &run, err);
  if (rc == GN_OK && noc_run_metrics(&run, metrics))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  noc_run_free(&run);
  return rc;
}

/* A platform file is read as a chip, prepared for SimGrid and probed: SimGrid must load it and route between
 * every ordered pair of cores (a re-mapping may use any), or it would stop the simulation at the first message.
 * The supervisor's routes matter only when cores fail: platform_noc_need_supervisor checks them in that run. */
static int pipeline_check_platform(const char *path, gn_error *err) {
  platform_desc pd;
  platform_noc pn;
  int have_pn = 0, n = 0;
  char *xml = NULL;
  size_t len = 0;
  const char **src = NULL, **dst = NULL;
  int rc = platform_read(path, &pd, err);
  if (rc == GN_OK && (rc = platform_profiles_check(&pd, err)) != GN_OK)
    platform_free(&pd);
  if (rc)
    return rc;
  if (rc == GN_OK && (rc = platform_noc_from_desc(&pd, &pn, err)) == GN_OK)
    have_pn = 1;
  if (rc == GN_OK && (rc = platform_prepare_xml(&pd, NULL, &xml, &len, err)) == GN_OK) {
    int cores = noc_core_count(pn.chip);
    size_t cap = (size_t)cores * (size_t)cores;
    src = malloc(cap * sizeof *src);
    dst = malloc(cap * sizeof *dst);
    if (!src || !dst)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    for (int a = 0; rc == GN_OK && a < cores; a++) {
      if (pn.core_host[a] < 0)
        continue;
      for (int b = 0; b < cores; b++)
        if (b != a && pn.core_host[b] >= 0) {
          src[n] = pd.hosts[pn.core_host[a]].id;
          dst[n++] = pd.hosts[pn.core_host[b]].id;
        }
    }
    if (rc == GN_OK)
      rc = platform_probe(path, xml, len, src, dst, n, err);
  }
  free(src);
  free(dst);
  free(xml);
  if (have_pn)
    platform_noc_free(&pn);
  platform_free(&pd);
  return rc;
}

/* A chip spec is built to be checked; a failure list or law is read against the largest chip (its syntax, its
 * numbers): whether a core exists on the run's own chip is known only in the run. */
static int pipeline_check_chip_or_failures(const char *key, const char *value, gn_error *err) {
  noc_chip *chip = NULL;
  char largest[32];
  snprintf(largest, sizeof largest, "%dx%d", NOC_MAX_SIDE, NOC_MAX_SIDE);
  int rc = noc_chip_from_spec(strcmp(key, "chip") == 0 ? value : largest, &chip, err);
  if (rc == GN_OK && strcmp(key, "fail") == 0 && value[0]) {
    noc_failure *f = NULL;
    int n = 0;
    rc = noc_failures_parse(chip, value, 1, &f, &n, err);
    free(f);
  }
  noc_chip_free(chip);
  return rc;
}

/* Values refused when the scenario or command line is read, not in every run. */
static int pipeline_check_param(const char *key, const char *value, gn_error *err) {
  /* A platform file that cannot be read, or is not a chip, is refused before any run, as a grid's is. */
  if (strcmp(key, "platform") == 0 && value[0])
    return pipeline_check_platform(value, err);
  if (strcmp(key, "link_sharing") == 0 && noc_link_sharing_parse(value) < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "link sharing must be rr, age (or fair) or tcp, got '%s'", value);
  if (strcmp(key, "ports") == 0 && strcmp(value, "on") && strcmp(value, "off"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "ports must be on or off, got '%s'", value);
  if (strcmp(key, "port_bw") == 0 || strcmp(key, "port_latency") == 0 || strcmp(key, "router_cycles") == 0 ||
      strcmp(key, "message_cycles") == 0) {
    double v = strtod(value, NULL); /* already type-checked as a number */
    if (!(v >= 0) || !isfinite(v))
      return gn_error_set(err, GN_EINPUT, NULL, 0, "%s must be a finite number >= 0, got %s", key, value);
  }
  if (strcmp(key, "binding") == 0 && strcmp(value, "joint") && !noc_binding_find(value, err))
    return GN_EINPUT;
  if (strcmp(key, "chip") == 0 || strcmp(key, "fail") == 0)
    return pipeline_check_chip_or_failures(key, value, err);
  if (strcmp(key, "speed_spread") == 0) {
    double s = strtod(value, NULL); /* already type-checked as a number */
    if (!(s >= 0 && s < 1))
      return gn_error_set(err, GN_EINPUT, NULL, 0, "speed spread must be in [0, 1), got %s", value);
  }
  return map_check_param(key, value, err);
}

const experiment_kind experiment_pipeline = {
    "pipeline",      "map a task graph, bind it to a NoC chip and simulate the pipeline (with core failures)",
    pipeline_params, pipeline_metrics,
    pipeline_run,    pipeline_check_param,
    noc_run_check_params,
};
