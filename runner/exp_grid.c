/* exp_grid: the `grid` experiment kind: a data-parallel Jacobi job on a grid under a scheduler and failures. */
#include "experiment.h"
#include "grid_job.h"
#include "grid_sched.h"
#include "load_coupling.h"

#include "platform_grid.h"
#include "platform_prepare.h"
#include "platform_probe.h"
#include "platform_profile.h"
#include "platform_scan.h"

#include "gn_file.h"

#include <stdlib.h>
#include <string.h>

/* The `grid` kind's parameters, declared once: scenario files, the CSV header (in this order), `gridnoc grid`'s
 * options and --help, and `gridnoc platform grid`'s options (the EXP_GRID_SHAPE rows) read them; sim/grid/ reads
 * the values once, into a grid_params (sim/grid/grid_params.c). */
static const experiment_param grid_kind_params[] = {
    {.key = "preset", .type = EXP_STRING, .default_value = "patent",
     .help = "grid preset: patent (8 x 6, three node classes) or uniform (1 Gflop/s nodes)",
     .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "platform", .type = EXP_STRING, .default_value = "",
     .help = "SimGrid platform file to run on instead of a preset (clusters = its first K; docs/grids.md)"},
    {.key = "clusters", .type = EXP_INT, .default_value = "0", .help = "clusters K (0 = the preset's)",
     .unit = "clusters", .min = 0, .max = 1e4, .flags = EXP_GRID_SHAPE},
    {.key = "nodes", .type = EXP_INT, .default_value = "0", .help = "nodes per cluster (0 = the preset's)",
     .unit = "nodes", .min = 0, .max = 1e4, .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "shape", .type = EXP_STRING, .default_value = "cascade",
     .help = "switch connection: cascade (chain) or star (all to cluster 0)", .flags = EXP_GRID_SHAPE,
     .replaced_by = "platform"},
    {.key = "weights", .type = EXP_STRING, .default_value = "1,0,0",
     .help = "resource weights W = cpu,mem,io of the capability CP", .flags = EXP_GRID_SHAPE},
    {.key = "speed", .type = EXP_DOUBLE, .default_value = "1",
     .help = "node speed scale: every node class's flop/s times this (preset grids)", .min = 1e-12, .max = 1e12,
     .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "class_speeds", .type = EXP_STRING, .default_value = "",
     .help = "flop/s of each node class of the preset, comma-separated (before the speed scale); empty = the "
             "preset's", .unit = "flop/s", .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "port_mbps", .type = EXP_DOUBLE, .default_value = "0",
     .help = "switch port bandwidth of nodes and masters, Mbit/s (0 = the preset's, 100)", .unit = "Mbit/s",
     .min = 0, .max = 1e12, .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "backplane_mbps", .type = EXP_DOUBLE, .default_value = "0",
     .help = "switch backplane bandwidth, Mbit/s (0 = the preset's, 1000)", .unit = "Mbit/s", .min = 0, .max = 1e12,
     .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "uplink_mbps", .type = EXP_DOUBLE, .default_value = "0",
     .help = "switch-to-switch link bandwidth, Mbit/s (0 = the preset's, 100)", .unit = "Mbit/s", .min = 0,
     .max = 1e12, .flags = EXP_GRID_SHAPE, .replaced_by = "platform"},
    {.key = "switch_latency", .type = EXP_DOUBLE, .default_value = "-1",
     .help = "latency of a switch crossing (its backplane), s (-1 = the preset's, 5e-6); ports and uplinks keep "
             "theirs", .unit = "s", .min = -1, .max = 1e6, .flags = EXP_GRID_SHAPE,
     .replaced_by = "platform"},
    {.key = "scheduler", .type = EXP_STRING, .default_value = "ring", .help = "ring, plain, replicate or checkpoint"},
    {.key = "m", .type = EXP_INT, .default_value = "2",
     .help = "ring: node-ring successors sharing each block (m-redundancy)", .unit = "successors", .min = 1,
     .max = 64},
    {.key = "k", .type = EXP_INT, .default_value = "2", .help = "replicate: copies per unit", .unit = "copies",
     .min = 1, .max = 64},
    {.key = "replicas", .type = EXP_STRING, .default_value = "eager",
     .help = "ring: eager (replicas computed at once) or standby (only on failure)"},
    {.key = "mirror", .type = EXP_STRING, .default_value = "standby",
     .help = "ring: cluster mirror eager (the successor computes its predecessor's share at the same time, the "
             "patent's reading) or standby (only what the predecessor lost, after the loss)"},
    {.key = "n", .type = EXP_INT, .default_value = "5000", .help = "system size n = units (one component of x each)",
     .unit = "units", .min = 1, .max = 1e6},
    {.key = "iterations", .type = EXP_INT, .default_value = "1000", .help = "Jacobi iterations",
     .unit = "iterations", .min = 1, .max = 1e5},
    {.key = "mode", .type = EXP_STRING, .default_value = "model",
     .help = "model (costs only) or real (GSL numbers flow through the nodes; small n)"},
    {.key = "failures", .type = EXP_STRING, .default_value = "auto",
     .help = "none, a model (weibull:nd07cpu, exp:lanl05, ...), fta:PATH; auto = none, or weibull:nd07cpu when a "
             "period is set"},
    {.key = "period", .type = EXP_STRING, .default_value = "0",
     .help = "time period 1-4 (night, morning, afternoon, evening): load + failure rate; 0 = none"},
    {.key = "accel", .type = EXP_DOUBLE, .default_value = "1",
     .help = "failure-time acceleration (trace seconds per simulated second)", .unit = "trace s per simulated s",
     .min = 1e-6, .max = 1e6},
    {.key = "master_failures", .type = EXP_BOOL, .default_value = "false",
     .help = "cluster masters and the grid master can fail too"},
    {.key = "fta_node", .type = EXP_INT, .default_value = "0",
     .help = "fta: first trace node (ascending node_id) mapped to grid node 0", .min = 0, .max = 1e7},
    {.key = "fta_start", .type = EXP_DOUBLE, .default_value = "-1",
     .help = "fta: trace time of the run's start (-1 = first available record)", .unit = "s", .min = -1,
     .max = 1e13},
    {.key = "load_step", .type = EXP_DOUBLE, .default_value = "10",
     .help = "background load: seconds between speed changes", .unit = "s", .min = 1e-3, .max = 1e9},
    {.key = "load_coupling", .type = EXP_STRING, .default_value = "none",
     .help = "owners' load and node departures: none (drawn apart) or precede:S (the owner's activity holds a "
             "node at 5 % of its speed for the S seconds before each departure; docs/grids.md)"},
    {.key = "heartbeat", .type = EXP_DOUBLE, .default_value = "1", .help = "heartbeat period (s)", .unit = "s",
     .min = 1e-3, .max = 1e6},
    {.key = "heartbeat_phase", .type = EXP_STRING, .default_value = "aligned",
     .help = "first heartbeat of each sender: aligned (a period after it starts: all at once) or staggered (a "
             "fraction of the period, different for every node of a cluster and every cluster; docs/grids.md)"},
    {.key = "heartbeat_transport", .type = EXP_STRING, .default_value = "flow",
     .help = "heartbeats as network flows of 64 bytes (flow) or as a fixed delay, the route's latency + 64 bytes "
             "over its narrowest link, using no bandwidth (delay: much cheaper to simulate on large grids; "
             "docs/grids.md)"},
    {.key = "timeout_factor", .type = EXP_DOUBLE, .default_value = "3",
     .help = "a reply is missed after this many times its expected duration", .unit = "expected durations",
     .min = 1e-3, .max = 1e6},
    {.key = "rings", .type = EXP_STRING, .default_value = "rebuilt",
     .help = "rebuilt (both rings rebuilt every iteration from the supervisor, the patent) or static (built once "
             "from the nominal capabilities: every node and cluster stays on them with its share)"},
    {.key = "deadline_factor", .type = EXP_DOUBLE, .default_value = "3",
     .help = "the run stops at this multiple of the deadline reference's fault-free makespan, a complete failure "
             "unless its last iteration has ended (0 = none)",
     .unit = "fault-free makespans", .min = 0, .max = 1e6},
    {.key = "deadline_ref", .type = EXP_STRING, .default_value = "plain",
     .help = "deadline reference: the fault-free makespan of this scheduler on the same grid and load (plain: one "
             "deadline for every scheduler of a repetition), or self (each scheduler its own)"},
    {.key = "deadline", .type = EXP_DOUBLE, .default_value = "0",
     .help = "absolute deadline (s) instead of the factor (deadline_ref unused; skips the fault-free reference run)",
     .unit = "s", .min = 0, .max = 1e12},
    {.key = "l1", .type = EXP_DOUBLE, .default_value = "0.2", .help = "success ratio below which a node is failed",
     .min = 0, .max = 1},
    {.key = "l2", .type = EXP_DOUBLE, .default_value = "0.5", .help = "below this: backup", .min = 0, .max = 1},
    {.key = "l3", .type = EXP_DOUBLE, .default_value = "0.8", .help = "below this: tolerant; above: master",
     .min = 0, .max = 1},
    {.key = "alpha", .type = EXP_DOUBLE, .default_value = "0.25",
     .help = "weight of the newest outcome in the success ratio", .min = 0, .max = 1},
    {.key = "network", .type = EXP_STRING, .default_value = "LV08",
     .help = "SimGrid network model: LV08 (TCP) or CM02 (latency + size/bandwidth)"},
    {.key = "reference", .type = EXP_BOOL, .default_value = "true",
     .help = "also simulate one cluster for speedup_cluster (a forked run)"},
    {.key = NULL},
};

