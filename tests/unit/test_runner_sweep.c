/* Unit tests for runner/runner*: run order and bytes independent of --jobs, failed runs, resume after kill -9
 * with a cut-short last line, partial runs + merge, emitted Slurm files. The kind is defined here (a real,
 * deterministic computation from its parameters), not registered in the product. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gn_file.h"
#include "gn_seed.h"
#include "runner.h"
#include "runner_emit.h"
#include "runner_merge.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const experiment_param probe_params[] = {
    {.key = "x", .type = EXP_INT, .default_value = NULL, .help = "the number squared"},
    {.key = "fail_at", .type = EXP_INT, .default_value = "-1", .help = "x for which the run reports an error"},
    {.key = "crash_at", .type = EXP_INT, .default_value = "-1", .help = "x for which the run aborts"},
    {.key = "delay_ms", .type = EXP_INT, .default_value = "0", .help = "sleep (delay_ms * (8 - x mod 8)) ms, so later runs finish first"},
    {.key = NULL},
};
static const metric_info probe_metrics[] = {
    {"square", "x squared", NULL, METRIC_VALUE}, {"seed_low", "low bits of the seed", NULL, METRIC_VALUE}, {NULL, NULL, NULL, METRIC_VALUE}};

static int probe_run(const gn_kvlist *params, uint64_t seed, gn_kvlist *metrics, gn_error *err) {
  long long x, fail_at, crash_at, delay;
  gn_kv_get_long(params, "x", &x);
  gn_kv_get_long(params, "fail_at", &fail_at);
  gn_kv_get_long(params, "crash_at", &crash_at);
  gn_kv_get_long(params, "delay_ms", &delay);
  if (x == crash_at)
    abort();
  if (x == fail_at)
    return gn_error_set(err, GN_EFAIL, NULL, 0, "x = %lld is the failing value", x);
  struct timespec ts = {0, (long)(delay * (8 - x % 8)) * 1000000L};
  nanosleep(&ts, NULL);
  gn_kv_set_long(metrics, "square", x * x);
  gn_kv_set_long(metrics, "seed_low", (long long)(seed % 1000));
  return GN_OK;
}

static const experiment_kind probe = {"probe", "test kind", probe_params, probe_metrics, probe_run, NULL, NULL};
static const experiment_kind *const kinds[] = {&probe, NULL};

static char dir[64];

static int setup(void **state) {
  snprintf(dir, sizeof dir, "/tmp/gn_runner.XXXXXX");
  return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

static void load(const char *text, scenario *sc) {
  gn_error err = {0};
  if (scenario_parse(text, "r.cfg", kinds, sc, &err))
    fail_msg("%s", err.msg);
}

static char *path_of(const char *name) {
  static char buf[4][256];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
  return buf[k];
}

/* Not inlined: GCC 12 then mistakes the returned heap text for a dangling local. */
__attribute__((noinline)) static char *slurp(const char *path) {
  char *text = NULL;
  size_t len;
  gn_error err;
  int rc = gn_file_read_all(path, 0, &text, &len, &err);
  assert_int_equal(rc, GN_OK);
  return text;
}

static runner_summary run_to(const scenario *sc, const char *out, int jobs, size_t first, size_t last) {
  runner_options o = {jobs, first, last, out, 0, 0, 1, 0, 0, 0};
  runner_summary sum;
  gn_error err = {0};
  if (runner_run(sc, &o, &sum, &err))
    fail_msg("%s", err.msg);
  return sum;
}

static const char sweep8[] = "kind = \"probe\";\nseed = 5;\nparams = { x = [0, 1, 2, 3, 4, 5, 6, 7]; delay_ms = 3; };\n";

/* Row 2 by hand: x=2, defaults fail_at=-1 crash_at=-1, delay_ms=3, rep 0, seed from "delay_ms=3;x=2;rep=0",
 * square 4, seed_low = seed % 1000. With delays 3*(8-x) ms, run 7 finishes long before run 0 at --jobs 2. */
static void jobs_do_not_change_bytes(void **state) {
  scenario sc;
  load(sweep8, &sc);
  runner_summary s1 = run_to(&sc, path_of("j1.csv"), 1, 0, 7);
  runner_summary s2 = run_to(&sc, path_of("j2.csv"), 2, 0, 7);
  assert_int_equal(s1.done, 8);
  assert_int_equal(s2.done, 8);
  char *a = slurp(path_of("j1.csv")), *b = slurp(path_of("j2.csv"));
  assert_string_equal(a, b);
  uint64_t seed = gn_seed_derive(5, "delay_ms=3;x=2;rep=0");
  char row[256];
  snprintf(row, sizeof row, "\n2,2,-1,-1,3,0,%llu,4,%llu,%s\n3,", (unsigned long long)seed,
           (unsigned long long)(seed % 1000), GN_VERSION);
  assert_non_null(strstr(a, row));
  assert_memory_equal(a, "run,x,fail_at,crash_at,delay_ms,rep,seed,square,seed_low,version\n0,", 66);
  /* A second start finds every run done and changes nothing. */
  runner_summary s3 = run_to(&sc, path_of("j1.csv"), 2, 0, 7);
  assert_int_equal(s3.skipped, 8);
  assert_int_equal(s3.done, 0);
  char *c = slurp(path_of("j1.csv"));
  assert_string_equal(a, c);
  free(a), free(b), free(c);
  scenario_free(&sc);
}

