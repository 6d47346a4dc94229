/* runner_emit: job files for running a sweep beyond one machine (a Slurm array with a dependent merge job, or a
 * GNU parallel job list with its merge script). */
#ifndef RUNNER_EMIT_H
#define RUNNER_EMIT_H

#include "scenario.h"
#include "strbuf.h"

#include <stddef.h>

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

#endif