/* The `grid` kind's metric columns, in CSV order, each declared once (analysis/metric_info.h). */
static const metric_info grid_metrics[] = {
    {"completed", "share of runs completed", NULL, METRIC_BINARY},
    {"cause", "why the run stopped (none, deadline, ...)", NULL, METRIC_WORD},
    {"iterations_done", "iterations done", NULL, METRIC_COUNT},
    {"makespan_s", "makespan", "s", METRIC_VALUE},
    {"deadline_s", "deadline", "s", METRIC_VALUE},
    {"deadline_ref_s", "fault-free makespan of the deadline reference", "s", METRIC_VALUE},
    {"speedup_node", "speedup over the fastest node", NULL, METRIC_RATIO},
    {"speedup_bound", "bound on the speedup over the fastest node", NULL, METRIC_RATIO},
    {"speedup_cluster", "speedup over one cluster", NULL, METRIC_RATIO},
    {"efficiency", "efficiency: speedup / capability ratio", NULL, METRIC_VALUE},
    {"redundant_work", "redundant work / useful work", NULL, METRIC_VALUE},
    {"reexec_work", "re-executed work / useful work", NULL, METRIC_VALUE},
    {"failed_queue_mean", "units entering a failed queue per cluster-iteration", NULL, METRIC_VALUE},
    {"failed_queue_max", "most units entering a failed queue", NULL, METRIC_COUNT},
    {"fq_patent_series", "failed queue, patent series", NULL, METRIC_VALUE},
    {"fq_patent_closed", "failed queue, patent closed form", NULL, METRIC_VALUE},
    {"miss_rate", "per-assignment miss rate", NULL, METRIC_SHARE},
    {"cluster_recoveries", "cluster recoveries", NULL, METRIC_COUNT},
    {"rollbacks", "rollbacks", NULL, METRIC_COUNT},
    {"checkpoints", "checkpoints", NULL, METRIC_COUNT},
    {"host_failures", "node failures", NULL, METRIC_COUNT},
    {"x_matches_fault_free", "share of runs with x bit-identical to the fault-free run", NULL, METRIC_BINARY},
    {"x_error_direct", "max |x - direct solve|", NULL, METRIC_VALUE},
    {NULL, NULL, NULL, METRIC_VALUE},
};

