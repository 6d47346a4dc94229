/* grid_job: parameters → grid, workload, failures, load; forked fault-free references; metrics. */
#include "grid_job.h"

#include "fta.h"
#include "gn_num.h"
#include "gn_seed.h"
#include "grid_budget.h"
#include "platform_prepare.h"
#include "platform_profile.h"
#include "ring.h"

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

const experiment_param grid_params[] = {
    {"preset", EXP_STRING, "patent", "grid preset: patent (8 x 6, three node classes) or uniform (1 Gflop/s nodes)"},
    {"platform", EXP_STRING, "",
     "SimGrid platform file to run on instead of a preset (clusters = its first K; docs/grids.md)"},
    {"clusters", EXP_INT, "0", "clusters K (0 = the preset's)"},
    {"nodes", EXP_INT, "0", "nodes per cluster (0 = the preset's)"},
    {"shape", EXP_STRING, "cascade", "switch connection: cascade (chain) or star (all to cluster 0)"},
    {"weights", EXP_STRING, "1,0,0", "resource weights W = cpu,mem,io of the capability CP"},
    {"speed", EXP_DOUBLE, "1", "node speed scale: every node class's flop/s times this (preset grids)"},
    {"class_speeds", EXP_STRING, "",
     "flop/s of each node class of the preset, comma-separated (before the speed scale); empty = the preset's"},
    {"port_mbps", EXP_DOUBLE, "0", "switch port bandwidth of nodes and masters, Mbit/s (0 = the preset's, 100)"},
    {"backplane_mbps", EXP_DOUBLE, "0", "switch backplane bandwidth, Mbit/s (0 = the preset's, 1000)"},
    {"uplink_mbps", EXP_DOUBLE, "0", "switch-to-switch link bandwidth, Mbit/s (0 = the preset's, 100)"},
    {"switch_latency", EXP_DOUBLE, "-1",
     "latency of a switch crossing (its backplane), s (-1 = the preset's, 5e-6); ports and uplinks keep theirs"},
    {"scheduler", EXP_STRING, "ring", "ring, plain, replicate or checkpoint"},
    {"m", EXP_INT, "2", "ring: node-ring successors sharing each block (m-redundancy)"},
    {"k", EXP_INT, "2", "replicate: copies per unit"},
    {"replicas", EXP_STRING, "eager", "ring: eager (replicas computed at once) or standby (only on failure)"},
    {"mirror", EXP_STRING, "standby",
     "ring: cluster mirror eager (the successor computes its predecessor's share at the same time, the patent's "
     "reading) or standby (only what the predecessor lost, after the loss)"},
    {"n", EXP_INT, "5000", "system size n = units (one component of x each)"},
    {"iterations", EXP_INT, "1000", "Jacobi iterations"},
    {"mode", EXP_STRING, "model", "model (costs only) or real (GSL numbers flow through the nodes; small n)"},
    {"failures", EXP_STRING, "auto",
     "none, a model (weibull:nd07cpu, exp:lanl05, ...), fta:PATH; auto = none, "
     "or weibull:nd07cpu when a period is set"},
    {"period", EXP_STRING, "0", "time period 1-4 (night, morning, afternoon, evening): load + failure rate; 0 = none"},
    {"accel", EXP_DOUBLE, "1", "failure-time acceleration (trace seconds per simulated second)"},
    {"master_failures", EXP_BOOL, "false", "cluster masters and the grid master can fail too"},
    {"fta_node", EXP_INT, "0", "fta: first trace node (ascending node_id) mapped to grid node 0"},
    {"fta_start", EXP_DOUBLE, "-1", "fta: trace time of the run's start (-1 = first available record)"},
    {"load_step", EXP_DOUBLE, "10", "background load: seconds between speed changes"},
    {"heartbeat", EXP_DOUBLE, "1", "heartbeat period (s)"},
    {"heartbeat_phase", EXP_STRING, "aligned",
     "first heartbeat of each sender: aligned (a period after it starts: all at once) or staggered (a "
     "fraction of the period, different for every node of a cluster and every cluster; docs/grids.md)"},
    {"heartbeat_transport", EXP_STRING, "flow",
     "heartbeats as network flows of 64 bytes (flow) or as a fixed delay, the route's latency + 64 bytes over its "
     "narrowest link, using no bandwidth (delay: much cheaper to simulate on large grids; docs/grids.md)"},
    {"timeout_factor", EXP_DOUBLE, "3", "a reply is missed after this many times its expected duration"},
    {"rings", EXP_STRING, "rebuilt",
     "rebuilt (both rings rebuilt every iteration from the supervisor, the patent) or static (built once from the "
     "nominal capabilities: every node and cluster stays on them with its share)"},
    {"deadline_factor", EXP_DOUBLE, "3",
     "the run stops at this multiple of the deadline reference's fault-free makespan, a complete failure unless "
     "its last iteration has ended (0 = none)"},
    {"deadline_ref", EXP_STRING, "plain",
     "deadline reference: the fault-free makespan of this scheduler on the same grid and load (plain: one deadline "
     "for every scheduler of a repetition), or self (each scheduler its own)"},
    {"deadline", EXP_DOUBLE, "0",
     "absolute deadline (s) instead of the factor (deadline_ref unused; skips the fault-free reference run)"},
    {"l1", EXP_DOUBLE, "0.2", "success ratio below which a node is failed"},
    {"l2", EXP_DOUBLE, "0.5", "below this: backup"},
    {"l3", EXP_DOUBLE, "0.8", "below this: tolerant; above: master"},
    {"alpha", EXP_DOUBLE, "0.25", "weight of the newest outcome in the success ratio"},
    {"network", EXP_STRING, "LV08", "SimGrid network model: LV08 (TCP) or CM02 (latency + size/bandwidth)"},
    {"reference", EXP_BOOL, "true", "also simulate one cluster for speedup_cluster (a forked run)"},
    {NULL, 0, NULL, NULL},
};

