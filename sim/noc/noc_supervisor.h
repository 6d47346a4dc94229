/* noc_supervisor: heartbeats, failure injection, detection and recovery, given the pipeline operations it needs. */
#ifndef NOC_SUPERVISOR_H
#define NOC_SUPERVISOR_H

#include "noc_pipeline_priv.h"

/* What the pipeline hands the supervisor: its state and the two operations a recovery needs. */
typedef struct noc_supervisor_ops {
  noc_sim *sim;
  /* Deploy a plan as a new epoch from item first (takes the plan). GN_OK, or a negative status when a host is
   * found off (*off_core set: the core did not answer the deployment) or on error. */
  int (*deploy)(noc_plan *plan, long first, double now, int *off_core);
  /* Close the current epoch: kill its stage actors that still run, account its link traffic. */
  void (*close_epoch)(void);
  /* Release the receives of the stages close_epoch killed (after a blocking call of the caller, when SimGrid
   * has cancelled them); returns how many there were. */
  int (*release_dropped)(void);
} noc_supervisor_ops;

/* Start the heartbeat actors, the supervisor and the failure injector (only when failures are planned). ops must
 * outlive the simulation. */
void noc_supervisor_start(const noc_supervisor_ops *ops);

#endif