static int grid_kind_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  grid_job job;
  int rc = grid_job_execute(params, seed, &job, err);
  if (rc == GN_OK && grid_job_metrics(&job, metrics))
    rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  grid_job_free(&job);
  return rc;
}

/* A platform file is read, laid out as a grid (every cluster), prepared for SimGrid and probed: SimGrid must load
 * it and route between every node and its cluster master and every cluster master and the grid master, both
 * ways (the messages of a run), or it would stop the simulation. */
static int grid_check_platform(const char *path, gn_error *err) {
  platform_desc pd;
  grid g;
  platform_grid_hosts h;
  memset(&g, 0, sizeof g);
  memset(&h, 0, sizeof h);
  char *xml = NULL;
  size_t len = 0;
  const char **src = NULL, **dst = NULL;
  /* An oversized grid is refused from the file's text (0.1 s) before the full read, layout and SimGrid probe
   * (2.3 s and 450 MB for a 150,000-host cluster; minutes for as many <host> elements). */
  platform_scan scan;
  platform_scan_file(path, &scan);
  if (scan.hosts - scan.not_nodes > GRID_NODES_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "a grid of at least %ld nodes (%ld hosts) exceeds the %d-node limit",
                        scan.hosts - scan.not_nodes, scan.hosts, GRID_NODES_MAX);
  int rc = platform_read(path, &pd, err), n = 0;
  if (rc == GN_OK)
    rc = platform_profiles_check(&pd, err);
  if (rc == GN_OK && (rc = platform_grid_layout(&pd, 0, &g, &h, err)) == GN_OK &&
      (rc = platform_prepare_xml(&pd, NULL, &xml, &len, err)) == GN_OK) {
    int cap = 2 * (h.n_nodes + h.n_clusters);
    src = malloc((size_t)cap * sizeof *src);
    dst = malloc((size_t)cap * sizeof *dst);
    if (!src || !dst)
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    for (int i = 0; rc == GN_OK && i < h.n_nodes + h.n_clusters; i++) {
      int a = i < h.n_nodes ? h.node[i] : h.cluster_master[i - h.n_nodes];
      int b = i < h.n_nodes ? h.cluster_master[g.nodes[i].cluster] : h.grid_master;
      if (a == b)
        continue;
      src[n] = dst[n + 1] = pd.hosts[a].id;
      dst[n] = src[n + 1] = pd.hosts[b].id;
      n += 2;
    }
    if (rc == GN_OK)
      rc = platform_probe(path, xml, len, src, dst, n, err);
  }
  free(src);
  free(dst);
  free(xml);
  platform_grid_hosts_free(&h);
  grid_free(&g);
  platform_free(&pd);
  return rc;
}