const char *const grid_metrics[] = {
    "completed",
    "cause",
    "iterations_done",
    "makespan_s",
    "deadline_s",
    "deadline_ref_s",
    "speedup_node",
    "speedup_bound",
    "speedup_cluster",
    "efficiency",
    "redundant_work",
    "reexec_work",
    "failed_queue_mean",
    "failed_queue_max",
    "fq_patent_series",
    "fq_patent_closed",
    "miss_rate",
    "cluster_recoveries",
    "rollbacks",
    "checkpoints",
    "host_failures",
    "x_matches_fault_free",
    "x_error_direct",
    NULL,
};

static const char *str(const gn_kvlist *p, const char *key) { return gn_kv_get(p, key); }

static double num(const gn_kvlist *p, const char *key) {
  double v = 0;
  gn_kv_get_double(p, key, &v);
  return v;
}

/* A parameter that is one of two words: *second = 1 for the second ("KEY must be A or B, got 'X'" otherwise). */
static int either(const gn_kvlist *p, const char *key, const char *first, const char *second_word, int *second,
                  gn_error *err) {
  const char *v = str(p, key);
  if (strcmp(v, first) && strcmp(v, second_word))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s must be %s or %s, got '%s'", key, first, second_word, v);
  *second = strcmp(v, second_word) == 0;
  return GN_OK;
}

/* deadline_ref: self or a scheduler's name. */
static int check_deadline_ref(const char *ref, gn_error *err) {
  gn_error ignored = {0};
  if (strcmp(ref, "self") == 0 || grid_sched_find(ref, &ignored))
    return GN_OK;
  return gn_error_set(err, GN_EINPUT, NULL, 0,
                      "deadline_ref must be self or a scheduler (ring, plain, replicate, checkpoint), got '%s'", ref);
}

int grid_job_parse_weights(const char *text, grid_weights *w, gn_error *err) {
  const char *s = text;
  double v[3];
  for (int i = 0; i < 3; i++) {
    size_t n = gn_num_real_span(s);
    const char *end = s + n;
    if (!n || gn_num_real_n(s, n, 0, DBL_MAX, &v[i]) != GN_NUM_OK || (i < 2 ? *end != ',' : *end != '\0'))
      return gn_error_set(err, GN_EINPUT, NULL, 0, "expected three non-negative numbers cpu,mem,io, got '%s'",
                          text);
    s = end + 1;
  }
  if (v[0] + v[1] + v[2] <= 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "at least one of cpu,mem,io must be positive");
  *w = (grid_weights){v[0], v[1], v[2]};
  return GN_OK;
}

/* "f1,f2,..." → one positive flop/s per node class of the preset. */
static int parse_class_speeds(const char *text, grid *g, gn_error *err) {
  const char *s = text;
  for (int i = 0; i < g->n_classes; i++) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    int last = i == g->n_classes - 1;
    if (end == s || errno || !(v > 0) || !isfinite(v) || (last ? *end != '\0' : *end != ','))
      return gn_error_set(err, GN_EINPUT, NULL, 0,
                          "class_speeds: expected %d positive flop/s values (one per class of the preset), got '%s'",
                          g->n_classes, text);
    g->classes[i].cpu_flops = v;
    s = end + 1;
  }
  return GN_OK;
}

/* Node speeds and network of a preset from the parameters (0 or -1 = keep the preset's value). */
static int apply_grid_overrides(const gn_kvlist *p, grid *g, gn_error *err) {
  double speed = num(p, "speed"), port = num(p, "port_mbps"), backplane = num(p, "backplane_mbps"),
         uplink = num(p, "uplink_mbps"), latency = num(p, "switch_latency");
  if (!(speed > 0) || port < 0 || backplane < 0 || uplink < 0 || !(latency >= 0 || latency == -1))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "need speed > 0, port_mbps, backplane_mbps, uplink_mbps >= 0 and switch_latency >= 0 (or -1)");
  int rc = str(p, "class_speeds")[0] ? parse_class_speeds(str(p, "class_speeds"), g, err) : GN_OK;
  if (rc)
    return rc;
  for (int i = 0; i < g->n_classes; i++)
    g->classes[i].cpu_flops *= speed;
  if (port > 0)
    g->port_bw_bps = port * 1e6 / 8;
  if (backplane > 0)
    g->backplane_bw_bps = backplane * 1e6 / 8;
  if (uplink > 0)
    g->uplink_bw_bps = uplink * 1e6 / 8;
  if (latency >= 0)
    g->backplane_lat_s = latency;
  return GN_OK;
}

