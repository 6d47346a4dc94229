/* runner: executes a scenario's runs (one child process each), writes the result CSV as its single writer,
 * resumes interrupted sweeps, emits Slurm / GNU parallel job files and merges partial CSVs. */
#ifndef RUNNER_H
#define RUNNER_H

#include "scenario.h"
#include "strbuf.h"

#include <stddef.h>

/* Result CSV layout, fixed by the kind: run, <every kind parameter>, rep, seed, <metrics>, version. */
void runner_header(const scenario *sc, strbuf *out);
/* The fields of a row that the scenario alone determines: run, parameters, rep, seed (no newline). */
void runner_row_prefix(const scenario *sc, const scenario_run *run, strbuf *out);

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

/* mkdir -p of the directory part of path (outputs may name directories that do not exist yet). */
int runner_make_parent_dirs(const char *path, gn_error *err);

/* Read an existing result CSV for resuming: check its header and every row against the scenario; a
 * cut-short last line sets *repaired and, with `repair`, is cut off the file. done[i] is set for every
 * completed run i (done has scenario_run_count entries). *max_index gets the largest run index present
 * (-1 if none). A missing file is not an error. */
int runner_resume_scan(const scenario *sc, const char *path, int repair, unsigned char *done, long *max_index,
                       int *repaired, gn_error *err);
/* Check row r of a result table against the scenario (index in range, parameters and seed as expanded);
 * *index gets its run index. */
struct csvtab;
int runner_check_row(const scenario *sc, const struct csvtab *t, size_t r, const char *path, size_t *index,
                     gn_error *err);
/* Write a parsed result CSV to path (atomically) with its rows in run-index order. */
int runner_write_sorted(const struct csvtab *t, const char *path, gn_error *err);
/* Rewrite a result CSV with its rows sorted by run index (atomically), if they are not already. */
int runner_sort_file(const char *path, gn_error *err);

typedef struct runner_emit_options {
  const char *how;      /* "slurm" or "parallel" */
  const char *dir;      /* directory for the job files and the partial CSVs */
  const char *binary;   /* absolute path of gridnoc */
  const char *scenario; /* absolute path of the scenario file */
  const char *output;   /* absolute path of the merged CSV */
  size_t chunk;         /* runs per job */
  int max_parallel;     /* Slurm --array throttle %K, parallel -j K */
  const char *sbatch;   /* sbatch options for every Slurm job ("--time=01:00:00 --mem=2G"), or NULL */
} runner_emit_options;

/* Write the job files into opt->dir; *summary gets a short how-to-submit text. */
int runner_emit(const scenario *sc, const runner_emit_options *opt, strbuf *summary, gn_error *err);

typedef struct runner_merge_stats {
  size_t nrows;    /* rows written */
  size_t *missing; /* run indices found in no part, ascending (malloc'd; caller frees) */
  size_t nmissing;
} runner_merge_stats;

/* Join partial CSVs of scenario sc into `output`, rows in run-index order, under the output's lock. Every
 * part must have the scenario's header; a run present in several parts must have identical rows; a missing
 * run is an error (GN_EFAIL, listed in st->missing) and nothing is written. An existing output is replaced
 * only if every row it holds is among the merged ones (a re-merge), never when it holds other rows. */
int runner_merge(const scenario *sc, const char *const *parts, size_t nparts, const char *output,
                 runner_merge_stats *st, gn_error *err);

#endif
