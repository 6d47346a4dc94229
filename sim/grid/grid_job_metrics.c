/* grid_job_metrics: one finished grid run -> the `grid` kind's metric columns (speedups, bounds, work, queues). */
#include "grid_job.h"

#include "ring.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