int grid_job_build_grid(const gn_kvlist *p, grid_variant variant, grid *g, gn_error *err) {
  int clusters = (int)num(p, "clusters"), nodes = (int)num(p, "nodes");
  if (clusters < 0 || clusters > 10000 || nodes < 0 || nodes > 10000)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "clusters and nodes must be in 0..10000");
  int rc = grid_preset(str(p, "preset"), variant == GRID_VARIANT_ONE_CLUSTER ? 1 : clusters, nodes, g, err);
  if (rc)
    return rc;
  int star;
  if ((rc = either(p, "shape", "cascade", "star", &star, err)))
    return rc;
  g->shape = star ? GRID_STAR : GRID_CASCADE;
  grid_weights w;
  if ((rc = apply_grid_overrides(p, g, err)) || (rc = grid_job_parse_weights(str(p, "weights"), &w, err)))
    return rc;
  grid_set_weights(g, w);
  return GN_OK;
}

static int setup_scheduler(const gn_kvlist *p, grid_run_config *cfg, gn_error *err) {
  if (!(cfg->sched = grid_sched_find(str(p, "scheduler"), err)))
    return GN_EINPUT;
  cfg->sp.m = (int)num(p, "m");
  cfg->sp.k = (int)num(p, "k");
  if (cfg->sp.m < 1 || cfg->sp.m > 64 || cfg->sp.k < 1 || cfg->sp.k > 64)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "m and k must be in 1..64");
  int standby, standby_mirror;
  if (either(p, "replicas", "eager", "standby", &standby, err) ||
      either(p, "mirror", "eager", "standby", &standby_mirror, err))
    return GN_EINPUT;
  cfg->sp.eager = !standby;
  cfg->sp.eager_mirror = !standby_mirror;
  cfg->th = (grid_thresholds){num(p, "l1"), num(p, "l2"), num(p, "l3")};
  if (!(0 < cfg->th.l1 && cfg->th.l1 < cfg->th.l2 && cfg->th.l2 < cfg->th.l3 && cfg->th.l3 < 1))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "thresholds need 0 < l1 < l2 < l3 < 1");
  cfg->psucc_alpha = num(p, "alpha");
  cfg->heartbeat_s = num(p, "heartbeat");
  cfg->timeout_factor = num(p, "timeout_factor");
  if (!(cfg->psucc_alpha > 0 && cfg->psucc_alpha <= 1) || !(cfg->heartbeat_s > 0) || !(cfg->timeout_factor >= 1))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "need 0 < alpha <= 1, heartbeat > 0 and timeout_factor >= 1");
  int cm02;
  if (either(p, "heartbeat_phase", "aligned", "staggered", &cfg->heartbeat_staggered, err) ||
      either(p, "heartbeat_transport", "flow", "delay", &cfg->heartbeat_delay, err) ||
      either(p, "network", "LV08", "CM02", &cm02, err) ||
      either(p, "rings", "rebuilt", "static", &cfg->static_rings, err))
    return GN_EINPUT;
  cfg->network_model = str(p, "network");
  return GN_OK;
}

int grid_job_check_params(const gn_kvlist *p, gn_error *err) {
  grid_run_config cfg = {0};
  return setup_scheduler(p, &cfg, err);
}

/* Ceilings of n x iterations and nodes x iterations: a run stays under about half a minute on the reference
 * machine (plus its fault-free reference); the default grid (50 nodes, 1000 iterations) takes 4 s. */
#define GRID_WORK_MAX 2.5e7
#define GRID_NODE_ITERATIONS_MAX 5e5
/* 10,000 nodes x n = 20,000 take 69 s for one iteration (20,000 x 2000: 10 s); 1e8 keeps it near 35 s. */
#define GRID_NODE_UNITS_MAX 1e8
/* Heartbeats a run may send (nodes x beats_duration_s / heartbeat): the default grid takes 4 s with 1 s
 * heartbeats and 18 s with 0.01 s ones (3.5e5 more heartbeats); 10,000 nodes cost about 0.1 ms per heartbeat
 * with aligned heartbeats (docs/benchmarks.md, "Scale"). */
#define GRID_BEATS_MAX 1e6
/* Under heartbeat_transport = delay a heartbeat is a timer, no flow: about 1 us each (the patent grid at 0.01 s
 * heartbeats: 0.3 s for 3.5e5 of them; 10,000 nodes at 1 s: 4.46 s against 4.39 s with none in the run). */
#define GRID_DELAY_BEATS_MAX 5e7

static int setup_workload(const gn_kvlist *p, uint64_t seed, grid_job *job, gn_error *err) {
  grid_run_config *cfg = &job->cfg;
  cfg->n = (long)num(p, "n");
  cfg->iterations = (int)num(p, "iterations");
  if (cfg->n < 1 || cfg->n > 1000000 || cfg->iterations < 1 || cfg->iterations > 100000)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "n must be in 1..1e6 and iterations in 1..1e5");
  /* A run's work (and its events) grows as n x iterations: ~1 s per 1e6 on the reference machine. */
  if ((double)cfg->n * cfg->iterations > GRID_WORK_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "n x iterations = %ld x %d is over the ceiling of %g", cfg->n,
                        cfg->iterations, GRID_WORK_MAX);
  int rc = either(p, "mode", "model", "real", &job->real_mode, err);
  if (rc)
    return rc;
  if (!job->real_mode)
    return GN_OK;
  /* The dense system is held in memory: real mode is for checking numbers, not for n = 5000. */
  if (cfg->n > 2000)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "real mode needs n <= 2000 (got %ld)", cfg->n);
  rc = grid_jacobi_generate(cfg->n, seed, &job->jacobi, err);
  if (!rc)
    cfg->jacobi = &job->jacobi;
  return rc;
}

