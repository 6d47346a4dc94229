/* noc_run: one pipeline run from experiment parameters — shared by `gridnoc pipeline` and the `pipeline` kind. */
#ifndef NOC_RUN_H
#define NOC_RUN_H

#include "experiment.h"
#include "noc_pipeline.h"

typedef struct noc_run {
  taskgraph *g;
  noc_chip *chip;
  noc_failure *failures;
  int n_failures;
  noc_pipeline_config cfg;
  noc_pipeline_report rep;
} noc_run;

/* The `pipeline` experiment kind (exp_pipeline.c): its parameter table is the one the command fills too. */
extern const experiment_kind experiment_pipeline;

/* Load the graph and chip named in params (already checked against experiment_pipeline.params), build the
 * failure plan, simulate. trace_items > 0 records the first items of each epoch for the timeline. */
int noc_run_execute(const gn_kvlist *params, uint64_t seed, int trace_items, noc_run *run, gn_error *err);

/* The kind's metric columns from a finished run. */
int noc_run_metrics(const noc_run *run, gn_kvlist *metrics);

void noc_run_free(noc_run *run);

#endif
