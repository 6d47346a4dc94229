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

/* The `pipeline` kind's parameters, declared once: scenario files, the CSV header (in this order) and `gridnoc
 * pipeline`'s options and --help (in `rank` order, then the rest in this order) read them. */
static const experiment_param pipeline_params[] = {
    {.key = "graph", .type = EXP_STRING, .help = "task graph source: a path (.stg, .xml) or gen:KEY=VAL,...",
     .flags = EXP_POSITIONAL},
    {.key = "chip", .type = EXP_STRING, .default_value = "mesh20",
     .help = "chip preset (mesh20, mesh50, mesh100, tile64, epiphany16) or WxH", .rank = 1, .replaced_by = "platform"},
    {.key = "platform", .type = EXP_STRING, .default_value = "",
     .help = "SimGrid platform file of the chip (hosts with x/y or a TORUS cluster), instead of chip", .rank = 2},
    {.key = "broken", .type = EXP_STRING, .default_value = "", .help = "cores broken at manufacture: X:Y,X:Y,...",
     .rank = 9},
    {.key = "speed_spread", .type = EXP_DOUBLE, .default_value = "0",
     .help = "heterogeneous core speeds: nominal x U(1-s, 1+s), drawn from the seed", .rank = 10},
    {.key = "stages", .type = EXP_INT, .help = "pipeline stages N (at most the chip's logical cores)", .min = 1,
     .max = 1e6, .option = "-n", .rank = 3},
    {.key = "mapper", .type = EXP_STRING, .default_value = "dpma",
     .help = "mapper name (as in gridnoc map), used again to re-map after failures", .option = "-m", .rank = 4},
    {.key = "mapper_options", .type = EXP_STRING, .default_value = "", .help = "mapper options key=val,...",
     .rank = 5},
    {.key = "binding", .type = EXP_STRING, .default_value = "snake",
     .help = "stage-to-core binding: snake, comm (lower hops x volume), links (lower the busiest link) or joint (map, "
             "bind, re-map against contention, then keep whichever of it and the pairs simulates fastest in a probe)",
     .rank = 6},
    {.key = "hop_cost", .type = EXP_DOUBLE, .default_value = "0",
     .help = "joint placement: cost of a write per unit of volume and hop, on top of comm_factor (0: the chip's hops "
             "cost only latency)",
     .unit = "time units per unit of volume and hop", .min = 0, .max = 1e300, .rank = 8},
    {.key = "link_sharing", .type = EXP_STRING, .default_value = "age",
     .help = "how flows share a busy link: age (equal shares per flow, an age-based router; alias fair), rr "
             "(round-robin per input port, our own network model, generated chips only), tcp (SimGrid CM02: by route "
             "latency) or oldest (first come, first served by message start, an age-based router seen message by "
             "message; our own network model, generated chips only)",
     .rank = 7},
    {.key = "ports", .type = EXP_STRING, .default_value = "on",
     .help = "injection and ejection port per core (on: flows into one core share its ejection port; off: none, as "
             "before)"},
    {.key = "port_bw", .type = EXP_DOUBLE, .default_value = "0",
     .help = "bandwidth of a core's injection and ejection ports, B/s (0: the mesh link's)", .unit = "B/s", .min = 0,
     .max = 1e15},
    {.key = "port_latency", .type = EXP_DOUBLE, .default_value = "0",
     .help = "latency of a core's injection and ejection ports, s", .unit = "s", .min = 0, .max = 1},
    {.key = "router_cycles", .type = EXP_DOUBLE, .default_value = "0",
     .help = "router pipeline per hop, in cycles of the chip's clock (0: the preset's router delay; mesh* 2 cycles at "
             "1 GHz, tile64 1 at 750 MHz, epiphany16 1.5 at 1 GHz)",
     .unit = "cycles", .min = 0, .max = 1e6},
    {.key = "message_cycles", .type = EXP_DOUBLE, .default_value = "0",
     .help = "per-message overhead in cycles of the chip's clock, waited before each message (a cycle-level router "
             "pays about 12: injection, ejection, whole packets)",
     .unit = "cycles", .min = 0, .max = 1e9},
    {.key = "comm_factor", .type = EXP_DOUBLE, .default_value = "1",
     .help = "time units to write one unit of volume over a link (sender pays)", .unit = "time units per unit of volume",
     .min = 0, .max = 1e300},
    {.key = "time_unit", .type = EXP_DOUBLE, .default_value = "1e-4",
     .help = "seconds per time unit of task load (hop latencies are ns: negligible)", .unit = "s", .min = 1e-9,
     .max = 1e3}, /* SimGrid dates stay far from overflow */
    {.key = "items", .type = EXP_INT, .default_value = "1000", .help = "data items fed through the pipeline",
     .unit = "items", .min = 2, .max = 1e6}, /* per-item arrays and events; items x stages <= 2e6 */
    {.key = "warmup", .type = EXP_INT, .default_value = "20",
     .help = "completions excluded from steady-state measures (per mapping epoch)", .unit = "items", .min = 1,
     .max = 1e6},
    {.key = "buffer", .type = EXP_INT, .default_value = "0",
     .help = "buffer capacity per incoming flow (items); 0 = auto: enough never to block a sender", .unit = "items",
     .min = 0, .max = 1e6},
    {.key = "fail", .type = EXP_STRING, .default_value = "",
     .help = "core failures: Pi@T,X:Y@T,... or exp:MEAN or weibull:SHAPE:SCALE (time units)"},
    {.key = "loss", .type = EXP_STRING, .default_value = "lost", .help = "items in flight at a failure: lost or replay"},
    {.key = "heartbeat", .type = EXP_DOUBLE, .default_value = "0",
     .help = "heartbeat period (time units); 0 = twice the analytic period", .unit = "time units", .min = 0,
     .max = 1e12}, /* also >= period / 100 when cores fail (noc_pipeline.c) */
    {.key = "timeout_beats", .type = EXP_DOUBLE, .default_value = "3",
     .help = "a core silent for this many heartbeat periods is declared dead", .unit = "heartbeat periods", .min = 1,
     .max = 1e6},
    {.key = "target", .type = EXP_DOUBLE, .default_value = "0.9",
     .help = "throughput target as a fraction of the analytic throughput 1/T", .min = 0, .max = 1},
    {.key = NULL},
};

