/* grid_job_setup: the typed parameters of one run -> everything the simulation needs (no SimGrid yet): the grid
 * (grid_job_grid.c), scheduler and supervisor settings, workload, background load, failures and checkpoints. */
#include "grid_job_priv.h"

#include "fta.h"
#include "gn_seed.h"
#include "load_coupling.h"
#include "platform_profile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int setup_scheduler(const grid_params *p, grid_run_config *cfg, gn_error *err) {
  if (!(cfg->sched = grid_sched_find(p->scheduler, err)))
    return GN_EINPUT;
  cfg->sp.m = (int)p->m;
  cfg->sp.k = (int)p->k;
  if (cfg->sp.m < 1 || cfg->sp.m > 64 || cfg->sp.k < 1 || cfg->sp.k > 64)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "m and k must be in 1..64");
  int standby, standby_mirror;
  if (grid_params_either("replicas", p->replicas, "eager", "standby", &standby, err) ||
      grid_params_either("mirror", p->mirror, "eager", "standby", &standby_mirror, err))
    return GN_EINPUT;
  cfg->sp.eager = !standby;
  cfg->sp.eager_mirror = !standby_mirror;
  cfg->th = (grid_thresholds){p->l1, p->l2, p->l3};
  if (!(0 < cfg->th.l1 && cfg->th.l1 < cfg->th.l2 && cfg->th.l2 < cfg->th.l3 && cfg->th.l3 < 1))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "thresholds need 0 < l1 < l2 < l3 < 1");
  cfg->psucc_alpha = p->alpha;
  cfg->heartbeat_s = p->heartbeat;
  cfg->timeout_factor = p->timeout_factor;
  if (!(cfg->psucc_alpha > 0 && cfg->psucc_alpha <= 1) || !(cfg->heartbeat_s > 0) || !(cfg->timeout_factor >= 1))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "need 0 < alpha <= 1, heartbeat > 0 and timeout_factor >= 1");
  int cm02;
  if (grid_params_either("heartbeat_phase", p->heartbeat_phase, "aligned", "staggered", &cfg->heartbeat_staggered, err) ||
      grid_params_either("heartbeat_transport", p->heartbeat_transport, "flow", "delay", &cfg->heartbeat_delay, err) ||
      grid_params_either("network", p->network, "LV08", "CM02", &cm02, err) ||
      grid_params_either("rings", p->rings, "rebuilt", "static", &cfg->static_rings, err))
    return GN_EINPUT;
  cfg->network_model = p->network;
  return GN_OK;
}

/* Ceiling of n x iterations: a run stays under about half a minute on the reference machine (plus its fault-free
 * reference); the default grid (50 nodes, 1000 iterations) takes 4 s. */
#define GRID_WORK_MAX 2.5e7

/* The workload's sizes and mode (no system generated yet). */
static int check_workload(const grid_params *p, int *real_mode, gn_error *err) {
  long n = (long)p->n;
  int iterations = (int)p->iterations;
  if (n < 1 || n > 1000000 || iterations < 1 || iterations > 100000)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "n must be in 1..1e6 and iterations in 1..1e5");
  /* A run's work (and its events) grows as n x iterations: ~1 s per 1e6 on the reference machine. */
  if ((double)n * iterations > GRID_WORK_MAX)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "n x iterations = %ld x %d is over the ceiling of %g", n,
                        iterations, GRID_WORK_MAX);
  int rc = grid_params_either("mode", p->mode, "model", "real", real_mode, err);
  /* The dense system is held in memory: real mode is for checking numbers, not for n = 5000. */
  if (!rc && *real_mode && n > 2000)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "real mode needs n <= 2000 (got %ld)", n);
  return rc;
}

static int setup_workload(const grid_params *p, uint64_t seed, grid_job *job, gn_error *err) {
  grid_run_config *cfg = &job->cfg;
  int rc = check_workload(p, &job->real_mode, err);
  if (rc)
    return rc;
  cfg->n = (long)p->n;
  cfg->iterations = (int)p->iterations;
  if (!job->real_mode)
    return GN_OK;
  rc = grid_jacobi_generate(cfg->n, seed, &job->jacobi, err);
  if (!rc)
    cfg->jacobi = &job->jacobi;
  return rc;
}

