/* bench_runner: the runner's own cost per run (fork, pipe, ordered append + fdatasync) with a kind that does
 * nothing, and the speed-up of --jobs 2 over --jobs 1 with a kind that burns ~50 ms of CPU per run.
 * Usage: bench_runner [--runs N]   (numbers go to docs/benchmarks.md, ## Runner) */
#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static const experiment_param bench_params[] = {{.key = "x", .type = EXP_INT, .default_value = NULL, .help = "run number"}, {.key = NULL}};
static const metric_info bench_metrics[] = {{"v", "v", NULL, METRIC_VALUE}, {NULL, NULL, NULL, METRIC_VALUE}};

static int null_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  return gn_kv_set_long(metrics, "v", (long long)(seed % 7));
}

/* About 50 ms of arithmetic on the reference machine; the result depends on x so it cannot be skipped. */
static int busy_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  long long x = 0;
  gn_kv_get_long(params, "x", &x);
  volatile double acc = (double)x;
  for (long i = 0; i < 6000000L; i++)
    acc = acc * 0.9999999 + 1e-9 * (double)i;
  return gn_kv_set_double(metrics, "v", acc);
}

static const experiment_kind null_kind = {"null", "does nothing", bench_params, bench_metrics, null_run, NULL, NULL};
static const experiment_kind busy_kind = {"busy", "burns CPU", bench_params, bench_metrics, busy_run, NULL, NULL};

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds (user + system) of this process alone: the runner's own share, serial whatever the job count. */
static double self_cpu_s(void) {
  struct rusage self;
  getrusage(RUSAGE_SELF, &self);
  return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec) +
         1e-6 * (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec);
}

/* CPU seconds (user + system) of this process and its waited-for children so far. */
static double cpu_s(void) {
  struct rusage self, kids;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &kids);
  return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec + kids.ru_stime.tv_sec) +
         1e-6 * (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec + kids.ru_stime.tv_usec);
}

/* Wall time of a whole sweep of `runs` runs with `jobs` children into a fresh CSV. */
static double sweep(const experiment_kind *kind, long runs, int jobs, const char *csv) {
  const experiment_kind *const kinds[] = {kind, NULL};
  char text[128];
  snprintf(text, sizeof text, "kind = \"%s\";\nparams = { x = 0; };\nrepeat = %ld;\n", kind->name, runs);
  scenario sc;
  gn_error err = {0};
  if (scenario_parse(text, "bench.cfg", kinds, &sc, &err)) {
    fprintf(stderr, "bench_runner: %s\n", err.msg);
    exit(1);
  }
  unlink(csv);
  runner_options o = {jobs, 0, (size_t)runs - 1, csv, 1, 0, 1, 0, 0, 0};
  runner_summary sum;
  double t0 = now_s();
  if (runner_run(&sc, &o, &sum, &err) || sum.failed) {
    fprintf(stderr, "bench_runner: %s\n", err.msg[0] ? err.msg : "a run failed");
    exit(1);
  }
  double t = now_s() - t0;
  scenario_free(&sc);
  unlink(csv);
  return t;
}

int main(int argc, char **argv) {
  long runs = 400;
  if (argc == 3 && strcmp(argv[1], "--runs") == 0)
    runs = strtol(argv[2], NULL, 10);
  if (runs < 10) {
    fprintf(stderr, "usage: bench_runner [--runs N>=10]\n");
    return 2;
  }
  char csv[] = "/tmp/gn_bench_runner.XXXXXX";
  int fd = mkstemp(csv);
  if (fd < 0)
    return 1;
  close(fd);
  /* The runner's own CPU per run, starting children through its workers (runner_spawn.c) and forking them
   * itself (GN_RUNNER_FORK=1, the old way), alternately, twice. */
  double own[2] = {1e300, 1e300};
  for (int round = 0; round < 4; round++) {
    int forking = round % 2;
    setenv("GN_RUNNER_FORK", forking ? "1" : "0", 1);
    double s0 = self_cpu_s();
    sweep(&null_kind, runs, 2, csv);
    double t = (self_cpu_s() - s0) / (double)runs;
    own[forking] = t < own[forking] ? t : own[forking];
  }
  unsetenv("GN_RUNNER_FORK");
  double c0 = cpu_s();
  double null1 = sweep(&null_kind, runs, 1, csv);
  double null_cpu = cpu_s() - c0;
  double null2 = sweep(&null_kind, runs, 2, csv);
  long busy_runs = runs / 10;
  double t0 = now_s();
  busy_run(&(gn_kvlist)GN_KVLIST_INIT, 0, &(gn_kvlist)GN_KVLIST_INIT, NULL);
  double one = now_s() - t0;
  double busy1 = sweep(&busy_kind, busy_runs, 1, csv);
  double busy2 = sweep(&busy_kind, busy_runs, 2, csv);
  double load[1] = {0};
  if (getloadavg(load, 1) != 1)
    load[0] = -1;
  printf("load average before the sweeps ended: %.2f (2 cores; other work on the machine slows every number)\n\n",
         load[0]);
  printf("| measure | value |\n|---|---:|\n");
  printf("| runner process CPU per run, --jobs 2, children started by its workers (best of 2) | %.3f ms |\n",
         1e3 * own[0]);
  printf("| the same, runner forking every child itself (GN_RUNNER_FORK=1, best of 2) | %.3f ms |\n", 1e3 * own[1]);
  printf("| runner cost per run, empty kind, --jobs 1 (%ld runs) | %.2f ms |\n", runs, 1e3 * null1 / (double)runs);
  printf("| runner CPU per run (parent + child, user + system), empty kind | %.2f ms |\n",
         1e3 * null_cpu / (double)runs);
  printf("| runner cost per run, empty kind, --jobs 2 (%ld runs) | %.2f ms |\n", runs, 1e3 * null2 / (double)runs);
  printf("| one busy run in-process | %.1f ms |\n", 1e3 * one);
  printf("| busy sweep, %ld runs, --jobs 1 | %.2f s (%.1f ms/run beyond the run) |\n", busy_runs, busy1,
         1e3 * (busy1 / (double)busy_runs - one));
  printf("| busy sweep, %ld runs, --jobs 2 | %.2f s |\n", busy_runs, busy2);
  printf("| speed-up --jobs 2 / --jobs 1 | %.2fx |\n", busy1 / busy2);
  unlink(csv);
  return 0;
}
