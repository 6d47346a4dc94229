/* bench_exact_mip: the exact mapper's first decision question, "a valid N-stage partition with period <= T?" at
 * T = the bound (rounded up with whole-number costs), asked of CBC and of GLPK on the very same MIP, and of the
 * stage search, each with the same CPU limit. One Markdown row per graph and stage count (docs/benchmarks.md).
 * usage: bench_exact_mip LIMIT_S GRAPH... (stage counts 20, 50, 100; comm factor 1) */
#include "exact_model.h"
#include "exact_search.h"
#include "graph_source.h"
#include "mapper.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_s(void) { return (double)clock() / CLOCKS_PER_SEC; }

static const char *const answer_text[] = {"no", "yes", "-"};

/* One solver on the model: "yes"/"no"/"-" (limit) and CPU seconds. */
static const char *ask_mip(const char *solver, const exact_model *em, double limit, double *seconds) {
  gn_error err;
  double *x = malloc(((size_t)em->mip.n_cols + 1) * sizeof *x);
  mip_result res = {.x = x};
  mip_limits lim = {limit, 0, NULL};
  double t0 = cpu_s();
  int rc = x ? mip_solver_find(solver, &err)->solve(&em->mip, &lim, &res, &err) : GN_ENOMEM;
  *seconds = cpu_s() - t0;
  free(x);
  if (rc)
    return "error";
  return res.status == MIP_OPTIMAL ? "yes" : res.status == MIP_INFEASIBLE ? "no" : "-";
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bench_exact_mip LIMIT_S GRAPH...\n");
    return 2;
  }
  double limit = atof(argv[1]);
  static const int stage_counts[] = {20, 50, 100};
  printf("| graph | N | T | columns | rows | CBC | s | GLPK | s | stage search | s |\n");
  printf("|---|---:|---:|---:|---:|---|---:|---|---:|---|---:|\n");
  for (int a = 2; a < argc; a++) {
    taskgraph *g;
    gn_error err;
    if (graph_source_load(argv[a], &g, &err)) {
      fprintf(stderr, "bench_exact_mip: %s\n", err.msg);
      return 2;
    }
    taskgraph_reach reach;
    if (taskgraph_reach_compute(g, &reach, &err)) {
      fprintf(stderr, "bench_exact_mip: %s\n", err.msg);
      return 1;
    }
    for (int k = 0; k < 3; k++) {
      int N = stage_counts[k];
      double T = mapper_lower_bound(g, N, 1);
      exact_model em;
      int too_big;
      if (exact_model_build(g, &reach, N, 1, T, 0, 0, 0, &em, &too_big, &err))
        return 1;
      double s_cbc = 0, s_glpk = 0, s_search;
      const char *cbc = em.empty ? "no" : ask_mip("cbc", &em, limit, &s_cbc);
      const char *glpk = em.empty ? "no" : ask_mip("glpk", &em, limit, &s_glpk);
      partition *p = partition_new(g->n_tasks, N);
      exact_answer answer = EXACT_UNKNOWN;
      long used;
      double t0 = cpu_s();
      if (!em.empty && p)
        exact_search_decide(g, N, 1, T, em.first, em.last, NULL, t0 + limit, 0, p, &answer, &used, &err);
      else if (em.empty)
        answer = EXACT_NO;
      s_search = cpu_s() - t0;
      printf("| %s | %d | %.6g | %d | %d | %s | %.2f | %s | %.2f | %s | %.2f |\n", argv[a], N, T, em.mip.n_cols,
             em.mip.n_rows, cbc, s_cbc, glpk, s_glpk, answer_text[answer], s_search);
      fflush(stdout);
      partition_free(p);
      exact_model_free(&em);
    }
    taskgraph_reach_free(&reach);
    taskgraph_free(g);
  }
  return 0;
}