/* One run reports an error, one aborts: both are counted, the other rows are written in order. */
static void failed_runs_do_not_stop_others(void **state) {
  scenario sc;
  load("kind = \"probe\";\nparams = { x = [1, 2, 3, 4]; fail_at = 2; crash_at = 3; };\n", &sc);
  runner_summary s = run_to(&sc, path_of("f.csv"), 2, 0, 3);
  assert_int_equal(s.done, 2);
  assert_int_equal(s.failed, 2);
  char *text = slurp(path_of("f.csv"));
  assert_non_null(strstr(text, "\n0,1,"));
  assert_non_null(strstr(text, "\n3,4,"));
  assert_null(strstr(text, "\n1,2,"));
  free(text);
  runner_summary again = run_to(&sc, path_of("f.csv"), 1, 0, 3);
  assert_int_equal(again.skipped, 2);
  assert_int_equal(again.failed, 2);
  scenario_free(&sc);
}

static int count_lines(const char *path) {
  FILE *f = fopen(path, "r");
  int n = 0, c;
  if (!f)
    return 0;
  while ((c = fgetc(f)) != EOF)
    n += c == '\n';
  fclose(f);
  return n;
}

/* Kill -9 the writer mid-sweep, add a cut-short line as a torn write would leave, resume: exactly the
 * bytes of an uninterrupted run. */
static void resume_after_kill(void **state) {
  scenario sc;
  load("kind = \"probe\";\nrepeat = 2;\nparams = { x = [0, 1, 2, 3, 4, 5, 6, 7]; delay_ms = 4; };\n", &sc);
  run_to(&sc, path_of("ref.csv"), 2, 0, 15);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    runner_options o = {2, 0, 15, path_of("k.csv"), 0, 0, 1, 0, 0, 0};
    runner_summary sum;
    gn_error err;
    _exit(runner_run(&sc, &o, &sum, &err) ? 1 : 0);
  }
  while (count_lines(path_of("k.csv")) < 5)
    usleep(1000);
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
  int before = count_lines(path_of("k.csv"));
  assert_true(before < 17);
  FILE *f = fopen(path_of("k.csv"), "a");
  assert_non_null(f);
  fputs("15,7,-1,-1,4,1,9", f);
  fclose(f);
  runner_summary s = run_to(&sc, path_of("k.csv"), 1, 0, 15);
  assert_int_equal(s.skipped, (size_t)before - 1);
  assert_int_equal(s.done + s.skipped, 16);
  char *a = slurp(path_of("ref.csv")), *b = slurp(path_of("k.csv"));
  assert_string_equal(a, b);
  free(a), free(b);
  scenario_free(&sc);
}