/* Rough fault-free duration (all nodes busy, x sent to every node once over a port per iteration): only
 * used to size the background-load profiles, never reported. */
static double rough_duration_s(const grid_job *job) {
  double flops = 0;
  for (int i = 0; i < job->g.n_nodes; i++)
    flops += grid_node_flops(&job->g, i);
  double per_iteration = 2.0 * (double)job->cfg.n * (double)job->cfg.n / flops +
                         8.0 * (double)job->cfg.n * (job->g.n_clusters + job->g.n_nodes) / job->g.port_bw_bps;
  return per_iteration * job->cfg.iterations;
}

/* Fault-free duration for the heartbeat ceiling, closer to real makespans than rough_duration_s (which sizes
 * the load and failure horizon and must not change, or committed results would). Per iteration: the grid
 * master sends x to the K cluster masters through its port (or a cascade's narrower first uplink), the
 * cluster masters send x to their nodes in parallel, each through its own port (the largest cluster sets the
 * time), all nodes compute, and four messages cross the routes one after the other (plan to the farthest
 * cluster, work, result, report back), each paying its route latency times the network model's factor (a
 * preset's; a platform file's latencies are not in the grid, so there it is left out). Measured against real
 * makespans in docs/hardening.md ("Ceilings"). */
static double beats_duration_s(const grid_job *job) {
  const grid *g = &job->g;
  double flops = 0, n = (double)job->cfg.n;
  int widest = 0, K = g->n_clusters;
  for (int i = 0; i < g->n_nodes; i++)
    flops += grid_node_flops(g, i);
  for (int c = 0; c < K; c++)
    if (g->clusters[c].n_nodes > widest)
      widest = g->clusters[c].n_nodes;
  double to_masters_bw = g->port_bw_bps;
  if (g->shape == GRID_CASCADE && K > 1 && g->uplink_bw_bps > 0 && g->uplink_bw_bps < to_masters_bw)
    to_masters_bw = g->uplink_bw_bps;
  int hops = K <= 1 ? 0 : g->shape == GRID_CASCADE ? K - 1 : 1; /* uplinks to the farthest cluster */
  double switch_lat = 2 * g->port_lat_s + g->backplane_lat_s,
         far_lat = switch_lat + hops * (g->uplink_lat_s + g->backplane_lat_s);
  double per_iteration = 2.0 * n * n / flops + 8.0 * n * K / to_masters_bw + 8.0 * n * widest / g->port_bw_bps +
                         2 * (far_lat + switch_lat) * grid_latency_factor(job->cfg.network_model);
  return per_iteration * job->cfg.iterations;
}

static int setup_load(const gn_kvlist *p, uint64_t seed, const failure_period *per, double horizon_s, grid_job *job,
                      gn_error *err) {
  double step = num(p, "load_step");
  if (!(step > 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "load_step must be > 0");
  if (horizon_s / step > 100000)
    step = horizon_s / 100000;
  job->profiles = calloc((size_t)job->g.n_nodes, sizeof *job->profiles);
  if (!job->profiles)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < job->g.n_nodes; i++) {
    /* One stream per node, so a longer horizon extends a profile without changing its start. */
    char label[32];
    snprintf(label, sizeof label, "load:%d", i);
    gsl_rng *rng = gn_rng_new(gn_seed_derive(seed, label));
    if (!rng)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    int rc = failure_load_profile(per->load, step, horizon_s, rng, &job->profiles[i], err);
    gsl_rng_free(rng);
    if (rc)
      return rc;
  }
  job->cfg.node_speed_profile = job->profiles;
  return GN_OK;
}

/* Checkpoint: x (8n bytes) written to the grid master's disk at the fastest class's I/O rate plus a 5 ms seek;
 * the interval is Daly's for the platform MTBF (node MTBF / hosts). */
static void set_checkpoint(grid_job *job, double mtbf_s) {
  double io = job->g.classes[0].io_mbps * 1e6;
  job->cfg.checkpoint_cost_s = 8.0 * (double)job->cfg.n / io + 0.005;
  if (isfinite(mtbf_s))
    job->cfg.checkpoint_interval_s = failure_daly_interval(job->cfg.checkpoint_cost_s, mtbf_s);
}

/* The failure spec after "auto" is resolved. */
static const char *failure_spec(const gn_kvlist *p) {
  const char *f = str(p, "failures");
  if (strcmp(f, "auto"))
    return f;
  return strcmp(str(p, "period"), "0") ? "weibull:nd07cpu" : "none";
}