/* Names from a registry, and a platform file that cannot be read, are refused when the scenario or command line
 * is read, not in every run. */
static int grid_check_param(const char *key, const char *value, gn_error *err) {
  if (strcmp(key, "scheduler") == 0 && !grid_sched_find(value, err))
    return GN_EINPUT;
  if (strcmp(key, "platform") == 0 && value[0])
    return grid_check_platform(value, err);
  grid_weights w;
  if (strcmp(key, "weights") == 0 && grid_job_parse_weights(value, &w, err))
    return GN_EINPUT;
  if (strcmp(key, "switch_latency") == 0 && strcmp(value, "-1") && !(strtod(value, NULL) >= 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "a latency >= 0 s, or -1 for the preset's, got %s", value);
  load_coupling lc;
  if (strcmp(key, "load_coupling") == 0 && load_coupling_parse(value, &lc, err))
    return GN_EINPUT;
  if (strcmp(key, "failures") == 0 && strncmp(value, "fta:", 4) == 0)
    return gn_file_check_input(value + 4, 0, err); /* a FIFO or a folder is refused before any run */
  if (strcmp(key, "failures") == 0 && strcmp(value, "auto") && strcmp(value, "none") && strncmp(value, "fta:", 4) &&
      !failure_model_find(value, err))
    return GN_EINPUT;
  return GN_OK;
}

const experiment_kind experiment_grid = {
    "grid",
    "a Jacobi job on a grid of clusters under a scheduler (ring, plain, replicate, checkpoint) and failures",
    grid_kind_params,
    grid_metrics,
    grid_kind_run,
    grid_check_param,
    grid_job_check_params,
};
