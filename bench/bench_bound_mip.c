/* bench_bound_mip: which side of T / bound is loose at 300 tasks (issue 27)? The exact mapper's optimisation MIP
 * (exact_model.h: minimise the period within the stage windows of a given partition's period T; the optimum is at
 * most T, and the windows hold for every partition with period <= T, so the model's optimum is the true one and its
 * proven bound a true lower bound) solved by CBC: first its LP relaxation (every column continuous), then the MIP
 * from the partition as its start, each for at most LIMIT_S seconds of CPU. One Markdown row: the partition's
 * period, gridnoc's `bound` and its CPU seconds, the LP relaxation, the MIP's proven bound and incumbent.
 * usage: bench_bound_mip LIMIT_S GRAPH N PARTITION (comm factor 1; PARTITION from `gridnoc map --partition-out`) */
#include "exact_model.h"
#include "graph_source.h"
#include "mapper.h"
#include "partition_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

static const char *const status_text[] = {"optimal", "infeasible", "feasible", "unknown"};

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: bench_bound_mip LIMIT_S GRAPH N PARTITION\n");
    return 2;
  }
  double limit = atof(argv[1]);
  int N = atoi(argv[3]);
  taskgraph *g;
  partition *p;
  gn_error err;
  taskgraph_reach reach;
  if (graph_source_load(argv[2], &g, &err) || partition_read_file(g, argv[4], &p, &err) ||
      taskgraph_reach_compute(g, &reach, &err)) {
    fprintf(stderr, "bench_bound_mip: %s\n", err.msg);
    return 2;
  }
  partition_metrics pm;
  if (partition_evaluate(g, p, 1, &pm, &err)) {
    fprintf(stderr, "bench_bound_mip: %s\n", err.msg);
    return 2;
  }
  double t0 = cpu_s(), bound = mapper_lower_bound(g, N, 1), bound_s = cpu_s() - t0;
  exact_model em;
  int too_big;
  if (exact_model_build(g, &reach, N, 1, pm.period, 1, 0, 0, &em, &too_big, &err))
    return 1;
  size_t cols = (size_t)em.mip.n_cols + 1;
  double *x = malloc(cols * sizeof *x), *start = malloc(cols * sizeof *start);
  char *kept = malloc(cols); /* the integer marks, put back after the LP relaxation */
  if (!x || !start || !kept)
    return 1;
  memcpy(kept, em.mip.col_int, (size_t)em.mip.n_cols);
  memset(em.mip.col_int, 0, (size_t)em.mip.n_cols);
  mip_result lp = {.x = x}, ip = {.x = x};
  mip_limits lim = {limit, 0, NULL};
  t0 = cpu_s();
  if (mip_cbc.solve(&em.mip, &lim, &lp, &err))
    return 1;
  double lp_s = cpu_s() - t0;
  memcpy(em.mip.col_int, kept, (size_t)em.mip.n_cols);
  exact_model_encode(&em, g, p, pm.period, start);
  lim.start = start;
  t0 = cpu_s();
  if (mip_cbc.solve(&em.mip, &lim, &ip, &err))
    return 1;
  double ip_s = cpu_s() - t0;
  printf("| graph | N | columns | rows | T (partition) | bound | s | LP relaxation | s | MIP bound | MIP incumbent | "
         "status | s |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
  int has_incumbent = ip.status == MIP_OPTIMAL || ip.status == MIP_FEASIBLE;
  printf("| %s | %d | %d | %d | %.6g | %.6g | %.2f | %.6g (%s) | %.1f | %.6g | %.6g | %s | %.0f |\n",
         argv[2], N, em.mip.n_cols, em.mip.n_rows, pm.period, bound, bound_s, lp.objective, status_text[lp.status],
         lp_s, ip.bound, has_incumbent ? ip.objective : pm.period, status_text[ip.status], ip_s);
  free(x);
  free(start);
  free(kept);
  exact_model_free(&em);
  partition_free(p);
  taskgraph_reach_free(&reach);
  taskgraph_free(g);
  return 0;
}
