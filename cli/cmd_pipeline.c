/* cmd_pipeline: `gridnoc pipeline GRAPH --chip C -n N -m MAPPER ...`: one pipeline run, summary, CSV, SVGs. */
#include "cli.h"
#include "commands.h"
#include "experiment.h"
#include "gn_file.h"
#include "mapper.h"
#include "noc_probe.h"
#include "noc_run.h"
#include "noc_svg.h"
#include "noc_trace_json.h"
#include "sgwrap.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pipeline_args {
  gn_kvlist params;
  const char *partition; /* --partition FILE: run this cut (the `file` mapper) */
  uint64_t seed;
  int csv, flows;
  const char *svg_chip, *svg_timeline, *trace_json;
  long trace_items;
} pipeline_args;

static void usage(void) {
  printf("usage: gridnoc pipeline GRAPH --chip PRESET|WxH -n N [-m MAPPER] [options]\n"
         "       gridnoc pipeline GRAPH --platform FILE.xml -n N [-m MAPPER] [options]\n"
         "Maps GRAPH (a path or gen:...) into N stages, binds them to logical cores of the chip and simulates\n"
         "the pipeline in SimGrid; prints the analytic and simulated period, latency, utilisation and, with\n"
         "--fail, failure detection and recovery.\n\noptions (defaults in brackets):\n");
  cli_print_param_options(experiment_pipeline.params, 20);
  printf("  %-20s run seed (mapper, drawn failures, speeds) [1]\n"
         "  %-20s print a CSV header and row (parameters then metrics)\n"
         "  %-20s after the summary, one line per flow of the first mapping: route, volume, write time, share\n"
         "  %-20s write an SVG of the chip coloured by stage with the heaviest flows\n"
         "  %-20s write an SVG timeline of the first items per core (failures marked)\n"
         "  %-20s write the same events as Chrome / Perfetto trace-event JSON (a track per core)\n"
         "  %-20s items per mapping epoch drawn in the timeline [6]\n"
         "  %-20s a SimGrid setting (repeatable), e.g. --cfg tracing:yes\n"
         "  %-20s run this hand-made cut (gridnoc map --partition-out writes one; -n comes from it)\n",
         "--seed S", "--csv", "--flows", "--svg-chip FILE", "--svg-timeline FILE", "--trace-json FILE",
         "--trace-items K", "--cfg KEY:VALUE", "--partition FILE");
}

/* Options of `gridnoc pipeline` that are not pipeline parameters (those come from the kind's table,
 * runner/exp_pipeline.c). */
static const char *const extra_options[] = {"--seed",        "--svg-chip", "--svg-timeline", "--trace-json",
                                            "--trace-items", "--csv",      "--flows",        "--cfg",
                                            "--partition",   "--help",     NULL};

static int is_extra_option(const char *arg) {
  for (int k = 0; extra_options[k]; k++)
    if (strcmp(arg, extra_options[k]) == 0)
      return 1;
  return 0;
}

static int unknown_option(const char *arg) {
  const char *known[128];
  cli_known_options(experiment_pipeline.params, extra_options, known, 128);
  return cli_unknown_option("pipeline", arg, known);
}

/* --partition FILE = -m file --mapper-options path=FILE, -n from the file unless given. */
static int use_partition_file(pipeline_args *a) {
  gn_error err = {0};
  if (gn_kv_get(&a->params, "mapper") || gn_kv_get(&a->params, "mapper_options"))
    return cli_usage_error("pipeline", "--partition runs the given cut: -m and --mapper-options do not apply");
  char opts[4200], n[32];
  int stages;
  snprintf(opts, sizeof opts, "path=%s", a->partition);
  if (!gn_kv_get(&a->params, "stages")) {
    if (mapper_file_stages(a->partition, &stages, &err))
      return cli_report(&err);
    snprintf(n, sizeof n, "%d", stages);
    if (gn_kv_set(&a->params, "stages", n))
      return cli_usage_error("pipeline", "out of memory");
  }
  if (gn_kv_set(&a->params, "mapper", "file") || gn_kv_set(&a->params, "mapper_options", opts))
    return cli_usage_error("pipeline", "out of memory");
  return 0;
}

