/* runner_merge: join partial result CSVs (from Slurm tasks or parallel jobs) into one, in run order. */
#ifndef RUNNER_MERGE_H
#define RUNNER_MERGE_H

#include "scenario.h"

#include <stddef.h>

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
