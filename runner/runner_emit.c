/* runner_emit: job files for running a sweep beyond one machine: a Slurm array job (one task per chunk of
 * runs, throttled with --array=...%K) with a dependent merge job, or a GNU parallel job list. */
#include "runner.h"

#include "gn_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* A word for sh, single-quoted ('\'' for a quote inside). */
static void add_quoted(strbuf *b, const char *s) {
  strbuf_add(b, "'");
  for (const char *p = s; *p; p++)
    strbuf_add(b, *p == '\'' ? "'\\''" : (char[]){*p, '\0'});
  strbuf_add(b, "'");
}

static int write_file(const char *dir, const char *name, const strbuf *b, gn_error *err) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  if (b->oom)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  int rc = gn_file_write_atomic(path, strbuf_str(b), b->len, err);
  if (!rc && strstr(name, ".sh"))
    chmod(path, 0755);
  return rc;
}

/* The merge command both ways end with: every part in the directory -> the scenario's output. */
static void add_merge_command(strbuf *b, const runner_emit_options *opt) {
  add_quoted(b, opt->binary);
  strbuf_add(b, " merge --scenario ");
  add_quoted(b, opt->scenario);
  strbuf_add(b, " --output ");
  add_quoted(b, opt->output);
  strbuf_add(b, " ");
  add_quoted(b, opt->dir);
  strbuf_add(b, "/part-*.csv\n");
}

static int emit_slurm(const scenario *sc, const runner_emit_options *opt, size_t nchunks, strbuf *summary,
                      gn_error *err) {
  size_t total = scenario_run_count(sc);
  strbuf a = STRBUF_INIT, m = STRBUF_INIT, s = STRBUF_INIT;
  strbuf_addf(&a, "#!/bin/bash\n# Slurm array job: task I runs runs I*%zu .. I*%zu+%zu of %s (%zu runs).\n",
              opt->chunk, opt->chunk, opt->chunk - 1, opt->scenario, total);
  strbuf_addf(&a, "#SBATCH --job-name=gridnoc-runs\n#SBATCH --array=0-%zu%%%d\n#SBATCH --ntasks=1\n"
                  "#SBATCH --cpus-per-task=1\n#SBATCH --output=",
              nchunks - 1, opt->max_parallel);
  strbuf_addf(&a, "%s/log-%%a.txt\nset -euo pipefail\n", opt->dir);
  strbuf_addf(&a, "first=$((SLURM_ARRAY_TASK_ID * %zu))\nlast=$((first + %zu))\n"
                  "if [ \"$last\" -gt %zu ]; then last=%zu; fi\n",
              opt->chunk, opt->chunk - 1, total - 1, total - 1);
  strbuf_add(&a, "exec ");
  add_quoted(&a, opt->binary);
  strbuf_add(&a, " run ");
  add_quoted(&a, opt->scenario);
  strbuf_add(&a, " --jobs 1 --runs \"$first-$last\" --output ");
  add_quoted(&a, opt->dir);
  strbuf_add(&a, "/part-\"$(printf %05d \"$SLURM_ARRAY_TASK_ID\")\".csv\n");

  strbuf_add(&m, "#!/bin/bash\n# Slurm merge job: joins the array's partial CSVs in run order.\n"
                 "#SBATCH --job-name=gridnoc-merge\n#SBATCH --ntasks=1\n#SBATCH --output=");
  strbuf_addf(&m, "%s/log-merge.txt\nset -euo pipefail\nexec ", opt->dir);
  add_merge_command(&m, opt);

  strbuf_add(&s, "#!/bin/sh\n# Submit the array job, then the merge job that waits for all of it.\n"
                 "# Extra arguments go to the merge job's sbatch (e.g. --wait).\nset -e\ncd ");
  add_quoted(&s, opt->dir);
  strbuf_add(&s, "\njob=$(sbatch --parsable array.sbatch)\njob=${job%%;*}\necho \"array job $job\"\n"
                 "sbatch --parsable --dependency=afterok:\"$job\" --kill-on-invalid-dep=yes \"$@\" merge.sbatch\n");
  int rc = write_file(opt->dir, "array.sbatch", &a, err);
  if (!rc)
    rc = write_file(opt->dir, "merge.sbatch", &m, err);
  if (!rc)
    rc = write_file(opt->dir, "submit.sh", &s, err);
  strbuf_addf(summary, "Slurm: %zu array tasks of up to %zu runs, at most %d at once.\nSubmit with: %s/submit.sh\n",
              nchunks, opt->chunk, opt->max_parallel, opt->dir);
  strbuf_free(&a);
  strbuf_free(&m);
  strbuf_free(&s);
  return rc;
}

static int emit_parallel(const scenario *sc, const runner_emit_options *opt, size_t nchunks, strbuf *summary,
                         gn_error *err) {
  size_t total = scenario_run_count(sc);
  strbuf j = STRBUF_INIT, m = STRBUF_INIT;
  for (size_t c = 0; c < nchunks; c++) {
    size_t first = c * opt->chunk, last = first + opt->chunk - 1 < total ? first + opt->chunk - 1 : total - 1;
    add_quoted(&j, opt->binary);
    strbuf_add(&j, " run ");
    add_quoted(&j, opt->scenario);
    strbuf_addf(&j, " --jobs 1 --runs %zu-%zu --output ", first, last);
    add_quoted(&j, opt->dir);
    strbuf_addf(&j, "/part-%05zu.csv\n", c);
  }
  strbuf_add(&m, "#!/bin/sh\n# Join the partial CSVs of jobs.txt in run order.\nset -e\nexec ");
  add_merge_command(&m, opt);
  int rc = write_file(opt->dir, "jobs.txt", &j, err);
  if (!rc)
    rc = write_file(opt->dir, "merge.sh", &m, err);
  strbuf_addf(summary, "GNU parallel: %zu jobs of up to %zu runs.\nRun with: parallel -j %d < %s/jobs.txt && "
                       "%s/merge.sh\n",
              nchunks, opt->chunk, opt->max_parallel, opt->dir, opt->dir);
  strbuf_free(&j);
  strbuf_free(&m);
  return rc;
}

int runner_emit(const scenario *sc, const runner_emit_options *opt, strbuf *summary, gn_error *err) {
  if (strcmp(opt->how, "slurm") && strcmp(opt->how, "parallel"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--emit: '%s' is not 'slurm' or 'parallel'", opt->how);
  if (mkdir(opt->dir, 0755) != 0 && errno != EEXIST)
    return gn_error_set(err, GN_EFAIL, opt->dir, 0, "cannot create directory: %s", strerror(errno));
  size_t total = scenario_run_count(sc);
  size_t nchunks = (total + opt->chunk - 1) / opt->chunk;
  return strcmp(opt->how, "slurm") == 0 ? emit_slurm(sc, opt, nchunks, summary, err)
                                        : emit_parallel(sc, opt, nchunks, summary, err);
}
