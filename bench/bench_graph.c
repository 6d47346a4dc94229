/* bench_graph: task-graph layer speed: parse + validate + stats of a 10,000-task STG file, and generation of
 * 100 graphs of 300 tasks. Prints min and median wall times (docs/benchmarks.md, "Task graphs"). */
#include "stg.h"
#include "taskgraph_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void report(const char *what, double *t, int reps) {
  qsort(t, (size_t)reps, sizeof *t, cmp_double);
  printf("%-52s min %8.2f ms   median %8.2f ms   (%d runs)\n", what, t[0] * 1e3, t[reps / 2] * 1e3, reps);
}

static int die(const gn_error *err) {
  fprintf(stderr, "bench_graph: %s\n", err->msg);
  return 1;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 10;
  if (reps < 1)
    reps = 1;
  double *t = malloc((size_t)reps * sizeof *t);
  gn_error err = {0};
  taskgraph_gen_params p;
  if (!t || taskgraph_gen_parse("method=samepred,tasks=10000,times=unif,seed=1", &p, &err))
    return die(&err);
  taskgraph *big;
  if (taskgraph_gen_generate(&p, &big, &err))
    return die(&err);
  char path[] = "/tmp/bench_graph_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return 1;
  close(fd);
  if (stg_write_file(big, STG_LAYOUT_PLAIN, path, &err))
    return die(&err);
  printf("10,000-task STG file: %d edges (samepred, preds 2, seed 1)\n", big->n_edges);
  taskgraph_free(big);

  for (int r = 0; r < reps; r++) {
    double t0 = now_s();
    taskgraph *g;
    if (stg_read_file(path, NULL, &g, &err))
      return die(&err);
    taskgraph_stats st;
    taskgraph_stats_compute(g, &st);
    t[r] = now_s() - t0;
    taskgraph_free(g);
  }
  unlink(path);
  report("parse + validate + stats, 10,000-task STG", t, reps);

  for (int r = 0; r < reps; r++) {
    double t0 = now_s();
    for (int k = 0; k < 100; k++) {
      char spec[96];
      snprintf(spec, sizeof spec, "method=%s,tasks=300,seed=%d", taskgraph_gen_methods[k % 4].name, k + 1);
      taskgraph *g;
      if (taskgraph_gen_parse(spec, &p, &err) || taskgraph_gen_generate(&p, &g, &err))
        return die(&err);
      taskgraph_free(g);
    }
    t[r] = now_s() - t0;
  }
  report("generate 100 graphs of 300 tasks (4 methods)", t, reps);
  free(t);
  return 0;
}