static int parse_args(int argc, char **argv, pipeline_args *a) {
  gn_error err = {0};
  cli_seen seen = {0};
  a->seed = 1;
  a->trace_items = 6;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (arg[0] != '-') {
      if (gn_kv_get(&a->params, "graph"))
        return cli_usage_error("pipeline", "one GRAPH only (got '%s' too)", arg);
      if (gn_kv_set(&a->params, "graph", arg))
        return cli_usage_error("pipeline", "out of memory");
      continue;
    }
    if (strcmp(arg, "--csv") == 0) {
      a->csv = 1;
      continue;
    }
    if (strcmp(arg, "--flows") == 0) {
      a->flows = 1;
      continue;
    }
    const experiment_param *p = experiment_param_by_option(experiment_pipeline.params, arg);
    if (!p && !is_extra_option(arg))
      return unknown_option(arg);
    if (i + 1 >= argc)
      return cli_usage_error("pipeline", "%s needs a value", arg);
    const char *val = argv[++i];
    if (cli_option_once(&seen, p ? p->key : arg, arg, val, &err))
      return cli_usage_error("pipeline", "%s", err.msg);
    if (p) {
      if (gn_kv_set(&a->params, p->key, val))
        return cli_usage_error("pipeline", "out of memory");
    } else if (strcmp(arg, "--seed") == 0) {
      if (cli_parse_seed("--seed", val, &a->seed, &err))
        return cli_report(&err);
    } else if (strcmp(arg, "--partition") == 0) {
      a->partition = val;
    } else if (strcmp(arg, "--cfg") == 0) {
      if (gn_sim_cfg_add(val, &err))
        return cli_report(&err);
    } else if (strcmp(arg, "--svg-chip") == 0) {
      a->svg_chip = val;
    } else if (strcmp(arg, "--svg-timeline") == 0) {
      a->svg_timeline = val;
    } else if (strcmp(arg, "--trace-json") == 0) {
      a->trace_json = val;
    } else if (strcmp(arg, "--trace-items") == 0) {
      if (cli_parse_int("--trace-items", val, 1, 1000, &a->trace_items, &err))
        return cli_report(&err);
    } else {
      return cli_usage_error("pipeline", "unknown option '%s' (see gridnoc pipeline --help)", arg);
    }
  }
  if (!gn_kv_get(&a->params, "graph"))
    return cli_usage_error("pipeline", "missing GRAPH (see gridnoc pipeline --help)");
  if (a->partition && use_partition_file(a))
    return 2;
  if (experiment_check_params(&experiment_pipeline, &a->params, "gridnoc pipeline", &err))
    return cli_report(&err);
  return 0;
}

static const char *fmt(char *buf, double v) {
  gn_format_double(buf, 32, v);
  return buf;
}

/* Hops x volume of the initial mapping under every binding method, so the chosen one can be compared. */
static void print_bindings(const noc_run *run) {
  const noc_plan *p0 = &run->rep.epochs[0].plan;
  int *logical = malloc((size_t)noc_core_count(run->chip) * sizeof *logical);
  int *core = malloc((size_t)p0->n_stages * sizeof *core);
  gn_error err;
  if (logical && core) {
    int k = noc_logical_cores(run->chip, NULL, logical);
    printf("hops x volume by binding:");
    for (int i = 0; noc_binding_methods[i]; i++)
      if (noc_binding_methods[i]->bind(run->chip, logical, k, p0->n_stages, p0->flows, p0->n_flows, core, &err) == 0)
        printf(" %s %.10g%s", noc_binding_methods[i]->name,
               noc_binding_hop_volume(run->chip, core, p0->flows, p0->n_flows),
               strcmp(noc_binding_methods[i]->name, run->cfg.plan.binding) ? "" : " (used)");
    printf("\n");
  }
  free(logical);
  free(core);
}