/* Two partial ranges merged give the full file; a missing part or a conflicting row is refused. */
static void partial_runs_merge(void **state) {
  scenario sc;
  load(sweep8, &sc);
  run_to(&sc, path_of("full.csv"), 2, 0, 7);
  run_to(&sc, path_of("p1.csv"), 1, 5, 7);
  run_to(&sc, path_of("p0.csv"), 1, 0, 4);
  char p0[256], p1[256], bad[256];
  snprintf(p0, sizeof p0, "%s", path_of("p0.csv"));
  snprintf(p1, sizeof p1, "%s", path_of("p1.csv"));
  snprintf(bad, sizeof bad, "%s", path_of("bad.csv"));
  const char *parts[] = {p1, p0};
  runner_merge_stats st;
  gn_error err = {0};
  assert_int_equal(runner_merge(&sc, parts, 2, path_of("merged.csv"), &st, &err), GN_OK);
  assert_int_equal(st.nrows, 8);
  char *a = slurp(path_of("full.csv")), *b = slurp(path_of("merged.csv"));
  assert_string_equal(a, b);
  free(a), free(b);
  assert_int_equal(runner_merge(&sc, parts, 1, path_of("m2.csv"), &st, &err), GN_EFAIL);
  assert_non_null(strstr(err.msg, "m2.csv: 5 of 8 runs of "));
  assert_non_null(strstr(err.msg, " are missing"));
  /* p1 holds runs 5-7 (run_to above): 0-4 are missing, listed in order; nothing was written. */
  assert_int_equal(st.nmissing, 5);
  assert_int_equal(st.missing[0], 0);
  assert_int_equal(st.missing[4], 4);
  free(st.missing);
  assert_int_equal(access(path_of("m2.csv"), F_OK), -1);
  /* The same merge again may replace its own output; an output holding other rows is never overwritten. */
  assert_int_equal(runner_merge(&sc, parts, 2, path_of("merged.csv"), &st, &err), GN_OK);
  assert_int_equal(gn_file_write_atomic(path_of("mine.csv"), "x,y\n1,2\n", 8, &err), GN_OK);
  assert_int_equal(runner_merge(&sc, parts, 2, path_of("mine.csv"), &st, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "not overwritten"));
  /* The same rows as p1 but run 5's square (25) changed to 95. */
  const char *conflict[] = {p0, p1, bad};
  char *text = slurp(p1);
  char *square = strstr(strstr(text, "\n5,5,"), ",25,");
  assert_non_null(square);
  square[1] = '9';
  gn_error wr;
  assert_int_equal(gn_file_write_atomic(bad, text, strlen(text), &wr), GN_OK);
  free(text);
  assert_int_equal(runner_merge(&sc, conflict, 3, path_of("m3.csv"), &st, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "differs from the same run"));
  scenario_free(&sc);
}

/* An output written for another scenario is refused, not appended to. */
static void foreign_output_refused(void **state) {
  scenario sc;
  load(sweep8, &sc);
  gn_error err = {0};
  assert_int_equal(gn_file_write_atomic(path_of("other.csv"), "run,a,b\n0,1,2\n", 14, &err), GN_OK);
  runner_options o = {1, 0, 7, path_of("other.csv"), 0, 0, 1, 0, 0, 0};
  runner_summary sum;
  assert_int_equal(runner_run(&sc, &o, &sum, &err), GN_EINPUT);
  assert_non_null(strstr(err.msg, "other.csv:1: the header is not this scenario's"));
  scenario_free(&sc);
}

/* 8 runs in chunks of 3 -> 3 array tasks (0-2), at most 2 at once; the merge job names the scenario. */
static void emit_slurm_files(void **state) {
  scenario sc;
  load(sweep8, &sc);
  runner_emit_options o = {"slurm", path_of("sl"), "/bin/gridnoc", "/s/r.cfg", "/o/r.csv", 3, 2,
                           "--time=00:05:00 --mem=200M"};
  strbuf summary = STRBUF_INIT;
  gn_error err = {0};
  assert_int_equal(runner_emit(&sc, &o, &summary, &err), GN_OK);
  char *array = slurp(path_of("sl/array.sbatch")), *merge = slurp(path_of("sl/merge.sbatch"));
  assert_non_null(strstr(array, "#SBATCH --array=0-2%2\n"));
  assert_non_null(strstr(array, "first=$((SLURM_ARRAY_TASK_ID * 3))"));
  assert_non_null(strstr(array, "if [ \"$last\" -gt 7 ]; then last=7; fi"));
  assert_non_null(strstr(array, " --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --runs \"$first-$last\""));
  assert_non_null(strstr(array, "/sl/%x-%A_%a.out\n"));
  assert_non_null(strstr(merge, "'/bin/gridnoc' merge --scenario '/s/r.cfg' --output '/o/r.csv' --chunk 3 --resubmit "));
  char *submit = slurp(path_of("sl/submit.sh"));
  assert_non_null(strstr(submit, "sbatch_args=( '--time=00:05:00' '--mem=200M' )\n"));
  assert_non_null(strstr(submit, "--dependency=afterany:"));
  free(array), free(merge), free(submit);
  strbuf_free(&summary);
  runner_emit_options p = {"parallel", path_of("par"), "/bin/gridnoc", "/s/r.cfg", "/o/r.csv", 3, 2, NULL};
  assert_int_equal(runner_emit(&sc, &p, &summary, &err), GN_OK);
  char *jobs = slurp(path_of("par/jobs.txt"));
  assert_non_null(strstr(jobs, " --jobs 1 --quiet --runs 6-7 --output "));
  free(jobs);
  strbuf_free(&summary);
  scenario_free(&sc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(jobs_do_not_change_bytes, setup, teardown),
      cmocka_unit_test_setup_teardown(failed_runs_do_not_stop_others, setup, teardown),
      cmocka_unit_test_setup_teardown(resume_after_kill, setup, teardown),
      cmocka_unit_test_setup_teardown(partial_runs_merge, setup, teardown),
      cmocka_unit_test_setup_teardown(foreign_output_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(emit_slurm_files, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
