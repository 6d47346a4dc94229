/* cmd_run: `gridnoc run SCENARIO`: list, check, run (fork pool, resumable CSV) or emit job files. */
#include "cli.h"
#include "commands.h"
#include "runner.h"
#include "runner_columns.h"
#include "runner_csv.h"
#include "runner_emit.h"
#include "sgwrap.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: gridnoc run SCENARIO [--jobs N] [--list] [--run I] [--runs A-B] [--dry-run] [--fresh]\n"
    "                            [--output CSV | --reference] [--quiet] [--run-timeout S] [--cfg KEY:VALUE]...\n"
    "                            [--emit slurm|parallel [--chunk N] [--max-parallel K] [--emit-dir DIR]\n"
    "                            [--sbatch \"ARGS\"]]\n"
    "Runs every run of a scenario file (see scenarios/README.md), one child process per run, appending one\n"
    "CSV row per run to the scenario's output in run order. An interrupted sweep resumes where it stopped.\n"
    "  --jobs N          runs at once (default: the number of online CPUs)\n"
    "  --list            print the expanded runs (index, parameters, seed) and stop\n"
    "  --columns         print the column dictionary of the scenario's CSV (what run and merge write beside it\n"
    "                    as X.columns.csv: column, role, type, unit, meaning) and stop\n"
    "  --run I           run only run I and print its CSV row (with the header) on stdout\n"
    "  --runs A-B        run only runs A..B (used by emitted jobs, with --output for a partial CSV)\n"
    "  --dry-run         check the scenario and the output, say what would run, run nothing\n"
    "  --fresh           discard the existing output instead of resuming it\n"
    "  --output CSV      write here instead of the scenario's `output` (a file in the current directory)\n"
    "  --reference       write the scenario's committed reference CSV (its `reference`; by default a run never\n"
    "                    writes there: compare a fresh run with it by `gridnoc report CSV --against REF`)\n"
    "  --emit slurm      write a Slurm array job + dependent merge job (no run here)\n"
    "  --emit parallel   write a GNU parallel job list + merge script (no run here)\n"
    "  --chunk N         runs per emitted job (default: enough for at most 64 jobs)\n"
    "  --max-parallel K  emitted jobs at once (Slurm --array=...%K, default 8; parallel -j K, default: cores)\n"
    "  --emit-dir DIR    where emitted files and partial CSVs go (default: OUTPUT.slurm / OUTPUT.parallel)\n"
    "  --sbatch \"ARGS\"   sbatch options for every Slurm job, e.g. \"--time=01:00:00 --mem=2G --partition=p\"\n"
    "                    (added to the scenario's slurm group); --cpus-per-task=C runs C runs at once per task\n"
    "  --quiet           no progress bar or lines, no \"resuming\" line\n"
    "  --progress-every N   without a terminal, a progress line every N finished runs (default: a tenth\n"
    "                    of a sweep of 50 runs or more; 0 = by time only)\n"
    "  --progress-seconds S ... and at least every S seconds (default 30; 0 = by count only)\n"
    "  --run-timeout S   kill a run still going after S seconds and record it as failed (reason: timeout)\n"
    "  --cfg KEY:VALUE   a SimGrid setting for every run (repeatable), e.g. --cfg tracing:yes\n"
    "Options take their value as --opt VALUE or --opt=VALUE. Only one process writes an output at a time (a\n"
    "second is refused, naming the first); Ctrl-C stops cleanly and the same command resumes.\n"
    "exit status: 0 every run succeeded, 1 some run failed, 2 bad usage or bad scenario.\n";

typedef struct run_args {
  const char *scenario, *output, *emit, *emit_dir, *sbatch;
  long jobs, run, chunk, max_parallel, progress_every;
  long first, last;
  double progress_seconds, run_timeout;
  int list, dry_run, fresh, quiet, reference, columns;
  const char *cfg[64]; /* --cfg KEY:VALUE, in order */
  int ncfg;
} run_args;

static const char *const run_options[] = {
    "--jobs", "-j", "--run", "--runs", "--chunk", "--max-parallel", "--output", "-o", "--emit", "--emit-dir",
    "--sbatch", "--progress-every", "--progress-seconds", "--run-timeout", "--cfg", "--list", "--columns", "--dry-run", "--fresh", "--reference",
    "--quiet", "-q", "--help", NULL};

/* One option however it is spelled (-j is --jobs, -o is --output). */
static const char *option_id(const char *o) {
  return strcmp(o, "-j") == 0 ? "--jobs" : strcmp(o, "-o") == 0 ? "--output" : o;
}