/* The `shown` busiest of n links by utilisation (bytes / (bandwidth × makespan)): the XY model's links
 * (names == NULL: named by the model, all at the chip's bandwidth) or the file's links on a non-XY platform. */
static void print_busiest(const noc_run *run, int shown, int n, const double *bytes, const double *bw_Bps,
                          char *const *names) {
  double span_s = run->rep.makespan * run->cfg.time_unit_s;
  unsigned char *done = calloc((size_t)n + 1, 1);
  if (!done || !(span_s > 0)) {
    free(done);
    return;
  }
  printf("busiest links:");
  for (int i = 0; i < shown; i++) {
    int best = -1;
    double best_util = 0;
    for (int l = 0; l < n; l++) {
      double util = bytes[l] / ((bw_Bps ? bw_Bps[l] : noc_link_bw(run->chip, l)) * span_s);
      if (!done[l] && bytes[l] > 0 && (best < 0 || util > best_util)) {
        best = l;
        best_util = util;
      }
    }
    if (best < 0 && i == 0)
      printf(" none (no data crossed the %s)", names ? "network" : "mesh");
    if (best < 0)
      break;
    done[best] = 1;
    char name[32];
    if (!names)
      noc_link_name(run->chip, best, name, sizeof name);
    printf(" %s %.3f", names ? names[best] : name, best_util);
  }
  printf("\n");
  free(done);
}

/* Where the chip comes from and whether its routes are the XY routes the model's link metrics assume. */
static void print_routing(const noc_run *run) {
  if (!run->has_platform)
    printf("routing: XY (generated chip)\n");
  else
    printf("platform %s: routing: %s\n", run->pd.path, run->pn.routing_text);
  const noc_chip *c = run->chip;
  if (c->ports)
    printf("ports: injection and ejection per core, %.10g B/s, %.10g s (flows into one core share its ejection port)\n",
           c->port_bw_Bps, c->port_lat_s);
  else
    printf("ports: none declared (no link with property gridnoc.port): messages enter and leave cores at no cost\n");
}

/* One line per flow of the first mapping: stages, cores, hops, volume, bytes per message, mean write time
 * against the time alone, and the share of its bottleneck it got. */
static void print_flows(const noc_run *run) {
  const noc_plan *p0 = &run->rep.epochs[0].plan;
  char a[32], b[32], c[32], d[32], x[32], y[32];
  printf("flow     stages   cores                 hops  volume     bytes      write (mean)  alone       share\n");
  for (int f = 0; f < p0->n_flows; f++) {
    const noc_flow *fl = &p0->flows[f];
    int s = p0->stage_core[fl->src_stage], t = p0->stage_core[fl->dst_stage];
    char stages[32], cores[80];
    snprintf(stages, sizeof stages, "%d->%d", fl->src_stage + 1, fl->dst_stage + 1);
    snprintf(cores, sizeof cores, "%.38s->%.38s", noc_run_core_name(run, s, x, sizeof x),
             noc_run_core_name(run, t, y, sizeof y));
    double bytes = (double)lround(fl->volume * run->cfg.plan.comm_factor * run->cfg.time_unit_s * run->chip->link_bw_Bps);
    printf("%-8d %-8s %-21s %4d  %-10s %-10.0f %-13s %-11s %s\n", f + 1, stages, cores, noc_hops(run->chip, s, t),
           fmt(a, fl->volume), bytes, fmt(b, run->rep.flow_write_mean[f]), fmt(c, noc_run_flow_alone(run, f)),
           fmt(d, noc_run_flow_share(run, f)));
  }
}