static int setup_failures(const gn_kvlist *p, uint64_t seed, const failure_period *per, double horizon_s, grid_job *job,
                          gn_error *err) {
  const char *spec = failure_spec(p);
  int hosts = job->g.n_nodes + (strcmp(str(p, "master_failures"), "true") == 0 ? job->g.n_clusters + 1 : 0);
  double accel = num(p, "accel"), mtbf_s = INFINITY;
  if (!(accel > 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "accel must be > 0");
  int rc;
  if (strncmp(spec, "fta:", 4) == 0) {
    fta_trace t;
    if ((rc = fta_read(spec + 4, &t, err)))
      return rc;
    double start = num(p, "fta_start");
    rc = fta_replay(&t, (int)num(p, "fta_node"), hosts, start < 0 ? NAN : start, accel, horizon_s, &job->failures, err);
    fta_free(&t);
    int downs = 0;
    for (int i = 0; i < job->failures.n; i++)
      downs += !job->failures.events[i].up;
    if (downs > 0)
      mtbf_s = horizon_s / downs;
  } else {
    const failure_model *m = failure_model_find(spec, err);
    if (!m)
      return GN_EINPUT;
    gsl_rng *rng = gn_rng_new(gn_seed_derive(seed, "failures"));
    if (!rng)
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    double rate = per ? per->rate : 1;
    rc = failure_generate(m, rate, accel, hosts, horizon_s, rng, &job->failures, err);
    gsl_rng_free(rng);
    mtbf_s = failure_mean_up_s(m, rate, accel) / hosts;
  }
  if (rc)
    return rc;
  job->cfg.failures = &job->failures;
  set_checkpoint(job, mtbf_s);
  return GN_OK;
}

/* The grid of a platform file: preset, shape and nodes do not apply; clusters = K keeps the file's first K. */
static int setup_platform_grid(const gn_kvlist *p, grid_variant variant, grid_job *job, gn_error *err) {
  const char *unused = strcmp(str(p, "preset"), "patent")   ? "preset"
                       : strcmp(str(p, "shape"), "cascade")   ? "shape"
                       : num(p, "nodes") != 0                 ? "nodes"
                       : num(p, "speed") != 1                 ? "speed"
                       : str(p, "class_speeds")[0]            ? "class_speeds"
                       : num(p, "port_mbps") != 0             ? "port_mbps"
                       : num(p, "backplane_mbps") != 0        ? "backplane_mbps"
                       : num(p, "uplink_mbps") != 0           ? "uplink_mbps"
                       : num(p, "switch_latency") != -1       ? "switch_latency"
                                                              : NULL;
  if (unused)
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "%s does not apply with a platform file (%s gives the clusters, nodes and links): drop it",
                        unused, str(p, "platform"));
  int clusters = (int)num(p, "clusters"), rc;
  if (clusters < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "clusters must be >= 0");
  grid_weights w;
  if ((rc = grid_job_parse_weights(str(p, "weights"), &w, err)) ||
      (rc = platform_read(str(p, "platform"), &job->platform, err)) ||
      (rc = platform_grid_layout(&job->platform, variant == GRID_VARIANT_ONE_CLUSTER ? 1 : clusters, &job->g,
                                 &job->hosts, err)))
    return rc;
  grid_set_weights(&job->g, w);
  const platform_grid_hosts *h = &job->hosts;
  int N = h->n_nodes, K = h->n_clusters;
  job->slot_hosts = malloc((size_t)(N + K + 2) * sizeof *job->slot_hosts);
  job->slot_of_host = malloc((size_t)job->platform.n_hosts * sizeof *job->slot_of_host);
  if (!job->slot_hosts || !job->slot_of_host)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  for (int i = 0; i < N + K + 2; i++) {
    int host = i < N ? h->node[i] : i < N + K ? h->cluster_master[i - N] : i == N + K ? h->grid_master : h->injector;
    job->slot_hosts[i] = job->platform.hosts[host].id;
  }
  /* A host's state profile hits its first slot (every slot on that host goes down with it); a host that runs
   * no slot (an idle one, an injector of its own) is left alone. */
  for (int i = 0; i < job->platform.n_hosts; i++)
    job->slot_of_host[i] = -1;
  for (int i = N + K; i >= 0; i--)
    job->slot_of_host[i < N ? h->node[i] : i < N + K ? h->cluster_master[i - N] : h->grid_master] = i;
  job->cfg.slot_hosts = job->slot_hosts;
  return GN_OK;
}

/* Does the file switch off a host the simulation uses (a host state profile)? */
static int platform_has_host_failures(const grid_job *job) {
  for (int u = 0; job->slot_of_host && u < job->platform.n_uses; u++) {
    const platform_trace_use *use = &job->platform.uses[u];
    if (use->kind == PLATFORM_TRACE_STATE && use->host >= 0 && job->slot_of_host[use->host] >= 0)
      return 1;
  }
  return 0;
}

/* The file's host state profiles as down/up events of the slots on those hosts (value 0 = down, anything else
 * = up; only changes count), merged with the generated failures. */
static int add_platform_failures(double horizon_s, grid_job *job, gn_error *err) {
  const platform_desc *pd = &job->platform;
  for (int u = 0; u < pd->n_uses; u++) {
    const platform_trace_use *use = &pd->uses[u];
    if (use->kind != PLATFORM_TRACE_STATE || use->host < 0 || job->slot_of_host[use->host] < 0)
      continue;
    platform_profile_event *ev = NULL;
    int n = 0, up = 1, rc = platform_profile_events(pd, &pd->profiles[use->profile], horizon_s, &ev, &n, err);
    for (int i = 0; !rc && i < n; i++)
      if ((ev[i].v != 0) != up) {
        up = ev[i].v != 0;
        rc = failure_trace_add(&job->failures, ev[i].t, job->slot_of_host[use->host], up, err);
      }
    free(ev);
    if (rc)
      return rc;
  }
  failure_trace_sort(&job->failures);
  /* Only the file's failures: checkpoint for their observed MTBF, as for a replayed FTA trace. */
  int downs = 0;
  for (int i = 0; i < job->failures.n; i++)
    downs += !job->failures.events[i].up;
  if (!job->cfg.failures)
    set_checkpoint(job, downs > 0 ? horizon_s / downs : INFINITY);
  job->cfg.failures = &job->failures;
  return GN_OK;
}