static int parse_range(const char *text, long *first, long *last, gn_error *err) {
  const char *dash = strchr(text, '-');
  char a[32];
  if (!dash || (size_t)(dash - text) >= sizeof a)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--runs: '%s' is not A-B", text);
  memcpy(a, text, (size_t)(dash - text));
  a[dash - text] = '\0';
  int rc = cli_parse_int("--runs", a, 0, LONG_MAX, first, err);
  if (!rc)
    rc = cli_parse_int("--runs", dash + 1, *first, LONG_MAX, last, err);
  return rc;
}

/* Options that pick different things to do, or different runs, contradict each other: refuse rather than let
 * one silently win. --run prints to stdout, so an --output beside it would be ignored. */
static int check_exclusive(const run_args *a, gn_error *err) {
  const char *mode = a->list ? "--list" : a->dry_run ? "--dry-run" : a->emit ? "--emit" : NULL;
  if ((a->list + a->dry_run + (a->emit != NULL)) > 1)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--list, --dry-run and --emit exclude each other");
  if (a->run >= 0 && a->first >= 0)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--run and --runs exclude each other");
  if (a->reference && a->output)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--reference and --output exclude each other");
  if (a->run >= 0 && (a->output || a->reference))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--run prints its row on stdout: --output does not apply");
  if (mode && (a->run >= 0 || a->first >= 0))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s covers every run: --run/--runs do not apply", mode);
  if (!a->emit && (a->chunk || a->max_parallel >= 0 || a->sbatch || a->emit_dir))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s shapes emitted jobs: it needs --emit slurm|parallel",
                        a->chunk ? "--chunk" : a->max_parallel >= 0 ? "--max-parallel" : a->sbatch ? "--sbatch"
                                                                                          : "--emit-dir");
  if ((a->output && !*a->output) || (a->emit_dir && !*a->emit_dir))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "%s: an empty name", a->emit_dir && !*a->emit_dir ? "--emit-dir"
                                                                                             : "--output");
  return GN_OK;
}

static int parse_args(int argc, char **argv, run_args *a, gn_error *err) {
  *a = (run_args){.jobs = sysconf(_SC_NPROCESSORS_ONLN), .run = -1, .max_parallel = -1, .first = -1,
                  .progress_every = -1, .progress_seconds = 30};
  if (a->jobs < 1)
    a->jobs = 1;
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    int has_value = i + 1 < argc, known = 0;
    const char *v = has_value ? argv[i + 1] : NULL;
    int rc = GN_OK;
    for (int k = 0; run_options[k]; k++)
      known |= strcmp(o, run_options[k]) == 0;
    if (o[0] == '-' && o[1] && !known)
      return cli_unknown_option_error("run", o, run_options, err);
    if (strcmp(o, "--list") == 0)
      a->list = 1;
    else if (strcmp(o, "--columns") == 0)
      a->list = a->columns = 1;
    else if (strcmp(o, "--dry-run") == 0)
      a->dry_run = 1;
    else if (strcmp(o, "--fresh") == 0)
      a->fresh = 1;
    else if (strcmp(o, "--reference") == 0)
      a->reference = 1;
    else if (strcmp(o, "--quiet") == 0 || strcmp(o, "-q") == 0)
      a->quiet = 1;
    else if (o[0] == '-' && o[1] && !has_value)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "%s needs a value (see gridnoc run --help)", o);
    else if (o[0] == '-' && o[1] && cli_option_once(&seen, option_id(o), o, v, err))
      rc = GN_EINPUT;
    else if (strcmp(o, "--progress-every") == 0)
      rc = cli_parse_int(o, v, 0, LONG_MAX, &a->progress_every, err), i++;
    else if (strcmp(o, "--progress-seconds") == 0)
      rc = cli_parse_double(o, v, 0, 1e9, &a->progress_seconds, err), i++;
    else if (strcmp(o, "--run-timeout") == 0)
      rc = cli_parse_double(o, v, 0.001, 1e9, &a->run_timeout, err), i++;
    else if (strcmp(o, "--sbatch") == 0)
      a->sbatch = v, i++;
    else if (strcmp(o, "--cfg") == 0 && a->ncfg >= 64)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "--cfg: at most 64");
    else if (strcmp(o, "--cfg") == 0)
      a->cfg[a->ncfg++] = v, i++;
    else if (strcmp(o, "--jobs") == 0 || strcmp(o, "-j") == 0)
      rc = cli_parse_int(o, v, 1, 1024, &a->jobs, err), i++;
    else if (strcmp(o, "--run") == 0)
      rc = cli_parse_int(o, v, 0, LONG_MAX, &a->run, err), i++;
    else if (strcmp(o, "--runs") == 0)
      rc = parse_range(v, &a->first, &a->last, err), i++;
    else if (strcmp(o, "--chunk") == 0)
      rc = cli_parse_int(o, v, 1, LONG_MAX, &a->chunk, err), i++;
    else if (strcmp(o, "--max-parallel") == 0)
      rc = cli_parse_int(o, v, 1, 100000, &a->max_parallel, err), i++;
    else if (strcmp(o, "--output") == 0 || strcmp(o, "-o") == 0)
      a->output = v, i++;
    else if (strcmp(o, "--emit") == 0)
      a->emit = v, i++;
    else if (strcmp(o, "--emit-dir") == 0)
      a->emit_dir = v, i++;
    else if (a->scenario)
      rc = gn_error_set(err, GN_EINPUT, NULL, 0, "one scenario at a time ('%s' and '%s')", a->scenario, o);
    else
      a->scenario = o;
    if (rc)
      return rc;
  }
  if (!a->scenario)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "no scenario file given (see gridnoc run --help)");
  return check_exclusive(a, err);
}

