/* runner: executes a scenario's runs (one child process each), writes the result CSV as its single writer and
 * resumes interrupted sweeps. The CSV layout is runner_csv.h; job files runner_emit.h; merging runner_merge.h. */
#ifndef RUNNER_H
#define RUNNER_H

#include "scenario.h"

#include <stddef.h>

typedef struct runner_options {
  int jobs;            /* child processes at once (>= 1) */
  size_t first, last;  /* run indices first..last inclusive */
  const char *output;  /* CSV to append to (resumed); NULL = header and rows to stdout, nothing resumed */
  int fresh;           /* discard an existing output first */
  int progress;        /* draw a progress bar with ETA on stderr (a terminal); else progress lines */
  int quiet;           /* no progress at all, no "resuming" line */
  size_t progress_every;   /* without a terminal: a progress line every this many runs (0 = by time only) */
  double progress_seconds; /* ... and at least every this many seconds (0 = by count only) */
  double run_timeout_s;    /* a run still going after this long is killed and recorded as failed (0 = none) */
} runner_options;

typedef struct runner_summary {
  size_t total, skipped, done, failed;
  int interrupted; /* SIGINT / SIGTERM caught: the sweep stopped early (finished rows are in the file) */
} runner_summary;

/* Run the runs of opt->first..last that the output does not already hold. Failed runs are reported on
 * stderr ("run I failed: reason") and do not stop the others; they are counted in sum->failed. The output is
 * locked for the whole sweep (runner_lock.h). SIGINT/SIGTERM stop it with every finished row written
 * (sum->interrupted). Returns GN_OK (even with failed runs), or an error for bad input / unusable output. */
int runner_run(const scenario *sc, const runner_options *opt, runner_summary *sum, gn_error *err);

#endif