/* The XML SimGrid loads: the file with its host state profiles taken out (the injector replays them) and the
 * background load of each node added to the node's host. */
static int prepare_platform_xml(grid_job *job, gn_error *err) {
  char **extra = NULL;
  if (job->profiles) {
    if (!(extra = calloc((size_t)job->platform.n_hosts, sizeof *extra)))
      return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
    for (int i = 0; i < job->g.n_nodes; i++)
      extra[job->hosts.node[i]] = job->profiles[i];
  }
  size_t len = 0;
  int rc = platform_prepare_xml(&job->platform, extra, &job->platform_xml, &len, err);
  free(extra);
  job->cfg.platform_xml = job->platform_xml;
  job->cfg.platform_xml_len = len;
  return rc;
}

int grid_job_setup(const gn_kvlist *p, uint64_t seed, grid_variant variant, grid_job *job, gn_error *err) {
  int rc = str(p, "platform")[0] ? setup_platform_grid(p, variant, job, err)
                                  : grid_job_build_grid(p, variant, &job->g, err);
  if (!rc)
    rc = setup_scheduler(p, &job->cfg, err);
  if (!rc && job->slot_hosts && strcmp(job->cfg.sched->name, "checkpoint") == 0 && !(job->g.classes[0].io_mbps > 0))
    rc = gn_error_set(err, GN_EINPUT, job->platform.path, job->platform.hosts[job->hosts.node[0]].line,
                      "the checkpoint scheduler writes x at the disk rate of the first node's class: add <prop "
                      "id=\"io\" value=\"MB/s\"/> to host '%s'",
                      job->platform.hosts[job->hosts.node[0]].id);
  if (!rc)
    rc = setup_workload(p, seed, job, err);
  if (rc)
    return rc;
  job->cfg.g = &job->g;
  job->cfg.picture_iteration = -1;
  const failure_period *per = NULL;
  if (strcmp(str(p, "period"), "0") && !(per = failure_period_find(str(p, "period"), err)))
    return GN_EINPUT;
  int file_failures = variant == GRID_VARIANT_MAIN && platform_has_host_failures(job);
  int failing = variant == GRID_VARIANT_MAIN && (strcmp(failure_spec(p), "none") != 0 || file_failures);
  double deadline = num(p, "deadline"), factor = num(p, "deadline_factor");
  if (deadline < 0 || factor < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "deadline and deadline_factor must be >= 0");
  if ((rc = check_deadline_ref(str(p, "deadline_ref"), err)))
    return rc;
  if (failing && deadline == 0 && factor > 0 && isfinite(job->fault_free_s))
    deadline = factor * job->fault_free_s;
  job->cfg.deadline_s = failing ? deadline : 0;
  double horizon = 20 * (isfinite(job->fault_free_s) ? job->fault_free_s : rough_duration_s(job));
  if (deadline > horizon)
    horizon = deadline;
  if (per && (rc = setup_load(p, seed, per, horizon, job, err)))
    return rc;
  if (failing && strcmp(failure_spec(p), "none") != 0)
    rc = setup_failures(p, seed, per, horizon, job, err);
  if (!rc && file_failures)
    rc = add_platform_failures(horizon, job, err);
  if (!rc && job->slot_hosts)
    rc = prepare_platform_xml(job, err);
  return rc;
}

/* The parameters of the deadline's reference run: the run's own, with the scheduler deadline_ref names (unless
 * self), so every scheduler of a repetition (same seed: same grid, load and failures) gets the same deadline. */
static int deadline_ref_params(const gn_kvlist *p, gn_kvlist *ref) {
  for (size_t i = 0; i < p->n; i++)
    if (gn_kv_set(ref, p->items[i].key, p->items[i].value))
      return GN_ENOMEM;
  const char *name = str(p, "deadline_ref");
  return strcmp(name, "self") ? gn_kv_set(ref, "scheduler", name) : GN_OK;
}

/* One SimGrid simulation per process: a reference run happens in a forked child that sends back its
 * makespan (NAN if it did not complete). */
