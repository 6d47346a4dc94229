/* runner_emit: job files for running a sweep beyond one machine. Slurm: an array job (one task per chunk of
 * runs, as many runs at once as the task has CPUs, logs %x-%A_%a.out so a resubmission keeps the failed
 * task's log) and a merge job that runs after it whatever happened (afterany), reports missing runs and
 * prints the one command that resubmits only the tasks holding them. GNU parallel: a job list and a run.sh
 * that runs every job each time: a job resumes its own part CSV, so a finished one returns at once and a job
 * whose part was lost or cut short runs again (a joblog's "succeeded" would skip it: --resume-failed never
 * converges after a lost part). Every task writes
 * its own part CSV (locked); only the merge writes the scenario's CSV. */
#include "runner_emit.h"

#include "runner_csv.h"

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

/* The merge command both ways end with: every part in the directory -> the scenario's output; on missing
 * runs it names them and prints `resubmit` (with the task list when chunk > 0). */
static void add_merge_command(strbuf *b, const runner_emit_options *opt, size_t chunk, const char *resubmit) {
  add_quoted(b, opt->binary);
  strbuf_add(b, " merge --scenario ");
  add_quoted(b, opt->scenario);
  strbuf_add(b, " --output ");
  add_quoted(b, opt->output);
  if (chunk)
    strbuf_addf(b, " --chunk %zu", chunk);
  strbuf_add(b, " --resubmit ");
  add_quoted(b, resubmit);
  strbuf_add(b, " ");
  add_quoted(b, opt->dir);
  strbuf_add(b, "/part-*.csv\n");
}

/* The user's sbatch options as a bash array (split at blanks; each word quoted). */
static void add_sbatch_array(strbuf *b, const char *args) {
  strbuf_add(b, "sbatch_args=(");
  const char *p = args ? args : "";
  while (*p) {
    while (*p == ' ' || *p == '\t')
      p++;
    size_t n = strcspn(p, " \t");
    if (!n)
      break;
    char word[1024];
    snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
    strbuf_add(b, " ");
    add_quoted(b, word);
    p += n;
  }
  strbuf_add(b, " )\n");
}

static int emit_slurm(const scenario *sc, const runner_emit_options *opt, size_t nchunks, strbuf *summary,
                      gn_error *err) {
  size_t total = scenario_run_count(sc);
  strbuf a = STRBUF_INIT, m = STRBUF_INIT, s = STRBUF_INIT, resubmit = STRBUF_INIT;
  strbuf_addf(&a, "#!/bin/bash\n# Slurm array job: task I runs runs I*%zu .. I*%zu+%zu of %s (%zu runs), as many at\n"
                  "# once as the task has CPUs (--cpus-per-task). submit.sh adds the --array and sbatch options.\n",
              opt->chunk, opt->chunk, opt->chunk - 1, opt->scenario, total);
  strbuf_addf(&a, "#SBATCH --job-name=gridnoc-runs\n#SBATCH --array=0-%zu%%%d\n#SBATCH --ntasks=1\n"
                  "#SBATCH --cpus-per-task=1\n#SBATCH --output=%s/%%x-%%A_%%a.out\nset -euo pipefail\n",
              nchunks - 1, opt->max_parallel, opt->dir);
  strbuf_addf(&a, "first=$((SLURM_ARRAY_TASK_ID * %zu))\nlast=$((first + %zu))\n"
                  "if [ \"$last\" -gt %zu ]; then last=%zu; fi\n",
              opt->chunk, opt->chunk - 1, total - 1, total - 1);
  strbuf_add(&a, "exec ");
  add_quoted(&a, opt->binary);
  strbuf_add(&a, " run ");
  add_quoted(&a, opt->scenario);
  strbuf_add(&a, " --jobs \"${SLURM_CPUS_PER_TASK:-1}\" --runs \"$first-$last\" --output ");
  add_quoted(&a, opt->dir);
  strbuf_add(&a, "/part-\"$(printf %05d \"$SLURM_ARRAY_TASK_ID\")\".csv\n");

  strbuf_addf(&resubmit, "%s/submit.sh", opt->dir);
  strbuf_add(&m, "#!/bin/bash\n# Slurm merge job: runs after the array job however it ended (afterany), joins the\n"
                 "# partial CSVs in run order, or names the missing runs and the command that resubmits them.\n"
                 "#SBATCH --job-name=gridnoc-merge\n#SBATCH --ntasks=1\n#SBATCH --output=");
  strbuf_addf(&m, "%s/%%x-%%j.out\nset -euo pipefail\nexec ", opt->dir);
  add_merge_command(&m, opt, opt->chunk, strbuf_str(&resubmit));

  strbuf_add(&s, "#!/bin/bash\n# Submit the array job (every task, or only the task list given first, e.g. 1,3-4),\n"
                 "# then the merge job that runs after it however it ends. Other arguments go to the merge job's\n"
                 "# sbatch (e.g. --wait). The sbatch options below (gridnoc run --sbatch, the scenario's slurm\n"
                 "# group) go to both jobs.\nset -euo pipefail\ncd ");
  add_quoted(&s, opt->dir);
  strbuf_add(&s, "\n");
  add_sbatch_array(&s, opt->sbatch);
  strbuf_addf(&s, "tasks=0-%zu\nif [ $# -gt 0 ] && [ \"${1#-}\" = \"$1\" ]; then tasks=$1; shift; fi\n"
                  "job=$(sbatch --parsable \"${sbatch_args[@]}\" --array=\"$tasks%%%d\" array.sbatch)\n"
                  "job=${job%%%%;*}\necho \"array job $job (tasks $tasks)\"\n"
                  "merge=$(sbatch --parsable \"${sbatch_args[@]}\" --dependency=afterany:\"$job\" \"$@\" merge.sbatch)\n"
                  "echo \"merge job ${merge%%%%;*}: its log %s/gridnoc-merge-${merge%%%%;*}.out names any missing runs\"\n",
              nchunks - 1, opt->max_parallel, opt->dir);
  int rc = write_file(opt->dir, "array.sbatch", &a, err);
  if (!rc)
    rc = write_file(opt->dir, "merge.sbatch", &m, err);
  if (!rc)
    rc = write_file(opt->dir, "submit.sh", &s, err);
  strbuf_addf(summary, "Slurm: %zu array tasks of up to %zu runs, at most %d at once%s%s.\n"
                       "Submit with: %s/submit.sh   (watch: squeue --me; logs: %s/*.out)\n",
              nchunks, opt->chunk, opt->max_parallel, opt->sbatch && *opt->sbatch ? ", sbatch options: " : "",
              opt->sbatch ? opt->sbatch : "", opt->dir, opt->dir);
  strbuf_free(&a);
  strbuf_free(&m);
  strbuf_free(&s);
  strbuf_free(&resubmit);
  return rc;
}

