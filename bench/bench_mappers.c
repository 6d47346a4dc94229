/* bench_mappers: the paper's grid (generated graphs of 100/300/500 tasks x 20/50/100 stages) for every mapper
 * but exact: run time and T / LB, printed as the Markdown table of docs/benchmarks.md.
 * Times are CPU seconds of this process (CLOCK_PROCESS_CPUTIME_ID): the machine is shared, wall time is noise.
 * usage: bench_mappers [--graphs K (10)] [--ccr X (0)] [--mappers a,b,... (dpma,dptaa,saatsa,chains)] */
#include "graph_source.h"
#include "mapper.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_SIZES 3
#define N_STAGES 3
#define MAX_MAPPERS 8

static const int sizes[N_SIZES] = {100, 300, 500};
static const int stage_counts[N_STAGES] = {20, 50, 100};

typedef struct cell {
  double ms_sum, ms_max, ratio_sum, ratio_max, imbalance_sum;
  int runs;
} cell;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int run_one(const taskgraph *g, const char *name, int n_stages, uint64_t seed, cell *c) {
  mapper_params mp = {.n_stages = n_stages, .comm_factor = 1, .seed = seed, .options = NULL};
  partition *p;
  partition_metrics m;
  gn_error err;
  double start = now_s();
  int rc = mapper_run_by_name(name, g, &mp, &p, &err);
  double ms = 1e3 * (now_s() - start);
  if (rc == GN_OK)
    rc = partition_evaluate(g, p, 1, &m, &err);
  if (rc) {
    fprintf(stderr, "bench_mappers: %s: %s\n", name, err.msg);
    return 1;
  }
  partition_free(p);
  c->ms_sum += ms;
  c->ms_max = ms > c->ms_max ? ms : c->ms_max;
  c->ratio_sum += m.t_over_lb;
  c->ratio_max = m.t_over_lb > c->ratio_max ? m.t_over_lb : c->ratio_max;
  c->imbalance_sum += m.imbalance;
  c->runs++;
  return 0;
}

int main(int argc, char **argv) {
  int graphs = 10;
  const char *ccr = "0";
  char mapper_list[256] = "dpma,dptaa,saatsa,chains";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--graphs") == 0)
      graphs = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--ccr") == 0)
      ccr = argv[i + 1];
    else if (strcmp(argv[i], "--mappers") == 0)
      snprintf(mapper_list, sizeof mapper_list, "%s", argv[i + 1]);
    else {
      fprintf(stderr, "usage: bench_mappers [--graphs K] [--ccr X] [--mappers a,b,...]\n");
      return 2;
    }
  }
  if (graphs < 1) {
    fprintf(stderr, "bench_mappers: --graphs must be >= 1\n");
    return 2;
  }
  const char *names[MAX_MAPPERS];
  int n_mappers = 0;
  for (char *tok = strtok(mapper_list, ","); tok && n_mappers < MAX_MAPPERS; tok = strtok(NULL, ","))
    names[n_mappers++] = tok;
  static cell cells[N_SIZES][N_STAGES][MAX_MAPPERS];
  double start = now_s();
  for (int si = 0; si < N_SIZES; si++)
    for (int k = 1; k <= graphs; k++) {
      char spec[128];
      snprintf(spec, sizeof spec, "gen:tasks=%d,seed=%d,ccr=%s", sizes[si], k, ccr);
      taskgraph *g;
      gn_error err;
      if (graph_source_load(spec, &g, &err)) {
        fprintf(stderr, "bench_mappers: %s\n", err.msg);
        return 1;
      }
      for (int ni = 0; ni < N_STAGES; ni++)
        for (int mi = 0; mi < n_mappers; mi++)
          if (run_one(g, names[mi], stage_counts[ni], (uint64_t)k, &cells[si][ni][mi]))
            return 1;
      taskgraph_free(g);
    }
  printf("| tasks | stages | mapper | mean ms | max ms | mean T/LB | max T/LB | mean imbalance |\n");
  printf("|---:|---:|---|---:|---:|---:|---:|---:|\n");
  for (int si = 0; si < N_SIZES; si++)
    for (int ni = 0; ni < N_STAGES; ni++)
      for (int mi = 0; mi < n_mappers; mi++) {
        const cell *c = &cells[si][ni][mi];
        printf("| %d | %d | %s | %.2f | %.2f | %.4f | %.4f | %.4f |\n", sizes[si], stage_counts[ni], names[mi],
               c->ms_sum / c->runs, c->ms_max, c->ratio_sum / c->runs, c->ratio_max, c->imbalance_sum / c->runs);
      }
  printf("\n%d graphs per size (gen:tasks=T,seed=1..%d,ccr=%s), comm factor 1; total %.1f s on one core.\n", graphs,
         graphs, ccr, now_s() - start);
  return 0;
}