/* The warning of noc_phase.h. Three or more in phase: BookSim2 left that state on every such replay case and
 * settled at the bound. Two: it kept converge's two writers in phase for 600 items but let two2hop's (under age)
 * and hop31's drift apart, so the period may be either (docs/noc-validation.md, "Which runs rest on writes in
 * phase"). */
static void print_in_phase(const noc_run *run) {
  const noc_pipeline_report *r = &run->rep;
  if (r->in_phase_writers < 2)
    return;
  char where[48], name[32], a[32];
  int cores = noc_core_count(run->chip);
  if (noc_link_is_port(run->chip, r->in_phase_link))
    snprintf(where, sizeof where, "into %s", noc_run_core_name(run, r->in_phase_link % cores, name, sizeof name));
  else {
    noc_link_name(run->chip, r->in_phase_link, name, sizeof name);
    snprintf(where, sizeof where, "through link %s", name);
  }
  double least = r->in_phase_bound > r->bound ? r->in_phase_bound : r->bound;
  if (r->in_phase_writers >= 3)
    printf("warning: %d equal writes %s stay in phase (an unstable state a cycle-level router leaves: "
           "BookSim2 settles at the bound); the period may be as low as %s (docs/noc-validation.md)\n",
           r->in_phase_writers, where, fmt(a, least));
  else
    printf("warning: 2 equal writes %s stay in phase (a cycle-level router may keep them so or let them "
           "drift apart: BookSim2 does both); the period may be as low as %s (docs/noc-validation.md)\n",
           where, fmt(a, least));
}

static void print_summary(const noc_run *run) {
  const noc_pipeline_report *r = &run->rep;
  const noc_plan *p0 = &r->epochs[0].plan;
  char a[32], b[32], c[32], d[32];
  printf("chip %s (%dx%d), %d stages, %ld items\n", run->chip->name, run->chip->width, run->chip->height, p0->n_stages,
         run->cfg.items);
  printf("period: analytic %s, simulated %s (ratio %s), %d link(s) shared by flows of 2+ senders\n",
         fmt(a, r->analytic_period), fmt(b, r->sim_period), fmt(c, r->period_ratio), r->contended_links);
  printf("bound: busiest link %s per item, max(analytic, link) %s, simulated / bound %s (%s link sharing)\n",
         fmt(a, r->link_bound), fmt(b, r->bound), fmt(c, r->bound_ratio),
         noc_link_sharing_name(run->cfg.link_sharing));
  /* Off XY routes, "hops" are the links a flow crosses in the file. */
  printf("throughput %s items/unit, latency %s, makespan %s, %s x volume %s\n", fmt(a, r->throughput),
         fmt(b, r->latency), fmt(c, r->makespan), run->routing_xy ? "hops" : "links crossed", fmt(d, r->hop_volume));
  printf("core utilisation: max %s mean %s; link utilisation: max %s mean %s\n", fmt(a, r->core_util_max),
         fmt(b, r->core_util_mean), fmt(c, r->link_util_max), fmt(d, r->link_util_mean));
  if (r->placement) {
    printf("joint placement: kept %s; probe periods (%ld items):", r->placement, noc_probe_items(&run->cfg));
    for (int i = 0; i < NOC_PROBE_CANDIDATES; i++)
      printf(" %s %s", noc_probe_candidate[i], fmt(a, r->probe_period[i]));
    printf("\n");
  }
  print_routing(run);
  double small = noc_run_min_message_bytes(run);
  if (small > 0 && small < NOC_SMALL_MESSAGE_BYTES)
    printf("warning: messages as small as %.0f bytes (below %.0f): a flow-level network is off by about 2 %% or "
           "more there (docs/noc-validation.md)\n",
           small, NOC_SMALL_MESSAGE_BYTES);
  print_in_phase(run);
  if (run->routing_xy) { /* the binding methods count XY hops */
    print_bindings(run);
    print_busiest(run, 5, noc_link_id_count(run->chip), run->rep.link_bytes, NULL, NULL);
  } else {
    print_busiest(run, 5, run->rep.n_route_links, run->rep.route_link_bytes, run->rep.route_link_bw_Bps,
                  run->rep.route_link_name);
  }
  printf("stage  core       compute    send       (time units over the run)\n");
  for (int s = 0; s < p0->n_stages; s++) {
    char buf[32];
    const char *name = noc_run_core_name(run, p0->stage_core[s], buf, sizeof buf);
    printf("%5d  %-10s %-10s %s\n", s + 1, name, fmt(a, r->core_busy[p0->stage_core[s]]),
           fmt(b, r->core_send[p0->stage_core[s]]));
  }
  printf("items: %ld delivered, %ld lost; %s\n", r->items_done, r->items_lost,
         r->completed ? "run completed" : "run stopped: no usable core left");
  if (r->n_failures_seen == 0 && run->n_failures == 0)
    return;
  if (run->profile_failures)
    printf("platform state profiles: %d core failure(s)%s\n", run->profile_failures,
           run->ignored_up ? "; later up events ignored (NoC core failures are permanent)" : "");
  for (int f = 0; f < r->n_failures_seen; f++) {
    char buf[32];
    const char *name = noc_run_core_name(run, r->failures[f].core, buf, sizeof buf);
    printf("failure: %s at %s, detected at %s\n", name, fmt(a, r->failures[f].t_fail), fmt(b, r->failures[f].t_detect));
  }
  printf("detection delay %s, recovery time %s, recoveries %d (heartbeat %s)\n", fmt(a, r->detection_delay),
         fmt(b, r->recovery_time), r->n_recoveries, fmt(c, r->heartbeat));
  printf("throughput before %s, after %s, overall %s: target %s\n", fmt(a, r->throughput_before),
         fmt(b, r->throughput_after), fmt(c, r->overall_throughput), r->target_met ? "met" : "missed");
}

