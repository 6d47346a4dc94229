/* bench_noc_pipeline: wall and CPU time of a long NoC pipeline run under each link-sharing rule asked for (age
 * and tcp by default; rr and oldest, which run our own network model, on request), each simulation in its own
 * child process. Numbers go to docs/benchmarks.md. Its speed against raw SimGrid is measured by
 * bench_noc_raw, a raw program that reproduces the pipeline's simulated times to every digit. */
#include "noc_pipeline.h"


#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double clock_s(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Wall and CPU time: on a machine shared by several builds the process's CPU time is the steadier measure. */
typedef struct stopwatch {
  double wall, cpu;
} stopwatch;

static stopwatch stopwatch_start(void) {
  return (stopwatch){clock_s(CLOCK_MONOTONIC), clock_s(CLOCK_PROCESS_CPUTIME_ID)};
}

static stopwatch stopwatch_read(stopwatch start) {
  return (stopwatch){clock_s(CLOCK_MONOTONIC) - start.wall, clock_s(CLOCK_PROCESS_CPUTIME_ID) - start.cpu};
}

/* A chain of n tasks (load 5..15, volume 1..7): mapped into n stages it is an n-stage pipeline with one flow
 * per stage, the workload of the benchmark. */
static taskgraph *chain_graph(int n) {
  gn_error err;
  taskgraph *g = taskgraph_new();
  for (int t = 0; t < n; t++) {
    taskgraph_add_task(g, NULL, 5 + (t * 7) % 11, &err);
    if (t > 0)
      taskgraph_add_edge(g, t - 1, t, 1 + (t * 5) % 7, &err);
  }
  taskgraph_finalize(g, "bench", &err);
  return g;
}

/* The link-sharing rule of the next pipeline run (set before its child is forked). */
static noc_link_sharing bench_sharing = NOC_SHARING_FAIR;

static int bench_pipeline(long items, int stages) {
  gn_error err = {0};
  noc_chip *chip = NULL;
  if (noc_chip_from_spec("mesh100", &chip, &err))
    return fprintf(stderr, "%s\n", err.msg), 1;
  taskgraph *g = chain_graph(stages);
  noc_pipeline_config cfg = {g,   chip, {"chains", NULL, "snake", stages, 1.0, 0, 1}, 1e-4, items, 20, 0, NULL, 0, 0, 0, 3,
                             0.9, 0, bench_sharing, 0};
  noc_pipeline_report rep;
  stopwatch t = stopwatch_start();
  int rc = noc_pipeline_simulate(&cfg, &rep, &err);
  t = stopwatch_read(t);
  if (rc)
    return fprintf(stderr, "%s\n", err.msg), 1;
  printf("pipeline (%s): %ld items x %d stages on mesh100: wall %.2f s, cpu %.2f s, %ld activities, %.0f activities/s "
         "(cpu), period analytic %g simulated %.6g\n",
         noc_link_sharing_name(bench_sharing), items, stages, t.wall, t.cpu, rep.activities, rep.activities / t.cpu, rep.analytic_period, rep.sim_period);
  noc_pipeline_report_free(&rep);
  taskgraph_free(g);
  noc_chip_free(chip);
  return 0;
}

/* One simulation per process: run each in a child. */
static int in_child(int (*fn)(long, int), long a, int b) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int rc = fn(a, b);
    fflush(NULL); /* _exit does not flush stdio */
    _exit(rc);
  }
  int status = 1;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv) {
  long items = argc > 1 ? atol(argv[1]) : 10000;
  int stages = argc > 2 ? atoi(argv[2]) : 100;
  /* The rules to run, by name: age,tcp unless given (rr, oldest: our own network model, docs/noc.md). */
  char names[64] = "age,tcp";
  if (argc > 3)
    snprintf(names, sizeof names, "%s", argv[3]);
  noc_link_sharing rules[8];
  int n_rules = 0, bad = 0;
  for (char *tok = strtok(names, ","); tok && n_rules < 8; tok = strtok(NULL, ",")) {
    int r = noc_link_sharing_parse(tok);
    bad |= r < 0;
    rules[n_rules++] = (noc_link_sharing)r;
  }
  if (items < 30 || stages < 2 || stages > 100 || bad || n_rules == 0) {
    fprintf(stderr, "usage: bench_noc_pipeline [ITEMS >= 30] [STAGES 2..100] [RULES: age,tcp,rr,oldest]\n");
    return 2;
  }
  /* Alternate the rules twice: on a shared machine the load drifts; compare the best of each. */
  int rc = 0;
  for (int round = 0; round < 2; round++)
    for (int r = 0; r < n_rules; r++) {
      bench_sharing = rules[r];
      rc |= in_child(bench_pipeline, items, stages);
    }
  return rc;
}
