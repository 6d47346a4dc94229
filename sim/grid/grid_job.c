/* grid_job: one grid run from its parameter bag: the bag read once (grid_params.c), the ceilings checked on the
 * set-up, the fault-free references run in forked children, then the simulation in this process. */
#include "grid_job_priv.h"

#include "grid_budget.h"
#include "grid_refcache.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Ceiling of nodes x iterations (n x iterations: grid_job_setup.c): a run stays under about half a minute on the reference
 * machine (plus its fault-free reference); the default grid (50 nodes, 1000 iterations) takes 4 s. */
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

/* One SimGrid simulation per process: a reference run happens in a forked child that sends back its
 * makespan (NAN if it did not complete). */
static int run_reference(const grid_params *p, uint64_t seed, grid_variant variant, double *makespan_s, gn_error *err) {
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

/* The deadline's reference through the sweep's cache (grid_refcache.h) when the runner gave one: the runs of a
 * repetition that differ only in the scheduler share it. */
static int deadline_reference(const gn_kvlist *params, const grid_params *ref, uint64_t seed, double *makespan_s,
                              gn_error *err) {
  const char *dir = getenv(GRID_REFCACHE_ENV);
  if (!dir || !*dir)
    return run_reference(ref, seed, GRID_VARIANT_FAULT_FREE, makespan_s, err);
  strbuf key = STRBUF_INIT;
  grid_refcache_key(params, ref->scheduler, "fault-free", seed, &key);
  int rc = GN_OK;
  if (key.oom || !grid_refcache_get(dir, strbuf_str(&key), makespan_s)) {
    rc = run_reference(ref, seed, GRID_VARIANT_FAULT_FREE, makespan_s, err);
    if (!rc && !key.oom)
      grid_refcache_put(dir, strbuf_str(&key), *makespan_s);
  }
  strbuf_free(&key);
  return rc;
}

static int execute(const gn_kvlist *params, const grid_params *p, uint64_t seed, int timeline, grid_job *job,
                   gn_error *err) {
  job->fault_free_s = job->one_cluster_s = NAN;
  /* Validate everything once before forking, so a bad parameter is reported by this process before any
   * simulation: the main variant, since only it reads the failure parameters. */
  grid_job probe;
  memset(&probe, 0, sizeof probe);
  probe.fault_free_s = probe.one_cluster_s = NAN;
  probe.count_only = 1; /* its load profiles are counted, not written */
  int rc = grid_job_setup(p, seed, GRID_VARIANT_MAIN, &probe, err);
  if (!rc && probe.g.n_nodes > GRID_NODES_MAX) /* a platform file's grid (a preset's is checked as it is made) */
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "a grid of %d nodes exceeds the %d-node limit", probe.g.n_nodes,
                      GRID_NODES_MAX);
  if (!rc) {
    /* The probe's horizon, 20 x a rough duration, is also the fault-free reference run's (it has no fault-free
     * time of its own), the largest process of a run with failures; the main run's is 20 x that time. */
    grid_budget_work work = {probe.cfg.n, probe.real_mode, probe.profile_lines};
    rc = grid_budget_check(&probe.g, &work, err);
  }
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
  int clusters = probe.g.n_clusters, file_failures = grid_job_platform_has_host_failures(&probe);
  grid_job_free(&probe);
  if (rc)
    return rc;
  /* The deadline's reference run: this run's parameters with the scheduler deadline_ref names (unless self), so
   * every scheduler of a repetition (same seed: same grid, load and failures) gets the same deadline. */
  grid_params ref = *p;
  if (strcmp(p->deadline_ref, "self"))
    ref.scheduler = p->deadline_ref;
  if ((strcmp(grid_params_failure_spec(p), "none") || file_failures) && p->deadline == 0 &&
      p->deadline_factor > 0 && (rc = deadline_reference(params, &ref, seed, &job->fault_free_s, err)))
    return rc;
  if (p->reference && clusters > 1 &&
      (rc = run_reference(p, seed, GRID_VARIANT_ONE_CLUSTER, &job->one_cluster_s, err)))
    return rc;
  if ((rc = grid_job_setup(p, seed, GRID_VARIANT_MAIN, job, err)))
    return rc;
  job->cfg.record_timeline = timeline;
  if ((rc = grid_run(&job->cfg, &job->res, err)))
    return rc;
  if (clusters == 1 && job->res.completed == 1)
    job->one_cluster_s = job->res.makespan_s;
  return GN_OK;
}

int grid_job_execute_traced(const gn_kvlist *params, uint64_t seed, int timeline, grid_job *job, gn_error *err) {
  memset(job, 0, sizeof *job);
  job->fault_free_s = job->one_cluster_s = NAN;
  grid_params p;
  int rc = grid_params_read(params, &p, err);
  return rc ? rc : execute(params, &p, seed, timeline, job, err);
}

int grid_job_execute(const gn_kvlist *params, uint64_t seed, grid_job *job, gn_error *err) {
  return grid_job_execute_traced(params, seed, 0, job, err);
}