static void list_runs(const scenario *sc) {
  size_t n = scenario_run_count(sc);
  for (size_t i = 0; i < n; i++) {
    gn_error e;
    scenario_run run;
    if (scenario_run_at(sc, i, &run, &e))
      continue;
    printf("%zu", i);
    for (size_t k = 0; k < run.params.n; k++)
      printf(" %s=%s", run.params.items[k].key, run.params.items[k].value);
    printf(" rep=%ld seed=%llu\n", run.rep, (unsigned long long)run.seed);
    scenario_run_free(&run);
  }
}

/* Expanding the first repetition of every run checks every combination before anything starts (the other
 * repetitions differ only in their seed, so they are counted, not expanded). */
static int dry_run(const scenario *sc, const char *output, gn_error *err) {
  size_t n = scenario_run_count(sc), done = 0;
  for (size_t i = 0; i < n; i += (size_t)sc->repeat) {
    scenario_run run;
    int rc = scenario_run_at(sc, i, &run, err);
    if (rc)
      return rc;
    scenario_run_free(&run);
  }
  unsigned char *flags = calloc(n, 1);
  if (!flags)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  long max_index;
  int repaired;
  /* Only reads: a cut-short last line is reported here and left for the real run to cut. */
  int rc = runner_resume_scan(sc, output, 0, flags, &max_index, &repaired, err);
  if (!rc) /* what the real run would refuse before its first run */
    rc = runner_columns_check(output, err);
  for (size_t i = 0; i < n; i++)
    done += flags[i];
  free(flags);
  if (rc)
    return rc;
  printf("%s: kind %s, %zu runs (%zu parameter combinations x %ld repetitions)%s%s\n", sc->path, sc->kind->name, n,
         n / (size_t)sc->repeat, sc->repeat, sc->graph_note ? ", graphs: " : "", sc->graph_note ? sc->graph_note : "");
  printf("output %s: %zu runs done, %zu to run%s\n", output, done, n - done,
         repaired ? " (its cut-short last line will be removed)" : "");
  return GN_OK;
}

static char *absolute(const char *path) {
  char *r = realpath(path, NULL);
  if (r || path[0] == '/')
    return r ? r : strdup(path);
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd))
    return NULL;
  size_t n = strlen(cwd) + strlen(path) + 2;
  char *out = malloc(n);
  if (out)
    snprintf(out, n, "%s/%s", cwd, path);
  return out;
}