static int run_reference(const gn_kvlist *p, uint64_t seed, grid_variant variant, double *makespan_s, gn_error *err) {
  int fd[2];
  if (pipe(fd))
    return gn_error_set(err, GN_EFAIL, NULL, 0, "pipe: %s", strerror(errno));
  /* The child's stderr goes to a file the parent reads: a fatal SimGrid message ("gridnoc: simgrid: ...", printed
   * by the child as it exits) becomes this run's one error line instead of a second line after it. */
  FILE *child_err = tmpfile();
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    if (child_err)
      fclose(child_err);
    return gn_error_set(err, GN_EFAIL, NULL, 0, "fork: %s", strerror(errno));
  }
  if (pid == 0) {
    close(fd[0]);
    if (child_err)
      dup2(fileno(child_err), 2);
    grid_job job;
    gn_error e = {0};
    memset(&job, 0, sizeof job);
    job.fault_free_s = job.one_cluster_s = NAN;
    double ms = NAN;
    if (grid_job_setup(p, seed, variant, &job, &e) == GN_OK && grid_run(&job.cfg, &job.res, &e) == GN_OK &&
        job.res.completed == 1)
      ms = job.res.makespan_s;
    ssize_t w = write(fd[1], &ms, sizeof ms);
    _exit(w == (ssize_t)sizeof ms ? 0 : 1);
  }
  close(fd[1]);
  double ms = NAN;
  ssize_t got = read(fd[0], &ms, sizeof ms);
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  char said[8192] = "";
  if (child_err) {
    rewind(child_err);
    said[fread(said, 1, sizeof said - 1, child_err)] = '\0';
    fclose(child_err);
  }
  const char *variant_name = variant == GRID_VARIANT_FAULT_FREE ? "fault-free" : "one-cluster";
  int failed = got != (ssize_t)sizeof ms || !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  size_t first = strcspn(said, "\n");
  const char *body = gn_error_skip_prefix(said);
  if (failed && body != said && (said[first] == '\0' || said[first + 1] == '\0'))
    /* the child's own one line, without the prefix the CLI adds again */
    return gn_error_set(err, WIFEXITED(status) && WEXITSTATUS(status) == 2 ? GN_EINPUT : GN_EFAIL, NULL, 0,
                        "%.*s (the %s reference run)", (int)(first - (size_t)(body - said)), body, variant_name);
  fputs(said, stderr); /* anything else it said (a sanitizer report, SimGrid under GN_SIMGRID_LOG) is passed on */
  if (failed)
    return gn_error_set(err, GN_EFAIL, NULL, 0, "the %s reference run failed", variant_name);
  *makespan_s = ms;
  return GN_OK;
}

int grid_job_execute(const gn_kvlist *p, uint64_t seed, grid_job *job, gn_error *err) {
  memset(job, 0, sizeof *job);
  job->fault_free_s = job->one_cluster_s = NAN;
  /* Validate everything once before forking, so a bad parameter is reported by this process before any
   * simulation: the main variant, since only it reads the failure parameters. */
  grid_job probe;
  memset(&probe, 0, sizeof probe);
  probe.fault_free_s = probe.one_cluster_s = NAN;
  int rc = grid_job_setup(p, seed, GRID_VARIANT_MAIN, &probe, err);
  if (!rc && probe.g.n_nodes > GRID_NODES_MAX) /* a platform file's grid (a preset's is checked as it is made) */
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "a grid of %d nodes exceeds the %d-node limit", probe.g.n_nodes,
                      GRID_NODES_MAX);
  if (!rc)
    rc = grid_budget_check(&probe.g, err);
  /* Events grow as nodes x iterations (a task, a reply and heartbeats per node and iteration); the start-up as
   * nodes x n. */
  if (!rc && (double)probe.g.n_nodes * probe.cfg.iterations > GRID_NODE_ITERATIONS_MAX)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "%d nodes x %d iterations is over the ceiling of %g", probe.g.n_nodes,
                      probe.cfg.iterations, GRID_NODE_ITERATIONS_MAX);
  /* Heartbeats are events of their own: nodes x (fault-free duration / heartbeat). */
  double beats = rc ? 0 : probe.g.n_nodes * beats_duration_s(&probe) / probe.cfg.heartbeat_s;
  double beats_max = probe.cfg.heartbeat_delay ? GRID_DELAY_BEATS_MAX : GRID_BEATS_MAX;
  char hint[64] = "";
  if (!probe.cfg.heartbeat_delay)
    snprintf(hint, sizeof hint, " (a delay heartbeat transport allows %g)", GRID_DELAY_BEATS_MAX);
  if (!rc && beats > beats_max)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "heartbeat %g s: about %.3g heartbeats (nodes x run / heartbeat), over "
                      "the ceiling of %g%s", probe.cfg.heartbeat_s, beats, beats_max, hint);
  if (!rc && (double)probe.g.n_nodes * probe.cfg.n > GRID_NODE_UNITS_MAX)
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "%d nodes x n = %ld is over the ceiling of %g", probe.g.n_nodes,
                      probe.cfg.n, GRID_NODE_UNITS_MAX);
  int clusters = probe.g.n_clusters, file_failures = platform_has_host_failures(&probe);
  grid_job_free(&probe);
  if (rc)
    return rc;
  if ((strcmp(failure_spec(p), "none") || file_failures) && num(p, "deadline") == 0 && num(p, "deadline_factor") > 0) {
    gn_kvlist ref = GN_KVLIST_INIT;
    rc = deadline_ref_params(p, &ref) ? gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory")
                                      : run_reference(&ref, seed, GRID_VARIANT_FAULT_FREE, &job->fault_free_s, err);
    gn_kv_free(&ref);
    if (rc)
      return rc;
  }
  if (strcmp(str(p, "reference"), "true") == 0 && clusters > 1 &&
      (rc = run_reference(p, seed, GRID_VARIANT_ONE_CLUSTER, &job->one_cluster_s, err)))
    return rc;
  if ((rc = grid_job_setup(p, seed, GRID_VARIANT_MAIN, job, err)))
    return rc;
  if ((rc = grid_run(&job->cfg, &job->res, err)))
    return rc;
  if (clusters == 1 && job->res.completed == 1)
    job->one_cluster_s = job->res.makespan_s;
  return GN_OK;
}

static int set_num(gn_kvlist *m, const char *key, double v) { return gn_kv_set_double(m, key, v); }

