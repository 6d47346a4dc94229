/* noc_run: one pipeline run from experiment parameters — shared by `gridnoc pipeline` and the `pipeline` kind. */
#ifndef NOC_RUN_H
#define NOC_RUN_H

#include "gn_error.h"
#include "gn_kv.h"
#include "noc_pipeline.h"
#include "platform_noc.h"

typedef struct noc_run {
  taskgraph *g;
  noc_chip *chip;
  noc_failure *failures;
  int n_failures;
  noc_pipeline_config cfg;
  noc_pipeline_report rep;
  /* With a `platform` file: the file, the chip it describes (pn.chip is chip), the XML SimGrid loads, the core
   * host names, and what its host state profiles contributed. */
  int has_platform;
  platform_desc pd;
  platform_noc pn;
  char *xml;
  size_t xml_len;
  const char **core_host;
  noc_pipeline_platform platform;
  int profile_failures, ignored_up; /* failures from profiles; profiles whose later up events were ignored */
  int routing_xy;                   /* 1 = the routes are the XY routes of noc.h (a generated chip always) */
} noc_run;

/* The core's host name: core_X_Y, or the platform file's name for it. */
const char *noc_run_core_name(const noc_run *run, int core, char *buf, size_t size);

/* What holds across parameters (a platform file against the generated chip's settings), without running anything. */
int noc_run_check_params(const gn_kvlist *params, gn_error *err);
/* noc_run_check_params, then the run's chip (preset or platform file, broken cores, speeds) and failure plan built
 * as noc_run_execute builds them, and freed: a failure on a core the chip does not have (P9 or 5:5 on a 2x2) is
 * refused before the first run. The `pipeline` kind's check_run. */
int noc_run_check(const gn_kvlist *params, gn_error *err);
/* Load the graph and chip named in params (already checked against the `pipeline` kind's parameters), build the
 * failure plan, simulate. trace_items > 0 records the first items of each epoch for the timeline. */
int noc_run_execute(const gn_kvlist *params, uint64_t seed, int trace_items, noc_run *run, gn_error *err);

/* The kind's metric columns from a finished run. hop_volume, contended_links and the link utilisations follow
 * the XY routes of noc.h, or the routes SimGrid takes in a platform whose routes are not (checked) XY. */
int noc_run_metrics(const noc_run *run, gn_kvlist *metrics);

/* Below this many bytes a message is short enough for a flow-level model to be off by about 2 % or more: BookSim2
 * pays about 6 cycles per message plus 4 a hop where gridnoc pays 3 a hop (7-9 cycles more over 1-3 hops), so a
 * lone 1 KB message is 5-6 % off, a 10 KB one 0.5-0.7 %, and 4 KB (500 flits of 8 B) 1.4-1.8 %
 * (docs/noc-validation.md, "Error by message size"). */
#define NOC_SMALL_MESSAGE_BYTES 4000.0

/* Flow f of the first mapping (epochs[0].plan.flows): the time one message takes alone on its route (time units:
 * the route's latency + bytes at its narrowest link or port, the chip's XY route and figures) and the mean share
 * of that bandwidth it got = alone / mean write time (1 = never slowed by another flow; NaN without a
 * measured write). */
double noc_run_flow_alone(const noc_run *run, int f);
double noc_run_flow_share(const noc_run *run, int f);

/* The smallest message of the first mapping's flows that carry data (bytes; 0 when no flow carries any). */
double noc_run_min_message_bytes(const noc_run *run);

void noc_run_free(noc_run *run);

#endif