static int emit(const scenario *sc, const run_args *a, const char *output, gn_error *err) {
  size_t total = scenario_run_count(sc);
  char dir_default[4096];
  snprintf(dir_default, sizeof dir_default, "%s.%s", output, a->emit);
  char *binary = realpath("/proc/self/exe", NULL), *scen = absolute(sc->path), *out = absolute(output);
  char *dir = absolute(a->emit_dir ? a->emit_dir : dir_default);
  int rc = binary && scen && out && dir ? GN_OK : gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  /* The scenario's slurm group first, then --sbatch (sbatch takes the last of a repeated option). */
  strbuf sbatch = STRBUF_INIT;
  strbuf_addf(&sbatch, "%s%s%s", sc->sbatch ? sc->sbatch : "", sc->sbatch && a->sbatch ? " " : "",
              a->sbatch ? a->sbatch : "");
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int max_parallel = a->max_parallel > 0 ? (int)a->max_parallel : strcmp(a->emit, "parallel") ? 8
                                                                : cores > 0                    ? (int)cores
                                                                                               : 1;
  runner_emit_options o = {a->emit, dir, binary, scen, out, a->chunk ? (size_t)a->chunk : (total + 63) / 64,
                           max_parallel, strbuf_str(&sbatch)};
  strbuf summary = STRBUF_INIT;
  if (!rc)
    rc = runner_emit(sc, &o, &summary, err);
  if (!rc)
    printf("%s", strbuf_str(&summary));
  strbuf_free(&summary);
  strbuf_free(&sbatch);
  free(binary);
  free(scen);
  free(out);
  free(dir);
  return rc;
}

int cmd_run(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("%s", usage);
    return 0;
  }
  gn_error err = {0};
  run_args a;
  if (parse_args(argc, argv, &a, &err))
    return cli_report(&err);
  scenario sc;
  if (scenario_load(a.scenario, &sc, &err))
    return cli_report(&err);
  const char *output = a.output ? a.output : sc.output;
  if (a.reference && !sc.reference) {
    gn_error_set(&err, GN_EINPUT, NULL, 0, "%s: --reference: the scenario names no `reference` CSV", sc.path);
    scenario_free(&sc);
    return cli_report(&err);
  }
  if (a.reference)
    output = sc.reference;
  else if (!a.output && sc.reference && !a.list && a.run < 0 && runner_same_file(output, sc.reference)) {
    gn_error_set(&err, GN_EINPUT, NULL, 0,
                 "%s is the scenario's committed reference: a run writes elsewhere (--output CSV, or another "
                 "directory); to rewrite the reference on purpose, use --reference",
                 output);
    scenario_free(&sc);
    return cli_report(&err);
  }
  size_t total = scenario_run_count(&sc);
  int rc = GN_OK, status = 0;
  for (size_t i = 0; !rc && i < sc.nsimgrid_cfg; i++)
    rc = gn_sim_cfg_add_from("simgrid_cfg", sc.simgrid_cfg[i], &err);
  for (int i = 0; !rc && i < a.ncfg; i++)
    rc = gn_sim_cfg_add(a.cfg[i], &err);
  if (rc)
    ;
  else if (a.columns) {
    strbuf b = STRBUF_INIT;
    runner_columns(sc.kind, &b);
    fputs(strbuf_str(&b), stdout);
    strbuf_free(&b);
  } else if (a.list)
    list_runs(&sc);
  else if (a.dry_run)
    rc = dry_run(&sc, output, &err);
  else if (a.emit)
    rc = emit(&sc, &a, output, &err);
  else {
    runner_options o = {(int)a.jobs, 0, total - 1, output, a.fresh, isatty(2), a.quiet, 0, a.progress_seconds,
                        a.run_timeout};
    if (a.run >= 0)
      o = (runner_options){1, (size_t)a.run, (size_t)a.run, NULL, 0, 0, 1, 0, 0, a.run_timeout};
    else if (a.first >= 0)
      o.first = (size_t)a.first, o.last = (size_t)a.last;
    /* Without a terminal: a line every 30 s (--progress-seconds) and every N runs (--progress-every N; by
     * default a tenth of a sweep of 50 runs or more — a small sweep stays quiet). */
    size_t todo = o.last - o.first + 1;
    o.progress_every = a.progress_every >= 0 ? (size_t)a.progress_every : todo >= 50 ? todo / 10 : 0;
    runner_summary sum;
    rc = runner_run(&sc, &o, &sum, &err);
    if (!rc && sum.interrupted) {
      if (o.output)
        cli_note("interrupted: %zu of %zu runs in %s; run the same command to resume", sum.skipped + sum.done,
                 sum.total, output);
      else
        fprintf(stderr, "gridnoc: interrupted\n");
      status = 128 + sum.interrupted;
    } else if (!rc && o.output)
      cli_note("%s: %zu runs, %zu already done, %zu run now, %zu failed", output, sum.total, sum.skipped, sum.done,
               sum.failed);
    if (!rc && !sum.interrupted)
      status = sum.failed ? 1 : 0;
  }
  scenario_free(&sc);
  return rc ? cli_report(&err) : status;
}