/* Real mode: is the final x bit-identical to the fault-free iteration (at the iteration the run reached: a
 * stopped run's x is compared with the serial x after as many iterations, not with a converged one), and how
 * far from the direct solve? */
static int real_checks(const grid_job *job, gn_kvlist *m) {
  if (!job->real_mode || !job->res.x)
    return gn_kv_set(m, "x_matches_fault_free", GN_MISSING) || gn_kv_set(m, "x_error_direct", GN_MISSING);
  long n = job->cfg.n;
  double *serial = malloc((size_t)n * sizeof *serial), *direct = malloc((size_t)n * sizeof *direct);
  int rc = -1;
  if (serial && direct && grid_jacobi_serial(&job->jacobi, job->res.x_iteration, serial, NULL) == GN_OK &&
      grid_jacobi_direct(&job->jacobi, direct, NULL) == GN_OK) {
    double e = 0;
    for (long i = 0; i < n; i++)
      e = fmax(e, fabs(job->res.x[i] - direct[i]));
    int same = memcmp(serial, job->res.x, (size_t)n * sizeof *serial) == 0;
    rc = gn_kv_set(m, "x_matches_fault_free", same ? "1" : "0") || set_num(m, "x_error_direct", e);
  }
  free(serial);
  free(direct);
  return rc;
}

int grid_job_metrics(const grid_job *job, gn_kvlist *m) {
  const grid_run_result *r = &job->res;
  const grid *g = &job->g;
  double total_flops = 0, fastest = 0;
  for (int i = 0; i < g->n_nodes; i++) {
    total_flops += grid_node_flops(g, i);
    fastest = fmax(fastest, grid_node_flops(g, i));
  }
  double n = (double)job->cfg.n, useful = 2 * n * n * job->cfg.iterations;
  /* Speedup vs one node: the sequential program on the fastest node (no communication at all). */
  double t_node = useful / fastest, ms = r->completed == 1 ? r->makespan_s : NAN;
  double speedup = t_node / ms;
  /* Physical bound: S = (2n²/F) / (2n²/ΣF + T_comm) with the allgather lower bound T_comm = (N−1)/N · 8n/β
   * (every node must receive the others' components through its own port), no overlap of the two. The port
   * is the narrowest route between a node and its cluster master (where x comes from), not the narrowest link
   * of a platform file, which the run may never use. */
  double N = g->n_nodes, port = r->node_route_bw_bps > 0 ? r->node_route_bw_bps : g->port_bw_bps;
  double bound = (2 * n * n / fastest) / (2 * n * n / total_flops + (N - 1) / N * 8 * n / port);
  long downs = 0;
  for (int i = 0; job->cfg.failures && i < job->cfg.failures->n; i++)
    downs += !job->cfg.failures->events[i].up && job->cfg.failures->events[i].t <= r->makespan_s;
  /* Patent B.4 at the measured miss rate q: a cluster of p nodes is p/(m+1) segments, share T = n / N. */
  double q = r->node_assignments ? (double)r->node_misses / (double)r->node_assignments : 0;
  int p = g->clusters[0].n_nodes, mm = job->cfg.sp.m;
  double T = n / g->n_nodes, h = (double)p / (mm + 1);
  return gn_kv_set_long(m, "completed", r->completed == 1) || gn_kv_set(m, "cause", r->cause) ||
         gn_kv_set_long(m, "iterations_done", r->iterations_done) || set_num(m, "makespan_s", r->makespan_s) ||
         set_num(m, "deadline_s", job->cfg.deadline_s) ||
         set_num(m, "deadline_ref_s", job->cfg.deadline_s > 0 ? job->fault_free_s : NAN) ||
         set_num(m, "speedup_node", speedup) ||
         set_num(m, "speedup_bound", bound) || set_num(m, "speedup_cluster", job->one_cluster_s / ms) ||
         set_num(m, "efficiency", speedup / (total_flops / fastest)) ||
         set_num(m, "redundant_work", r->redundant_flops / useful) ||
         set_num(m, "reexec_work", r->reexec_flops / useful) ||
         set_num(m, "failed_queue_mean",
                 r->cluster_iterations ? (double)r->failed_queue_units / (double)r->cluster_iterations : 0) ||
         gn_kv_set_long(m, "failed_queue_max", r->failed_queue_max) ||
         set_num(m, "fq_patent_series", h * ring_failed_queue_series(T, mm, q)) ||
         set_num(m, "fq_patent_closed", h * ring_failed_queue_closed(T, mm, q)) || set_num(m, "miss_rate", q) ||
         gn_kv_set_long(m, "cluster_recoveries", r->cluster_recoveries) ||
         gn_kv_set_long(m, "rollbacks", r->rollbacks) || gn_kv_set_long(m, "checkpoints", r->checkpoints) ||
         gn_kv_set_long(m, "host_failures", downs) || real_checks(job, m);
}

void grid_job_free(grid_job *job) {
  grid_run_result_free(&job->res);
  free(job->slot_hosts);
  free(job->slot_of_host);
  free(job->platform_xml);
  platform_grid_hosts_free(&job->hosts);
  platform_free(&job->platform);
  grid_jacobi_free(&job->jacobi);
  failure_trace_free(&job->failures);
  for (int i = 0; job->profiles && i < job->g.n_nodes; i++)
    free(job->profiles[i]);
  free(job->profiles);
  grid_free(&job->g);
  memset(job, 0, sizeof *job);
}