static int check_deadline(const grid_params *p, gn_error *err) {
  if (p->deadline < 0 || p->deadline_factor < 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "deadline and deadline_factor must be >= 0");
  /* deadline_ref: self or a scheduler's name */
  gn_error ignored = {0};
  if (strcmp(p->deadline_ref, "self") && !grid_sched_find(p->deadline_ref, &ignored))
    return gn_error_set(err, GN_EINPUT, NULL, 0,
                        "deadline_ref must be self or a scheduler (ring, plain, replicate, checkpoint), got '%s'",
                        p->deadline_ref);
  return GN_OK;
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

/* Background load, one profile per node from the node's own stream: the period's load (none without a period),
 * and with a coupling (downs non-NULL) the owner's activity before each of the node's departures in downs. */
static int setup_load(const grid_params *p, uint64_t seed, const failure_period *per, double horizon_s,
                      const load_coupling *lc, const failure_trace *downs, grid_job *job, gn_error *err) {
  double step = p->load_step;
  if (!(step > 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "load_step must be > 0");
  if (horizon_s / step > 100000)
    step = horizon_s / 100000;
  /* One line per step from 0 until the horizon (failure_load_profile): counted before any is written, so the
   * memory budget sees them without the probe paying for them. */
  job->profile_lines = (horizon_s > 0 ? ceil(horizon_s / step) : 0) * job->g.n_nodes;
  for (int i = 0; downs && i < job->g.n_nodes; i++)
    job->profile_lines += (double)load_coupling_extra_lines(downs, i);
  if (job->count_only)
    return GN_OK;
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
    double load = per ? per->load : 0;
    int rc = downs ? load_coupling_profile(load, step, horizon_s, downs, i, lc->precede_s, rng, &job->profiles[i], err)
                   : failure_load_profile(load, step, horizon_s, rng, &job->profiles[i], err);
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

/* The hosts failures hit: the nodes, and the masters when they fail too. */
static int failing_hosts(const grid_params *p, const grid *g) {
  return g->n_nodes + (p->master_failures ? g->n_clusters + 1 : 0);
}

/* The run's grid is built (a preset, or the platform file laid out on its first `clusters` clusters) and an FTA
 * trace read and matched against its hosts, as the run will: more clusters than the file has, a trace that is
 * not one, or fta_node past its end are refused at the scenario's line, not in every run. */
static int check_grid_and_trace(const grid_params *p, gn_error *err) {
  grid_job job;
  memset(&job, 0, sizeof job);
  int rc = p->platform[0] ? grid_job_platform_grid(p, GRID_VARIANT_MAIN, &job, err)
                          : grid_job_build_grid(p, GRID_VARIANT_MAIN, &job.g, err);
  const char *spec = grid_params_failure_spec(p);
  if (rc == GN_OK && strncmp(spec, "fta:", 4) == 0) {
    fta_trace t;
    if ((rc = fta_read(spec + 4, &t, err)) == GN_OK) {
      rc = fta_check_nodes(&t, (int)p->fta_node, failing_hosts(p, &job.g), err);
      fta_free(&t);
    }
  }
  grid_job_free(&job);
  return rc;
}

/* Every check of the set-up, in the set-up's order, the grid built last (the costliest): a scenario calls it on
 * each combination of its values before the first run (the kind's check_run), so a bad value is refused at the
 * scenario's line rather than run by run. */
int grid_job_check_params(const gn_kvlist *params, gn_error *err) {
  grid_params p;
  grid_run_config cfg = {0};
  grid_weights w;
  int star, real_mode;
  int rc = grid_params_read(params, &p, err);
  if (!rc)
    rc = p.platform[0] ? grid_job_platform_unused(&p, err) : grid_params_either("shape", p.shape, "cascade", "star",
                                                                                &star, err);
  if (!rc)
    rc = grid_job_parse_weights(p.weights, &w, err);
  if (!rc)
    rc = setup_scheduler(&p, &cfg, err);
  if (!rc)
    rc = check_workload(&p, &real_mode, err);
  if (!rc && strcmp(p.period, "0") && !failure_period_find(p.period, err))
    rc = GN_EINPUT;
  if (!rc)
    rc = check_deadline(&p, err);
  if (!rc)
    rc = check_grid_and_trace(&p, err);
  return rc;
}

static int setup_failures(const grid_params *p, uint64_t seed, const failure_period *per, double horizon_s, grid_job *job,
                          gn_error *err) {
  const char *spec = grid_params_failure_spec(p);
  int hosts = failing_hosts(p, &job->g);
  double accel = p->accel, mtbf_s = INFINITY;
  if (!(accel > 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "accel must be > 0");
  int rc;
  if (strncmp(spec, "fta:", 4) == 0) {
    fta_trace t;
    if ((rc = fta_read(spec + 4, &t, err)))
      return rc;
    double start = p->fta_start;
    rc = fta_replay(&t, (int)p->fta_node, hosts, start < 0 ? NAN : start, accel, horizon_s, &job->failures, err);
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

/* Does the file switch off a host the simulation uses (a host state profile)? */
int grid_job_platform_has_host_failures(const grid_job *job) {
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

/* Undoes the set-up (and the run's results): beside what it frees, so a check that sets up without running can
 * free too. */
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

int grid_job_setup(const grid_params *p, uint64_t seed, grid_variant variant, grid_job *job, gn_error *err) {
  int rc = p->platform[0] ? grid_job_platform_grid(p, variant, job, err)
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
  if (strcmp(p->period, "0") && !(per = failure_period_find(p->period, err)))
    return GN_EINPUT;
  int file_failures = variant == GRID_VARIANT_MAIN && grid_job_platform_has_host_failures(job);
  int failing = variant == GRID_VARIANT_MAIN && (strcmp(grid_params_failure_spec(p), "none") != 0 || file_failures);
  double deadline = p->deadline, factor = p->deadline_factor;
  if (check_deadline(p, err))
    return GN_EINPUT;
  if (failing && deadline == 0 && factor > 0 && isfinite(job->fault_free_s))
    deadline = factor * job->fault_free_s;
  job->cfg.deadline_s = failing ? deadline : 0;
  double horizon = 20 * (isfinite(job->fault_free_s) ? job->fault_free_s : rough_duration_s(job));
  if (deadline > horizon)
    horizon = deadline;
  /* A coupled load is written once the departures are known (the fault-free references have none: their load is
   * the period's alone). */
  load_coupling lc;
  if (load_coupling_parse(p->load_coupling, &lc, err))
    return GN_EINPUT;
  int coupled = failing && lc.precede_s > 0;
  if (per && !coupled && (rc = setup_load(p, seed, per, horizon, NULL, NULL, job, err)))
    return rc;
  if (failing && strcmp(grid_params_failure_spec(p), "none") != 0)
    rc = setup_failures(p, seed, per, horizon, job, err);
  if (!rc && file_failures)
    rc = add_platform_failures(horizon, job, err);
  if (!rc && coupled)
    rc = setup_load(p, seed, per, horizon, &lc, &job->failures, job, err);
  if (!rc && job->slot_hosts)
    rc = grid_job_prepare_platform_xml(job, err);
  return rc;
}