static int emit_parallel(const scenario *sc, const runner_emit_options *opt, size_t nchunks, strbuf *summary,
                         gn_error *err) {
  size_t total = scenario_run_count(sc);
  strbuf j = STRBUF_INIT, r = STRBUF_INIT, m = STRBUF_INIT;
  for (size_t c = 0; c < nchunks; c++) {
    size_t first = c * opt->chunk, last = first + opt->chunk - 1 < total ? first + opt->chunk - 1 : total - 1;
    add_quoted(&j, opt->binary);
    strbuf_add(&j, " run ");
    add_quoted(&j, opt->scenario);
    strbuf_addf(&j, " --jobs 1 --quiet --runs %zu-%zu --output ", first, last);
    add_quoted(&j, opt->dir);
    strbuf_addf(&j, "/part-%05zu.csv\n", c);
  }
  strbuf_add(&r, "#!/bin/sh\n# Run jobs.txt with GNU parallel (-j: first argument, default every core), then merge.\n"
                 "# Running it again runs every job again: each resumes its own part CSV, so finished jobs return at\n"
                 "# once and only the runs missing from a part (a failed job, a lost or cut-short part) are redone.\n"
                 "cd ");
  add_quoted(&r, opt->dir);
  strbuf_add(&r, " || exit 1\nparallel --joblog joblog -j \"${1:-100%}\" < jobs.txt\n"
                 "status=$?\n[ \"$status\" = 0 ] || echo \"gridnoc: $status jobs failed (see joblog)\" >&2\nexec ./merge.sh\n");
  char resubmit[4200];
  snprintf(resubmit, sizeof resubmit, "%s/run.sh", opt->dir);
  strbuf_add(&m, "#!/bin/sh\n# Join the partial CSVs of jobs.txt in run order (or name the missing runs).\nexec ");
  add_merge_command(&m, opt, 0, resubmit);
  int rc = write_file(opt->dir, "jobs.txt", &j, err);
  if (!rc)
    rc = write_file(opt->dir, "run.sh", &r, err);
  if (!rc)
    rc = write_file(opt->dir, "merge.sh", &m, err);
  strbuf_addf(summary, "GNU parallel: %zu jobs of up to %zu runs.\nRun with: %s/run.sh %d   (%d = this machine's "
                       "cores; run it again to redo only the missing runs)\n",
              nchunks, opt->chunk, opt->dir, opt->max_parallel, opt->max_parallel);
  strbuf_free(&j);
  strbuf_free(&r);
  strbuf_free(&m);
  return rc;
}

int runner_emit(const scenario *sc, const runner_emit_options *opt, strbuf *summary, gn_error *err) {
  if (strcmp(opt->how, "slurm") && strcmp(opt->how, "parallel"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--emit: '%s' is not 'slurm' or 'parallel'", opt->how);
  if (opt->sbatch && strpbrk(opt->sbatch, "'\"\\`$;&|<>\n"))
    return gn_error_set(err, GN_EINPUT, NULL, 0, "--sbatch: '%s': give plain options (no quotes or shell characters)",
                        opt->sbatch);
  char sub[4200];
  snprintf(sub, sizeof sub, "%s/x", opt->dir);
  int rc = runner_make_parent_dirs(sub, err); /* the directory and its parents (the merge makes the output's) */
  if (rc)
    return rc;
  size_t total = scenario_run_count(sc);
  size_t nchunks = (total + opt->chunk - 1) / opt->chunk;
  return strcmp(opt->how, "slurm") == 0 ? emit_slurm(sc, opt, nchunks, summary, err)
                                        : emit_parallel(sc, opt, nchunks, summary, err);
}