/* The `pipeline` kind's metric columns, in CSV order, each declared once (analysis/metric_info.h). */
static const metric_info pipeline_metrics[] = {
    {"stages_used", "stages used", NULL, METRIC_COUNT},
    {"analytic_period", "analytic period", "time units", METRIC_VALUE},
    {"sim_period", "simulated period", "time units", METRIC_VALUE},
    {"period_ratio", "simulated / analytic period", NULL, METRIC_BOUND_RATIO},
    {"link_bound", "busiest link's time per item", "time units", METRIC_VALUE},
    {"bound_ratio", "simulated period / max(analytic, link bound)", NULL, METRIC_BOUND_RATIO},
    {"throughput", "throughput 1/T", "items / time unit", METRIC_VALUE},
    {"latency", "latency", "time units", METRIC_VALUE},
    {"routing_xy", "XY routing", NULL, METRIC_BINARY},
    {"hop_volume", "volume x hops", "data units", METRIC_VALUE},
    {"contended_links", "contended links", NULL, METRIC_COUNT},
    {"core_util_max", "busiest core's utilisation", NULL, METRIC_SHARE},
    {"core_util_mean", "mean core utilisation", NULL, METRIC_SHARE},
    {"link_util_max", "busiest link's utilisation", NULL, METRIC_SHARE},
    {"link_util_mean", "mean link utilisation", NULL, METRIC_SHARE},
    {"makespan", "makespan", "time units", METRIC_VALUE},
    {"items_done", "items delivered", NULL, METRIC_COUNT},
    {"items_lost", "items lost", NULL, METRIC_COUNT},
    {"failures", "core failures", NULL, METRIC_COUNT},
    {"detection_delay", "failure detection delay", "time units", METRIC_VALUE},
    {"recoveries", "recoveries", NULL, METRIC_COUNT},
    {"recovery_time", "recovery time", "time units", METRIC_VALUE},
    {"throughput_before", "throughput before the failure", "items / time unit", METRIC_VALUE},
    {"throughput_after", "throughput after the failure", "items / time unit", METRIC_VALUE},
    {"overall_throughput", "overall throughput", "items / time unit", METRIC_VALUE},
    {"target_met", "share of runs meeting the throughput target", NULL, METRIC_BINARY},
    {"completed", "share of runs completed", NULL, METRIC_BINARY},
    {"min_message_bytes", "smallest message", "bytes", METRIC_VALUE},
    {"flow_share_min", "smallest flow's share of its bottleneck", NULL, METRIC_SHARE},
    {"flow_share_mean", "mean flow's share of its bottleneck", NULL, METRIC_SHARE},
    {"in_phase_writers", "equal writes held in phase above their resource's bound", NULL, METRIC_COUNT},
    {"in_phase_bound", "bound of the resource the in-phase writes share", "time units", METRIC_VALUE},
    {NULL, NULL, NULL, METRIC_VALUE},
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
    return gn_error_set(err, GN_EINPUT, NULL, 0, "link sharing must be rr, age (or fair), tcp or oldest, got '%s'",
                        value);
  if (strcmp(key, "ports") == 0 && strcmp(value, "on") && strcmp(value, "off"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "ports must be on or off, got '%s'", value);
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

/* Across one run's parameters, before it runs: the chip and its failure plan as the run builds them, then the
 * mapper's options and the graph's task count against the stages. */
static int pipeline_check_run(const gn_kvlist *params, gn_error *err) {
  int rc = noc_run_check(params, err);
  return rc ? rc : map_check_cut(params, "mapper_options", err);
}

const experiment_kind experiment_pipeline = {
    "pipeline",      "map a task graph, bind it to a NoC chip and simulate the pipeline (with core failures)",
    pipeline_params, pipeline_metrics,
    pipeline_run,    pipeline_check_param,
    pipeline_check_run,
};