int cmd_pipeline(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    usage();
    return 0;
  }
  pipeline_args a = {.params = GN_KVLIST_INIT};
  int status = parse_args(argc, argv, &a);
  if (status) {
    gn_kv_free(&a.params);
    return status;
  }
  gn_error err = {0};
  noc_run run;
  gn_kvlist metrics = GN_KVLIST_INIT;
  int need_trace = a.svg_timeline != NULL || a.trace_json != NULL;
  const char *outputs[] = {a.svg_chip, a.svg_timeline, a.trace_json};
  int rc = cli_check_outputs(outputs, 3, &err);
  if (rc) {
    gn_kv_free(&a.params);
    return cli_report(&err);
  }
  rc = noc_run_execute(&a.params, a.seed, need_trace ? (int)a.trace_items : 0, &run, &err);
  if (rc == GN_OK && noc_run_metrics(&run, &metrics))
    rc = gn_error_set(&err, GN_ENOMEM, NULL, 0, "out of memory");
  if (rc == GN_OK && a.svg_chip)
    rc = noc_svg_chip_write(a.svg_chip, run.chip, run.g, &run.rep, &err);
  if (rc == GN_OK && a.svg_timeline && (rc = noc_svg_timeline_write(a.svg_timeline, run.chip, &run.rep, &err)))
    gn_file_remove_output(a.svg_chip);
  if (rc == GN_OK && a.trace_json && (rc = noc_trace_json_write(a.trace_json, run.chip, &run.rep, &err))) {
    gn_file_remove_output(a.svg_chip);
    gn_file_remove_output(a.svg_timeline);
  }
  if (rc == GN_OK) {
    if (a.csv)
      cli_print_csv_row(experiment_pipeline.params, &a.params, &metrics, a.seed);
    else
      print_summary(&run);
    if (!a.csv && a.flows)
      print_flows(&run);
  }
  status = rc ? cli_report(&err) : 0;
  noc_run_free(&run);
  gn_kv_free(&metrics);
  gn_kv_free(&a.params);
  return status;
}
