/* cmd_merge: `gridnoc merge SCENARIO --output CSV PART...`: join partial result CSVs in run order; on missing
 * runs, name them and the command that redoes only them. */
#include "cli.h"
#include "commands.h"
#include "runner_merge.h"
#include "strbuf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: gridnoc merge --scenario SCENARIO --output CSV [--chunk N --resubmit CMD] PART.csv...\n"
    "Joins the partial result CSVs written by emitted Slurm or GNU parallel jobs (gridnoc run --emit) into\n"
    "one CSV in run order, the same bytes a local `gridnoc run` writes. Every part must carry the scenario's\n"
    "header; a run found in two parts must have the same row; a missing run is an error (status 1) that names\n"
    "the missing runs and, with --resubmit, the command that redoes them (with --chunk N, followed by the list\n"
    "of jobs of N runs that hold them, e.g. `submit.sh 1,3-4`). An existing CSV is replaced only by the same\n"
    "merge again, never when it holds other rows. A part pattern that matched nothing (part-*.csv) is skipped.\n";

/* "1,3-5": the sorted distinct task numbers of the missing runs, ranges collapsed. */
static void task_list(const runner_merge_stats *st, size_t chunk, strbuf *out) {
  size_t i = 0;
  while (i < st->nmissing) {
    size_t first = st->missing[i] / chunk, last = first;
    while (i < st->nmissing && st->missing[i] / chunk <= last + 1) {
      last = st->missing[i] / chunk;
      i++;
    }
    strbuf_addf(out, "%s%zu", out->len ? "," : "", first);
    if (last > first)
      strbuf_addf(out, "-%zu", last);
  }
}

/* "runs 5-9, 14" (at most a few ranges, then "..."). */
static void run_list(const runner_merge_stats *st, strbuf *out) {
  size_t i = 0, shown = 0;
  while (i < st->nmissing && shown < 8) {
    size_t first = st->missing[i], last = first;
    while (i + 1 < st->nmissing && st->missing[i + 1] == last + 1)
      last = st->missing[++i];
    i++;
    strbuf_addf(out, "%s%zu", shown++ ? ", " : "", first);
    if (last > first)
      strbuf_addf(out, "-%zu", last);
  }
  if (i < st->nmissing)
    strbuf_add(out, ", ...");
}

static void report_missing(const runner_merge_stats *st, long chunk, const char *resubmit) {
  strbuf runs = STRBUF_INIT, tasks = STRBUF_INIT;
  run_list(st, &runs);
  fprintf(stderr, "gridnoc: missing runs: %s\n", strbuf_str(&runs));
  if (resubmit && chunk > 0) {
    task_list(st, (size_t)chunk, &tasks);
    fprintf(stderr, "gridnoc: they belong to task(s) %s; resubmit only those with:\n  %s %s\n", strbuf_str(&tasks),
            resubmit, strbuf_str(&tasks));
  } else if (resubmit)
    fprintf(stderr, "gridnoc: redo the missing runs with (every job resumes its own part):\n  %s\n", resubmit);
  strbuf_free(&runs);
  strbuf_free(&tasks);
}

int cmd_merge(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    printf("%s", usage);
    return 0;
  }
  static const char *const known[] = {"--scenario", "--output", "-o", "--chunk", "--resubmit", "--help", NULL};
  const char *scen = NULL, *output = NULL, *resubmit = NULL;
  long chunk = 0;
  const char **parts = (const char **)argv;
  size_t nparts = 0, patterns = 0;
  gn_error err = {0};
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    const char *o = argv[i];
    if (o[0] != '-' || !o[1]) {
      /* An unexpanded glob (no part written yet) is no part, nor a column dictionary a glob like part-*.csv
       * also matches (X.columns.csv); anything else must exist. */
      size_t len = strlen(o);
      int dictionary = len > 12 && strcmp(o + len - 12, ".columns.csv") == 0;
      if (!(strchr(o, '*') && access(o, F_OK) != 0) && !dictionary)
        parts[nparts++] = o;
      patterns++;
      continue;
    }
    int is_known = 0;
    for (int k = 0; known[k]; k++)
      is_known |= strcmp(o, known[k]) == 0;
    if (!is_known)
      return cli_unknown_option("merge", o, known);
    if (i + 1 >= argc)
      return cli_usage_error("merge", "%s needs a value (see gridnoc merge --help)", o);
    const char *v = argv[++i];
    if (cli_option_once(&seen, strcmp(o, "-o") ? o : "--output", o, v, &err))
      return cli_usage_error("merge", "%s", err.msg);
    if (strcmp(o, "--scenario") == 0)
      scen = v;
    else if (strcmp(o, "--resubmit") == 0)
      resubmit = v;
    else if (strcmp(o, "--chunk") == 0) {
      if (cli_parse_int(o, v, 1, LONG_MAX, &chunk, &err))
        return cli_report(&err);
    } else
      output = v;
  }
  if (!scen || !output)
    return cli_usage_error("merge", "needs --scenario and --output (see gridnoc merge --help)");
  if (!patterns)
    return cli_usage_error("merge", "no PART.csv given (see gridnoc merge --help)");
  scenario sc;
  if (scenario_load(scen, &sc, &err))
    return cli_report(&err);
  runner_merge_stats st;
  int rc = runner_merge(&sc, parts, nparts, output, &st, &err);
  scenario_free(&sc);
  if (rc) {
    if (st.nmissing && !resubmit) { /* one line: which runs, nothing to resubmit */
      strbuf runs = STRBUF_INIT;
      run_list(&st, &runs);
      size_t used = strlen(err.msg);
      snprintf(err.msg + used, sizeof err.msg - used, "; missing runs: %s", strbuf_str(&runs));
      strbuf_free(&runs);
    }
    int status = cli_report(&err);
    if (st.nmissing && resubmit)
      report_missing(&st, chunk, resubmit);
    free(st.missing);
    return status;
  }
  free(st.missing);
  cli_note("%s: %zu runs merged from %zu parts", output, st.nrows, nparts);
  return 0;
}
